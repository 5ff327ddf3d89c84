import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrace } from '../../src/core/trace/trace-reader.js';
import { type PoseEngine, PoseEngineError } from '../../src/node/index.js';
import {
  FIXTURE_TRACES,
  fixtureVideo,
  landmarkDifference,
  SHORT_FIXTURE,
  startEnginePair,
} from './fixtures.js';

// A windowed extraction analyses only the frames inside given windows, at the video's own rate
// and times (what verification looks at again around a rep's deciding moments, issue 24).

const work = mkdtempSync(join(tmpdir(), 'reptemple-windows-'));
let viaPage: PoseEngine;
let viaFfmpeg: PoseEngine;

/** The committed full-rate trace's frame times of the short fixture (ms). */
const allTimes = parseTrace(
  readFileSync(join(FIXTURE_TRACES, SHORT_FIXTURE.replace(/\.mp4$/, '.ndjson')), 'utf8'),
).frames.map((frame) => frame.timestampMs);

// Two windows of the 2.9 s clip (30 frames/s), far apart.
const WINDOWS = [
  { startMs: 1990, endMs: 2140 },
  { startMs: 400, endMs: 510 },
];
const inside = (t: number) => WINDOWS.some((w) => w.startMs <= t && t <= w.endMs);

beforeAll(async () => {
  ({ viaPage, viaFfmpeg } = await startEnginePair());
}, 120_000);

afterAll(async () => {
  await Promise.all([viaPage?.close(), viaFfmpeg?.close()]);
  rmSync(work, { recursive: true, force: true });
});

describe('windowed extraction', () => {
  it("reports every frame inside the windows with the video's own times, and no other", async () => {
    const result = await viaPage.extract(fixtureVideo(SHORT_FIXTURE), {
      windows: WINDOWS,
      warmUpFrames: 2,
    });
    const expected = allTimes.filter(inside);
    expect(expected.length).toBeGreaterThanOrEqual(8);
    expect(result.frames.map((f) => f.timestampMs)).toEqual(expected);
    // Two frames before each window were inferred to warm tracking up, not reported.
    expect(result.timing.frames).toBe(expected.length);
    expect(result.timing.warmUpFrames).toBe(4);
    expect(result.timing.inferenceMs).toBeGreaterThan(0);
    expect(result.frames.every((frame) => frame.landmarks.length === 33)).toBe(true);
  }, 120_000);

  it('gives the same frames and landmarks whether the page or ffmpeg decodes', async () => {
    const file = fixtureVideo(SHORT_FIXTURE);
    const options = { windows: WINDOWS, warmUpFrames: 1 };
    const [page, ffmpeg] = await Promise.all([
      viaPage.extract(file, options),
      viaFfmpeg.extract(file, options),
    ]);
    expect(page.timing.decoder).toBe('page');
    expect(ffmpeg.timing.decoder).toBe('ffmpeg');
    expect(ffmpeg.timing.warmUpFrames).toBe(page.timing.warmUpFrames);
    const { px, visibility } = landmarkDifference(page, ffmpeg);
    expect(px).toBeLessThan(0.01);
    expect(visibility).toBeLessThan(1e-4);
  }, 120_000);

  it('reports the warm-up frames and where tracking started afresh when asked, from either decoder', async () => {
    // The verifier seeds each window's restarted visibility smoothing (issue 24), so it needs the
    // warm-up frames and the restarts: the first warm-up frame of each window.
    const file = fixtureVideo(SHORT_FIXTURE);
    const options = { windows: WINDOWS, warmUpFrames: 2, reportWarmUp: true };
    const [page, ffmpeg] = await Promise.all([
      viaPage.extract(file, options),
      viaFfmpeg.extract(file, options),
    ]);
    const windowFrames = allTimes.filter(inside);
    const starts = WINDOWS.map((w) => allTimes.filter((t) => t < w.startMs).at(-2)!).sort(
      (a, b) => a - b,
    );
    for (const result of [page, ffmpeg]) {
      const reported = result.frames.filter((frame) => !frame.warmUp);
      expect(reported.map((f) => f.timestampMs)).toEqual(windowFrames);
      expect(result.frames.filter((frame) => frame.warmUp)).toHaveLength(4);
      expect(result.frames.filter((f) => f.trackingStart).map((f) => f.timestampMs)).toEqual(
        starts,
      );
      expect(result.frames.find((f) => f.trackingStart)?.warmUp).toBe(true);
      // The counts stay the windows' own.
      expect(result.timing.frames).toBe(windowFrames.length);
      expect(result.timing.warmUpFrames).toBe(4);
    }
  }, 120_000);

  it('does not depend on the videos the worker analysed before (a new graph per video)', async () => {
    // tasks-vision smooths each landmark's visibility over frames; an empty frame resets the
    // positions but not that, so a video's first frames took visibility from the video before.
    const file = fixtureVideo(SHORT_FIXTURE);
    const first = await viaPage.extract(file, { windows: WINDOWS });
    await viaPage.extract(fixtureVideo('squat/05-woman-side-arms-forward.mp4'), { fps: 5 });
    const again = await viaPage.extract(file, { windows: WINDOWS });
    const { px, visibility } = landmarkDifference(first, again);
    expect(px).toBeLessThan(0.01);
    expect(visibility).toBeLessThan(1e-4);
  }, 120_000);

  it('decodes other containers with ffmpeg up to the last window', async () => {
    const webm = join(work, 'clip.webm');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      fixtureVideo(SHORT_FIXTURE),
      '-c:v',
      'libvpx',
      '-an',
      webm,
    ]);
    const result = await viaPage.extract(webm, { windows: [{ startMs: 600, endMs: 700 }] });
    expect(result.timing.decoder).toBe('ffmpeg');
    expect(result.frames.length).toBeGreaterThanOrEqual(3);
    expect(result.frames.every((f) => f.timestampMs >= 600 && f.timestampMs <= 700)).toBe(true);
  }, 120_000);

  it('analyses nothing for no windows', async () => {
    const result = await viaPage.extract(fixtureVideo(SHORT_FIXTURE), { windows: [] });
    expect(result.frames).toEqual([]);
  }, 120_000);

  it.each([
    [{ windows: WINDOWS, fps: 12 }, /either fps or windows/],
    [{ windows: [{ startMs: 300, endMs: 200 }] }, /windows\[0\]\.endMs \(200\)/],
    [{ windows: [{ startMs: Number.NaN, endMs: 200 }] }, /finite startMs and endMs/],
    [{ windows: WINDOWS, warmUpFrames: -1 }, /warmUpFrames to be a whole number/],
  ])('rejects %j as INVALID_OPTIONS', async (options, message) => {
    const error = await viaPage.extract(fixtureVideo(SHORT_FIXTURE), options).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PoseEngineError);
    expect((error as PoseEngineError).code).toBe('INVALID_OPTIONS');
    expect((error as PoseEngineError).message).toMatch(message);
  });
});
