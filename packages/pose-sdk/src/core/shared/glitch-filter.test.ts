import { describe, expect, it } from 'vitest';
import { GlitchFilter } from './glitch-filter.js';

describe('GlitchFilter', () => {
  it('removes a one-frame spike, as the time median it is', () => {
    const filter = new GlitchFilter({ glitchWindow: 100, glitchKeepWithin: 15 });
    const out = [170, 171, 60, 172, 173].map((angle, i) => filter.filter(angle, i * 33.3));
    expect(out).toEqual([Number.NaN, Number.NaN, 170, 170.5, 171.5]);
  });

  it('passes an unmeasured angle through without feeding or clearing the median', () => {
    const filter = new GlitchFilter({ glitchWindow: 100, glitchKeepWithin: 15 });
    filter.filter(100, 0);
    filter.filter(102, 33);
    expect(filter.filter(Number.NaN, 67)).toBeNaN();
    // Had the NaN been a sample, this would be the median of 102, NaN and 104.
    expect(filter.filter(104, 100)).toBe(102);
  });

  it('keeps a sample near the median where three samples span more than the window', () => {
    const at15fps = (angles: number[]) => {
      const filter = new GlitchFilter({ glitchWindow: 100, glitchKeepWithin: 8 });
      return angles.map((angle, i) => filter.filter(angle, i * 66.7));
    };
    // A top that only one sample caught, 6 degrees above the median: kept as measured.
    expect(at15fps([150, 156, 149])).toEqual([Number.NaN, Number.NaN, 156]);
    // 30 degrees above: a glitch, replaced by the median.
    expect(at15fps([150, 180, 149])).toEqual([Number.NaN, Number.NaN, 150]);
  });

  it('reports every measured angle as it is with a window of 0', () => {
    const filter = new GlitchFilter({ glitchWindow: 0, glitchKeepWithin: 15 });
    expect([90, 170, 45].map((angle, i) => filter.filter(angle, i))).toEqual([90, 170, 45]);
  });
});
