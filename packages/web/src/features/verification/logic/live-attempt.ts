// The live attempt as the record page stored it in analysis_data (spec 02 §3: analysis_results and
// completed_reps): its counts, how fast it analysed, when its counting started in the video, and
// its reps. Read defensively: analysis_data is what a browser sent, of any age. Pure.

export interface LiveRep {
  repNumber: number;
  /** ms in the video (the live clock shifted by when counting started, when known). */
  startMs: number;
  endMs: number;
  isValid: boolean;
  invalidReason: string | null;
  /** The check that decided its verdict live, when the analyser said. */
  deciding: { rule: string; value: number; threshold: number; bound: 'min' | 'max' } | null;
}

export interface LiveAttempt {
  validReps: number;
  invalidReps: number;
  /** Analysed frames per second of the live count; null when not stored. */
  analysedFps: number | null;
  /** ms into the video at which live counting's clock starts; null for attempts from before it
   * was stored (counting then started with the recorder, give or take the model's loading). */
  countingStartMs: number | null;
  reps: LiveRep[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const numberOr = <T>(value: unknown, fallback: T): number | T =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

function decidingOf(evidence: unknown): LiveRep['deciding'] {
  if (!isRecord(evidence) || !isRecord(evidence.deciding)) return null;
  const { rule, value, threshold, bound } = evidence.deciding;
  if (typeof rule !== 'string' || (bound !== 'min' && bound !== 'max')) return null;
  const measured = numberOr(value, null);
  const limit = numberOr(threshold, null);
  if (measured === null || limit === null) return null;
  return { rule, value: measured, threshold: limit, bound };
}

/** The live attempt in a recording's analysis_data; null when it holds none. */
export function liveAttemptOf(analysisData: unknown): LiveAttempt | null {
  if (!isRecord(analysisData) || !isRecord(analysisData.analysis_results)) return null;
  const results = analysisData.analysis_results;
  const validReps = numberOr(results.validReps, null);
  const invalidReps = numberOr(results.invalidReps, null);
  if (validReps === null || invalidReps === null) return null;
  const countingStartMs = numberOr(results.countingStartMs, null);
  const shift = countingStartMs ?? 0;
  const reps: LiveRep[] = [];
  const stored = Array.isArray(analysisData.completed_reps) ? analysisData.completed_reps : [];
  for (const [index, rep] of stored.entries()) {
    if (!isRecord(rep)) continue;
    const start = numberOr(rep.startTime, null);
    const end = numberOr(rep.endTime, null);
    if (start === null || end === null || typeof rep.isValidRep !== 'boolean') continue;
    reps.push({
      repNumber: numberOr(rep.repNumber, index + 1),
      startMs: start + shift,
      endMs: end + shift,
      isValid: rep.isValidRep,
      invalidReason: typeof rep.invalidReason === 'string' ? rep.invalidReason : null,
      deciding: decidingOf(rep.evidence),
    });
  }
  return {
    validReps,
    invalidReps,
    analysedFps: numberOr(results.analysedFps, null),
    countingStartMs,
    reps,
  };
}
