import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sampleFrames } from '../../src/core/sampling/frame-sampler.js';
import { FrameDecoder, locateFfmpeg, probeVideo } from '../../src/node/ffmpeg.js';
import { fixtureVideo, SHORT_FIXTURE } from './fixtures.js';

/** Presentation times (ms) of every frame, as ffprobe reads them independently of our decoder. */
function ffprobeFrameTimesMs(path: string): number[] {
  const csv = execFileSync('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'frame=pts_time',
    '-of',
    'csv=p=0',
    path,
  ]).toString();
  return csv
    .split('\n')
    .map((line) => Number.parseFloat(line))
    .filter(Number.isFinite)
    .map((seconds) => seconds * 1000);
}

async function decodeAll(path: string, fps?: number) {
  const decoder = new FrameDecoder(path, locateFfmpeg().ffmpeg, { fps, readAheadFrames: 3 });
  const frames: { timestampMs: number; bytes: number }[] = [];
  for await (const frame of decoder.frames()) {
    frames.push({ timestampMs: frame.timestampMs, bytes: frame.i420.length });
  }
  return { frames, header: await decoder.header };
}

describe('probeVideo', () => {
  it('reads size, rate, duration and frame count of a fixture', async () => {
    const info = await probeVideo(fixtureVideo(SHORT_FIXTURE));
    expect(info).toMatchObject({ width: 640, height: 360, frameCountEstimate: 86, codec: 'h264' });
    expect(info.fps).toBeCloseTo(29.97, 2);
    expect(info.durationMs).toBeCloseTo(2869.5, 0);
  });
});

describe('FrameDecoder', () => {
  const path = fixtureVideo(SHORT_FIXTURE);
  const truth = ffprobeFrameTimesMs(path);

  it('yields every frame as 640x360 I420 with its real presentation time', async () => {
    const { frames, header } = await decodeAll(path);
    expect(header.frameSize).toEqual({ width: 640, height: 360 });
    expect(frames).toHaveLength(truth.length);
    for (const [i, frame] of frames.entries()) {
      expect(frame.bytes).toBe(640 * 360 * 1.5);
      expect(frame.timestampMs).toBeCloseTo(truth[i]!, 3);
    }
  });

  it('samples to at most N fps, keeping real timestamps and never duplicating frames', async () => {
    const { frames } = await decodeAll(path, 15);
    const times = frames.map((frame) => frame.timestampMs);
    // 29.97 fps to 15 fps: every other frame.
    expect(frames.length).toBeGreaterThanOrEqual(Math.floor(truth.length / 2));
    expect(frames.length).toBeLessThanOrEqual(Math.ceil(truth.length / 2) + 1);
    for (const t of times) {
      expect(truth.some((real) => Math.abs(real - t) < 0.001)).toBe(true);
    }
    for (let i = 1; i < times.length; i++) {
      const gap = times[i]! - times[i - 1]!;
      expect(gap).toBeGreaterThan(1000 / 15 - 1000 / 29.97);
      expect(gap).toBeLessThan(2 * (1000 / 15));
    }
  });

  it("ends a sampled stream on the video's last frame, as sampleFrames does for traces", async () => {
    const { frames } = await decodeAll(path, 15);
    const expected = sampleFrames(
      truth.map((timestampMs) => ({ timestampMs })),
      15,
    );
    expect(frames.map((frame) => frame.timestampMs)).toEqual(
      expected.map((frame) => expect.closeTo(frame.timestampMs, 3)),
    );
    expect(frames.at(-1)!.timestampMs).toBeCloseTo(truth.at(-1)!, 3);
  });
});
