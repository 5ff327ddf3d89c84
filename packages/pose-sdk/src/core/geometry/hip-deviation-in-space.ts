import type { WorldLandmark } from '../types.js';

/**
 * hipDeviation in space (world landmarks, metres): where the hip lies off the straight line from
 * the shoulder to the foot end of the body, as a share of the line's length; positive toward the
 * side the hand is on (the floor: a sag), negative away from it (a pike). Used from the front,
 * where the line runs along the camera's axis and the picture cannot show it.
 * Returns NaN when the line has no length or the hand lies on it.
 */
export function hipDeviationInSpace(
  shoulder: WorldLandmark,
  hip: WorldLandmark,
  foot: WorldLandmark,
  hand: WorldLandmark,
): number {
  const lx = shoulder.x - foot.x;
  const ly = shoulder.y - foot.y;
  const lz = shoulder.z - foot.z;
  const lengthSquared = lx * lx + ly * ly + lz * lz;
  if (lengthSquared === 0) return Number.NaN;
  // The hip's and the hand's offsets from the line, perpendicular to it.
  const hx = hip.x - foot.x;
  const hy = hip.y - foot.y;
  const hz = hip.z - foot.z;
  const hAlong = (hx * lx + hy * ly + hz * lz) / lengthSquared;
  const ox = hx - hAlong * lx;
  const oy = hy - hAlong * ly;
  const oz = hz - hAlong * lz;
  const wx = hand.x - foot.x;
  const wy = hand.y - foot.y;
  const wz = hand.z - foot.z;
  const wAlong = (wx * lx + wy * ly + wz * lz) / lengthSquared;
  const px = wx - wAlong * lx;
  const py = wy - wAlong * ly;
  const pz = wz - wAlong * lz;
  const handOffset = Math.sqrt(px * px + py * py + pz * pz);
  if (handOffset === 0) return Number.NaN;
  // The hip's offset along the direction to the hand's side of the line.
  const towardFloor = (ox * px + oy * py + oz * pz) / handOffset;
  return towardFloor / Math.sqrt(lengthSquared);
}
