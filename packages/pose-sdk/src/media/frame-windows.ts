/**
 * Which frames of a video a windowed extraction infers: every frame inside the given time windows
 * (the video's own rate), each stretch of them after a few warm-up frames that bring the tracker
 * up to speed. Shared by both decoders of the Node engine (ffmpeg's stream and the inference
 * page's MP4 frame table), so they pick the very same frames. Pure: times in, decisions out.
 */

/** A stretch of a video to analyse at its own frame rate: ms, the video's presentation times. */
export interface FrameWindow {
  /** ms: frames presented at or after this time... */
  readonly startMs: number;
  /** ms: ...up to and including this time */
  readonly endMs: number;
}

/**
 * What happens to one frame: 'analyse' (inferred and reported), 'warmUp' (inferred only so that
 * tracking has settled when the window starts; not reported).
 */
export type WindowFrameRole = 'analyse' | 'warmUp';

/** A frame to infer. `reset`: tracking starts afresh before it, as for a new video. */
export interface WindowFrame<F> {
  readonly frame: F;
  readonly role: WindowFrameRole;
  readonly reset: boolean;
}

/** Why `windows` cannot be used, or null when they can. */
export function windowsProblem(windows: readonly FrameWindow[]): string | null {
  for (const [i, window] of windows.entries()) {
    const { startMs, endMs } = window ?? {};
    if (!Number.isFinite(startMs) || !Number.isFinite(endMs)) {
      return `Expected windows[${i}] to have finite startMs and endMs (ms), received ${JSON.stringify(window)}.`;
    }
    if (endMs < startMs) {
      return `Expected windows[${i}].endMs (${endMs}) to be at or after its startMs (${startMs}).`;
    }
  }
  return null;
}

/** The windows sorted by start, overlapping or touching ones joined. */
export function joinWindows(windows: readonly FrameWindow[]): FrameWindow[] {
  const sorted = [...windows].sort((a, b) => a.startMs - b.startMs);
  const joined: { startMs: number; endMs: number }[] = [];
  for (const { startMs, endMs } of sorted) {
    const last = joined[joined.length - 1];
    if (last && startMs <= last.endMs) last.endMs = Math.max(last.endMs, endMs);
    else joined.push({ startMs, endMs });
  }
  return joined;
}

/**
 * Decides, frame by frame in presentation order, which frames a windowed extraction infers. A
 * frame before a window may turn out to be one of its warm-up frames only once the window's first
 * frame arrives, so up to `warmUpFrames` frames are held back and handed out then (a streaming
 * decoder recycles the buffers of the frames it gets back from `dropped`).
 *
 * - Every frame inside a window is analysed.
 * - A window's first frame is preceded by the `warmUpFrames` frames before it (fewer at the start
 *   of the video), tracking reset before the first of them: each window is tracked afresh, as a
 *   short video of its own would be.
 * - When at most `warmUpFrames` frames separate a window from the frames analysed before it, they
 *   are inferred as warm-up without a reset: following the person through a short gap costs no
 *   more than warming up, and it is what a pass over every frame does.
 */
export class WindowFrameSelector<F> {
  private readonly windows: FrameWindow[];
  private next = 0;
  /** Frames since the last inferred one, the latest `warmUpFrames` of them. */
  private held: F[] = [];
  /** Frames passed over since the last inferred frame (Infinity before the first). */
  private skipped = Number.POSITIVE_INFINITY;

  constructor(
    windows: readonly FrameWindow[],
    private readonly warmUpFrames: number,
    /** Called with each frame that will never be inferred (its buffer can be reused). */
    private readonly dropped: (frame: F) => void = () => {},
  ) {
    this.windows = joinWindows(windows);
  }

  /** Whether every window has been passed: later frames can only be dropped. */
  get done(): boolean {
    return this.next >= this.windows.length;
  }

  /** The frames to infer now, in order, given the next frame of the video (presented at `timestampMs`). */
  push(frame: F, timestampMs: number): WindowFrame<F>[] {
    while (this.next < this.windows.length && this.windows[this.next]!.endMs < timestampMs) {
      this.next++;
    }
    const window = this.windows[this.next];
    if (window === undefined || timestampMs < window.startMs) {
      this.skipped++;
      if (this.warmUpFrames === 0) this.dropped(frame);
      else {
        this.held.push(frame);
        if (this.held.length > this.warmUpFrames) this.dropped(this.held.shift()!);
      }
      return [];
    }
    const bridge = this.skipped <= this.warmUpFrames;
    const out: WindowFrame<F>[] = this.held.map((warm, i) => ({
      frame: warm,
      role: 'warmUp' as const,
      reset: !bridge && i === 0,
    }));
    out.push({ frame, role: 'analyse', reset: !bridge && out.length === 0 });
    this.held = [];
    this.skipped = 0;
    return out;
  }

  /** The end of the video: frames still held were not needed. */
  finish(): void {
    for (const frame of this.held) this.dropped(frame);
    this.held = [];
  }
}

/**
 * The frames to infer of a video whose presentation times are all known (an MP4's frame table),
 * by index into `timestampsMs`, in order.
 */
export function windowFramesOf(
  timestampsMs: readonly number[],
  windows: readonly FrameWindow[],
  warmUpFrames: number,
): WindowFrame<number>[] {
  const selector = new WindowFrameSelector<number>(windows, warmUpFrames);
  const out: WindowFrame<number>[] = [];
  for (const [index, t] of timestampsMs.entries()) {
    if (selector.done) break;
    out.push(...selector.push(index, t));
  }
  selector.finish();
  return out;
}
