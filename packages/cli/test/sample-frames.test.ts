import { describe, expect, it } from 'vitest';
import { sampleFrames } from '../src/core/session.js';

const frames = (fps: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ timestampMs: (i * 1000) / fps, landmarks: [] }));

describe('sampleFrames', () => {
  it('keeps every other frame of 30 fps at 15 fps', () => {
    expect(sampleFrames(frames(30, 30), 15).map((f) => Math.round(f.timestampMs))).toEqual(
      Array.from({ length: 15 }, (_, i) => Math.round((i * 2000) / 30)),
    );
  });

  it('keeps 15 a second of a 25 fps stream, spread evenly', () => {
    const kept = sampleFrames(frames(25, 50), 15);
    expect(kept.length).toBeGreaterThanOrEqual(29);
    expect(kept.length).toBeLessThanOrEqual(31);
  });

  it('keeps every frame when asked for more than the stream has', () => {
    expect(sampleFrames(frames(10, 10), 30)).toHaveLength(10);
  });
});
