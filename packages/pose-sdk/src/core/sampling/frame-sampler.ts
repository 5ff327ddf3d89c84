import { OptionsError } from '../errors.js';
import type { PoseFrame } from '../types.js';

/**
 * Keeps at most `fps` frames per second of a stream: a frame is kept when it falls in a later
 * 1/fps slot than the last kept one. Unlike ffmpeg's `fps` filter it never duplicates frames and
 * keeps each frame's real presentation time, so variable-frame-rate files stay truthful.
 */
export class FrameSampler {
  private lastSlot = Number.NEGATIVE_INFINITY;

  constructor(readonly fps: number) {
    if (!(Number.isFinite(fps) && fps > 0)) {
      throw new OptionsError(
        `Expected FrameSampler fps to be a frame rate above 0, got ${fps}`,
        'Pass frames per second, e.g. 15; to keep every frame, do not sample.',
      );
    }
  }

  /** Whether the frame presented at `timestampMs` is kept; call once per frame, in order. */
  keep(timestampMs: number): boolean {
    // +0.001 slot guards against 2/30 s * 15 = 0.99999... landing in the previous slot.
    const slot = Math.floor((timestampMs / 1000) * this.fps + 0.001);
    if (slot <= this.lastSlot) return false;
    this.lastSlot = slot;
    return true;
  }
}

/**
 * The frames a `FrameSampler` keeps, plus the stream's last frame: a clip cut right after its last
 * rep must not lose the frames that finish it (up to 1/fps s). Video decoding samples the same way.
 */
export function sampleFrames<F extends Pick<PoseFrame, 'timestampMs'>>(
  frames: readonly F[],
  fps: number,
): F[] {
  const sampler = new FrameSampler(fps);
  const kept = frames.filter((frame) => sampler.keep(frame.timestampMs));
  const last = frames[frames.length - 1];
  if (last !== undefined && kept[kept.length - 1] !== last) kept.push(last);
  return kept;
}
