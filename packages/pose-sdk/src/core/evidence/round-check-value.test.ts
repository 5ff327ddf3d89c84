import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundCheckValue } from './round-check-value.js';

describe('roundCheckValue', () => {
  it('rounds to the nearest step, but never onto or across the threshold', () => {
    expect(roundCheckValue(159.96, 160, 10)).toBe(159.9);
    expect(roundCheckValue(160.04, 160, 10)).toBe(160.1);
    expect(roundCheckValue(90.04, 90, 10)).toBe(90.1);
    expect(roundCheckValue(0.596, 0.6, 100)).toBe(0.59);
    // Far from the threshold, the nearest step.
    expect(roundCheckValue(0.2667, 0.5, 100)).toBe(0.27);
    expect(roundCheckValue(142.76, 160, 10)).toBe(142.8);
  });

  it('keeps a value on its threshold or already on a step, and what is not finite', () => {
    expect(roundCheckValue(160, 160, 10)).toBe(160);
    expect(roundCheckValue(160.1, 160, 10)).toBe(160.1);
    expect(roundCheckValue(Number.NaN, 160, 10)).toBeNaN();
  });

  it('never puts a value on the other side of its threshold, nor on it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 200, noNaN: true }),
        fc.integer({ min: 0, max: 2000 }),
        (value, thresholdSteps) => {
          const threshold = thresholdSteps / 10; // thresholds are whole tenths or coarser
          const shown = roundCheckValue(value, threshold, 10);
          if (value > threshold) expect(shown).toBeGreaterThan(threshold);
          else if (value < threshold) expect(shown).toBeLessThan(threshold);
          else expect(shown).toBe(threshold);
          expect(Math.abs(shown - value)).toBeLessThan(0.1 + 1e-9);
        },
      ),
    );
  });
});
