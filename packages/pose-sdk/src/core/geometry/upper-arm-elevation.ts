import type { FrameSize, Landmark } from '../types.js';

const DEGREES_PER_RADIAN = 180 / Math.PI;

/**
 * How far the upper arm rises from the floor, in degrees, measured in the picture: 0 when the
 * shoulder is level with the elbow (the upper arm parallel to the floor, the judges' depth at the
 * bottom of a push-up), positive when the shoulder is above the elbow, negative below it.
 *
 * The floor is the line through the wrist and the ankle (hands and feet are on it), so a camera
 * that is rolled, or looks along the floor at an angle, measures against the floor it shows; when
 * either is missing (`null`), the picture's horizontal stands in. Landmark x and y are scaled to
 * pixels first, as every angle here is. Returns NaN when the shoulder and elbow coincide.
 */
export function upperArmElevation(
  shoulder: Landmark,
  elbow: Landmark,
  wrist: Landmark | null,
  ankle: Landmark | null,
  frame: FrameSize,
): number {
  const armX = (shoulder.x - elbow.x) * frame.width;
  // Image y grows downwards: a shoulder above the elbow has the smaller y.
  const armY = (elbow.y - shoulder.y) * frame.height;
  if (armX === 0 && armY === 0) return Number.NaN;
  let floorX = 1;
  let floorY = 0;
  if (wrist !== null && ankle !== null) {
    const x = (wrist.x - ankle.x) * frame.width;
    const y = (ankle.y - wrist.y) * frame.height;
    if (x !== 0 || y !== 0) {
      floorX = x;
      floorY = y;
    }
  }
  // The floor's direction pointing the same way along the picture as the upper arm.
  if (floorX * armX + floorY * armY < 0) {
    floorX = -floorX;
    floorY = -floorY;
  }
  const cross = floorX * armY - floorY * armX;
  const dot = floorX * armX + floorY * armY;
  // The sign of the cross product says which side of the floor line the shoulder is on, relative
  // to the direction along the floor; rising (up in the picture) is positive for both facings.
  const facing = floorX >= 0 ? 1 : -1;
  return Math.atan2(cross * facing, dot) * DEGREES_PER_RADIAN;
}
