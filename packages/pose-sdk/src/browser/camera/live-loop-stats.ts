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

/**
 * What a live loop does with each frame: 'live' hands every analysed frame to the caller;
 * 'inference-only' does nothing but detect the newest frame, the reference a benchmark or a
 * diagnostics screen compares the live loop with in the same page and run.
 */
export type LiveLoopMode = 'live' | 'inference-only';

/** One mode's totals since the loop started. */
export interface LiveLoopModeTotals {
  /** Frames analysed in this mode. */
  readonly frames: number;
  /** Time detect() took over those frames. ms */
  readonly detectMs: number;
  /** Gaps between two frames analysed one after the other in this mode (a gap across a switch of
   * mode counts for neither). */
  readonly intervals: number;
  /** Camera time those gaps span. ms */
  readonly spanMs: number;
}

/** Analysed frames per second of camera time in one mode (0 before two frames). */
export function modeFps(totals: LiveLoopModeTotals): number {
  return totals.spanMs > 0 ? (totals.intervals * 1000) / totals.spanMs : 0;
}

/** Mean time detect() took in one mode (0 before a frame). ms */
export function modeDetectMs(totals: LiveLoopModeTotals): number {
  return totals.frames > 0 ? totals.detectMs / totals.frames : 0;
}

/**
 * Per-mode totals of a live loop, in camera time: the rate of each mode is measured on the
 * frames' own timestamps, so a loop switched between modes (A/B segments) gives both rates from
 * the same page, camera and detector. Pure: times are passed in.
 */
export class LiveLoopModeCounter {
  private readonly totals: Record<LiveLoopMode, LiveLoopModeTotals> = {
    live: { frames: 0, detectMs: 0, intervals: 0, spanMs: 0 },
    'inference-only': { frames: 0, detectMs: 0, intervals: 0, spanMs: 0 },
  };
  private previous: { mode: LiveLoopMode; frameMs: number } | undefined;

  /** One analysed frame: the mode it was analysed in, its camera time (ms) and detect time (ms). */
  add(mode: LiveLoopMode, frameMs: number, detectMs: number): void {
    const current = this.totals[mode];
    const sameMode = this.previous?.mode === mode && frameMs > this.previous.frameMs;
    this.totals[mode] = {
      frames: current.frames + 1,
      detectMs: current.detectMs + detectMs,
      intervals: current.intervals + (sameMode ? 1 : 0),
      spanMs: current.spanMs + (sameMode ? frameMs - this.previous!.frameMs : 0),
    };
    this.previous = { mode, frameMs };
  }

  get byMode(): Readonly<Record<LiveLoopMode, LiveLoopModeTotals>> {
    return { ...this.totals };
  }
}
