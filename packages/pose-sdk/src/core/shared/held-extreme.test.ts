import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HeldExtreme } from './held-extreme.js';

function run(direction: 'max' | 'min', holdMs: number, samples: readonly [number, number][]) {
  const held = new HeldExtreme(direction, holdMs);
  for (const [t, v] of samples) held.push(v, t);
  return held;
}

describe('HeldExtreme', () => {
  it('ignores a spike shorter than the hold and keeps a level that lasts', () => {
    // 30 fps: a one-frame spike to 20, then 12 for 200 ms.
    const samples: [number, number][] = [
      [0, 2],
      [33, 20],
      [67, 2],
      [100, 12],
      [133, 12],
      [167, 12],
      [200, 12],
      [233, 12],
      [267, 12],
      [300, 12],
      [333, 3],
    ];
    const held = run('max', 150, samples);
    expect(held.value).toBe(12);
    expect(held.timeMs).toBe(267);
  });

  it('holds for holdMs at any frame rate: a rising ramp reads its value holdMs ago at 30, 15, 12 and 7 fps', () => {
    // The measurement moves in a straight line between frames, so the held level of a ramp is the
    // same whatever the rate (step-wise, 12 fps read it up to 83 ms older than 30 fps).
    for (const fps of [30, 15, 12, 7]) {
      const samples: [number, number][] = [];
      for (let i = 0; i * (1000 / fps) <= 1000; i++) {
        const t = i * (1000 / fps);
        samples.push([t, t / 10]); // 1 unit every 10 ms
      }
      const last = samples[samples.length - 1]![0];
      expect(run('max', 100, samples).value).toBeCloseTo((last - 100) / 10, 9);
      expect(
        run(
          'min',
          100,
          samples.map(([t, v]) => [t, -v]),
        ).value,
      ).toBeCloseTo(-(last - 100) / 10, 9);
    }
  });

  it('for min, finds the lowest level held (a knee bent for a while, not one bad frame)', () => {
    const held = run('min', 100, [
      [0, 170],
      [33, 60],
      [67, 170],
      [100, 130],
      [133, 128],
      [167, 131],
      [200, 132],
      [233, 165],
    ]);
    // From 100 to 200 ms the knee stayed at or below 132 degrees.
    expect(held.value).toBe(132);
  });

  it('is NaN until a level has held for holdMs, and a gap breaks the hold', () => {
    const held = new HeldExtreme('max', 100);
    held.push(5, 0);
    held.push(5, 50);
    expect(held.value).toBeNaN();
    held.push(Number.NaN, 80);
    held.push(5, 90);
    held.push(5, 150);
    expect(held.value).toBeNaN();
    held.push(5, 190);
    expect(held.value).toBe(5);
    held.reset();
    expect(held.value).toBeNaN();
  });

  it('never exceeds the highest sample, and a constant series holds its value', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -50, max: 50, noNaN: true }), { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 0, max: 300 }),
        (values, holdMs) => {
          const held = run(
            'max',
            holdMs,
            values.map((v, i) => [i * 33, v]),
          );
          const top = Math.max(...values);
          return Number.isNaN(held.value) || held.value <= top;
        },
      ),
    );
    expect(
      run('max', 100, [
        [0, 7],
        [50, 7],
        [100, 7],
      ]).value,
    ).toBe(7);
  });
});
