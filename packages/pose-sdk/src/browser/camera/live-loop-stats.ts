/**
 * Throughput of a live camera loop over a sliding window of frame time: analysed frames per
 * second, the camera's own frame rate, the mean inference time and the frames skipped because a
 * newer one had arrived. Pure (no DOM, no clock): times are passed in.
 */

/** How much frame time the figures cover. ms */
export const LIVE_STATS_WINDOW_MS = 2000;

export interface LiveLoopStats {
  /** Frames analysed per second of camera time, over the window. */
  readonly analysedFps: number;
  /** Frames the camera delivered per second of camera time, over the window. */
  readonly cameraFps: number;
  /** Mean time detect() took over the window. ms */
  readonly inferenceMs: number;
  /** Frames analysed since the start. */
  readonly analysedFrames: number;
  /** Camera frames never analysed since the start, because a newer frame had arrived first. */
  readonly skippedFrames: number;
}

interface Sample {
  frameMs: number;
  inferenceMs: number;
  /** The camera's running frame count at this frame. */
  cameraFrames: number;
}

export class LiveLoopStatsWindow {
  private readonly samples: Sample[] = [];
  private analysed = 0;
  private skipped = 0;

  constructor(private readonly windowMs = LIVE_STATS_WINDOW_MS) {}

  /**
   * One analysed frame: its camera time (ms), how long inference took (ms), and the camera's
   * running count of delivered frames (the frames in between were skipped).
   */
  add(frameMs: number, inferenceMs: number, cameraFrames: number): void {
    const previous = this.samples.at(-1);
    if (previous) this.skipped += Math.max(0, cameraFrames - previous.cameraFrames - 1);
    this.analysed += 1;
    this.samples.push({ frameMs, inferenceMs, cameraFrames });
    while (this.samples.length > 2 && frameMs - this.samples[0]!.frameMs > this.windowMs) {
      this.samples.shift();
    }
  }

  get stats(): LiveLoopStats {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    let analysedFps = 0;
    let cameraFps = 0;
    if (first && last && last.frameMs > first.frameMs) {
      const spanS = (last.frameMs - first.frameMs) / 1000;
      analysedFps = (this.samples.length - 1) / spanS;
      cameraFps = (last.cameraFrames - first.cameraFrames) / spanS;
    }
    const inferenceMs =
      this.samples.length === 0
        ? 0
        : this.samples.reduce((sum, sample) => sum + sample.inferenceMs, 0) / this.samples.length;
    return {
      analysedFps,
      cameraFps,
      inferenceMs,
      analysedFrames: this.analysed,
      skippedFrames: this.skipped,
    };
  }
}
