import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alignmentScoreFromHipAngle } from './alignment-score.js';

describe('alignmentScoreFromHipAngle', () => {
  it('scores a straight body 100, a right angle 0, and half-way 50', () => {
    expect(alignmentScoreFromHipAngle(180)).toBe(100);
    expect(alignmentScoreFromHipAngle(90)).toBe(0);
    expect(alignmentScoreFromHipAngle(135)).toBe(50);
    expect(alignmentScoreFromHipAngle(30)).toBe(0);
  });

  it('never rises as the hip bends more, and stays within 0-100', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 180, noNaN: true }),
        fc.double({ min: 0, max: 180, noNaN: true }),
        (a, b) => {
          const [straighter, bent] = a >= b ? [a, b] : [b, a];
          const high = alignmentScoreFromHipAngle(straighter);
          const low = alignmentScoreFromHipAngle(bent);
          return high >= low && low >= 0 && high <= 100;
        },
      ),
    );
  });

  it('gives NaN when the angle could not be measured', () => {
    expect(alignmentScoreFromHipAngle(Number.NaN)).toBeNaN();
  });
});
