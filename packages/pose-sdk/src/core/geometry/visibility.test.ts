import { describe, expect, it } from 'vitest';
import type { Landmark } from '../types.js';
import { countVisibleLandmarks, isLandmarkVisible } from './visibility.js';

const seen = (visibility: number): Landmark => ({ x: 0.5, y: 0.5, z: 0, visibility });

describe('visibility gates', () => {
  it('counts a landmark at exactly the threshold as visible, and one just below as not', () => {
    expect(isLandmarkVisible(seen(0.5), 0.5)).toBe(true);
    expect(isLandmarkVisible(seen(0.4999), 0.5)).toBe(false);
  });

  it('treats a missing landmark (no person detected) as not visible', () => {
    expect(isLandmarkVisible(undefined, 0)).toBe(false);
    expect(countVisibleLandmarks([], [11, 12, 13], 0)).toBe(0);
  });

  it('counts only the requested ids', () => {
    const landmarks = [seen(0.9), seen(0.1), seen(0.6), seen(0.5)];
    expect(countVisibleLandmarks(landmarks, [0, 1, 2, 3], 0.5)).toBe(3);
    expect(countVisibleLandmarks(landmarks, [1, 2], 0.5)).toBe(1);
  });
});
