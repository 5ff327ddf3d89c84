import { describe, expect, it } from 'vitest';
import { FrameClock } from './frame-clock.js';
import {
  LiveLoopModeCounter,
  LiveLoopStatsWindow,
  modeDetectMs,
  modeFps,
} from './live-loop-stats.js';

describe('FrameClock', () => {
  it('times frames by their capture time, from the first frame', () => {
    const clock = new FrameClock();
    expect(
      clock.frameTimeMs({
        captureTime: 5000,
        mediaTime: 9,
        presentationTime: 1,
        presentedFrames: 1,
      }),
    ).toBe(0);
    expect(
      clock.frameTimeMs({
        captureTime: 5041.5,
        mediaTime: 0,
        presentationTime: 900,
        presentedFrames: 2,
      }),
    ).toBe(41.5);
  });

  it('falls back to the media time, then the presentation time', () => {
    const media = new FrameClock();
    expect(media.frameTimeMs({ mediaTime: 2, presentationTime: 0, presentedFrames: 1 })).toBe(0);
    expect(media.frameTimeMs({ mediaTime: 2.125, presentationTime: 0, presentedFrames: 2 })).toBe(
      125,
    );
    const presented = new FrameClock();
    expect(presented.frameTimeMs({ mediaTime: 0, presentationTime: 100, presentedFrames: 1 })).toBe(
      0,
    );
    expect(presented.frameTimeMs({ mediaTime: 0, presentationTime: 140, presentedFrames: 2 })).toBe(
      40,
    );
  });

  it('answers null for a frame that is not newer than the last (the newest was handled)', () => {
    const clock = new FrameClock();
    clock.frameTimeMs({ captureTime: 100, mediaTime: 0, presentationTime: 0, presentedFrames: 1 });
    expect(
      clock.frameTimeMs({
        captureTime: 141,
        mediaTime: 0,
        presentationTime: 0,
        presentedFrames: 2,
      }),
    ).toBe(41);
    expect(
      clock.frameTimeMs({
        captureTime: 141,
        mediaTime: 0,
        presentationTime: 0,
        presentedFrames: 2,
      }),
    ).toBeNull();
    expect(
      clock.frameTimeMs({
        captureTime: 120,
        mediaTime: 0,
        presentationTime: 0,
        presentedFrames: 3,
      }),
    ).toBeNull();
  });
});

describe('LiveLoopStatsWindow', () => {
  it('reports analysed and camera frames per second of frame time, and the skipped frames', () => {
    const stats = new LiveLoopStatsWindow(2000);
    // A 24 fps camera (frames 41.67 ms apart) analysed every other frame, 30 ms of inference.
    for (let index = 0; index < 48; index += 2) stats.add((index * 1000) / 24, 30, index + 1);
    const { analysedFps, cameraFps, inferenceMs, analysedFrames, skippedFrames } = stats.stats;
    expect(analysedFps).toBeCloseTo(12, 5);
    expect(cameraFps).toBeCloseTo(24, 5);
    expect(inferenceMs).toBe(30);
    expect(analysedFrames).toBe(24);
    expect(skippedFrames).toBe(23);
  });

  it('forgets frames older than its window', () => {
    const stats = new LiveLoopStatsWindow(1000);
    for (let index = 0; index < 10; index++) stats.add(index * 100, 80, index + 1);
    for (let index = 10; index < 40; index++) stats.add(index * 100, 20, index + 1);
    expect(stats.stats.inferenceMs).toBe(20);
    expect(stats.stats.analysedFps).toBeCloseTo(10, 5);
  });

  it('is all zeros before two frames', () => {
    const stats = new LiveLoopStatsWindow();
    expect(stats.stats).toEqual({
      analysedFps: 0,
      cameraFps: 0,
      inferenceMs: 0,
      analysedFrames: 0,
      skippedFrames: 0,
    });
    stats.add(0, 25, 1);
    expect(stats.stats.analysedFps).toBe(0);
    expect(stats.stats.inferenceMs).toBe(25);
  });
});

describe('LiveLoopModeCounter', () => {
  it('counts the gaps between frames of the same mode, never a gap across a switch', () => {
    const counter = new LiveLoopModeCounter();
    counter.add('live', 0, 40);
    counter.add('live', 50, 42);
    counter.add('live', 100, 44);
    counter.add('inference-only', 150, 38);
    counter.add('inference-only', 190, 38);
    counter.add('live', 400, 40);
    counter.add('live', 450, 40);
    const { live, 'inference-only': bare } = counter.byMode;
    expect(live).toEqual({ frames: 5, detectMs: 206, intervals: 3, spanMs: 150 });
    expect(bare).toEqual({ frames: 2, detectMs: 76, intervals: 1, spanMs: 40 });
    expect(modeFps(live)).toBeCloseTo(20, 9);
    expect(modeFps(bare)).toBeCloseTo(25, 9);
    expect(modeDetectMs(live)).toBeCloseTo(41.2, 9);
  });

  it('answers 0 frames/s and 0 ms before there is anything to divide', () => {
    const counter = new LiveLoopModeCounter();
    expect(modeFps(counter.byMode.live)).toBe(0);
    expect(modeDetectMs(counter.byMode.live)).toBe(0);
    counter.add('live', 10, 30);
    expect(modeFps(counter.byMode.live)).toBe(0);
    expect(modeDetectMs(counter.byMode.live)).toBe(30);
  });
});
