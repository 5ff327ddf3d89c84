// The record flow in Debian Chromium with a fake camera fed from a fixture clip (spec 02 §2, §4,
// §5, §8, §9): a full attempt on a non-duel and on a duel challenge, from the shared link through
// registration, countdown, live count, finish and submit, ending with the row read back from the
// data API; the live count within one rep of `reptemple analyze` on the same clip; phone size; and
// the faults: camera denied or absent, upload failure (saved without video, the video kept and
// sent again), a reload during upload, a second submission, a closed challenge, switching camera
// while recording, and the fallback card. The sign-in cards, the camera preview, the setup
// instructions, the camera-problem card, the results and Challenge Complete are checked with
// axe-core (WCAG 2.1 A and AA).

import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations } from './axe.js';
import {
  type CliCount,
  cliCount,
  cliCountOfFile,
  lastFrameThumbnail,
  launchWithFakeCamera,
  makeFakeCameraClip,
  probeVideo,
  thumbnailDifference,
} from './fake-camera.js';
import { DESKTOP, expectToast, latestLink, screenshot, stack, uniqueEmail } from './helpers.js';
import {
  ATTEMPT_TIMEOUT_MS,
  registerWithEmail,
  resultCounts,
  startRecording,
  submitAttempt,
  UI_TIMEOUT_MS,
  waitForPreview,
} from './record-steps.js';
import { BUILTIN_PUSHUP_ID, HOUR_MS, isoFromNow, seedChallenge, sql } from './seed.js';

/** The push-up analyser's clip: its count is the same at every rate the live loop reaches. */
const CLIP = '08-tank-top-side.mp4';
/**
 * The definition analyser's clip (the duel). Not 08: `reptemple analyze --fps N` on 08 with the
 * definition analyser counts 4 valid at 30, 24, 20 and 15 frames/s but 3 at 18 and 2 at 16 and 12
 * (reps 3-5 are judged on a knee or body-line angle just outside the start phase's range on two
 * frames 500 ms apart), so a live count at a load-dependent 12-24 frames/s could miss by two
 * whatever the loop does. On 06 it counts 3 valid + 1 invalid at 24, 18, 15 and 12 frames/s (4 + 0
 * at the clip's own 30, frames the camera never shows: the CLI counts at the camera's 24).
 */
const DUEL_CLIP = '06-white-hoodie-side.mp4';
/** A phone held in portrait (issue 12). */
const PHONE_PORTRAIT = { width: 390, height: 844 };
/** The server verifies a ~40 s recording on a loaded machine (issue 18). ms */
const VERIFICATION_TIMEOUT_MS = 180_000;

const workDir = mkdtempSync(path.join(tmpdir(), 'reptemple-record-e2e-'));
let browser: Browser;
/** A second browser, whose fake camera plays the duel's clip. */
let duelBrowser: Browser;
let cli: { pushup: CliCount; definition: CliCount };
let definitionCopyId: string;
const observed: Record<string, unknown>[] = [];

beforeAll(async () => {
  const counting = Promise.all([
    cliCount(CLIP, 'pushup', workDir),
    cliCount(DUEL_CLIP, 'definition', workDir),
  ]);
  const camera = { leadInS: 10, tailS: 8 };
  const [y4m, duelY4m] = await Promise.all([
    makeFakeCameraClip(CLIP, path.join(workDir, 'camera.y4m'), camera),
    makeFakeCameraClip(DUEL_CLIP, path.join(workDir, 'duel-camera.y4m'), camera),
  ]);
  browser = await launchWithFakeCamera(y4m);
  duelBrowser = await launchWithFakeCamera(duelY4m);
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
  if (observed.length > 0)
    writeFileSync(
      path.join(stack.screenshotDir, '..', 'record-counts.json'),
      `${JSON.stringify({ cli, observed }, null, 2)}\n`,
    );
  await browser?.close();
  await duelBrowser?.close();
  rmSync(workDir, { recursive: true, force: true });
});

async function visitor(
  viewport = DESKTOP,
  camera = true,
  from: Browser = browser,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await from.newContext({
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
  claimed_valid_reps: number;
  claimed_invalid_reps: number;
  verified_valid_reps: number | null;
  verified_invalid_reps: number | null;
  verification_status: string;
  duration_seconds: number;
  video_url: string | null;
  gif_url: string | null;
  referred_by: string | null;
  analysis_data: {
    exercise: string;
    video_source: string;
    analysis_results: { analyser: string; validReps: number; analysedFps: number };
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

/** How the detail page writes a count. */
const repsText = (count: number) => `${count} ${count === 1 ? 'rep' : 'reps'}`;

/** Waits until the challenge's recording is no longer verifying; answers the row. */
async function waitForVerification(challengeId: string): Promise<RecordingRow> {
  const until = Date.now() + VERIFICATION_TIMEOUT_MS;
  for (;;) {
    const [row] = await recordingsOf(challengeId);
    if (row && row.verification_status !== 'verifying') return row;
    if (Date.now() > until) throw new Error(`still verifying: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Records until the attempt ends by itself (the clip is over: the rest rule), which warns first. */
async function recordWholeClip(page: Page): Promise<{ valid: number; invalid: number }> {
  await startRecording(page);
  const warning = page.getByTestId('session-warning');
  await warning.waitFor({ timeout: ATTEMPT_TIMEOUT_MS });
  expect(await warning.textContent()).toMatch(
    /^Keep moving! The attempt ends after 3 seconds of rest/,
  );
  return resultCounts(page);
}

/** Records about two seconds and presses Finish Recording. */
async function recordBriefly(page: Page) {
  await startRecording(page);
  await page.waitForTimeout(2000);
  await page.getByRole('button', { name: 'Finish Recording' }).click();
  await page.getByTestId('result-valid').waitFor({ timeout: UI_TIMEOUT_MS });
}

describe('a full attempt', () => {
  it(
    'non-duel: shared link, e-mail only, live count as the CLI counts, submitted with video and referrer',
    async () => {
      const challenge = await seedChallenge({ name: 'E2E Live Push-ups' });
      const { context, page } = await visitor();
      const email = uniqueEmail('live');
      await page.goto(`/challenge/${challenge.slug}?ref=Friend%40Example.test`);
      await page.getByRole('button', { name: 'Join Challenge' }).click();
      await page.waitForURL((url) => url.pathname === `/challenge/${challenge.id}/record`);
      await registerWithEmail(page, email);
      const counted = await recordWholeClip(page);
      // The recorded video shows a still of the attempt until it plays, not a black first frame
      // (issue 26).
      expect(await page.getByTestId('result-video').getAttribute('poster')).toMatch(/^blob:/);
      await screenshot(page, 'record-results-desktop');
      expect(await violations(page), 'results card').toEqual([]);
      observed.push({ test: 'non-duel', analyser: 'pushup', ...counted });
      expect(await page.getByTestId('ended-by').textContent()).toBe(
        'Attempt ended: you rested for more than 3 seconds.',
      );
      // Every rep seen: the total within one of `reptemple analyze` on the same clip at the
      // camera's rate, same model, same analyser. The verdicts within two: with the lite model
      // the lockout of clip 08's reps reads 154-160 degrees against the 160-degree rule, so which
      // frames a live loop at a load-dependent rate analyses can flip a verdict (the CLI itself
      // counts 2, 3, 2, 2 valid at 24, 20, 15, 12 frames/s; docs/decisions.md).
      expect(Math.abs(counted.valid - cli.pushup.valid_reps)).toBeLessThanOrEqual(2);
      expect(
        Math.abs(
          counted.valid + counted.invalid - (cli.pushup.valid_reps + cli.pushup.invalid_reps),
        ),
      ).toBeLessThanOrEqual(1);

      await submitAttempt(page);
      expect(Number(await page.getByTestId('complete-valid').textContent())).toBe(counted.valid);
      // The count says it is the live one, and the dialog follows its verification (issue 26).
      expect(await page.getByTestId('complete-counted').textContent()).toBe(
        'valid reps, counted live',
      );
      await page
        .getByTestId('verification-progress')
        .or(page.getByTestId('complete-verified'))
        .first()
        .waitFor({ timeout: UI_TIMEOUT_MS });
      await screenshot(page, 'record-complete-verifying');
      expect(await violations(page), 'Challenge Complete').toEqual([]);
      const [row] = await recordingsOf(challenge.id);
      expect(row).toMatchObject({
        email,
        name: email.split('@')[0],
        gender: 'male',
        // The browser's counts are the claim; the server verifies the video (below).
        claimed_valid_reps: counted.valid,
        claimed_invalid_reps: counted.invalid,
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

      // NEXT USER: signed out, storage cleared, the page afresh for the next participant.
      await page.getByRole('button', { name: 'NEXT USER' }).click();
      await page
        .getByRole('heading', { name: 'Join the challenge' })
        .waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);

      // Verified by the server (issue 18): the leaderboard shows the claim as 'Verifying…', then the
      // verified count, which is what `reptemple judge` finds in the uploaded file: the server's
      // verification (full model, push-ups at 12 frames per second, close moments refined).
      const uploaded = path.join(workDir, 'uploaded.webm');
      writeFileSync(
        uploaded,
        Buffer.from(await (await fetch(`${stack.url}${row!.video_url}`)).arrayBuffer()),
      );
      const verifiedByCli = cliCountOfFile(uploaded, workDir);
      // The recorder's settings (spec 02 §9): VP8 WebM at the camera's 640x360, no more than the
      // camera's 24 frames/s, about 800 kbit/s (a quarter over allowed: the encoder aims, it does
      // not cap; Chromium's own default at this size is several times that). And the recording is
      // not mirrored: its last frame (the clip's held last frame) matches the camera's picture
      // better as it is than flipped.
      const probed = await probeVideo(uploaded, statSync(uploaded).size);
      expect(probed).toMatchObject({ codec: 'vp8', width: 640, height: 360 });
      expect(probed.framesPerSecond).toBeLessThanOrEqual(24.5);
      expect(probed.bitsPerSecond).toBeLessThanOrEqual(1_000_000);
      const [recordedEnd, cameraEnd] = await Promise.all([
        lastFrameThumbnail(uploaded),
        lastFrameThumbnail(path.join(workDir, 'camera.y4m')),
      ]);
      expect(thumbnailDifference(recordedEnd, cameraEnd)).toBeLessThan(
        thumbnailDifference(recordedEnd, cameraEnd, true),
      );
      // Only verified counts rank (issue 25): until the server has verified the video, the claim
      // waits under the ranked entries, shown as a claim, and ranks nowhere.
      await page.goto(`/challenge/${challenge.id}/leaderboard`);
      const waiting = page
        .getByRole('list', { name: 'Waiting for verification' })
        .getByTestId('leaderboard-row')
        .first();
      await waiting.getByText('Verifying…').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await waiting.getByTestId('claimed-reps').textContent()).toBe(
        `${counted.valid} claimed`,
      );
      expect(await page.getByRole('list', { name: 'Leaderboard', exact: true }).count()).toBe(0);
      await screenshot(page, 'leaderboard-waiting-for-verification');
      const expected = await verifiedByCli;
      const verified = await waitForVerification(challenge.id);
      expect(verified).toMatchObject({
        verification_status: 'verified',
        verified_valid_reps: expected.valid_reps,
        verified_invalid_reps: expected.invalid_reps,
        valid_reps: expected.valid_reps,
        claimed_valid_reps: counted.valid,
      });
      await page.goto(`/challenge/${challenge.slug}`);
      const top = page
        .getByRole('list', { name: 'Top participants' })
        .getByRole('listitem')
        .first();
      await top.getByTestId('entry-reps').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await top.getByTestId('entry-reps').textContent()).toBe(repsText(expected.valid_reps));
      // The count says it is verified (issue 26).
      expect(await top.getByTestId('verification-badge').getAttribute('data-status')).toBe(
        'verified',
      );
      await screenshot(page, 'record-verified-leaderboard');
      await context.close();
    },
    ATTEMPT_TIMEOUT_MS + VERIFICATION_TIMEOUT_MS,
  );

  it('duel at phone size: name, e-mail and gender without a password, the definition analyser, readable counts', async () => {
    const duel = await seedChallenge({
      name: 'E2E Live Duel',
      challenge_type: 'duel',
      exercise_definition_id: definitionCopyId,
    });
    const { context, page } = await visitor(PHONE_PORTRAIT, true, duelBrowser);
    const email = uniqueEmail('duelist');
    await page.goto(`/challenge/${duel.slug}`);
    await page.getByRole('button', { name: 'Join Challenge' }).click();
    await page.waitForURL((url) => url.pathname === `/challenge/${duel.id}/record`);
    await page
      .getByRole('heading', { name: 'Join the challenge' })
      .waitFor({ timeout: UI_TIMEOUT_MS });
    // Name and e-mail are required for a duel (spec 02 §5).
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectToast(page, 'Missing Information', 'Please enter your name and email to continue.');
    await page.getByLabel('Name', { exact: true }).fill('Duelist Dee');
    await page.getByText('Female', { exact: true }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPreview(page);

    // Large touch targets; the front camera mirrored in the preview.
    const start = await page.getByRole('button', { name: 'Start Challenge' }).boundingBox();
    expect(start!.height).toBeGreaterThanOrEqual(48);
    expect(start!.x + start!.width).toBeLessThanOrEqual(PHONE_PORTRAIT.width);
    expect(
      await page.getByTestId('camera-video').evaluate((video) => getComputedStyle(video).transform),
    ).toBe('matrix(-1, 0, 0, 1, 0, 0)');

    await startRecording(page);
    // The count is visible on the phone, and large enough to read from two metres.
    const count = page.getByTestId('live-valid');
    const box = await count.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE_PORTRAIT.height);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE_PORTRAIT.width);
    expect(
      Number.parseFloat(await count.evaluate((element) => getComputedStyle(element).fontSize)),
    ).toBeGreaterThanOrEqual(80);
    await page.getByTestId('position-indicator').waitFor();
    await screenshot(page, 'record-live-phone');
    // No camera switch while recording (spec 02 §8).
    await page.getByRole('button', { name: 'Switch camera' }).click();
    await expectToast(
      page,
      'Cannot Switch Camera',
      'Please stop recording before switching cameras.',
    );

    const warning = page.getByTestId('session-warning');
    await warning.waitFor({ timeout: ATTEMPT_TIMEOUT_MS });
    await page.getByTestId('result-valid').waitFor({ timeout: ATTEMPT_TIMEOUT_MS });
    const counted = {
      valid: Number(await page.getByTestId('result-valid').textContent()),
      invalid: Number(await page.getByTestId('result-invalid').textContent()),
    };
    observed.push({ test: 'duel', analyser: 'definition', ...counted });
    expect(Math.abs(counted.valid - cli.definition.valid_reps)).toBeLessThanOrEqual(1);
    expect(
      Math.abs(
        counted.valid + counted.invalid - (cli.definition.valid_reps + cli.definition.invalid_reps),
      ),
    ).toBeLessThanOrEqual(1);

    await submitAttempt(page);
    await screenshot(page, 'record-complete-phone');
    const [row] = await recordingsOf(duel.id);
    observed.push({ test: 'duel', analysedFps: row?.analysis_data.analysis_results.analysedFps });
    expect(row).toMatchObject({
      email,
      name: 'Duelist Dee',
      gender: 'female',
      claimed_valid_reps: counted.valid,
      referred_by: null,
    });
    expect(row!.analysis_data.analysis_results.analyser).toBe('definition');
    expect(row!.video_url).toMatch(/^\/media\/videos\//);
    const [started] = await sql<{ first_participant_joined_at: Date | null }>(
      'select first_participant_joined_at from public.challenges where id = $1',
      [duel.id],
    );
    expect(started!.first_participant_joined_at).not.toBeNull();
    await context.close();
  });
});

describe('accessibility', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE_PORTRAIT],
  ] as const)(
    '%s: the sign-in cards and the camera preview have no WCAG A/AA violations',
    async (_name, viewport) => {
      const challenge = await seedChallenge({ name: 'E2E Accessible Record' });
      const duel = await seedChallenge({ name: 'E2E Accessible Duel', challenge_type: 'duel' });
      const { context, page } = await visitor(viewport);
      // The duel's card: name, e-mail and gender.
      await page.goto(`/challenge/${duel.id}/record`);
      await page.getByLabel('Name', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await violations(page), 'duel sign-in card').toEqual([]);

      await page.goto(`/challenge/${challenge.id}/record`);
      await page
        .getByRole('heading', { name: 'Join the challenge' })
        .waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await violations(page), 'sign-in card').toEqual([]);
      await page.getByLabel('Email').fill(uniqueEmail('a11y'));
      await page.getByRole('button', { name: 'Continue' }).click();
      await waitForPreview(page);
      expect(await violations(page), 'camera preview').toEqual([]);
      await page.getByRole('button', { name: 'Diagnostics' }).click();
      await page.getByTestId('diagnostics').waitFor();
      expect(await violations(page), 'camera preview with diagnostics').toEqual([]);
      await page.getByRole('button', { name: 'Start Challenge' }).click();
      await page.getByRole('heading', { name: 'Setup Instructions' }).waitFor();
      expect(await violations(page), 'Setup Instructions').toEqual([]);
      await context.close();
    },
  );
});

describe('faults', () => {
  it('camera denied: says so and how to fix it; Try again starts the preview once allowed', async () => {
    const challenge = await seedChallenge({ name: 'E2E Camera Denied' });
    const { context, page } = await visitor(DESKTOP, false);
    await page.goto(`/challenge/${challenge.id}/record`);
    await registerWithEmail(page, uniqueEmail('denied'));
    await page.getByRole('heading', { name: 'Camera access was denied' }).waitFor({
      timeout: UI_TIMEOUT_MS,
    });
    expect(await violations(page), 'camera denied card').toEqual([]);
    await context.grantPermissions(['camera']);
    await page.getByRole('button', { name: 'Try again' }).click();
    await waitForPreview(page);
    await context.close();
  });

  it('no camera: says so, no blank page', async () => {
    const challenge = await seedChallenge({ name: 'E2E No Camera' });
    const { context, page } = await visitor();
    await context.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
    });
    await page.goto(`/challenge/${challenge.id}/record`);
    await registerWithEmail(page, uniqueEmail('nocam'));
    await page
      .getByRole('heading', { name: 'No camera found' })
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await context.close();
  });

  it('a camera that never answers brings the fallback card and its three buttons', async () => {
    const challenge = await seedChallenge({ name: 'E2E Fallback' });
    const { context, page } = await visitor();
    await context.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => new Promise<MediaStream>(() => undefined);
    });
    await page.goto(`/challenge/${challenge.id}/record`);
    await registerWithEmail(page, uniqueEmail('fallback'));
    await page.getByRole('heading', { name: 'Recording Interface Not Loading' }).waitFor({
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Force Load Recording' }).waitFor();
    await page.getByRole('button', { name: 'Refresh Page' }).waitFor();
    await page.getByRole('button', { name: 'Debug Console' }).click();
    await page.getByTestId('diagnostics').waitFor();
    await context.close();
  });

  it('a recorder that fails to start: Recording Error, and the recording state is reset', async () => {
    const challenge = await seedChallenge({ name: 'E2E Recorder Fails' });
    const { context, page } = await visitor();
    await context.addInitScript(() => {
      window.MediaRecorder = class {
        static isTypeSupported() {
          return true;
        }
        constructor() {
          throw new DOMException('The recorder is broken.', 'NotSupportedError');
        }
      } as unknown as typeof MediaRecorder;
    });
    await page.goto(`/challenge/${challenge.id}/record`);
    await registerWithEmail(page, uniqueEmail('recorder'));
    await waitForPreview(page);
    await page.getByRole('button', { name: 'Start Challenge' }).click();
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await expectToast(page, 'Recording Error', 'Failed to start recording. Please try again.');
    // Back to the preview, ready to try again.
    await page.getByRole('button', { name: 'Start Challenge' }).waitFor({ timeout: UI_TIMEOUT_MS });
    await waitForPreview(page);
    expect(await page.getByTestId('camera-stage').getAttribute('data-recording')).toBe('false');
    await context.close();
  });

  it('upload failure: the attempt is saved without its video, the video is kept and sent again', async () => {
    const challenge = await seedChallenge({ name: 'E2E Upload Fails' });
    const { context, page } = await visitor();
    await page.route('**/api/upload-video', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'Storage is full.' }),
      }),
    );
    await page.goto(`/challenge/${challenge.id}/record`);
    await registerWithEmail(page, uniqueEmail('upload'));
    await recordBriefly(page);
    await page.getByRole('button', { name: 'Submit Challenge' }).click();
    await expectToast(page, 'Saved without video', 'Storage is full.');
    await page.getByRole('heading', { name: 'Challenge Complete' }).first().waitFor();
    let [row] = await recordingsOf(challenge.id);
    expect(row!.video_url).toBeNull();

    await page.unroute('**/api/upload-video');
    await page.getByRole('button', { name: 'Send video again' }).click();
    await expectToast(page, 'Video sent', 'Your video is now part of your attempt.');
    [row] = await recordingsOf(challenge.id);
    expect(row!.video_url).toMatch(/^\/media\/videos\//);
    await context.close();
  });

  it('offline upload, then a reload: the video of the saved attempt is offered on the already-submitted screen and sent', async () => {
    const challenge = await seedChallenge({ name: 'E2E Offline Upload' });
    const { context, page } = await visitor();
    // No connection at all: the request never reaches a server.
    await page.route('**/api/upload-video', (route) => route.abort('internetdisconnected'));
    await page.goto(`/challenge/${challenge.id}/record`);
    await registerWithEmail(page, uniqueEmail('offline'));
    await recordBriefly(page);
    await page.getByRole('button', { name: 'Submit Challenge' }).click();
    await expectToast(
      page,
      'Saved without video',
      'The upload could not reach the server (offline?). Your attempt was saved',
    );
    await page.getByRole('heading', { name: 'Challenge Complete' }).first().waitFor();
    expect((await recordingsOf(challenge.id))[0]!.video_url).toBeNull();
    // One attempt per participant: closing Challenge Complete offers no second attempt, only
    // the video still to send.
    await page.getByRole('dialog', { name: 'Challenge Complete' }).getByLabel('Close').click();
    expect(await page.getByTestId('stopped-message').textContent({ timeout: UI_TIMEOUT_MS })).toBe(
      'This challenge takes one attempt per participant, and yours is already on the leaderboard.',
    );
    expect(await page.getByRole('button', { name: 'Start Challenge' }).count()).toBe(0);
    await page.getByTestId('pending-attempt').waitFor();

    // Back online, after a reload: the kept video is offered beside "Already submitted".
    await page.unroute('**/api/upload-video');
    await page.reload();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('stopped-message').waitFor({ timeout: UI_TIMEOUT_MS });
    const pending = page.getByTestId('pending-attempt');
    await pending.waitFor({ timeout: UI_TIMEOUT_MS });
    await pending.getByRole('button', { name: 'Send video again' }).click();
    await expectToast(page, 'Video sent', 'Your video is now part of your attempt.');
    const rows = await recordingsOf(challenge.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.video_url).toMatch(/^\/media\/videos\//);
    await context.close();
  });

  it('a challenge that closes during the attempt: Submit says so in words, not the database error', async () => {
    const challenge = await seedChallenge({ name: 'E2E Closes Meanwhile' });
    const { context, page } = await visitor();
    await page.goto(`/challenge/${challenge.id}/record`);
    await registerWithEmail(page, uniqueEmail('closing'));
    await recordBriefly(page);
    await sql(`update public.challenges set end_date = now() - interval '1 minute' where id = $1`, [
      challenge.id,
    ]);
    await page.getByRole('button', { name: 'Submit Challenge' }).click();
    const message = 'This challenge has ended. Its leaderboard stays open to view.';
    await expectToast(page, 'This challenge is closed', message);
    expect(await page.getByTestId('stopped-message').textContent()).toBe(message);
    expect(await recordingsOf(challenge.id)).toHaveLength(0);
    await context.close();
  });

  it('a reload during upload loses nothing: the attempt is offered again and sent', async () => {
    const challenge = await seedChallenge({ name: 'E2E Reload' });
    const { context, page } = await visitor();
    // The upload never answers, as on a dead connection.
    await page.route('**/api/upload-video', () => undefined);
    await page.goto(`/challenge/${challenge.id}/record`);
    await registerWithEmail(page, uniqueEmail('reload'));
    await recordBriefly(page);
    await page.getByRole('button', { name: 'Submit Challenge' }).click();
    await page.getByTestId('upload-screen').waitFor();
    await page.getByTestId('fact').waitFor();
    await page.unroute('**/api/upload-video');
    await page.reload();
    await page.getByRole('button', { name: 'Continue' }).click();
    const pending = page.getByTestId('pending-attempt');
    await pending.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await recordingsOf(challenge.id)).toHaveLength(0);
    await pending.getByRole('button', { name: 'Send it now' }).click();
    await page.getByRole('heading', { name: 'Challenge Complete' }).first().waitFor({
      timeout: 60_000,
    });
    const rows = await recordingsOf(challenge.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.video_url).toMatch(/^\/media\/videos\//);
    await context.close();
  });

  it.each([
    {
      kind: 'single-submission',
      is_daily: false,
      message:
        'This challenge takes one attempt per participant, and yours is already on the leaderboard.',
    },
    {
      kind: 'daily (same day)',
      is_daily: true,
      message:
        'This daily challenge takes one attempt a day, and today’s is in. Come back tomorrow (your days here are counted in the time zone of your first attempt).',
    },
  ])(
    'a second submission to a $kind challenge is refused with its message',
    async ({ is_daily, message }) => {
      const challenge = await seedChallenge({ name: 'E2E Second Submission', is_daily });
      const { context, page } = await visitor();
      const email = uniqueEmail('twice');
      await page.goto(`/challenge/${challenge.id}/record`);
      await registerWithEmail(page, email);
      await recordBriefly(page);
      // Another tab submitted meanwhile (today, for the daily challenge).
      await sql(
        `insert into public.challenge_recordings (challenge_id, user_id, name, email, valid_reps, duration_seconds)
       select $1, id, 'Other tab', email, 3, 20 from auth.users where email = $2`,
        [challenge.id, email],
      );
      await page.getByRole('button', { name: 'Submit Challenge' }).click();
      await expectToast(page, 'Already submitted', message);
      expect(await page.getByTestId('stopped-message').textContent()).toBe(message);
      expect(await recordingsOf(challenge.id)).toHaveLength(1);
      if (!is_daily) {
        // Coming back later says so before recording (a daily challenge takes tomorrow's).
        await page.reload();
        await page.getByRole('button', { name: 'Continue' }).click();
        expect(await page.getByTestId('stopped-message').textContent()).toBe(message);
      }
      await context.close();
    },
  );

  it('an ended challenge and an expired duel are refused with a message', async () => {
    const ended = await seedChallenge({ name: 'E2E Ended', end_date: isoFromNow(-HOUR_MS) });
    const { context, page } = await visitor();
    await page.goto(`/challenge/${ended.id}/record`);
    expect(await page.getByTestId('closed-reason').textContent()).toBe(
      'This challenge has ended. Its leaderboard stays open to view.',
    );
    // A duel that expires while the page is open: the database refuses the join.
    const duel = await seedChallenge({
      name: 'E2E Expiring Duel',
      challenge_type: 'duel',
      first_participant_joined_at: isoFromNow(-71 * HOUR_MS),
    });
    await page.goto(`/challenge/${duel.id}/record`);
    await page
      .getByRole('heading', { name: 'Join the challenge' })
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await sql(
      `update public.challenges set first_participant_joined_at = now() - interval '73 hours' where id = $1`,
      [duel.id],
    );
    await page.getByLabel('Email').fill(uniqueEmail('late'));
    await page.getByLabel('Name', { exact: true }).fill('Late Larry');
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await page.getByTestId('stopped-message').textContent({ timeout: UI_TIMEOUT_MS })).toBe(
      'This duel has expired: its 72 hours are over.',
    );
    await context.close();
  });

  it('an address with an account gets a one-time link that returns to the record page', async () => {
    const challenge = await seedChallenge({ name: 'E2E Returning' });
    const email = uniqueEmail('returning');
    const first = await visitor();
    await first.page.goto(`/challenge/${challenge.id}/record`);
    await registerWithEmail(first.page, email);
    await waitForPreview(first.page);
    await first.context.close();

    const { context, page } = await visitor();
    await page.goto(`/challenge/${challenge.id}/record?ref=pal%40example.test`);
    await registerWithEmail(page, email);
    await page
      .getByRole('heading', { name: 'Check your email' })
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Send the link again' }).waitFor();
    await page.goto(await latestLink(email));
    await page.waitForURL((url) => url.pathname === `/challenge/${challenge.id}/record`);
    expect(new URL(page.url()).searchParams.get('ref')).toBe('pal@example.test');
    await page.getByRole('heading', { name: `Welcome back, ${email.split('@')[0]}!` }).waitFor({
      timeout: UI_TIMEOUT_MS,
    });
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPreview(page);
    await context.close();
  });
});
