import { describe, expect, it } from 'vitest';
import {
  isRepTempleError,
  LANDMARK,
  LANDMARK_CATEGORIES,
  LANDMARK_NAMES,
  LANDMARKS,
  landmarkName,
  landmarksInCategory,
  mirrorLandmark,
  onCloserSide,
  SIDE_VIEW_LANDMARKS,
} from '../src/index.js';

describe('landmark catalogue', () => {
  it('has 33 landmarks numbered 0-32 in BlazePose order', () => {
    expect(LANDMARK_NAMES).toHaveLength(33);
    expect(LANDMARKS.map((landmark) => landmark.id)).toEqual([...Array(33).keys()]);
    expect(LANDMARK.nose).toBe(0);
    expect(LANDMARK.left_shoulder).toBe(11);
    expect(LANDMARK.right_elbow).toBe(14);
    expect(LANDMARK.left_hip).toBe(23);
    expect(LANDMARK.right_ankle).toBe(28);
    expect(LANDMARK.right_foot_index).toBe(32);
  });

  it('puts every landmark in exactly one of the five categories', () => {
    expect(LANDMARK_CATEGORIES).toEqual(['face', 'upper_body', 'hands', 'lower_body', 'feet']);
    const counted = LANDMARK_CATEGORIES.flatMap((category) =>
      landmarksInCategory(category).map((l) => l.id),
    );
    expect(counted.sort((a, b) => a - b)).toEqual([...Array(33).keys()]);
    expect(landmarksInCategory('face').map((l) => l.name)).toContain('nose');
    expect(landmarksInCategory('upper_body').map((l) => l.name)).toEqual([
      'left_shoulder',
      'right_shoulder',
      'left_elbow',
      'right_elbow',
    ]);
    expect(landmarksInCategory('hands').map((l) => l.name)).toContain('right_thumb');
    expect(landmarksInCategory('lower_body').map((l) => l.name)).toContain('left_knee');
    expect(landmarksInCategory('feet').map((l) => l.name)).toContain('left_heel');
  });

  it('pairs every left landmark with its right mirror, and the nose with itself', () => {
    for (const landmark of LANDMARKS) {
      expect(mirrorLandmark(mirrorLandmark(landmark.id))).toBe(landmark.id);
      if (landmark.side === 'center') expect(landmark.mirrorId).toBe(landmark.id);
      else
        expect(LANDMARKS[landmark.mirrorId]!.side).toBe(
          landmark.side === 'left' ? 'right' : 'left',
        );
    }
    expect(mirrorLandmark(LANDMARK.left_elbow)).toBe(LANDMARK.right_elbow);
    expect(mirrorLandmark(LANDMARK.mouth_left)).toBe(LANDMARK.mouth_right);
    expect(mirrorLandmark(LANDMARK.nose)).toBe(LANDMARK.nose);
  });

  it('collapses left/right pairs to one name in side view (17 entries)', () => {
    expect(SIDE_VIEW_LANDMARKS).toHaveLength(17);
    const elbow = SIDE_VIEW_LANDMARKS.find((landmark) => landmark.name === 'elbow');
    expect(elbow).toEqual({ name: 'elbow', category: 'upper_body', leftId: 13, rightId: 14 });
    expect(SIDE_VIEW_LANDMARKS.find((landmark) => landmark.name === 'mouth')).toMatchObject({
      leftId: 9,
      rightId: 10,
    });
  });

  it('chooses the closer side for a side view', () => {
    expect(onCloserSide(LANDMARK.left_knee, 'right')).toBe(LANDMARK.right_knee);
    expect(onCloserSide(LANDMARK.right_knee, 'right')).toBe(LANDMARK.right_knee);
    expect(onCloserSide(LANDMARK.right_knee, 'left')).toBe(LANDMARK.left_knee);
    expect(onCloserSide(LANDMARK.nose, 'left')).toBe(LANDMARK.nose);
  });

  it('rejects an unknown landmark id with a typed error', () => {
    expect(landmarkName(13)).toBe('left_elbow');
    let caught: unknown;
    try {
      landmarkName(33);
    } catch (error) {
      caught = error;
    }
    expect(isRepTempleError(caught) && caught.code).toBe('LANDMARK_UNKNOWN');
    expect((caught as Error).message).toMatch(/^Expected a landmark id 0-32, got 33\n/);
    expect((caught as { hint?: string }).hint).toMatch(/LANDMARK\.left_elbow is 13/);
  });
});
