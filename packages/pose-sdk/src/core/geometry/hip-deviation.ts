import type { FrameSize, Landmark } from '../types.js';

/**
 * Where the hip lies off the straight line from the shoulder to the foot end of the body (the
 * ankle, or the knee when the ankle is out of the picture), as a share of that line's length,
 * measured in the picture: 0 on the line; positive toward the floor (sagging hips); negative away
 * from it (piked hips). The floor side is the side of the line the hand is on: the hands are on
 * the floor below the body in any push-up, however the camera is rolled. The judges' rule is one
 * straight line from shoulders to ankles; a signed distance tells a sag from a pike, which the
 * bend at the hip (alignmentScoreFromHipAngle) cannot.
 * Returns NaN when the line has no length or the hand lies on it.
 */
export function hipDeviation(
  shoulder: Landmark,
  hip: Landmark,
  foot: Landmark,
  hand: Landmark,
  frame: FrameSize,
): number {
  const lineX = (shoulder.x - foot.x) * frame.width;
  const lineY = (shoulder.y - foot.y) * frame.height;
  const length = Math.sqrt(lineX * lineX + lineY * lineY);
  if (length === 0) return Number.NaN;
  const hipSide = lineX * (hip.y - foot.y) * frame.height - lineY * (hip.x - foot.x) * frame.width;
  const handSide =
    lineX * (hand.y - foot.y) * frame.height - lineY * (hand.x - foot.x) * frame.width;
  if (handSide === 0) return Number.NaN;
  return (handSide > 0 ? hipSide : -hipSide) / (length * length);
}
