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
  type RuleCheck,
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
  /**
   * The rules judged on the rep, as the analyser checked them: the value each rule decided on,
   * its threshold and the frame it was taken at (`timeMs`; null for a value over the whole rep).
   */
  readonly checks: readonly EvidenceCheck[];
}

/** One rule's check on a rep, and whether its value came from frames at the video's own rate. */
export interface EvidenceCheck extends RuleCheck {
  /**
   * True when the value was taken at the video's own frame rate (every frame, or a window that
   * verification looked at again); false when on a sampled frame.
   */
  readonly fullRate: boolean;
}

/** Whether the frames from `startMs` to `endMs` (ms) were analysed at the video's own rate. */
export type FullRateTest = (startMs: number, endMs: number) => boolean;

const NEVER_FULL_RATE: FullRateTest = () => false;

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

/** A rep's evidence, from its record and the angles and phases seen up to its end. */
function evidenceOf(
  rep: RepRecord,
  index: number,
  drivingAngle: DrivingAngle,
  angles: readonly AngleSample[],
  phases: readonly PhaseChange[],
  fullRate: FullRateTest,
): RepEvidence {
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
    checks: (rep.evidence?.checks ?? []).map((check) => ({
      ...check,
      fullRate:
        check.timeMs === null
          ? fullRate(rep.startTime, rep.endTime)
          : fullRate(check.timeMs, check.timeMs),
    })),
  };
}

type Analyzer = ReturnType<typeof createAnalyzer>;

/**
 * A recording analysed frame by frame as its frames arrive (verification streams them from the
 * engine), so that work on a rep can start as soon as the analyser has ended it. `finish()` gives
 * the same analysis as `analyseRecording` over the same frames: it is the same code.
 */

export class RecordingAnalyser {
  private readonly analyzer: Analyzer;
  readonly drivingAngle: DrivingAngle;
  private readonly phases: PhaseChange[] = [];
  /** the driving angle of every analysed frame that shows it, in time order */
  readonly angles: AngleSample[] = [];
  private frames = 0;
  private repsSeen = 0;
  /** ms of the latest frame added */
  private latestMs = Number.NEGATIVE_INFINITY;

  constructor(
    choice: AnalyzerChoice,
    readonly frameSize: FrameSize,
    /** Which stretches of the recording are analysed at the video's own rate (EvidenceCheck). */
    private readonly fullRate: FullRateTest = NEVER_FULL_RATE,
  ) {
    this.analyzer = createAnalyzer(choice, { frameSize });
    this.drivingAngle = drivingAngleFor(choice);
  }

  private keepPhases(events: ReturnType<Analyzer['process']>): void {
    for (const event of events) {
      if (event.type === 'phase') this.phases.push({ t: event.timestampMs, phase: event.to });
    }
  }

  add(frame: PoseFrame): void {
    this.keepPhases(this.analyzer.process(frame));
    const angle = measureDrivingAngle(frame, this.drivingAngle, this.frameSize);
    if (angle !== undefined) this.angles.push({ t: frame.timestampMs, angle: round1(angle) });
    this.frames++;
    this.latestMs = frame.timestampMs;
  }

  /**
   * Evidence of the reps the analyser has ended since the last call, as far as the frames so far
   * tell (a rep's extremes lie inside it, so they are final once the frames reach its end; the
   * evidence `finish()` gives is the one that counts).
   */
  takeEndedReps(): RepEvidence[] {
    const reps = this.analyzer.reps;
    const ended: RepEvidence[] = [];
    for (; this.repsSeen < reps.length; this.repsSeen++) {
      const rep = reps[this.repsSeen]!;
      // An analyser that ends a rep ahead of the frames it has seen cannot say its extremes yet.
      if (rep.endTime > this.latestMs) break;
      ended.push(
        evidenceOf(rep, this.repsSeen, this.drivingAngle, this.angles, this.phases, this.fullRate),
      );
    }
    return ended;
  }

  finish(): RecordingAnalysis {
    this.keepPhases(this.analyzer.finish());
    const reps = this.analyzer.reps.map((rep, index) =>
      evidenceOf(rep, index, this.drivingAngle, this.angles, this.phases, this.fullRate),
    );
    const validReps = reps.filter((rep) => rep.isValid).length;
    return {
      validReps,
      invalidReps: reps.length - validReps,
      frames: this.frames,
      drivingAngle: this.drivingAngle,
      reps,
      angles: this.angles,
      phases: this.phases,
    };
  }
}

export function analyseRecording(
  frames: Iterable<PoseFrame>,
  choice: AnalyzerChoice,
  frameSize: FrameSize,
  fullRate: FullRateTest = NEVER_FULL_RATE,
): RecordingAnalysis {
  const analyser = new RecordingAnalyser(choice, frameSize, fullRate);
  for (const frame of frames) analyser.add(frame);
  return analyser.finish();
}
