import { describe, expect, it } from 'vitest';
import { type TurnCycle, TurnCycles } from './turn-cycles.js';

/** A signal through the given (ms, degrees) points, sampled every `stepMs`; the start phase from `startFrom`. */
function run(points: readonly [number, number][], startFrom = 160, stepMs = 33) {
  const cycles = new TurnCycles(30);
  const reps: TurnCycle[] = [];
  const end = points[points.length - 1]![0];
  for (let t = 0; t <= end; t += stepMs) {
    let value = points[0]![1];
    for (let i = 1; i < points.length; i++) {
      const [t0, v0] = points[i - 1]!;
      const [t1, v1] = points[i]!;
      if (t <= t1) {
        value = v0 + ((v1 - v0) * (t - t0)) / (t1 - t0);
        break;
      }
      value = v1;
    }
    const rep = cycles.push(value, t, value >= startFrom);
    if (rep) reps.push(rep);
  }
  const last = cycles.finish();
  if (last) reps.push(last);
  return reps;
}

describe('TurnCycles', () => {
  it('cuts full reps from the top they left to the top they returned to', () => {
    const reps = run([
      [0, 170],
      [300, 170],
      [900, 60],
      [1500, 170],
      [2100, 60],
      [2700, 170],
      [3000, 170],
    ]);
    expect(reps).toHaveLength(2);
    expect(reps[0]!.startValue).toBe(170);
    expect(reps[0]!.bottomValue).toBeCloseTo(60, -1);
    expect(reps[0]!.startTime).toBeCloseTo(297, -1);
    expect(reps[0]!.bottomTime).toBeCloseTo(900, -2);
    // It ends where the start phase begins (160), on the way to the top.
    expect(reps[0]!.endValue).toBeGreaterThanOrEqual(160);
    expect(reps[1]!.startTime).toBeGreaterThan(reps[0]!.endTime);
  });

  it('counts fast reps whose tops turn short of the start phase, each ending at its own top', () => {
    const reps = run([
      [0, 170],
      [500, 60],
      [800, 140],
      [1100, 60],
      [1400, 140],
      [1700, 60],
      [2200, 170],
    ]);
    expect(reps).toHaveLength(3);
    // Sampled every 33 ms, the tops read within a sample's step of 140.
    expect(reps[0]!.endValue).toBeCloseTo(140, -1);
    expect(reps[1]!.endValue).toBeCloseTo(140, -1);
    expect(reps[2]!.endValue).toBeGreaterThanOrEqual(160);
    // Each rep starts at the top the previous one ended at.
    expect(reps[1]!.startTime).toBe(reps[0]!.endTime);
  });

  it('ignores a wobble that bends less than minTurn, and a rise that turns down short of it', () => {
    expect(
      run([
        [0, 170],
        [300, 150],
        [600, 170],
        [900, 145],
        [1200, 170],
      ]),
    ).toEqual([]);
  });

  it('at the end of the stream, a last rise that recovered most of its descent is a rep', () => {
    expect(
      run([
        [0, 170],
        [500, 60],
        [900, 150],
      ]),
    ).toHaveLength(1);
    expect(
      run([
        [0, 170],
        [500, 60],
        [700, 100],
      ]),
    ).toEqual([]);
  });
});

describe('TurnCycles at the start of a stream', () => {
  it('does not count the rise of a stream that begins mid-descent below the start phase', () => {
    const reps = run([
      [0, 96],
      [200, 60],
      [700, 175],
      [1200, 60],
      [1700, 175],
    ]);
    expect(reps).toHaveLength(1);
    expect(reps[0]!.startTime).toBeGreaterThan(600);
  });
});
