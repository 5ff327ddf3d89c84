// The video analysis screen in Debian Chromium against the local stack: the browser counts every
// fixture clip exactly as `reptemple analyze` does (same frames, same model, same analyser), the
// rep timeline has one button per rep, and an upload that is not a video is refused.

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor, screenshot, signInWithPassword, stack } from './helpers.js';

const run = promisify(execFile);
const REPO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CLI = path.join(REPO_DIR, 'packages/cli/dist/bin.js');
/** The fast model keeps the file's run time low; the CLI is asked for the same one. */
const MODEL = 'lite';
/** Analysing a short clip with the lite model takes a few seconds; allow for a busy machine. ms */
const ANALYSIS_TIMEOUT_MS = 60_000;

/** Short clips (3-4 s) whose lite-model counts are not trivial (invalid reps, both kinds). */
const CASES = [
  { clip: '30-dark-background-blue-shirt.mp4', analyser: 'pushup' },
  { clip: '31-woman-front-light-room.mp4', analyser: 'pushup' },
  { clip: '30-dark-background-blue-shirt.mp4', analyser: 'definition' },
] as const;

interface CliRep {
  repNumber: number;
  startTime: number;
  endTime: number;
  isValidRep: boolean;
  invalidReason: string | null;
}
interface CliRecord {
  input: string;
  valid_reps: number;
  invalid_reps: number;
  reps: CliRep[];
  frames: number;
  error: string | null;
}

/**
 * `reptemple analyze` on one clip, in its own process so its pose graph starts fresh, as the
 * browser's does for every video. The cache folder is shared by the test's runs (and new): the
 * definition run reuses the landmarks the push-up run extracted from the same file.
 */
async function cliCount(
  analyser: 'pushup' | 'definition',
  clip: string,
  cacheDir: string,
): Promise<CliRecord> {
  const { stdout } = await run(
    process.execPath,
    [
      CLI,
      'analyze',
      path.isAbsolute(clip) ? clip : path.join(REPO_DIR, 'fixtures/videos/pushup', clip),
      '--analyser',
      analyser,
      '--model',
      MODEL,
      '--json',
      '--cache-dir',
      cacheDir,
    ],
    { cwd: REPO_DIR, maxBuffer: 16 * 1024 * 1024 },
  );
  const [record] = JSON.parse(stdout) as CliRecord[];
  if (!record) throw new Error(`the CLI printed no record for ${clip}: ${stdout}`);
  return record;
}

let browser: Browser;
let page: Page;
const cli = new Map<string, CliRecord>();
const observed: { clip: string; analyser: string; browser: string; cli: string }[] = [];

const cacheDir = mkdtempSync(path.join(tmpdir(), 'reptemple-e2e-cli-'));

beforeAll(async () => {
  // The CLI runs while the browser signs in: per clip, the push-up run first (it extracts the
  // landmarks), then the definition run on the cached landmarks.
  const clips = [...new Set(CASES.map((c) => c.clip))];
  const counting = Promise.all(
    clips.map(async (clip) => {
      for (const analyser of ['pushup', 'definition'] as const) {
        if (!CASES.some((c) => c.clip === clip && c.analyser === analyser)) continue;
        cli.set(`${analyser}:${clip}`, await cliCount(analyser, clip, cacheDir));
      }
    }),
  );
  browser = await launchBrowser();
  ({ page } = await newVisitor(browser));
  await signInWithPassword(page, stack.adminEmail, stack.adminPassword, '/challenges');
  await counting;
}, 180_000);

afterAll(async () => {
  if (observed.length > 0) {
    writeFileSync(
      path.join(stack.screenshotDir, '..', 'video-analysis-counts.json'),
      `${JSON.stringify(observed, null, 2)}\n`,
    );
  }
  await browser?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

/** A push-up fixture clip written by ffmpeg with `args` into the test's folder; returns its path. */
async function ffmpegCopy(clip: string, name: string, args: readonly string[]): Promise<string> {
  const output = path.join(cacheDir, name);
  const input = path.join(REPO_DIR, 'fixtures/videos/pushup', clip);
  await run('ffmpeg', ['-v', 'error', '-y', '-i', input, ...args, output]);
  return output;
}

/** Opens /analyze with an analyser, picks a sample clip and waits for the whole clip's analysis. */
async function analyse(analyser: 'pushup' | 'definition', clip: string) {
  const choice = analyser === 'pushup' ? 'pushup' : 'definition-pushup';
  await page.goto(`/analyze?analyser=${choice}&model=${MODEL}`);
  await page.getByLabel('Sample video').selectOption(`/videos/pushups/${clip}`);
  const status = page.getByTestId('analysis-status');
  await page
    .locator('[data-testid="analysis-status"][data-done="true"]')
    .waitFor({ timeout: ANALYSIS_TIMEOUT_MS });
  const text = (await status.textContent()) ?? '';
  const match = /Analysis complete: (\d+) valid, (\d+) invalid \((\d+) frames\)/.exec(text);
  expect(match, `status line: ${text}`).not.toBeNull();
  const reps = await page
    .getByTestId('rep-timeline')
    .getByRole('button')
    .allTextContents()
    .catch(() => []);
  return {
    valid: Number(match![1]),
    invalid: Number(match![2]),
    frames: Number(match![3]),
    repButtons: reps.length,
  };
}

describe('video analysis in the browser', () => {
  it.each(CASES)('counts $clip with the $analyser analyser exactly as the CLI', async (c) => {
    const expected = cli.get(`${c.analyser}:${c.clip}`);
    expect(expected?.error ?? null).toBeNull();
    const result = await analyse(c.analyser, c.clip);
    observed.push({
      clip: c.clip,
      analyser: c.analyser,
      browser: `${result.valid} valid, ${result.invalid} invalid, ${result.frames} frames`,
      cli: `${expected!.valid_reps} valid, ${expected!.invalid_reps} invalid, ${expected!.frames} frames`,
    });
    expect(result.frames).toBe(expected!.frames);
    const buttonTitles = await page
      .getByTestId('rep-timeline')
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((b) => `${b.textContent}: ${b.getAttribute('title')}`));
    expect(
      { valid: result.valid, invalid: result.invalid },
      `browser reps ${JSON.stringify(buttonTitles)}; CLI reps ${JSON.stringify(expected!.reps)}`,
    ).toEqual({
      valid: expected!.valid_reps,
      invalid: expected!.invalid_reps,
    });
    // The rep timeline: one button per rep, valid ones marked so.
    expect(result.repButtons).toBe(expected!.reps.length);
    const buttons = page.getByTestId('rep-timeline').getByRole('button');
    for (const [i, rep] of expected!.reps.entries()) {
      await expect(buttons.nth(i).textContent()).resolves.toBe(
        `Rep ${rep.repNumber} ${rep.isValidRep ? '✓' : '✗'}`,
      );
      await expect(buttons.nth(i).getAttribute('title')).resolves.toBe(
        rep.invalidReason ?? 'Valid rep',
      );
    }
    await screenshot(page, `video-analysis-${c.analyser}-${c.clip.replace(/\.mp4$/, '')}`);
  });

  it('plays one rep from the rep timeline, then to the end, where the counter box shows the whole clip’s counts', async () => {
    const expected = cli.get(`pushup:${CASES[0].clip}`)!;
    await analyse('pushup', CASES[0].clip);
    // A rep button plays that rep only: playback stops at its end (checked every 100 ms).
    const first = expected.reps[0]!;
    await page.getByRole('button', { name: /^Rep 1 / }).click();
    const stoppedAt = await page.locator('video').evaluate(
      (video: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          video.addEventListener('pause', () => resolve(video.currentTime), { once: true });
        }),
    );
    expect(stoppedAt * 1000).toBeGreaterThanOrEqual(first.endTime - 1);
    expect(stoppedAt * 1000).toBeLessThan(first.endTime + 300);
    await page.getByRole('button', { name: 'Play' }).click();
    await page.locator('video').evaluate(
      (video: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          if (video.ended) resolve();
          else video.addEventListener('ended', () => resolve(), { once: true });
        }),
    );
    await expect(page.getByTestId('valid-count').textContent()).resolves.toBe(
      String(expected.valid_reps),
    );
    await expect(page.getByTestId('invalid-count').textContent()).resolves.toBe(
      String(expected.invalid_reps),
    );
    await expect(page.getByTestId('time-readout').textContent()).resolves.toMatch(
      /^0:02\.\d \/ 0:02\.\d$/,
    );
  });

  it('serves the pose runtime, the models and the samples from its own origin with the right types', async () => {
    const expectations: [string, string][] = [
      ['/assets/tasks-vision-0.10.35/wasm/vision_wasm_internal.wasm', 'application/wasm'],
      ['/assets/tasks-vision-0.10.35/wasm/vision_wasm_internal.js', 'text/javascript'],
      ['/assets/tasks-vision-0.10.35/models/pose_landmarker_lite.task', 'application/octet-stream'],
      ['/assets/tasks-vision-0.10.35/models/pose_landmarker_full.task', 'application/octet-stream'],
      ['/videos/pushups/08-tank-top-side.mp4', 'video/mp4'],
      ['/videos/index.json', 'application/json'],
    ];
    for (const [url, type] of expectations) {
      const response = await fetch(`${stack.url}${url}`, { method: 'HEAD' });
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toContain(type);
    }
    const index = (await (await fetch(`${stack.url}/videos/index.json`)).json()) as {
      url: string;
    }[];
    expect(index.filter((sample) => sample.url.startsWith('/videos/pushups/'))).toHaveLength(21);
  });

  it('analyses an uploaded WebM (not MP4) by stepping through it every 1/30 s', async () => {
    const webm = await ffmpegCopy(CASES[0].clip, 'clip.webm', [
      '-c:v',
      'libvpx',
      '-b:v',
      '1M',
      '-an',
    ]);
    await page.goto(`/analyze?model=${MODEL}`);
    await page.getByLabel('Upload a video').setInputFiles(webm);
    await page
      .locator('[data-testid="analysis-status"][data-done="true"]')
      .waitFor({ timeout: ANALYSIS_TIMEOUT_MS });
    await expect(page.getByTestId('analysis-speed').textContent()).resolves.toContain(
      '(frame stepping)',
    );
    // 2.87 s at one frame per 1/30 s.
    const status = (await page.getByTestId('analysis-status').textContent()) ?? '';
    expect(status).toMatch(/\((8[6-8]) frames\)/);
  });

  it('analyses a rotated MP4 (as phones record portrait) as it is displayed, like the CLI', async () => {
    // The same clip with a 90-degree display rotation in its track header: the CLI (ffmpeg)
    // turns the frames, so the person stands upright and no push-up is counted.
    const rotated = await ffmpegCopy(CASES[0].clip, 'rotated.mp4', [
      '-c',
      'copy',
      '-metadata:s:v:0',
      'rotate=90',
    ]);
    const expected = await cliCount('pushup', rotated, cacheDir);
    const unrotated = cli.get(`pushup:${CASES[0].clip}`)!;
    expect(expected.invalid_reps + expected.valid_reps).not.toBe(
      unrotated.invalid_reps + unrotated.valid_reps,
    );
    await page.goto(`/analyze?model=${MODEL}`);
    await page.getByLabel('Upload a video').setInputFiles(rotated);
    await page
      .locator('[data-testid="analysis-status"][data-done="true"]')
      .waitFor({ timeout: ANALYSIS_TIMEOUT_MS });
    const status = (await page.getByTestId('analysis-status').textContent()) ?? '';
    expect(status).toBe(
      `Analysis complete: ${expected.valid_reps} valid, ${expected.invalid_reps} invalid (${expected.frames} frames)`,
    );
    await expect(page.getByTestId('analysis-speed').textContent()).resolves.not.toContain(
      '(frame stepping)',
    );
  });

  it('refuses an upload that is not a video', async () => {
    await page.goto('/analyze');
    await page.getByLabel('Upload a video').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a video'),
    });
    await page.getByRole('alert').filter({ hasText: 'File is not a video' }).waitFor();
  });

  it('is for signed-in users only', async () => {
    const visitor = await newVisitor(browser);
    await visitor.page.goto('/analyze');
    await visitor.page.waitForURL((url) => url.pathname === '/login');
    await visitor.context.close();
  });
});
