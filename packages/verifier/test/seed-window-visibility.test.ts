import type { Landmark, PoseFrame } from '@reptemple/pose-sdk';
import { VISIBILITY_SMOOTHING_ALPHA } from '@reptemple/pose-sdk/node';
import { describe, expect, it } from 'vitest';
import {
  seedWindowVisibility,
  VISIBILITY_SEED_REACH_MS,
  type WindowFrame,
} from '../src/verify/seed-window-visibility.js';

const ALPHA = VISIBILITY_SMOOTHING_ALPHA;

function landmarks(visibility: number): Landmark[] {
  return Array.from({ length: 33 }, (_, i) => ({ x: i / 33, y: 0.5, z: 0, visibility }));
}

function frame(timestampMs: number, visibility: number | null, marks: Partial<WindowFrame> = {}) {
  return {
    timestampMs,
    landmarks: visibility === null ? [] : landmarks(visibility),
    ...marks,
  } as WindowFrame;
}

/** What tasks-vision's filter outputs for `raw`, started afresh (its first output the raw value) or from `state`. */
function smoothed(raw: readonly number[], state?: number): number[] {
  const out: number[] = [];
  let previous = state;
  for (const value of raw) {
    previous = previous === undefined ? value : ALPHA * value + (1 - ALPHA) * previous;
    out.push(previous);
  }
  return out;
}

const visibilityOf = (frames: readonly PoseFrame[]) =>
  frames.map((f) => f.landmarks[13]!.visibility);

describe('seedWindowVisibility', () => {
  it('gives the visibility a filter carried on from the sampled pass would, and drops the warm-up frames', () => {
    const raw = [0.2, 0.25, 0.3, 0.35, 0.3, 0.4, 0.45];
    const restarted = smoothed(raw);
    const window = raw.map((_, i) =>
      frame(1000 + i * 33, restarted[i]!, {
        ...(i < 4 ? { warmUp: true as const } : {}),
        ...(i === 0 ? { trackingStart: true as const } : {}),
      }),
    );
    const sampled = [frame(900, 0.6), frame(983, 0.5), frame(1067, 0.9)];
    const seeded = seedWindowVisibility(window, sampled);
    expect(seeded.map((f) => f.timestampMs)).toEqual([1132, 1165, 1198]);
    // Seeded with the last sampled frame at or before the restart (983 ms: 0.5).
    const expected = smoothed(raw, 0.5).slice(4);
    for (const [i, v] of visibilityOf(seeded).entries()) expect(v).toBeCloseTo(expected[i]!, 12);
    // Unseeded, the window's first frame is still two thirds the restart's one raw reading.
    expect(visibilityOf(seeded)[0]).toBeGreaterThan(restarted[4]! + 0.1);
    // The marks of the windowed extraction stay inside.
    for (const f of seeded) expect(Object.keys(f).sort()).toEqual(['landmarks', 'timestampMs']);
  });

  it('restarts at the next frame with a person, and at every restart from its own seed', () => {
    const window = [
      frame(2000, null, { warmUp: true, trackingStart: true }),
      frame(2033, 0.1, { warmUp: true }),
      frame(2067, 0.1),
      frame(3000, 0.8, { trackingStart: true }),
    ];
    const sampled = [frame(1917, 0.5), frame(2917, 0.2)];
    const seeded = seedWindowVisibility(window, sampled);
    expect(seeded.map((f) => f.landmarks.length)).toEqual([33, 33]);
    // 2067: second frame with a person since the restart at 2033 (raw 0.1 twice), seed 0.5.
    expect(visibilityOf(seeded)[0]).toBeCloseTo(smoothed([0.1, 0.1], 0.5)[1]!, 12);
    // 3000: a new restart, seeded with 0.2.
    expect(visibilityOf(seeded)[1]).toBeCloseTo(ALPHA * 0.8 + (1 - ALPHA) * 0.2, 12);
  });

  it('keeps the window its own visibility when the sampled pass had nobody near the restart', () => {
    const window = [frame(5000, 0.3, { trackingStart: true }), frame(5033, 0.35)];
    const late = [frame(5000 - VISIBILITY_SEED_REACH_MS - 1, 0.9), frame(4950, null)];
    expect(visibilityOf(seedWindowVisibility(window, late))).toEqual([0.3, 0.35]);
    expect(visibilityOf(seedWindowVisibility(window, []))).toEqual([0.3, 0.35]);
    // Frames of a window without a restart mark (an extraction without reportWarmUp) pass as they are.
    expect(visibilityOf(seedWindowVisibility([frame(5000, 0.3)], [frame(4990, 1)]))).toEqual([0.3]);
  });
});
