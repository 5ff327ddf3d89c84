import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { correctElbowAngle, rawElbowAngle, SPEC_STRAIGHT_ARM } from './correct-elbow-angle.js';

const FLOOR = 120;

describe('correctElbowAngle', () => {
  it('maps how the model reads a straight arm to the spec straight arm, and keeps 180 at 180', () => {
    expect(correctElbowAngle(152, 152, FLOOR)).toBeCloseTo(SPEC_STRAIGHT_ARM);
    expect(correctElbowAngle(180, 152, FLOOR)).toBe(180);
    expect(correctElbowAngle(166, 152, FLOOR)).toBeCloseTo(170);
  });

  it('leaves bent arms (the down zone and below) as read, so depth keeps the spec measure', () => {
    for (const raw of [40, 90, 105, 120]) expect(correctElbowAngle(raw, 152, FLOOR)).toBe(raw);
    expect(correctElbowAngle(Number.NaN, 152, FLOOR)).toBeNaN();
  });

  it('does nothing when the model reads straight arms at the spec value', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 180, noNaN: true }), (raw) => {
        return Math.abs(correctElbowAngle(raw, SPEC_STRAIGHT_ARM, FLOOR) - raw) < 1e-9;
      }),
    );
  });

  it('is monotone, never lowers a reading, stays within 0-180, and rawElbowAngle undoes it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 180, noNaN: true }),
        fc.double({ min: 0, max: 180, noNaN: true }),
        fc.double({ min: 135, max: 170, noNaN: true }),
        (a, b, straight) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const cLow = correctElbowAngle(low, straight, FLOOR);
          const cHigh = correctElbowAngle(high, straight, FLOOR);
          return (
            cLow <= cHigh + 1e-9 &&
            cLow >= low - 1e-9 &&
            cHigh <= 180 &&
            Math.abs(rawElbowAngle(cHigh, straight, FLOOR) - high) < 1e-6
          );
        },
      ),
    );
  });
});
