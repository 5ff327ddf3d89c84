import { describe, expect, it } from 'vitest';
import { FrameSampler, sampleFrames } from './frame-sampler.js';

/** `count` frames at a constant `fps`, timestamps in ms. */
const frames = (fps: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ timestampMs: (i * 1000) / fps }));

const times = (kept: readonly { timestampMs: number }[]) =>
  kept.map((frame) => Math.round(frame.timestampMs));

describe('FrameSampler', () => {
  it('keeps the first frame and then one per 1/fps slot: every other frame of 30 fps at 15', () => {
    const sampler = new FrameSampler(15);
    const kept = frames(30, 30).filter((frame) => sampler.keep(frame.timestampMs));
    expect(times(kept)).toEqual(Array.from({ length: 15 }, (_, i) => Math.round((i * 2000) / 30)));
  });

  it('does not lose a frame to rounding at slot edges (2/30 s x 15 = 0.99999...)', () => {
    const sampler = new FrameSampler(15);
    expect([0, 1000 / 30, 2000 / 30].map((t) => sampler.keep(t))).toEqual([true, false, true]);
  });

  it('keeps 15 a second of a 25 fps stream, never two in one slot', () => {
    const sampler = new FrameSampler(15);
    const kept = frames(25, 50).filter((frame) => sampler.keep(frame.timestampMs));
    expect(kept).toHaveLength(30);
    for (let i = 1; i < kept.length; i++) {
      expect(kept[i]!.timestampMs - kept[i - 1]!.timestampMs).toBeGreaterThan(1000 / 25 - 1e-9);
    }
  });

  it('keeps every frame when asked for more than the stream has, and follows gaps', () => {
    const sampler = new FrameSampler(30);
    expect(frames(10, 10).every((frame) => sampler.keep(frame.timestampMs))).toBe(true);
    const afterGap = new FrameSampler(15);
    expect([0, 2000, 2010, 2070].map((t) => afterGap.keep(t))).toEqual([true, true, false, true]);
  });
});

describe('sampleFrames', () => {
  it('ends on the last frame even when its slot already has a frame', () => {
    // 31 frames at 30 fps: the sampler keeps 0, 2, ..., 30 (the last is kept anyway).
    expect(times(sampleFrames(frames(30, 31), 15)).at(-1)).toBe(1000);
    // 30 frames: the sampler keeps 0, 2, ..., 28; frame 29 (967 ms) is added once.
    const kept = times(sampleFrames(frames(30, 30), 15));
    expect(kept).toHaveLength(16);
    expect(kept.slice(-2)).toEqual([933, 967]);
  });

  it('returns nothing for no frames and the frame itself for one', () => {
    expect(sampleFrames([], 15)).toEqual([]);
    expect(sampleFrames(frames(30, 1), 15)).toHaveLength(1);
  });
});
