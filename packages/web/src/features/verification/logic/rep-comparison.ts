// The live attempt's reps against the verified ones (issue 26, and issue 24's "where they differ,
// the recording view says per rep why"): which reps differ and why, as far as the data tells. The
// two clocks are aligned by the shift that lines the most rep time up (the live clock starts when
// counting started, near the recorder's start; the stored start narrows the search), then each
// verified rep is paired with the live rep it overlaps most. Pure.

import type { LiveAttempt, LiveRep } from './live-attempt';

/** What the verification says about one rep (the fields of recording_rep_evidence used here). */
export interface VerifiedRep {
  rep_number: number;
  start_ms: number;
  end_ms: number;
  is_valid: boolean;
  invalid_reason: string | null;
  angle_name: string;
  bottom_angle: number | null;
  top_angle: number | null;
}

export type RepDifference =
  /** The verification found this rep; the live count did not count it. */
  | { kind: 'missed-live'; verified: VerifiedRep }
  /** The live count counted this rep; the verification found none there. */
  | { kind: 'not-in-video'; live: LiveRep }
  /** Both saw the rep and judged it differently. */
  | { kind: 'verdict'; verified: VerifiedRep; live: LiveRep };

export interface RepComparison {
  /** verified minus live. */
  validDifference: number;
  invalidDifference: number;
  /** In video order. */
  differences: RepDifference[];
  /** ms added to the live clock to line it up with the video. */
  shiftMs: number;
}

/** How far the alignment looks around its starting guess. ms */
const SEARCH_KNOWN_MS = 600;
const SEARCH_UNKNOWN_MS = 3000;
const SEARCH_STEP_MS = 50;

const overlapMs = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

/** How well the clocks line up at this shift: the rep time that overlaps, then (for ties: a
 * shorter rep inside a longer one overlaps the same over a range of shifts) how close the middles
 * of the overlapping reps are. */
function alignmentFit(live: readonly LiveRep[], verified: readonly VerifiedRep[], shift: number) {
  let overlap = 0;
  let centreDistance = 0;
  for (const rep of live) {
    const span = { start: rep.startMs + shift, end: rep.endMs + shift };
    for (const other of verified) {
      const shared = overlapMs(span, { start: other.start_ms, end: other.end_ms });
      if (shared === 0) continue;
      overlap += shared;
      centreDistance += Math.abs(span.start + span.end - other.start_ms - other.end_ms) / 2;
    }
  }
  return { overlap, centreDistance };
}

/** The shift (ms, added to live times) that lines the most rep time up, near the stored start. */
export function alignmentShift(
  live: readonly LiveRep[],
  verified: readonly VerifiedRep[],
  countingStartKnown: boolean,
): number {
  const reach = countingStartKnown ? SEARCH_KNOWN_MS : SEARCH_UNKNOWN_MS;
  let best = 0;
  let bestFit = alignmentFit(live, verified, 0);
  for (let step = SEARCH_STEP_MS; step <= reach; step += SEARCH_STEP_MS) {
    for (const shift of [step, -step]) {
      const candidate = alignmentFit(live, verified, shift);
      if (
        candidate.overlap > bestFit.overlap ||
        (candidate.overlap === bestFit.overlap && candidate.centreDistance < bestFit.centreDistance)
      ) {
        best = shift;
        bestFit = candidate;
      }
    }
  }
  return best;
}

export function compareReps(live: LiveAttempt, verified: readonly VerifiedRep[]): RepComparison {
  const verifiedValid = verified.filter((rep) => rep.is_valid).length;
  const shiftMs = alignmentShift(live.reps, verified, live.countingStartMs !== null);
  const unpaired = new Set(live.reps);
  const differences: (RepDifference & { atMs: number })[] = [];
  for (const rep of verified) {
    let partner: LiveRep | null = null;
    let partnerOverlap = 0;
    for (const candidate of unpaired) {
      const overlap = overlapMs(
        { start: candidate.startMs + shiftMs, end: candidate.endMs + shiftMs },
        { start: rep.start_ms, end: rep.end_ms },
      );
      if (overlap > partnerOverlap) {
        partner = candidate;
        partnerOverlap = overlap;
      }
    }
    if (!partner) {
      differences.push({ kind: 'missed-live', verified: rep, atMs: rep.start_ms });
      continue;
    }
    unpaired.delete(partner);
    if (partner.isValid !== rep.is_valid)
      differences.push({ kind: 'verdict', verified: rep, live: partner, atMs: rep.start_ms });
  }
  for (const rep of unpaired)
    differences.push({ kind: 'not-in-video', live: rep, atMs: rep.startMs + shiftMs });
  differences.sort((a, b) => a.atMs - b.atMs);
  return {
    validDifference: verifiedValid - live.validReps,
    invalidDifference: verified.length - verifiedValid - live.invalidReps,
    differences: differences.map(({ atMs: _, ...difference }) => difference),
    shiftMs,
  };
}
