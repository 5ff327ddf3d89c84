import type { FrameSize, Landmark } from '../types.js';

const DEGREES_PER_RADIAN = 180 / Math.PI;
// BlazePose landmark ids.
const LEFT_SHOULDER = 11;
const RIGHT_SHOULDER = 12;
const LEFT_HIP = 23;
const RIGHT_HIP = 24;

/**
 * How far the torso leans from upright, in degrees: 0 when the hips are straight below the
 * shoulders (standing, kneeling upright), 90 when the torso is level (a plank seen from the
 * side), more when the hips are above the shoulders (a pike). BlazePose's relative depth z is
 * on the scale of x, so it is scaled by the frame width too: a plank filmed from the front runs
 * away from the camera, so it reads as level, not upright, though its image looks vertical.
 * Returns NaN without landmarks.
 */
export function torsoTiltFromUpright(landmarks: readonly Landmark[], frame: FrameSize): number {
  const cosine = torsoUprightCosine(landmarks, frame);
  return Number.isNaN(cosine) ? cosine : Math.acos(cosine) * DEGREES_PER_RADIAN;
}

/**
 * The cosine of torsoTiltFromUpright: 1 upright, 0 level, negative for a pike. Comparing cosines
 * spares an arc cosine per frame (a tilt of at least T degrees is a cosine of at most cos T).
 */
export function torsoUprightCosine(landmarks: readonly Landmark[], frame: FrameSize): number {
  if (landmarks.length === 0) return Number.NaN;
  const leftShoulder = landmarks[LEFT_SHOULDER]!;
  const rightShoulder = landmarks[RIGHT_SHOULDER]!;
  const leftHip = landmarks[LEFT_HIP]!;
  const rightHip = landmarks[RIGHT_HIP]!;
  const dx = ((leftHip.x + rightHip.x - leftShoulder.x - rightShoulder.x) / 2) * frame.width;
  const dy = ((leftHip.y + rightHip.y - leftShoulder.y - rightShoulder.y) / 2) * frame.height;
  const dz = ((leftHip.z + rightHip.z - leftShoulder.z - rightShoulder.z) / 2) * frame.width;
  const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (length === 0) return Number.NaN;
  // Image y grows downwards, so "hips below shoulders" is +dy.
  return Math.max(-1, Math.min(1, dy / length));
}
