import { describe, expect, it } from 'vitest';
import {
  joinWindows,
  WindowFrameSelector,
  windowFramesOf,
  windowsProblem,
} from '../../src/media/frame-windows.js';

/** 30 frames/s for 2 s: frame i at i * 33.3 ms. */
const times = Array.from({ length: 60 }, (_, i) => (i * 1000) / 30);

/** The plan as short text: index and role letter, R before a reset. */
function describePlan(plan: ReturnType<typeof windowFramesOf>): string {
  return plan
    .map(({ frame, role, reset }) => `${reset ? 'R' : ''}${frame}${role === 'warmUp' ? 'w' : ''}`)
    .join(' ');
}

describe('windowed frame selection', () => {
  it('infers every frame of a window after its warm-up frames, tracking reset first', () => {
    // 300-400 ms: frames 9 (300 ms) to 12 (400 ms), both ends included.
    expect(describePlan(windowFramesOf(times, [{ startMs: 300, endMs: 400 }], 2))).toBe(
      'R7w 8w 9 10 11 12',
    );
  });

  it('tracks each distant window afresh', () => {
    const plan = windowFramesOf(
      times,
      [
        { startMs: 1000, endMs: 1040 },
        { startMs: 100, endMs: 140 },
      ],
      1,
    );
    expect(describePlan(plan)).toBe('R2w 3 4 R29w 30 31');
  });

  it('follows the person through a gap no longer than the warm-up instead of resetting', () => {
    // Frames 3-4, then 7-8: the two frames between are inferred as warm-up, no reset.
    const plan = windowFramesOf(
      times,
      [
        { startMs: 100, endMs: 140 },
        { startMs: 230, endMs: 270 },
      ],
      2,
    );
    expect(describePlan(plan)).toBe('R1w 2w 3 4 5w 6w 7 8');
  });

  it('warms up with the frames there are at the start of the video', () => {
    expect(describePlan(windowFramesOf(times, [{ startMs: 20, endMs: 40 }], 3))).toBe('R0w 1');
    expect(describePlan(windowFramesOf(times, [{ startMs: 0, endMs: 0 }], 3))).toBe('R0');
  });

  it('infers nothing for windows past the end or between two frames', () => {
    expect(windowFramesOf(times, [{ startMs: 5000, endMs: 6000 }], 2)).toEqual([]);
    expect(windowFramesOf(times, [{ startMs: 34, endMs: 66 }], 2)).toEqual([]);
  });

  it('hands back every frame it will not infer, once', () => {
    const dropped: number[] = [];
    const selector = new WindowFrameSelector<number>([{ startMs: 300, endMs: 340 }], 2, (frame) =>
      dropped.push(frame),
    );
    const inferred: number[] = [];
    for (const [index, t] of times.entries()) {
      for (const { frame } of selector.push(index, t)) inferred.push(frame);
    }
    selector.finish();
    expect(inferred).toEqual([7, 8, 9, 10]);
    expect([...dropped].sort((a, b) => a - b)).toEqual(
      times.map((_, i) => i).filter((i) => !inferred.includes(i)),
    );
    expect(selector.done).toBe(true);
  });

  it('joins overlapping windows and says what is wrong with a bad one', () => {
    expect(
      joinWindows([
        { startMs: 500, endMs: 600 },
        { startMs: 100, endMs: 300 },
        { startMs: 250, endMs: 400 },
      ]),
    ).toEqual([
      { startMs: 100, endMs: 400 },
      { startMs: 500, endMs: 600 },
    ]);
    expect(windowsProblem([{ startMs: 0, endMs: 10 }])).toBeNull();
    expect(
      windowsProblem([
        { startMs: 0, endMs: 10 },
        { startMs: 20, endMs: 10 },
      ]),
    ).toBe('Expected windows[1].endMs (10) to be at or after its startMs (20).');
    expect(windowsProblem([{ startMs: Number.NaN, endMs: 10 }])).toMatch(/windows\[0\]/);
  });
});
