import type { Landmark } from '../types.js';

export type BodySide = 'left' | 'right';

/**
 * The lowest visibility among the given landmarks (0 when one is missing). An indexed loop: the
 * push-up analyser calls this twice a frame, and a for-of loop's larger bytecode took room the
 * compiler would otherwise give to inlining the analyser's other helpers.
 */
export function weakestVisibility(landmarks: readonly Landmark[], ids: readonly number[]): number {
  let weakest = 1;
  for (let i = 0; i < ids.length; i++) {
    const landmark = landmarks[ids[i]!];
    if (landmark === undefined) return 0;
    if (landmark.visibility < weakest) weakest = landmark.visibility;
  }
  return weakest;
}

/** Visibility by which the other side must beat the current one before we switch sides. */
export const SIDE_SWITCH_MARGIN = 0.1;

/**
 * Which side of the body to measure, from the weakest visibility of each side's landmarks: the
 * more visible side, which in a side view is the side closer to the camera. The current side is
 * kept unless the other beats it by SIDE_SWITCH_MARGIN, so near-equal visibility does not flip
 * sides every frame. Returns null when neither side reaches `minVisibility`.
 */
export function chooseSide(
  left: number,
  right: number,
  minVisibility: number,
  current: BodySide | null,
): BodySide | null {
  const leftOk = left >= minVisibility;
  const rightOk = right >= minVisibility;
  if (!leftOk && !rightOk) return null;
  if (!leftOk) return 'right';
  if (!rightOk) return 'left';
  if (current === 'left') return right > left + SIDE_SWITCH_MARGIN ? 'right' : 'left';
  if (current === 'right') return left > right + SIDE_SWITCH_MARGIN ? 'left' : 'right';
  return left >= right ? 'left' : 'right';
}
