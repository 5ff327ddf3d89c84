import { describe, expect, it } from 'vitest';
import { longestFirst, runBatch } from '../src/core/batch.js';
import { framesToAnalyse } from '../src/core/session.js';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runBatch', () => {
  it('keeps every input in order, a failed input as an error in its own row', async () => {
    const result = await runBatch(['a', 'bad', 'c'], {
      jobs: 2,
      signal: new AbortController().signal,
      run: async (input) => {
        await delay(input === 'a' ? 20 : 1);
        if (input === 'bad') throw new Error('corrupt');
        return input.toUpperCase();
      },
      describeError: (error) => (error as Error).message,
    });
    expect(result.items).toEqual([
      { input: 'a', value: 'A' },
      { input: 'bad', error: 'corrupt' },
      { input: 'c', value: 'C' },
    ]);
    expect(result.interrupted).toBe(false);
  });

  it('runs at most `jobs` inputs at once', async () => {
    let running = 0;
    let peak = 0;
    await runBatch(['1', '2', '3', '4', '5'], {
      jobs: 2,
      signal: new AbortController().signal,
      run: async () => {
        running++;
        peak = Math.max(peak, running);
        await delay(5);
        running--;
      },
      describeError: String,
    });
    expect(peak).toBe(2);
  });

  it('on abort starts nothing new, drops the inputs in flight and keeps the finished ones', async () => {
    const controller = new AbortController();
    const result = await runBatch(['fast', 'slow', 'later'], {
      jobs: 2,
      signal: controller.signal,
      run: async (input) => {
        if (input === 'fast') return 1;
        controller.abort();
        await delay(5);
        throw new Error('aborted');
      },
      describeError: String,
    });
    expect(result.interrupted).toBe(true);
    expect(result.items).toEqual([{ input: 'fast', value: 1 }]);
  });
});

describe('longestFirst', () => {
  it('orders inputs by length, longest first, ties in input order', () => {
    expect(longestFirst([10, 300, 20, 300])).toEqual([1, 3, 2, 0]);
  });

  it('works on the inputs in that order but keeps results in input order', async () => {
    const started: string[] = [];
    const result = await runBatch(['small', 'big', 'middle'], {
      jobs: 1,
      signal: new AbortController().signal,
      order: longestFirst([1, 3, 2]),
      run: async (input) => {
        started.push(input);
        return input.length;
      },
      describeError: String,
    });
    expect(started).toEqual(['big', 'middle', 'small']);
    expect(result.items.map((item) => item.input)).toEqual(['small', 'big', 'middle']);
  });
});

describe('framesToAnalyse', () => {
  const video = (fps: number, frames: number) => ({
    width: 640,
    height: 360,
    fps,
    durationMs: (frames / fps) * 1000,
    frameCountEstimate: frames,
    codec: 'h264',
  });

  it('weighs a video by its frames, not its duration', () => {
    // 10 s at 21 fps is less work than 9 s at 30 fps.
    expect(framesToAnalyse(video(21, 210), undefined)).toBeLessThan(
      framesToAnalyse(video(30, 270), undefined),
    );
  });

  it('scales to --fps below the video rate and keeps every frame above it', () => {
    expect(framesToAnalyse(video(30, 300), 15)).toBe(150);
    expect(framesToAnalyse(video(12, 120), 15)).toBe(120);
  });
});
