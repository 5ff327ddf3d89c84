/**
 * Landmark visibility as a new graph would give it, from a graph whose visibility smoothing was
 * not restarted. tasks-vision smooths each landmark's visibility with a low-pass filter
 * (VISIBILITY_SMOOTHING_ALPHA of the new value, the rest the previous output), updated on every
 * frame with a person and never reset: after an empty frame the tracker starts afresh, but
 * visibility still carries on from the frames before. Since the filter is linear, each frame's
 * raw value follows from two consecutive outputs, and the filter can be run again from any frame
 * as a new graph would run it: its first output is the raw value. Pure.
 */
import { VISIBILITY_SMOOTHING_ALPHA } from './model-settings.js';

export class VisibilityRestart {
  /** The graph's last outputs, one per landmark: its filter's state (empty before any frame). */
  private graphState: readonly number[] = [];
  /** Our filter's state since the last restart; null when not restarted (outputs pass as they are). */
  private freshState: readonly number[] | null = null;
  private restartPending = false;

  /** Runs the filter afresh from the next frame with a person. */
  restart(): void {
    this.restartPending = true;
  }

  /**
   * The visibilities of one frame with a person as a filter restarted at `restart()` gives them
   * (the graph's own until the first restart). Call for every frame with landmarks, in order.
   */
  correct(graphOutputs: readonly number[]): readonly number[] {
    const alpha = VISIBILITY_SMOOTHING_ALPHA;
    const previous = this.graphState;
    this.graphState = graphOutputs;
    if (this.restartPending) {
      this.restartPending = false;
      this.freshState = null;
    } else if (this.freshState === null) {
      return graphOutputs;
    }
    const fresh = this.freshState;
    const corrected = graphOutputs.map((output, i) => {
      const before = previous[i];
      // The graph's first frame is its raw value; otherwise undo its filter's step.
      const raw = before === undefined ? output : (output - (1 - alpha) * before) / alpha;
      const clamped = Math.min(1, Math.max(0, raw));
      return fresh === null ? clamped : alpha * clamped + (1 - alpha) * fresh[i]!;
    });
    this.freshState = corrected;
    return corrected;
  }
}
