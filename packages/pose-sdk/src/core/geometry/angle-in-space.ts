import type { WorldLandmark } from '../types.js';

const DEGREES_PER_RADIAN = 180 / Math.PI;

/**
 * The angle in degrees (0-180) at `vertex` between the rays to `first` and `third`, in space
 * (world landmarks, metres): what the joint does, whatever the camera's view. NaN when a ray has
 * zero length.
 */
export function angleInSpace(
  first: WorldLandmark,
  vertex: WorldLandmark,
  third: WorldLandmark,
): number {
  const ax = first.x - vertex.x;
  const ay = first.y - vertex.y;
  const az = first.z - vertex.z;
  const cx = third.x - vertex.x;
  const cy = third.y - vertex.y;
  const cz = third.z - vertex.z;
  const crossX = ay * cz - az * cy;
  const crossY = az * cx - ax * cz;
  const crossZ = ax * cy - ay * cx;
  const cross = Math.sqrt(crossX * crossX + crossY * crossY + crossZ * crossZ);
  const dot = ax * cx + ay * cy + az * cz;
  if ((ax === 0 && ay === 0 && az === 0) || (cx === 0 && cy === 0 && cz === 0)) return Number.NaN;
  return Math.atan2(cross, dot) * DEGREES_PER_RADIAN;
}
