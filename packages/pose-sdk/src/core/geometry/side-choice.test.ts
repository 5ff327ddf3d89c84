import { describe, expect, it } from 'vitest';
import type { Landmark } from '../types.js';
import { chooseSide as chooseSideOf, weakestVisibility } from './side-choice.js';

const chooseSide = (
  landmarks: Landmark[],
  left: number[],
  right: number[],
  min: number,
  current: 'left' | 'right' | null,
) =>
  landmarks.length === 0
    ? null
    : chooseSideOf(
        weakestVisibility(landmarks, left),
        weakestVisibility(landmarks, right),
        min,
        current,
      );

function withVisibility(left: number, right: number): Landmark[] {
  return Array.from({ length: 33 }, (_, id) => ({
    x: 0,
    y: 0,
    z: 0,
    visibility: id % 2 === 1 ? left : right,
  }));
}
const LEFT = [11, 13, 15];
const RIGHT = [12, 14, 16];

describe('chooseSide', () => {
  it('measures the side whose weakest landmark is more visible', () => {
    expect(chooseSide(withVisibility(0.9, 0.4), LEFT, RIGHT, 0.35, null)).toBe('left');
    expect(chooseSide(withVisibility(0.4, 0.9), LEFT, RIGHT, 0.35, null)).toBe('right');
  });

  it('keeps the current side unless the other is clearly more visible', () => {
    expect(chooseSide(withVisibility(0.8, 0.85), LEFT, RIGHT, 0.35, 'left')).toBe('left');
    expect(chooseSide(withVisibility(0.7, 0.85), LEFT, RIGHT, 0.35, 'left')).toBe('right');
  });

  it('returns null when neither side is visible enough, and a missing landmark counts as invisible', () => {
    expect(chooseSide(withVisibility(0.2, 0.3), LEFT, RIGHT, 0.35, 'left')).toBeNull();
    expect(chooseSide([], LEFT, RIGHT, 0, null)).toBeNull();
    expect(weakestVisibility([], [1])).toBe(0);
  });
});
