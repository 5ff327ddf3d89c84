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

  it('gives exactly the median a sort gives, for the three or four samples of a 30 fps window', () => {
    const sortedMedian = (window: readonly number[]) => {
      const sorted = [...window].sort((a, b) => a - b);
      const middle = sorted.length >> 1;
      return sorted.length % 2 === 1
        ? sorted[middle]!
        : (sorted[middle - 1]! + sorted[middle]!) / 2;
    };
    const value = fc.oneof(
      fc.integer({ min: 0, max: 4 }), // many ties
      fc.double({ min: 0, max: 180, noNaN: true, noDefaultInfinity: true }),
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: 3, maxLength: 40 }), (values) => {
        // 33 ms apart a 100 ms window holds four samples; 40 ms apart, three.
        return [33, 40].every((spacing) => {
          const filter = new TimeMedian(100);
          const held = spacing === 33 ? 4 : 3;
          return values.every((v, i) => {
            const out = filter.push(v, i * spacing);
            if (i < 2) return Number.isNaN(out);
            return Object.is(out, sortedMedian(values.slice(Math.max(0, i + 1 - held), i + 1)));
          });
        });
      }),
    );
  });

  describe('with keepWithin (a Hampel filter)', () => {
    it('keeps a middle sample near the median as measured: the top of a fast rep at 15 fps', () => {
      const median = new TimeMedian(100);
      const hampel = new TimeMedian(100, 3, 15);
      const top = [112.6, 126.1, 115.3];
      expect(top.map((v, i) => median.push(v, i * 67)).at(-1)).toBe(115.3);
      expect(top.map((v, i) => hampel.push(v, i * 67)).at(-1)).toBe(126.1);
    });

    it('still replaces a glitch farther than keepWithin from the median', () => {
      const hampel = new TimeMedian(100, 3, 15);
      expect([130, 40, 131].map((v, i) => hampel.push(v, i * 67))).toEqual([
        Number.NaN,
        Number.NaN,
        130,
      ]);
    });

    it('stays the plain median where three samples fit in the window (20 fps and above)', () => {
      const hampel = new TimeMedian(100, 3, 15);
      // 30 fps: the fourth sample still fits in 100 ms, and the median is of four.
      expect([100, 104, 108, 112].map((v, i) => hampel.push(v, i * 33.3)).at(-1)).toBe(106);
      hampel.reset();
      // 20 fps: three samples span exactly the window.
      expect([112.6, 126.1, 115.3].map((v, i) => hampel.push(v, i * 50)).at(-1)).toBe(115.3);
      hampel.reset();
      // 29.97 fps sampled to 20: around a dropped frame three samples span 100.1 ms, stretched.
      const sampled = [0, 66.73, 100.1];
      expect([112.6, 126.1, 115.3].map((v, i) => hampel.push(v, sampled[i]!)).at(-1)).toBe(126.1);
    });

    it('reports the newer middle sample of a stretched window of an even minimum', () => {
      const hampel = new TimeMedian(100, 4, 15);
      const out = [100, 104, 108, 112].map((v, i) => hampel.push(v, i * 67));
      expect(out.at(-1)).toBe(108); // the median is 106
    });

    it('is the plain median when keepWithin is 0', () => {
      fc.assert(
        fc.property(
          fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 40 }),
          (values) => {
            // 67 ms apart (15 fps): every window stretches, where keepWithin would apply.
            const median = new TimeMedian(100);
            const zero = new TimeMedian(100, 3, 0);
            return values.every((v, i) => Object.is(median.push(v, i * 67), zero.push(v, i * 67)));
          },
        ),
      );
    });
  });
});
