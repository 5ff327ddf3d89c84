import { describe, expect, it } from 'vitest';
import { TimeSmoother } from './smoothing.js';

describe('TimeSmoother', () => {
  it('passes samples through unchanged when the time constant is 0', () => {
    const smoother = new TimeSmoother(0);
    expect(smoother.push(10, 0)).toBe(10);
    expect(smoother.push(90, 33)).toBe(90);
  });

  it('reaches 63% of a step after one time constant, whatever the frame rate', () => {
    for (const frameMs of [1000 / 30, 1000 / 15, 1000 / 5]) {
      const smoother = new TimeSmoother(200);
      smoother.push(0, 0);
      let value = 0;
      for (let t = frameMs; t <= 200 + 1e-9; t += frameMs) value = smoother.push(100, t);
      const steps = Math.floor(200 / frameMs + 1e-9);
      expect(value).toBeCloseTo(100 * (1 - Math.exp((-steps * frameMs) / 200)), 6);
    }
  });

  it('restarts from the next sample after a reset or a missing (NaN) sample', () => {
    const smoother = new TimeSmoother(100);
    smoother.push(0, 0);
    smoother.reset();
    expect(smoother.push(50, 10)).toBe(50);
    expect(smoother.push(Number.NaN, 20)).toBeNaN();
    expect(smoother.push(70, 30)).toBe(70);
  });
});
