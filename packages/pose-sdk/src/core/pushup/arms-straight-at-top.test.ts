import { describe, expect, it } from 'vitest';
import { armsStraightAtTop } from './arms-straight-at-top.js';

describe('armsStraightAtTop', () => {
  it('takes the judged (calibrated) elbow: a lite side-view straight arm read at 145 is corrected above 160', () => {
    expect(armsStraightAtTop(161.5, 145, 160)).toBe(true);
    expect(armsStraightAtTop(160, 140, 160)).toBe(true);
  });

  it('a hold half-way down is no top, whichever side of the down zone (120) it reads', () => {
    for (const reading of [113, 118, 120, 122, 123]) {
      expect(armsStraightAtTop(reading, reading, 160)).toBe(false);
    }
  });

  it('the spec measure at 160 is straight too (the phase is up), and without a view (judged NaN) it alone decides', () => {
    expect(armsStraightAtTop(146, 161, 160)).toBe(true);
    expect(armsStraightAtTop(Number.NaN, 165, 160)).toBe(true);
    expect(armsStraightAtTop(Number.NaN, 150, 160)).toBe(false);
    expect(armsStraightAtTop(Number.NaN, Number.NaN, 160)).toBe(false);
  });
});
