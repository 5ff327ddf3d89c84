import { describe, expect, it } from 'vitest';
import { countingStartEstimate } from './counting-start';

/** Frames handed over as a loop does: each at its capture time plus its detection's time. */
function estimate(frames: readonly { capturedMs: number; detectMs: number }[]): number | undefined {
  const originMs = frames[0]!.capturedMs;
  let start: number | undefined;
  for (const frame of frames)
    start = countingStartEstimate(
      start,
      frame.capturedMs + frame.detectMs,
      frame.capturedMs - originMs,
    );
  return start;
}

describe('countingStartEstimate', () => {
  it('is the first frame alone at first: its hand-over minus its camera time (0)', () => {
    expect(countingStartEstimate(undefined, 900, 0)).toBe(900);
  });

  it('a slow first detection (the model warming up) does not put the clock late', () => {
    // The first frame, captured 40 ms after the recorder started, takes 1200 ms to detect; the
    // next frames (24 a second, every other one analysed) take 45-60 ms.
    const frames = [
      { capturedMs: 40, detectMs: 1200 },
      ...Array.from({ length: 40 }, (_, index) => ({
        capturedMs: 1240 + index * 83.3,
        detectMs: 45 + (index % 4) * 5,
      })),
    ];
    const start = estimate(frames)!;
    // Late by the quickest detection (45 ms), not by the warm-up.
    expect(start).toBeCloseTo(40 + 45, 5);
  });

  it('never moves later: a frame handed over late (the page busy) leaves the estimate', () => {
    expect(countingStartEstimate(120, 5000, 4700)).toBe(120);
    expect(countingStartEstimate(120, 4800, 4700)).toBe(100);
  });
});
