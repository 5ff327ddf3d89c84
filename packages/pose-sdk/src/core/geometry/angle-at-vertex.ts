import type { FrameSize, Landmark } from '../types.js';

const DEGREES_PER_RADIAN = 180 / Math.PI;

/**
 * The angle in degrees (0-180) at `vertex` between the rays to `first` and `third`, measured in
 * the image plane. Landmark x and y are normalised to the frame's width and height, so they are
 * scaled back to pixels first: on a 16:9 frame an unscaled angle can be off by tens of degrees.
 * Returns NaN when a ray has zero length (two landmarks on the same spot).
 */
export function angleAtVertex(
  first: Landmark,
  vertex: Landmark,
  third: Landmark,
  frame: FrameSize,
): number {
  const ax = (first.x - vertex.x) * frame.width;
  const ay = (first.y - vertex.y) * frame.height;
  const cx = (third.x - vertex.x) * frame.width;
  const cy = (third.y - vertex.y) * frame.height;
  // atan2 of cross and dot products is accurate near 0 and 180 degrees, where acos is not.
  const cross = ax * cy - ay * cx;
  const dot = ax * cx + ay * cy;
  if ((ax === 0 && ay === 0) || (cx === 0 && cy === 0)) return Number.NaN;
  return Math.abs(Math.atan2(cross, dot)) * DEGREES_PER_RADIAN;
}
