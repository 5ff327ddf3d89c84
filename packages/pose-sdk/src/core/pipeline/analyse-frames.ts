/**
 * A whole recording through one analyser: the frame path of every host that has all its frames at
 * once (a landmark trace, a finished extraction). Frame-by-frame hosts (a camera) use
 * `createAnalyzer` and feed frames as they come; the analyser and its end of stream are the same.
 */
import type { AnalysisState, RepRecord, TimelineEntry } from '../events.js';
import type { CameraView } from '../geometry/camera-view.js';
import type { PoseFrame } from '../types.js';
import {
  type AnalyzerChoice,
  type AnalyzerFrameOptions,
  type AnalyzerPhase,
  createAnalyzer,
} from './create-analyzer.js';

/** What one analyser made of a whole recording, after its end was judged. */
export interface FramesAnalysis {
  /** How many frames were analysed. */
  readonly frames: number;
  /** Counts, phase and position after the last frame. */
  readonly state: AnalysisState<AnalyzerPhase>;
  /** Every rep, valid or not, in order (the analyser's records, with their measurements). */
  readonly reps: readonly RepRecord[];
  readonly timeline: readonly TimelineEntry[];
  /** The camera's view over the recording, from world landmarks; null without them. */
  readonly view: CameraView | null;
}

/**
 * Runs a fresh analyser for `choice` over `frames`, in order (timestamps must increase), then
 * ends the stream, so a last rep that ends on the final frames counts. Pure and deterministic:
 * the same frames give the same result in every host.
 */
export function analyseFrames(
  frames: Iterable<PoseFrame>,
  choice: AnalyzerChoice,
  options: AnalyzerFrameOptions,
): FramesAnalysis {
  const analyzer = createAnalyzer(choice, options);
  let count = 0;
  for (const frame of frames) {
    analyzer.process(frame);
    count++;
  }
  analyzer.finish();
  return {
    frames: count,
    state: analyzer.state,
    reps: analyzer.reps,
    timeline: analyzer.timeline,
    view: analyzer.view ?? null,
  };
}
