import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RollingMean } from './rolling-mean.js';

describe('RollingMean', () => {
  it('averages only the last N samples', () => {
    const mean = new RollingMean(3);
    expect(mean.mean).toBeNaN();
    expect(mean.push(3)).toBe(3);
    expect(mean.push(6)).toBe(4.5);
    expect(mean.push(9)).toBe(6);
    expect(mean.push(12)).toBe(9); // 3 has left the window
    mean.clear();
    expect(mean.size).toBe(0);
    expect(mean.push(1)).toBe(1);
  });

  it('equals the plain mean of the last N values for any sequence', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1000, max: 1000, noNaN: true }), {
          minLength: 1,
          maxLength: 50,
        }),
        fc.integer({ min: 1, max: 12 }),
        (values, capacity) => {
          const mean = new RollingMean(capacity);
          let last = Number.NaN;
          for (const value of values) last = mean.push(value);
          const window = values.slice(-capacity);
          const expected = window.reduce((a, b) => a + b, 0) / window.length;
          return Math.abs(last - expected) < 1e-6;
        },
      ),
    );
  });
});
