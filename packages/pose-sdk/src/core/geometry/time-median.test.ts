import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TimeMedian } from './time-median.js';

describe('TimeMedian', () => {
  it('removes a one-frame spike and follows a step about half a window late', () => {
    const filter = new TimeMedian(100);
    const at30fps = (values: number[]) => values.map((v, i) => filter.push(v, i * 33.3));
    expect(at30fps([100, 101, 10, 102, 103])).toEqual([Number.NaN, Number.NaN, 100, 100.5, 101.5]);
    filter.reset();
    expect(at30fps([50, 50, 50, 150, 150, 150])).toEqual([
      Number.NaN,
      Number.NaN,
      50,
      50,
      100,
      150,
    ]);
  });

  it('filters the same time span at any frame rate, but never fewer than 3 samples', () => {
    const filter = new TimeMedian(100);
    // At 5 fps a 100 ms window holds one sample; the last three are used instead.
    expect([100, 10, 100, 10].map((v, i) => filter.push(v, i * 200))).toEqual([
      Number.NaN,
      Number.NaN,
      100,
      10,
    ]);
  });

  it('reports nothing until three fresh samples have arrived after a gap', () => {
    const filter = new TimeMedian(100);
    for (const [i, v] of [100, 100, 100].entries()) filter.push(v, i * 33);
    // 400 ms without samples (over 3 windows): the old samples are forgotten.
    expect(filter.push(20, 466)).toBeNaN();
    expect(filter.push(100, 500)).toBeNaN();
    expect(filter.push(101, 533)).toBe(100);
  });

  it('passes samples through when the window is 0', () => {
    const filter = new TimeMedian(0);
    expect([1, 50, 2].map((v, i) => filter.push(v, i))).toEqual([1, 50, 2]);
  });

  it('always returns a value between the smallest and largest sample of its window', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 40 }),
        (values) => {
          const filter = new TimeMedian(100);
          return values.every((v, i) => {
            const out = filter.push(v, i * 33);
            if (i < 2) return Number.isNaN(out);
            const window = values.slice(Math.max(0, Math.min(i - 2, i - 3)), i + 1);
            return out >= Math.min(...window) && out <= Math.max(...window);
          });
        },
      ),
    );
  });
});
