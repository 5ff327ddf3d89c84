import { describe, expect, it } from 'vitest';
import type { Landmark } from '../types.js';
import { torsoTiltFromUpright } from './torso-tilt.js';

const frame = { width: 640, height: 360 };

function body(shoulder: [number, number, number], hip: [number, number, number]): Landmark[] {
  const landmarks: Landmark[] = Array.from({ length: 33 }, () => ({
    x: 0.5,
    y: 0.5,
    z: 0,
    visibility: 1,
  }));
  for (const id of [11, 12])
    landmarks[id] = { x: shoulder[0], y: shoulder[1], z: shoulder[2], visibility: 1 };
  for (const id of [23, 24]) landmarks[id] = { x: hip[0], y: hip[1], z: hip[2], visibility: 1 };
  return landmarks;
}

describe('torsoTiltFromUpright', () => {
  it('reads 0 for hips straight below the shoulders and 90 for a level torso seen from the side', () => {
    expect(torsoTiltFromUpright(body([0.5, 0.2, 0], [0.5, 0.6, 0]), frame)).toBeCloseTo(0, 6);
    expect(torsoTiltFromUpright(body([0.7, 0.5, 0], [0.3, 0.5, 0]), frame)).toBeCloseTo(90, 6);
  });

  it('reads more than 90 when the hips are above the shoulders (a pike)', () => {
    expect(torsoTiltFromUpright(body([0.7, 0.6, 0], [0.4, 0.4, 0]), frame)).toBeGreaterThan(90);
  });

  it('counts depth: a torso running away from the camera is level even though it looks vertical', () => {
    // Hips 0.05 below the shoulders in the picture (18 px) but 0.3 (192 px) further away.
    expect(torsoTiltFromUpright(body([0.5, 0.5, -0.15], [0.5, 0.55, 0.15]), frame)).toBeGreaterThan(
      80,
    );
  });

  it('scales x and z by the width and y by the height', () => {
    // 0.1 of the width (64 px) sideways and 64/360 of the height (64 px) down: 45 degrees.
    expect(torsoTiltFromUpright(body([0.5, 0.5, 0], [0.6, 0.5 + 64 / 360, 0]), frame)).toBeCloseTo(
      45,
      6,
    );
  });

  it('gives NaN without landmarks', () => {
    expect(torsoTiltFromUpright([], frame)).toBeNaN();
  });
});
