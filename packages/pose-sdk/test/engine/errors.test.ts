import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRepTempleError } from '../../src/core/errors.js';
import {
  createPoseEngine,
  isPoseEngineError,
  type PoseEngine,
  PoseEngineError,
  probeVideo,
} from '../../src/node/index.js';
import { fixtureVideo, SHORT_FIXTURE } from './fixtures.js';

let engine: PoseEngine;
let dir: string;

/** PIDs of every live descendant of this process, with their command names. */
function descendants(): { pid: number; command: string }[] {
  const parents = new Map<number, number>();
  const commands = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state[0] === 'Z') continue; // exited, waiting to be reaped: not running
      parents.set(Number(entry), Number(state[1]));
      commands.set(Number(entry), stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
    } catch {
      // the process ended while we looked
    }
  }
  const found: { pid: number; command: string }[] = [];
  const walk = (parent: number) => {
    for (const [pid, ppid] of parents) {
      if (ppid === parent) {
        found.push({ pid, command: commands.get(pid) ?? '' });
        walk(pid);
      }
    }
  };
  walk(process.pid);
  return found;
}

const ffmpegChildren = () => descendants().filter((p) => p.command.startsWith('ffmpeg'));

async function expectCode(
  promise: Promise<unknown>,
  code: PoseEngineError['code'],
): Promise<PoseEngineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PoseEngineError);
  expect((error as PoseEngineError).code).toBe(code);
  return error as PoseEngineError;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pose-errors-'));
  writeFileSync(join(dir, 'notes.mp4'), 'these are my workout notes, not a video\n'.repeat(50));
  const video = readFileSync(fixtureVideo(SHORT_FIXTURE));
  // The fixture keeps its index (moov) at the front: half the file decodes partly, then breaks.
  writeFileSync(join(dir, 'half.mp4'), video.subarray(0, Math.floor(video.length / 2)));
  // Cut inside the index: nothing can be decoded at all.
  writeFileSync(join(dir, 'head.mp4'), video.subarray(0, 1000));
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=1',
    '-c:a',
    'aac',
    join(dir, 'audio-only.mp4'),
  ]);
  copyFileSync(fixtureVideo(SHORT_FIXTURE), join(dir, 'good.mp4'));
  engine = await createPoseEngine({ model: 'full' });
}, 60_000);

afterAll(async () => {
  await engine?.close();
  rmSync(dir, { recursive: true, force: true });
  // Chromium and every ffmpeg are gone once the engine is closed.
  expect(descendants().filter((p) => /chrom|ffmpeg/i.test(p.command))).toEqual([]);
});

describe('typed errors of the headless engine', () => {
  it('reports a missing file as VIDEO_NOT_FOUND, saying where it looked', async () => {
    const missing = join(dir, 'no-such-video.mp4');
    const error = await expectCode(engine.extract(missing), 'VIDEO_NOT_FOUND');
    expect(error.message).toContain(missing);
    await expectCode(probeVideo(missing), 'VIDEO_NOT_FOUND');
    await expectCode(engine.extract(dir), 'VIDEO_NOT_FOUND');
    // One error family for the whole SDK: isRepTempleError tells deliberate errors from bugs.
    expect(isRepTempleError(error)).toBe(true);
  });

  it("reports a text file named .mp4 as VIDEO_DECODE_FAILED with ffmpeg's reason", async () => {
    const error = await expectCode(engine.extract(join(dir, 'notes.mp4')), 'VIDEO_DECODE_FAILED');
    expect(error.message).toMatch(/Invalid data found/);
    await expectCode(probeVideo(join(dir, 'notes.mp4')), 'VIDEO_DECODE_FAILED');
  });

  it('reports a file cut in half as VIDEO_DECODE_FAILED instead of returning half the frames', async () => {
    const error = await expectCode(engine.extract(join(dir, 'half.mp4')), 'VIDEO_DECODE_FAILED');
    expect(error.message).toMatch(/truncated|partial file/);
  }, 60_000);

  it('reports a file cut inside its index as VIDEO_DECODE_FAILED', async () => {
    await expectCode(engine.extract(join(dir, 'head.mp4')), 'VIDEO_DECODE_FAILED');
  });

  it('reports a file without a video stream as VIDEO_DECODE_FAILED', async () => {
    const error = await expectCode(
      engine.extract(join(dir, 'audio-only.mp4')),
      'VIDEO_DECODE_FAILED',
    );
    expect(error.message).toContain('no video stream');
    await expectCode(probeVideo(join(dir, 'audio-only.mp4')), 'VIDEO_DECODE_FAILED');
  });

  it('rejects a non-positive sampling rate as INVALID_OPTIONS', async () => {
    await expectCode(engine.extract(join(dir, 'good.mp4'), { fps: 0 }), 'INVALID_OPTIONS');
  });

  it('stops mid-video on abort: ABORTED, ffmpeg killed, engine still usable', async () => {
    const controller = new AbortController();
    let framesSeen = 0;
    const error = await expectCode(
      engine.extract(join(dir, 'good.mp4'), {
        signal: controller.signal,
        onProgress: (progress) => {
          framesSeen = progress.framesDone;
          if (progress.framesDone >= 8) controller.abort();
        },
      }),
      'ABORTED',
    );
    expect(error.message).toContain('aborted');
    expect(framesSeen).toBeLessThan(40);
    expect(ffmpegChildren()).toEqual([]);
    // The same engine analyses the next video normally.
    const after = await engine.extract(join(dir, 'good.mp4'), { fps: 5 });
    expect(after.frames.length).toBeGreaterThanOrEqual(14);
    expect(after.frames.every((frame) => frame.landmarks.length === 33)).toBe(true);
  }, 60_000);

  it('kills the ffmpeg of a video aborted while it waits for the busy worker', async () => {
    const first = engine.extract(join(dir, 'good.mp4'), { fps: 10 });
    const controller = new AbortController();
    const queued = engine.extract(join(dir, 'good.mp4'), { signal: controller.signal });
    // The queued video is next in line, so its ffmpeg starts early; aborting must end it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    controller.abort();
    await expectCode(queued, 'ABORTED');
    expect((await first).frames.length).toBeGreaterThanOrEqual(28);
    expect(ffmpegChildren()).toEqual([]);
  }, 60_000);

  it('stops ffmpeg and the page when a stream consumer leaves early', async () => {
    let seen = 0;
    for await (const _frame of engine.stream(join(dir, 'good.mp4'))) {
      seen += 1;
      if (seen === 5) break;
    }
    expect(seen).toBe(5);
    expect(ffmpegChildren()).toEqual([]);
    const next = await engine.extract(join(dir, 'good.mp4'), { fps: 5 });
    expect(next.frames.length).toBeGreaterThanOrEqual(14);
  }, 60_000);

  it('rejects at once when the signal is already aborted', async () => {
    const error = await engine.extract(join(dir, 'good.mp4'), { signal: AbortSignal.abort() }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isPoseEngineError(error, 'ABORTED')).toBe(true);
  });

  it('names the fix when Chromium or the model is missing', async () => {
    const browser = await expectCode(
      createPoseEngine({ browserPath: join(dir, 'no-chromium') }),
      'BROWSER_NOT_FOUND',
    );
    expect(browser.message).toContain('apt-get install chromium');
    const model = await expectCode(
      createPoseEngine({ modelPath: join(dir, 'missing.task') }),
      'MODEL_NOT_FOUND',
    );
    expect(model.message).toContain('missing.task');
    await expectCode(createPoseEngine({ modelPath: join(dir, 'notes.mp4') }), 'MODEL_INVALID');
    await expectCode(createPoseEngine({ workers: 0 }), 'INVALID_OPTIONS');
  }, 60_000);
});
