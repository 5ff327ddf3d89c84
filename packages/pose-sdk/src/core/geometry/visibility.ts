import type { Landmark } from '../types.js';

/** True when the landmark exists and BlazePose's visibility for it is at least `minVisibility`. */
export function isLandmarkVisible(landmark: Landmark | undefined, minVisibility: number): boolean {
  return landmark !== undefined && landmark.visibility >= minVisibility;
}

/** How many of the landmarks with the given ids are visible (at least `minVisibility`). */
export function countVisibleLandmarks(
  landmarks: readonly Landmark[],
  ids: readonly number[],
  minVisibility: number,
): number {
  let visible = 0;
  for (let i = 0; i < ids.length; i++) {
    const landmark = landmarks[ids[i]!];
    if (landmark !== undefined && landmark.visibility >= minVisibility) visible++;
  }
  return visible;
}
