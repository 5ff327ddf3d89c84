import type { AngleRange } from '@reptemple/definitions';

/** A stretch of the straight path between two frames, in fractions (0..1) of the way. */
export interface PathStretch {
  readonly enter: number;
  readonly leave: number;
}

/**
 * Between two frames the body moves continuously, so a phase the samples skipped may still have
 * been passed. Returns the fraction s (0..1) of the way from `before` to `after` at the middle of
 * the stretch where every angle is inside its range at once, or null when the straight path never
 * enters all the ranges together. `before[i]` and `after[i]` are degrees; NaN never passes.
 */
export function passesThrough(
  before: ArrayLike<number>,
  after: ArrayLike<number>,
  ranges: readonly (AngleRange | undefined)[],
): number | null {
  const stretch = stretchInsideRanges(before, after, ranges);
  return stretch === null ? null : (stretch.enter + stretch.leave) / 2;
}

/**
 * Where the straight path from `before` to `after` has every angle inside its range at once:
 * from `enter` to `leave` (fractions of the way), or null when it never does.
 */
export function stretchInsideRanges(
  before: ArrayLike<number>,
  after: ArrayLike<number>,
  ranges: readonly (AngleRange | undefined)[],
): PathStretch | null {
  let enter = 0;
  let leave = 1;
  for (let i = 0; i < ranges.length; i++) {
    const range = ranges[i];
    if (range === undefined) continue;
    const from = before[i]!;
    const to = after[i]!;
    if (Number.isNaN(from) || Number.isNaN(to)) return null;
    const delta = to - from;
    if (delta === 0) {
      if (from < range.min || from > range.max) return null;
      continue;
    }
    // Where the line from `from` to `to` is at range.min and range.max.
    const atMin = (range.min - from) / delta;
    const atMax = (range.max - from) / delta;
    enter = Math.max(enter, Math.min(atMin, atMax));
    leave = Math.min(leave, Math.max(atMin, atMax));
    if (enter > leave) return null;
  }
  return { enter, leave };
}
