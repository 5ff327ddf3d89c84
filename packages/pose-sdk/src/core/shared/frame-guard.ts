import { FrameError } from '../errors.js';
import { LANDMARK_COUNT, type PoseFrame } from '../types.js';

/**
 * The frames an analyser accepts: timestamps that increase, and 33 landmarks or none (nobody
 * seen). Anything else is a host's mistake, refused with a FrameError before it can count.
 */
export class FrameGuard {
  /** ms: the last accepted frame's timestamp */
  private lastTimestampMs = Number.NEGATIVE_INFINITY;

  /** Throws a FrameError for a frame out of time order or without 0 or 33 landmarks. */
  check(frame: PoseFrame): void {
    const t = frame.timestampMs;
    const count = frame.landmarks.length;
    // The common case in as few bytes as possible: the analysers call this on every frame, and a
    // small function is one the compiler can inline without crowding out their own helpers.
    if (t > this.lastTimestampMs && (count === 0 || count === LANDMARK_COUNT)) {
      this.lastTimestampMs = t;
      return;
    }
    this.refuse(t, count);
  }

  private refuse(t: number, count: number): never {
    if (!(t > this.lastTimestampMs)) {
      throw new FrameError(
        `Expected frame timestamps to increase, got ${t} ms after ${this.lastTimestampMs} ms`,
      );
    }
    this.lastTimestampMs = t; // in order, only its landmarks are wrong
    throw new FrameError(`Expected ${LANDMARK_COUNT} landmarks (or none), got ${count}`);
  }

  reset(): void {
    this.lastTimestampMs = Number.NEGATIVE_INFINITY;
  }
}
