/**
 * The time of a camera frame, from the frame itself: its capture time when the browser reports it
 * (a camera's own clock), else its media time, else its presentation time, in ms from the loop's
 * first frame. Pure: the caller passes requestVideoFrameCallback's metadata.
 */

export interface FrameTimeSource {
  /** When the camera captured the frame (ms, performance.now's clock); Chromium sets it for cameras. */
  readonly captureTime?: number;
  /** The frame's media time (s). */
  readonly mediaTime: number;
  /** When the frame was handed to the compositor (ms). */
  readonly presentationTime: number;
  /** Frames presented so far (the camera's running count). */
  readonly presentedFrames: number;
}

export class FrameClock {
  private origin: { kind: 'capture' | 'media' | 'presentation'; atMs: number } | undefined;
  private previousMs = Number.NEGATIVE_INFINITY;

  /** The frame's time in ms from the first frame, or null when it is not newer than the last
   * frame timed (a repeated callback for the same frame: the newest frame has been handled). */
  frameTimeMs(frame: FrameTimeSource): number | null {
    if (!this.origin) {
      if (frame.captureTime !== undefined && Number.isFinite(frame.captureTime))
        this.origin = { kind: 'capture', atMs: frame.captureTime };
      else if (Number.isFinite(frame.mediaTime) && frame.mediaTime > 0)
        this.origin = { kind: 'media', atMs: frame.mediaTime * 1000 };
      else this.origin = { kind: 'presentation', atMs: frame.presentationTime };
    }
    const raw =
      this.origin.kind === 'capture' && frame.captureTime !== undefined
        ? frame.captureTime
        : this.origin.kind === 'media'
          ? frame.mediaTime * 1000 // s -> ms
          : frame.presentationTime;
    const timeMs = raw - this.origin.atMs;
    if (!(timeMs > this.previousMs)) return null;
    this.previousMs = timeMs;
    return timeMs;
  }
}
