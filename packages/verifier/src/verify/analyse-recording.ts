// A recording's frames through the SDK's one frame path (createAnalyzer, frame by frame, then
// finish), keeping what a judge needs besides the counts: each rep's phase path, the extremes of
// its driving angle and when they happened, its reason, and the angle over time for a plot. Pure:
// the same frames give the same evidence in the worker and in `reptemple judge`.

import {
  type AnalyzerChoice,
  createAnalyzer,
  type FrameSize,
  type PoseFrame,
  type PushupRepRecord,
  type RepRecord,
} from '@reptemple/pose-sdk';
import { type DrivingAngle, drivingAngleFor, measureDrivingAngle } from './driving-angle.js';

export interface RepEvidence {
  /** 1-based, in order */
  readonly repNumber: number;
  /** ms in the video */
  readonly startMs: number;
  readonly endMs: number;
  readonly angleName: string;
  /** degrees: the rep's lowest driving angle (the push-up analyser's own measurement for push-ups) */
  readonly bottomAngle: number | null;
  /** ms of the frame that shows the bottom */
  readonly bottomMs: number | null;
  /** degrees: the rep's highest driving angle */
  readonly topAngle: number | null;
  readonly topMs: number | null;
  /** phases the rep went through, in order, repeats merged */
  readonly phasePath: readonly string[];
  readonly isValid: boolean;
  readonly invalidReason: string | null;
  /** the analyser's other numbers about the rep (alignment score, ...) */
  readonly measurements: Readonly<Record<string, number>>;
}

export interface AngleSample {
  /** ms */
  readonly t: number;
  /** degrees */
  readonly angle: number;
}

export interface PhaseChange {
  /** ms */
  readonly t: number;
  readonly phase: string;
}

export interface RecordingAnalysis {
  readonly validReps: number;
  readonly invalidReps: number;
  readonly frames: number;
  readonly drivingAngle: DrivingAngle;
  readonly reps: readonly RepEvidence[];
  readonly angles: readonly AngleSample[];
  readonly phases: readonly PhaseChange[];
}

const BASE_FIELDS = new Set(['repNumber', 'startTime', 'endTime', 'isValidRep', 'invalidReason']);

function measurementsOf(rep: RepRecord): Record<string, number> {
  const measured: Record<string, number> = {};
  for (const [key, value] of Object.entries(rep)) {
    if (!BASE_FIELDS.has(key) && typeof value === 'number' && Number.isFinite(value)) {
      measured[key] = value;
    }
  }
  return measured;
}

function isPushupRecord(rep: RepRecord): rep is PushupRepRecord {
  return typeof (rep as Partial<PushupRepRecord>).minElbowAngle === 'number';
}

/** The phases a rep went through: the one it started in, then every change up to its end. */
function phasePathOf(rep: RepRecord, phases: readonly PhaseChange[]): string[] {
  const path: string[] = [];
  let current: string | undefined;
  for (const change of phases) {
    if (change.t <= rep.startTime) current = change.phase;
    else break;
  }
  if (current) path.push(current);
  for (const change of phases) {
    if (change.t > rep.startTime && change.t <= rep.endTime && path.at(-1) !== change.phase) {
      path.push(change.phase);
    }
  }
  return path;
}

function extremesOf(
  rep: RepRecord,
  angles: readonly AngleSample[],
): { bottom: AngleSample | undefined; top: AngleSample | undefined } {
  let bottom: AngleSample | undefined;
  let top: AngleSample | undefined;
  for (const sample of angles) {
    if (sample.t < rep.startTime || sample.t > rep.endTime) continue;
    if (!bottom || sample.angle < bottom.angle) bottom = sample;
    if (!top || sample.angle > top.angle) top = sample;
  }
  return { bottom, top };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export function analyseRecording(
  frames: Iterable<PoseFrame>,
  choice: AnalyzerChoice,
  frameSize: FrameSize,
): RecordingAnalysis {
  const analyzer = createAnalyzer(choice, { frameSize });
  const drivingAngle = drivingAngleFor(choice);
  const phases: PhaseChange[] = [];
  const angles: AngleSample[] = [];
  let count = 0;
  const keepPhases = (events: ReturnType<typeof analyzer.process>) => {
    for (const event of events) {
      if (event.type === 'phase') phases.push({ t: event.timestampMs, phase: event.to });
    }
  };
  for (const frame of frames) {
    keepPhases(analyzer.process(frame));
    const angle = measureDrivingAngle(frame, drivingAngle, frameSize);
    if (angle !== undefined) angles.push({ t: frame.timestampMs, angle: round1(angle) });
    count++;
  }
  keepPhases(analyzer.finish());
  const reps = analyzer.reps.map((rep, index): RepEvidence => {
    const { bottom, top } = extremesOf(rep, angles);
    // Push-ups: the analyser's own extremes (after its glitch filter) are what it judged.
    const bottomAngle = isPushupRecord(rep) ? rep.minElbowAngle : bottom?.angle;
    const topAngle = isPushupRecord(rep) ? rep.minElbowAngle + rep.maxAngleRange : top?.angle;
    return {
      repNumber: index + 1,
      startMs: Math.round(rep.startTime),
      endMs: Math.round(rep.endTime),
      angleName: drivingAngle.name,
      bottomAngle:
        bottomAngle !== undefined && Number.isFinite(bottomAngle) ? round1(bottomAngle) : null,
      bottomMs: bottom ? Math.round(bottom.t) : null,
      topAngle: topAngle !== undefined && Number.isFinite(topAngle) ? round1(topAngle) : null,
      topMs: top ? Math.round(top.t) : null,
      phasePath: phasePathOf(rep, phases),
      isValid: rep.isValidRep,
      invalidReason: rep.isValidRep ? null : rep.invalidReason,
      measurements: measurementsOf(rep),
    };
  });
  const validReps = reps.filter((rep) => rep.isValid).length;
  return {
    validReps,
    invalidReps: reps.length - validReps,
    frames: count,
    drivingAngle,
    reps,
    angles,
    phases,
  };
}
