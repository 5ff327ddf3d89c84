/**
 * One video's analysis: the pose of every frame fed, in order, to the push-up analyser or a
 * definition, with the counter state after each frame kept so the screen can show any moment
 * exactly as the analysis saw it. Pure (no DOM, no clock): the analyser comes from pose-sdk's
 * `createAnalyzer`, as `reptemple analyze`'s does (through `analyseFrames`), so the same frames give
 * the same counts.
 */
import type { ExerciseDefinition } from '@reptemple/definitions';
import {
  type AnalyzerChoice,
  type AnyRepAnalyzer,
  createAnalyzer,
  DefinitionAnalyzer,
  type FrameSize,
  type Landmark,
  type PoseFrame,
  type PoseModelVariant,
  type RepRecord,
  type TimelineEntry,
} from '@reptemple/pose-sdk';

/** The phases the screen names, whichever analyser runs (push-up up/down map to start/end). */
export type DisplayPhase = 'start' | 'transition' | 'end' | 'unknown';

export interface AnalysedFrame {
  readonly timestampMs: number;
  readonly landmarks: readonly Landmark[];
  /** Counter state after this frame. */
  readonly validReps: number;
  readonly invalidReps: number;
  readonly phase: DisplayPhase;
  readonly isValidPosition: boolean;
}

const PUSHUP_PHASES: Readonly<Record<string, DisplayPhase>> = {
  up: 'start',
  down: 'end',
  transition: 'transition',
  unknown: 'unknown',
};

export function displayPhase(phase: string | null): DisplayPhase {
  if (phase === null) return 'unknown';
  return PUSHUP_PHASES[phase] ?? (phase as DisplayPhase);
}

/** The screen's analyser: the definition-driven one for a definition, else the push-up analyser. */
export function analyserChoice(definition: ExerciseDefinition | null | undefined): AnalyzerChoice {
  return definition ? { kind: 'definition', definition } : { kind: 'pushup' };
}

export class AnalysisRun {
  private readonly analyzer: AnyRepAnalyzer;
  private readonly analysed: AnalysedFrame[] = [];
  private finished = false;

  constructor(
    readonly definition: ExerciseDefinition | null,
    readonly frameSize: FrameSize,
    /** The pose model that made the landmarks (the SDK calibrates its measurements per model). */
    readonly model?: PoseModelVariant,
  ) {
    this.analyzer = createAnalyzer(analyserChoice(definition), {
      frameSize,
      ...(model ? { model } : {}),
    });
  }

  /** Feeds the next frame (timestamps must increase). */
  add(frame: PoseFrame): AnalysedFrame {
    if (this.finished) throw new Error('AnalysisRun.add() after finish(): start a new run.');
    this.analyzer.process(frame);
    const state = this.analyzer.state;
    const analysed: AnalysedFrame = {
      timestampMs: frame.timestampMs,
      landmarks: frame.landmarks,
      validReps: state.repCount,
      invalidReps: state.invalidRepCount,
      phase: displayPhase(state.currentPhase),
      isValidPosition: state.isValidPosition,
    };
    this.analysed.push(analysed);
    return analysed;
  }

  /**
   * The last frame has been fed. Both analysers then judge the last frames without waiting for
   * more (a last rep that ends as the video ends counts), exactly as the CLI does.
   */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.analyzer.finish();
    const last = this.analysed.at(-1);
    if (last) {
      const state = this.analyzer.state;
      this.analysed[this.analysed.length - 1] = {
        ...last,
        validReps: state.repCount,
        invalidReps: state.invalidRepCount,
        phase: displayPhase(state.currentPhase),
      };
    }
  }

  get done(): boolean {
    return this.finished;
  }

  get frames(): readonly AnalysedFrame[] {
    return this.analysed;
  }

  /** Media time of the last analysed frame, ms (-Infinity before the first). */
  get analysedUntilMs(): number {
    return this.analysed.at(-1)?.timestampMs ?? Number.NEGATIVE_INFINITY;
  }

  get reps(): readonly RepRecord[] {
    return this.analyzer.reps;
  }

  get timeline(): readonly TimelineEntry[] {
    return this.analyzer.timeline;
  }

  get validReps(): number {
    return this.analyzer.state.repCount;
  }

  get invalidReps(): number {
    return this.analyzer.state.invalidRepCount;
  }

  /** The definition analyser's READY and STOP flags (false for the push-up analyser). */
  get ready(): boolean {
    return this.analyzer instanceof DefinitionAnalyzer && this.analyzer.state.ready;
  }

  get stopped(): boolean {
    return this.analyzer instanceof DefinitionAnalyzer && this.analyzer.state.stopped;
  }
}

/** The frame on screen at a media time: the last analysed frame at or before it (binary search). */
export function frameAtTime(
  frames: readonly AnalysedFrame[],
  timeMs: number,
): AnalysedFrame | undefined {
  // A <video>'s currentTime is rounded to microseconds: allow that much below a frame's start.
  const target = timeMs + FRAME_TIME_TOLERANCE_MS;
  let low = 0;
  let high = frames.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (frames[middle]!.timestampMs <= target) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found >= 0 ? frames[found] : undefined;
}

/** Slack (ms) for the microsecond rounding of a <video>'s currentTime. */
export const FRAME_TIME_TOLERANCE_MS = 0.5;
