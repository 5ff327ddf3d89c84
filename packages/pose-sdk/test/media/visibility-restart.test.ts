import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTrace } from '../../src/core/trace/trace-reader.js';
import { VISIBILITY_SMOOTHING_ALPHA } from '../../src/media/model-settings.js';
import { VisibilityRestart } from '../../src/media/visibility-restart.js';
import { FIXTURE_TRACES } from '../engine/fixtures.js';

/** tasks-vision's filter, as the graph runs it: the first value as it is, then a low-pass. */
function lowPass(raw: readonly number[][], state: number[] | null = null): number[][] {
  let previous = state;
  return raw.map((values) => {
    const out = values.map((v, i) =>
      previous === null
        ? v
        : VISIBILITY_SMOOTHING_ALPHA * v + (1 - VISIBILITY_SMOOTHING_ALPHA) * previous[i]!,
    );
    previous = out;
    return out;
  });
}

describe('restarting the visibility smoothing', () => {
  const raw = [
    [0.9, 0.2],
    [0.8, 0.3],
    [0.95, 0.1],
    [0.7, 0.6],
    [0.9, 0.4],
  ];

  it('gives what a new graph gives, from the graph that carried on', () => {
    const before = lowPass([
      [0.1, 0.9],
      [0.2, 0.95],
    ]);
    const carriedOn = lowPass(raw, before[1]!);
    const restart = new VisibilityRestart();
    for (const frame of before) expect(restart.correct(frame)).toEqual(frame);
    restart.restart();
    const corrected = carriedOn.map((frame) => restart.correct(frame));
    const fresh = lowPass(raw);
    for (const [i, frame] of corrected.entries()) {
      for (const [k, value] of frame.entries()) expect(value).toBeCloseTo(fresh[i]![k]!, 10);
    }
  });

  it('leaves a graph that was never restarted as it is', () => {
    const restart = new VisibilityRestart();
    const outputs = lowPass(raw);
    expect(outputs.map((frame) => restart.correct(frame))).toEqual(outputs);
  });

  it("matches the filter of real traces: every frame's raw visibility lies in 0-1", () => {
    // If tasks-vision changed its filter, the implied raw values would leave 0-1.
    const trace = parseTrace(
      readFileSync(join(FIXTURE_TRACES, 'pushup/28-glass-room-single.ndjson'), 'utf8'),
    );
    let checked = 0;
    for (let i = 1; i < trace.frames.length; i++) {
      const [a, b] = [trace.frames[i - 1]!.landmarks, trace.frames[i]!.landmarks];
      if (a.length === 0 || b.length === 0) continue;
      for (const [k, landmark] of b.entries()) {
        const rawValue =
          (landmark.visibility - (1 - VISIBILITY_SMOOTHING_ALPHA) * a[k]!.visibility) /
          VISIBILITY_SMOOTHING_ALPHA;
        expect(rawValue).toBeGreaterThan(-1e-4);
        expect(rawValue).toBeLessThan(1 + 1e-4);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(4000);
  });
});
