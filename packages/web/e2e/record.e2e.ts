// The record flow in Debian Chromium with a fake camera fed from a fixture clip (spec 02 §2, §4,
// §5, §8, §9): a full attempt on a non-duel and on a duel challenge, from the shared link through
// registration, countdown, live count, finish and submit, ending with the row read back from the
// data API; the live count within one rep of `reptemple analyze` on the same clip; phone size; and
// the faults: camera denied or absent, upload failure (saved without video, the video kept and
// sent again), a reload during upload, a second submission, a closed challenge, switching camera
// while recording, and the fallback card.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CliCount,
  cliCount,
  launchWithFakeCamera,
  makeFakeCameraClip,
} from './fake-camera.js';
import { DESKTOP, expectToast, screenshot, stack, uniqueEmail } from './helpers.js';
import { BUILTIN_PUSHUP_ID, HOUR_MS, isoFromNow, seedChallenge, sql } from './seed.js';

const CLIP = '08-tank-top-side.mp4';
/** A phone held in portrait (issue 12). */
const PHONE_PORTRAIT = { width: 390, height: 844 };
/** A whole attempt: countdown, the held first frame, the clip, the rest that ends it. ms */
const ATTEMPT_TIMEOUT_MS = 90_000;
const UI_TIMEOUT_MS = 15_000;

const workDir = mkdtempSync(path.join(tmpdir(), 'reptemple-record-e2e-'));
let browser: Browser;
let cli: { pushup: CliCount; definition: CliCount };
let definitionCopyId: string;

beforeAll(async () => {
  const counting = Promise.all([
    cliCount(CLIP, 'pushup', workDir),
    // The same landmarks from the cache: the definition run replays them.
    cliCount(CLIP, 'pushup', workDir).then(() => cliCount(CLIP, 'definition', workDir)),
  ]);
  const y4m = await makeFakeCameraClip(CLIP, path.join(workDir, 'camera.y4m'), {
    leadInS: 10,
    tailS: 8,
  });
  browser = await launchWithFakeCamera(y4m);
  // A definition that is not the built-in one: the duel counts with the definition analyser.
  const [copy] = await sql<{ id: string }>(
    `insert into public.exercise_definitions (name, definition, author)
     select 'E2E push-up (definition)', definition, null from public.exercise_definitions where id = $1
     returning id`,
    [BUILTIN_PUSHUP_ID],
  );
  definitionCopyId = copy!.id;
  const [pushup, definition] = await counting;
  cli = { pushup, definition };
}, 240_000);

afterAll(async () => {
  await browser?.close();
  rmSync(workDir, { recursive: true, force: true });
});

async function visitor(
  viewport = DESKTOP,
  camera = true,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: stack.url,
    viewport,
    reducedMotion: 'reduce',
  });
  if (camera) await context.grantPermissions(['camera']);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw new Error(`uncaught error in the page: ${error.message}`);
  });
  return { context, page };
}

interface RecordingRow {
  id: string;
  user_id: string;
  name: string;
  email: string;
  gender: string;
  valid_reps: number;
  invalid_reps: number;
  total_reps: number;
  duration_seconds: number;
  video_url: string | null;
  gif_url: string | null;
  referred_by: string | null;
  analysis_data: {
    exercise: string;
    video_source: string;
    analysis_results: { analyser: string; validReps: number };
    completed_reps: unknown[];
    exercise_definition: { name: string } | null;
    is_daily_challenge: boolean;
  };
}

/** The challenge's recordings, read through the data API with the service key. */
async function recordingsOf(challengeId: string): Promise<RecordingRow[]> {
  const response = await fetch(
    `${stack.url}/rest/v1/challenge_recordings?challenge_id=eq.${challengeId}&select=*`,
    { headers: { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}` } },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as RecordingRow[];
}

async function registerNonDuel(page: Page, email: string) {
  await page
    .getByRole('heading', { name: 'Join the challenge' })
    .waitFor({ timeout: UI_TIMEOUT_MS });
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function waitForPreview(page: Page) {
  await page.waitForFunction(
    () => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="camera-video"]');
      return Boolean(video && video.readyState >= 2 && video.videoWidth > 0);
    },
    undefined,
    { timeout: UI_TIMEOUT_MS },
  );
}

async function startRecording(page: Page) {
  await waitForPreview(page);
  await page.getByRole('button', { name: 'Start Challenge' }).click();
  await page.getByRole('heading', { name: 'Setup Instructions' }).waitFor();
  await page.getByRole('button', { name: 'Start Recording' }).click();
  await page.getByTestId('countdown').waitFor({ timeout: UI_TIMEOUT_MS });
  // The recorder and the counting run once the countdown is over.
  await page.getByTestId('live-valid').waitFor({ timeout: UI_TIMEOUT_MS });
}

/** Records until the attempt ends by itself (the clip is over: the rest rule). */
async function recordWholeClip(page: Page): Promise<{ valid: number; invalid: number }> {
  await startRecording(page);
  await page.getByTestId('result-valid').waitFor({ timeout: ATTEMPT_TIMEOUT_MS });
  return {
    valid: Number(await page.getByTestId('result-valid').textContent()),
    invalid: Number(await page.getByTestId('result-invalid').textContent()),
  };
}

/** Records about two seconds and presses Finish Recording. */
async function recordBriefly(page: Page) {
  await startRecording(page);
  await page.waitForTimeout(2000);
  await page.getByRole('button', { name: 'Finish Recording' }).click();
  await page.getByTestId('result-valid').waitFor({ timeout: UI_TIMEOUT_MS });
}

async function submitAndComplete(page: Page) {
  await page.getByRole('button', { name: 'Submit Challenge' }).click();
  await page.getByRole('heading', { name: 'Challenge Complete' }).first().waitFor({
    timeout: 60_000,
  });
}

describe('a full attempt', () => {
  it('non-duel: shared link, e-mail only, live count as the CLI counts, submitted with video and referrer', async () => {
    const challenge = await seedChallenge({ name: 'E2E Live Push-ups' });
    const { context, page } = await visitor();
    const email = uniqueEmail('live');
    await page.goto(`/challenge/${challenge.slug}?ref=Friend%40Example.test`);
    await page.getByRole('button', { name: 'Join Challenge' }).click();
    await page.waitForURL((url) => url.pathname === `/challenge/${challenge.id}/record`);
    await registerNonDuel(page, email);
    const counted = await recordWholeClip(page);
    await screenshot(page, 'record-results-desktop');
    expect(await page.getByTestId('ended-by').textContent()).toBe(
      'Attempt ended: you rested for more than 3 seconds.',
    );
    // Within one rep of `reptemple analyze` on the same clip, same model, same analyser.
    expect(Math.abs(counted.valid - cli.pushup.valid_reps)).toBeLessThanOrEqual(1);
    expect(
      Math.abs(counted.valid + counted.invalid - (cli.pushup.valid_reps + cli.pushup.invalid_reps)),
    ).toBeLessThanOrEqual(1);

    await submitAndComplete(page);
    expect(Number(await page.getByTestId('complete-valid').textContent())).toBe(counted.valid);
    const [row] = await recordingsOf(challenge.id);
    expect(row).toMatchObject({
      email,
      name: email.split('@')[0],
      gender: 'male',
      valid_reps: counted.valid,
      invalid_reps: counted.invalid,
      referred_by: 'friend@example.test',
    });
    expect(row!.video_url).toMatch(/^\/media\/videos\/.+\.webm$/);
    expect(row!.gif_url).toMatch(/^\/media\/gifs\/.+\.gif$/);
    expect(row!.duration_seconds).toBeGreaterThan(5);
    expect(row!.analysis_data).toMatchObject({
      video_source: 'live_camera',
      is_daily_challenge: false,
      analysis_results: { analyser: 'pushup', validReps: counted.valid },
    });
    expect(row!.analysis_data.completed_reps).toHaveLength(counted.valid + counted.invalid);
    expect(row!.analysis_data.exercise_definition?.name).toBeTruthy();
    // The video is served and is a WebM.
    const video = await fetch(`${stack.url}${row!.video_url}`);
    expect(video.status).toBe(200);
    expect(
      Buffer.from(await video.arrayBuffer())
        .subarray(0, 4)
        .toString('hex'),
    ).toBe('1a45dfa3');
    await context.close();
  });
});
