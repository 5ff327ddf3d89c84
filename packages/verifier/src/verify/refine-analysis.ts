// The refinement loop (issue 24): after a sampled pass, look again at the video's own rate where a
// denser look could change a verdict, merge those frames in and analyse again, in rounds. The
// frames of the windows come from the caller: the pose engine in verification, a full-rate trace
// in tests and the bench.

import type { AnalyzerChoice, FrameSize, PoseFrame } from '@reptemple/pose-sdk';
import type { FrameWindow } from '@reptemple/pose-sdk/node';
import {
  analyseRecording,
  type FullRateTest,
  type RecordingAnalysis,
} from './analyse-recording.js';
import {
  mergeRefinedFrames,
  planRefinement,
  type RefinementMoment,
  trackingGaps,
} from './refinement.js';
import { REFINEMENT } from './sampling.js';

export interface RefineOptions {
  /** frames per second of the sampled pass */
  readonly sampledFps: number;
  /** the video's own frame rate (frames per second) */
  readonly videoFps: number;
  /** frames the window source infers before each window (the engine's warm-up) */
  readonly warmUpFrames: number;
  /** frames the refinement may infer in all, warm-up included */
  readonly budgetFrames: number;
  readonly rounds?: number;
  readonly marginScale?: number;
  readonly reachShare?: number;
  /** Every frame of the video inside the windows (the video's own times), in time order. */
  readonly framesOf: (windows: readonly FrameWindow[]) => Promise<readonly PoseFrame[]>;
}

export interface RefinementSummary {
  /** The windows analysed at the video's own rate, in the order asked for. */
  readonly windows: readonly FrameWindow[];
  /** Why each window was asked for (the rep, the rule, how close to its threshold). */
  readonly moments: readonly RefinementMoment[];
  /** Frames the windows gave (warm-up frames not counted). */
  readonly frames: number;
  readonly rounds: number;
  /** The counts of the sampled pass alone, before refinement. */
  readonly sampled: { readonly validReps: number; readonly invalidReps: number };
}

/** Whether a stretch lies inside one of the windows. */
export function insideWindows(windows: readonly FrameWindow[]): FullRateTest {
  return (startMs, endMs) => windows.some((w) => w.startMs <= startMs && endMs <= w.endMs);
}

/**
 * The analysis of the sampled frames refined where a denser look could change a verdict
 * (planRefinement), in up to `rounds` rounds: a check judged only once an earlier one passed (a
 * lockout after a depth that now passes) is looked at in the next. Returns the first analysis
 * unchanged when nothing is close to its threshold.
 */
export async function refineAnalysis(
  sampled: readonly PoseFrame[],
  first: RecordingAnalysis,
  choice: AnalyzerChoice,
  frameSize: FrameSize,
  options: RefineOptions,
): Promise<{
  analysis: RecordingAnalysis;
  refinement: RefinementSummary;
  /** the frames the windows gave, in the order they came */
  frames: readonly PoseFrame[];
}> {
  const windows: FrameWindow[] = [];
  const moments: RefinementMoment[] = [];
  let refined: PoseFrame[] = [];
  let analysis = first;
  let budget = options.budgetFrames;
  let rounds = 0;
  const gaps = trackingGaps(sampled, REFINEMENT.maxGapMs);
  for (; rounds < (options.rounds ?? REFINEMENT.rounds); rounds++) {
    const plan = planRefinement(analysis.reps, {
      gaps,
      sampledFps: options.sampledFps,
      videoFps: options.videoFps,
      refined: windows,
      budgetFrames: budget,
      warmUpFrames: options.warmUpFrames,
      ...(options.marginScale === undefined ? {} : { marginScale: options.marginScale }),
      ...(options.reachShare === undefined ? {} : { reachShare: options.reachShare }),
    });
    if (plan.windows.length === 0) break;
    const frames = await options.framesOf(plan.windows);
    budget -= plan.cost;
    windows.push(...plan.windows);
    moments.push(...plan.moments);
    refined = [...refined, ...frames];
    const merged = mergeRefinedFrames(sampled, refined, windows);
    analysis = analyseRecording(merged, choice, frameSize, insideWindows(windows));
  }
  return {
    analysis,
    frames: refined,
    refinement: {
      windows,
      moments,
      frames: refined.length,
      rounds,
      sampled: { validReps: first.validReps, invalidReps: first.invalidReps },
    },
  };
}
