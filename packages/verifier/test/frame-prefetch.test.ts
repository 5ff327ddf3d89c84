// The contact sheets' pictures are taken beside the analysis (FramePrefetch) and must be the very
// pixels the pass after it (grabFrames) gives: a verified result does not depend on which took them.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FrameSampler } from '@reptemple/pose-sdk';
import { afterAll, describe, expect, it } from 'vitest';
import type { AngleSample } from '../src/verify/analyse-recording.js';
import { grabFrames, showinfoTimeMs } from '../src/verify/frame-grab.js';
import { FramePrefetch, LAG_MS, prefetchSelectExpression } from '../src/verify/frame-prefetch.js';

const dir = mkdtempSync(path.join(tmpdir(), 'reptemple-prefetch-'));
const video = path.join(dir, 'pattern.webm');
execFileSync('ffmpeg', [
  '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=24:duration=10',
  '-c:v', 'libvpx', '-b:v', '200k', video,
]); // biome-ignore format: one command line
const FRAME_SIZE = { width: 160, height: 90 };
const FPS = 12;
const DURATION_MS = 10_000;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** ms: the presentation time of every frame of a video (a WebM's are whole milliseconds) */
function frameTimes(file: string, filters = ''): number[] {
  const run = spawnSync(
    'ffmpeg',
    ['-hide_banner', '-nostdin', '-v', 'info', '-i', file, '-an', '-vf', `${filters}showinfo`, '-f', 'null', '-'],
    { encoding: 'utf8' },
  ); // biome-ignore format: one command line
  return run.stderr
    .split('\n')
    .map(showinfoTimeMs)
    .filter((t): t is number => t !== undefined);
}

/** The analysed frames' times as the engine samples them: 24 fps at 12, and the last frame. */
function sampledTimes(): number[] {
  const all = frameTimes(video);
  const sampler = new FrameSampler(FPS);
  const kept = all.filter((t) => sampler.keep(t));
  if (kept.at(-1) !== all.at(-1)) kept.push(all.at(-1)!);
  return kept;
}

/** A push-up-like driving angle: down and up every 1.5 s, each bottom a little deeper. */
function anglesAt(times: readonly number[]): AngleSample[] {
  return times.map((t, index) => ({
    t,
    angle: Math.round((120 + 45 * Math.cos((2 * Math.PI * t) / 1500) - index * 0.05) * 10) / 10,
  }));
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A pass over the test video at the analysis' rate, its ffmpeg's pid put in `pids`. */
function startPrefetch(pids: number[]): FramePrefetch {
  return new FramePrefetch(video, FRAME_SIZE, {
    ffmpegPath: 'ffmpeg',
    height: 60,
    fps: FPS,
    durationMs: Promise.resolve(DURATION_MS),
    onChildProcess: (pid) => pids.push(pid),
  });
}

describe('FramePrefetch', () => {
  it('keeps the ended reps’ frames with the same pixels as grabFrames, following the analysis', async () => {
    const times = sampledTimes();
    const angles = anglesAt(times);
    const pids: number[] = [];
    const prefetch = startPrefetch(pids);
    // Reps end every 1.5 s; each wants its lowest and highest frame, reported a little after
    // its end, as the push-up analyser does. The analysis goes a frame at a time.
    const wanted: number[] = [];
    let repStart = 0;
    for (let index = 0; index < angles.length; index++) {
      const now = angles[index]!.t;
      if (now - repStart >= 1500 + 300) {
        const inside = angles.filter((a) => a.t >= repStart && a.t <= repStart + 1500);
        const bottom = inside.reduce((low, a) => (a.angle < low.angle ? a : low));
        const top = inside.reduce((high, a) => (a.angle > high.angle ? a : high));
        const rep = [Math.round(bottom.t), Math.round(top.t)];
        prefetch.want(rep);
        wanted.push(...rep);
        repStart += 1500;
      }
      prefetch.advance(angles.slice(0, index + 1), now);
      await new Promise((resolve) => setImmediate(resolve));
    }
    // The last frame, always analysed, as a wanted top: taken by the pass's end window.
    const last = Math.round(times.at(-1)!);
    prefetch.want([last]);
    wanted.push(last);
    prefetch.finishAnalysis(angles);
    await prefetch.done;
    expect(prefetch.failure).toBeUndefined();
    const taken = prefetch.pictures(wanted);
    expect([...taken.keys()].sort((a, b) => a - b)).toEqual(
      [...new Set(wanted)].sort((a, b) => a - b),
    );
    const grabbed = await grabFrames(video, wanted, FRAME_SIZE, {
      ffmpegPath: 'ffmpeg',
      height: 60,
    });
    for (const t of wanted) {
      expect(Buffer.from(taken.get(t)!.rgba).equals(Buffer.from(grabbed.get(t)!.rgba))).toBe(true);
    }
    expect(pids).toHaveLength(1);
    expect(processAlive(pids[0]!)).toBe(false);
  });

  it('keeps a rep’s extremes it learns of only after passing them (the candidates)', async () => {
    const times = sampledTimes();
    const angles = anglesAt(times);
    const prefetch = new FramePrefetch(video, FRAME_SIZE, {
      ffmpegPath: 'ffmpeg',
      height: 60,
      fps: FPS,
      durationMs: Promise.resolve(DURATION_MS),
    });
    // The whole analysis first (the pass runs to the end), then the reps: only the frames that
    // were a candidate for a bottom or a top can be there, and the deepest bottom and the
    // highest top are (no angle after them is lower, or higher).
    prefetch.finishAnalysis(angles);
    await prefetch.done;
    const deepest = angles.reduce((low, a) => (a.angle < low.angle ? a : low));
    const highest = angles.reduce((high, a) => (a.angle > high.angle ? a : high));
    const wanted = [Math.round(deepest.t), Math.round(highest.t)];
    prefetch.want(wanted);
    expect([...prefetch.pictures(wanted).keys()].sort((a, b) => a - b)).toEqual(
      [...wanted].sort((a, b) => a - b),
    );
  });

  it('stays LAG_MS behind the analysis, and stops with its ffmpeg when told', async () => {
    const angles = anglesAt(sampledTimes());
    const pids: number[] = [];
    const prefetch = startPrefetch(pids);
    const early = angles.filter((a) => a.t <= LAG_MS + 1000);
    prefetch.advance(early, early.at(-1)!.t);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(pids).toHaveLength(1);
    expect(processAlive(pids[0]!)).toBe(true); // waiting on its full pipe, not finished
    prefetch.stop();
    await prefetch.done;
    expect(processAlive(pids[0]!)).toBe(false);
  });

  it('ends without throwing on a file ffmpeg cannot read, leaving every frame to grabFrames', async () => {
    const prefetch = new FramePrefetch(path.join(dir, 'missing.webm'), FRAME_SIZE, {
      ffmpegPath: 'ffmpeg',
      height: 60,
      fps: FPS,
      durationMs: Promise.resolve(0),
    });
    prefetch.finishAnalysis([{ t: 0, angle: 90 }]);
    await prefetch.done;
    expect(prefetch.failure?.message).toMatch(/ffmpeg ended with code/);
    expect(prefetch.pictures([0]).size).toBe(0);
  });

  it('samples as the engine does: its select expression keeps the FrameSampler’s frames', () => {
    const selected = frameTimes(video, `select='${prefetchSelectExpression(FPS, 0)}',`);
    // Without the end window, the sampler's frames less the last one it always adds.
    expect(selected).toEqual(sampledTimes().slice(0, -1));
    // The end window adds the video's last second, so its last frame too.
    expect(prefetchSelectExpression(FPS, DURATION_MS)).toContain('gte(t\\,9.000)');
    expect(prefetchSelectExpression(undefined, DURATION_MS)).toBe('1');
  });
});
