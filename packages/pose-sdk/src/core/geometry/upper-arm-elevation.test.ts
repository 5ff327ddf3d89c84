import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Landmark } from '../types.js';
import { upperArmElevation } from './upper-arm-elevation.js';

const SIZE = { width: 640, height: 360 };
/** A landmark at pixel (x, y). */
const at = (x: number, y: number): Landmark => ({
  x: x / SIZE.width,
  y: y / SIZE.height,
  z: 0,
  visibility: 1,
});

describe('upperArmElevation', () => {
  it('is 0 for an upper arm parallel to the floor, whichever way the person faces', () => {
    expect(upperArmElevation(at(300, 200), at(260, 200), null, null, SIZE)).toBeCloseTo(0);
    expect(upperArmElevation(at(300, 200), at(340, 200), null, null, SIZE)).toBeCloseTo(0);
  });

  it('is positive with the shoulder above the elbow and negative below it, facing either way', () => {
    // Head to the right: the elbow is behind (left of) the shoulder at the bottom.
    expect(upperArmElevation(at(300, 160), at(260, 200), null, null, SIZE)).toBeCloseTo(45);
    expect(upperArmElevation(at(300, 220), at(260, 200), null, null, SIZE)).toBeCloseTo(-26.57, 1);
    // Head to the left.
    expect(upperArmElevation(at(300, 160), at(340, 200), null, null, SIZE)).toBeCloseTo(45);
    expect(upperArmElevation(at(300, 240), at(340, 200), null, null, SIZE)).toBeCloseTo(-45);
  });

  it('reads 90 for a vertical arm (the top of a push-up)', () => {
    expect(upperArmElevation(at(300, 100), at(300, 200), null, null, SIZE)).toBeCloseTo(90);
  });

  it('measures against the floor line through the wrist and the ankle when the camera is rolled', () => {
    // The whole scene turned 10 degrees clockwise in the picture (y grows downwards): the floor
    // and a parallel upper arm turn together, the head (right) going down.
    const turn = (x: number, y: number): Landmark => {
      const r = (10 * Math.PI) / 180;
      return at(
        320 + (x - 320) * Math.cos(r) - (y - 180) * Math.sin(r),
        180 + (x - 320) * Math.sin(r) + (y - 180) * Math.cos(r),
      );
    };
    const shoulder = turn(400, 200);
    const elbow = turn(360, 200);
    const wrist = turn(420, 260);
    const ankle = turn(100, 260);
    expect(upperArmElevation(shoulder, elbow, wrist, ankle, SIZE)).toBeCloseTo(0);
    expect(upperArmElevation(shoulder, elbow, null, null, SIZE)).toBeCloseTo(-10);
  });

  it('stays within -90..90 and flips sign when the picture is flipped upside down', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 639 }),
        fc.integer({ min: 0, max: 359 }),
        fc.integer({ min: 0, max: 639 }),
        fc.integer({ min: 0, max: 359 }),
        (sx, sy, ex, ey) => {
          fc.pre(sx !== ex || sy !== ey);
          const up = upperArmElevation(at(sx, sy), at(ex, ey), null, null, SIZE);
          const flipped = upperArmElevation(at(sx, 360 - sy), at(ex, 360 - ey), null, null, SIZE);
          return up >= -90 && up <= 90 && Math.abs(up + flipped) < 1e-9;
        },
      ),
    );
  });

  it('gives NaN when the shoulder and elbow are one point', () => {
    expect(upperArmElevation(at(10, 10), at(10, 10), null, null, SIZE)).toBeNaN();
  });
});
