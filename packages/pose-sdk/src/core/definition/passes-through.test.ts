import { describe, expect, it } from 'vitest';
import { passesThrough, stretchInsideRanges } from './passes-through.js';

describe('passesThrough', () => {
  it('finds a band that one angle jumped over between two frames', () => {
    // 150 -> 90 degrees crosses 100-135 between 30% and 83% of the way.
    expect(passesThrough([150], [90], [{ min: 100, max: 135 }])).toBeCloseTo(
      (0.25 + 50 / 60) / 2,
      10,
    );
  });

  it('needs every angle inside its range at the same moment', () => {
    const ranges = [
      { min: 100, max: 135 },
      { min: 100, max: 135 },
    ];
    // Both cross the band at the same time: passed.
    expect(passesThrough([150, 150], [90, 90], ranges)).not.toBeNull();
    // The first crosses early, the second late: never both inside.
    expect(passesThrough([150, 180], [90, 130], ranges)).toBeNull();
  });

  it('ignores angles without a range and fails on unmeasured angles', () => {
    expect(passesThrough([150, 10], [90, 170], [{ min: 100, max: 135 }, undefined])).not.toBeNull();
    expect(passesThrough([Number.NaN], [90], [{ min: 100, max: 135 }])).toBeNull();
  });

  it('treats an angle that did not move as inside or outside for the whole step', () => {
    expect(passesThrough([120], [120], [{ min: 100, max: 135 }])).toBe(0.5);
    expect(passesThrough([140], [140], [{ min: 100, max: 135 }])).toBeNull();
  });
});

describe('stretchInsideRanges', () => {
  it('gives where the path enters and leaves the ranges, as fractions of the way', () => {
    // 80 -> 120 degrees is inside 100-150 from half-way to the end.
    expect(stretchInsideRanges([80], [120], [{ min: 100, max: 150 }])).toEqual({
      enter: 0.5,
      leave: 1,
    });
    // Already inside at the start: enters at 0.
    expect(stretchInsideRanges([120], [140], [{ min: 100, max: 150 }])).toEqual({
      enter: 0,
      leave: 1,
    });
    expect(stretchInsideRanges([80], [90], [{ min: 100, max: 150 }])).toBeNull();
  });
});
