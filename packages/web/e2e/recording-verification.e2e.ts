// The recording view after issue 26: it leads with the video (with a poster, not a black frame),
// the verified result and sharing, and puts the per-rep evidence after them, compact and
// expandable; the count says whether it is verified, and when the verification differs from the
// live count it says by how much and shows the reps that differ, with their pictures and why.
// While verifying, the place in the queue and an estimate from the measured rate.
//
// Arranged: a recording of 65 reps counted live as 62, verified as 65 (three reps the live loop
// missed, one verdict that differs, whose lockout each side stored as its checks), with an
// uploaded video and GIF, evidence and a contact sheet per rep; and a recording waiting in the
// verification queue.

import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations } from './axe.js';
import { checkRow } from './data-api.js';
import { serviceClient, signUpUser, uploadVideo } from './data-setup.js';
import { REPO_DIR } from './fake-camera.js';
import { DESKTOP, launchBrowser, newVisitor, PHONE_390, screenshot, stack } from './helpers.js';
import { UI_TIMEOUT_MS } from './record-steps.js';
import { seedChallenge, sql } from './seed.js';

const run = promisify(execFile);
const UTC = { timezoneId: 'UTC' };
const workDir = mkdtempSync(path.join(tmpdir(), 'reptemple-recording-e2e-'));
const LIVE_VALID = 62;
const VERIFIED_REPS = 65;
/** Verified reps the live count did not count (live missed them). */
const MISSED_LIVE = [20, 41, 63];
/** A rep counted valid live that the verification found invalid. */
const FLIPPED = 30;
const REP_MS = 1800;
/** A lockout check as the SDK writes it (RuleCheck); each side gives its value and frame. */
const LOCKOUT_CHECK = {
  rule: 'lockout',
  measurement: '2d',
  threshold: 160,
  bound: 'min',
  passed: false,
  side: 'right',
};

/** A depth check as the SDK writes it: the elbow at the bottom, at most 105 degrees. */
const DEPTH_CHECK = {
  rule: 'depth',
  measurement: '2d',
  threshold: 105,
  bound: 'max',
  passed: true,
  side: 'right',
};

let browser: Browser;
let challengeId: string;
let recordingId: string;
let queuedId: string;

/** Rep n's times in the video: one every 2 s from 1 s. ms */
const repStart = (n: number) => 1000 + (n - 1) * 2000;

beforeAll(async () => {
  browser = await launchBrowser();
  const challenge = await seedChallenge({ name: 'E2E Verified Sixty-Five' });
  challengeId = challenge.id;
  const user = await signUpUser('verified', 'Vera Verified');
  const clip = readFileSync(path.join(REPO_DIR, 'fixtures/videos/pushup/08-tank-top-side.mp4'));
  const { videoUrl, gifUrl } = await uploadVideo(user, clip, 'verified.mp4');
  // The live attempt: every verified rep but the three it missed, all valid.
  const liveReps = Array.from({ length: VERIFIED_REPS }, (_, i) => i + 1)
    .filter((n) => !MISSED_LIVE.includes(n))
    .map((n, index) => ({
      repNumber: index + 1,
      startTime: repStart(n) - 150,
      endTime: repStart(n) - 150 + REP_MS,
      isValidRep: true,
      invalidReason: null,
      evidence: {
        deciding: { rule: 'lockout', value: 161, threshold: 160, bound: 'min' },
        // The rules judged live, as the SDK's RuleCheck (the flipped rep's lockout, corrected).
        checks:
          n === FLIPPED
            ? [
                {
                  ...LOCKOUT_CHECK,
                  value: 161,
                  raw: 153.2,
                  passed: true,
                  timeMs: repStart(n) + 1500,
                },
              ]
            : [],
      },
    }));
  const inserted = checkRow(
    await serviceClient()
      .from('challenge_recordings')
      .insert({
        challenge_id: challengeId,
        user_id: user.id,
        name: 'Vera Verified',
        email: user.email,
        gender: 'female',
        valid_reps: LIVE_VALID,
        invalid_reps: 0,
        duration_seconds: 135.4,
        video_url: videoUrl,
        gif_url: gifUrl,
        analysis_data: {
          exercise: 'Push-up',
          video_source: 'live_camera',
          analysis_results: {
            validReps: LIVE_VALID,
            invalidReps: 0,
            analysedFps: 14.2,
            countingStartMs: 120,
          },
          completed_reps: liveReps,
          exercise_definition: null,
          is_daily_challenge: false,
        },
      })
      .select('id')
      .single(),
    'inserting the recording',
  );
  recordingId = inserted.id;
  // Verified as the server would write it (a fresh request token: the queued job is stale).
  await sql(
    `update public.challenge_recordings set verification_status = 'verified', verified_at = now(),
       verification_request = gen_random_uuid(),
       verified_valid_reps = $2, verified_invalid_reps = 1, verified_total_reps = $2 + 1,
       valid_reps = $2, invalid_reps = 1, total_reps = $2 + 1,
       verification_details = '{"model":"full","wallMs":90000,"durationMs":135400}'
     where id = $1`,
    [recordingId, VERIFIED_REPS - 1],
  );
  const sheet = path.join(workDir, 'sheet.jpg');
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-i',
    path.join(REPO_DIR, 'fixtures/videos/pushup/08-tank-top-side.mp4'),
    '-frames:v',
    '1',
    '-vf',
    'scale=480:135',
    sheet,
  ]);
  const jpeg = readFileSync(sheet);
  for (let n = 1; n <= VERIFIED_REPS; n++) {
    const flipped = n === FLIPPED;
    await sql(
      `insert into public.recording_rep_evidence (recording_id, rep_number, start_ms, end_ms,
         angle_name, bottom_angle, bottom_ms, top_angle, top_ms, phase_path, is_valid, invalid_reason,
         checks)
       values ($1, $2, $3, $4, 'elbow', 84, $5, $6, $7, '{up,down,up}', $8, $9, $10)`,
      [
        recordingId,
        n,
        repStart(n),
        repStart(n) + REP_MS,
        repStart(n) + 900,
        flipped ? 151 : 166,
        repStart(n) + 1700,
        !flipped,
        flipped ? 'Incomplete lockout' : null,
        // The verification's checks (issue 24): the flipped rep's lockout as the rule read it.
        // A valid rep's checks, as the push-up analyser makes them (a few of its rules).
        JSON.stringify(
          flipped
            ? [{ ...LOCKOUT_CHECK, value: 151.4, raw: 144.1, timeMs: repStart(n) + 1700 }]
            : [
                { ...DEPTH_CHECK, value: 84, raw: 84, timeMs: repStart(n) + 900 },
                {
                  ...LOCKOUT_CHECK,
                  value: 166.2,
                  raw: 155.0,
                  passed: true,
                  timeMs: repStart(n) + 1700,
                },
              ],
        ),
      ],
    );
    await sql(
      `insert into reptemple_private.recording_rep_images (recording_id, rep_number, jpeg)
       values ($1, $2, $3)`,
      [recordingId, n, jpeg],
    );
  }

  // A recording in the queue: moved to its front and held there (a worker takes a job only once
  // its start_after has passed), with a measured rate for its model (3 s per second of video).
  await sql(`update public.challenges set verification_model = 'heavy' where id = $1`, [
    challengeId,
  ]);
  for (const [wallMs, durationMs] of [
    [60_000, 20_000],
    [30_000, 10_000],
  ]) {
    // Inserted, then verified (an insert's verification fields are the database's).
    const [rate] = await sql<{ id: string }>(
      `insert into public.challenge_recordings (challenge_id, name, email, gender, valid_reps,
         invalid_reps, duration_seconds)
       values ($1, 'Rate', 'rate-' || gen_random_uuid() || '@example.test', 'male', 1, 0, 10)
       returning id`,
      [challengeId],
    );
    await sql(
      `update public.challenge_recordings set verification_status = 'verified', verified_at = now(),
         verification_details = jsonb_build_object('model', 'heavy', 'wallMs', $2::int, 'durationMs', $3::int)
       where id = $1`,
      [rate!.id, wallMs, durationMs],
    );
  }
  // Inserted with its video, and its job held at the front of the queue in the same transaction:
  // the worker never sees it takeable (a worker takes a job only once its start_after has passed).
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ id: string }>(
      `insert into public.challenge_recordings (challenge_id, name, email, gender, valid_reps,
         invalid_reps, duration_seconds, video_url, gif_url, analysis_data)
       values ($1, 'Quinn Queued', $2, 'male', 12, 0, 40, $3, $4,
         '{"analysis_results":{"validReps":12,"invalidReps":0},"completed_reps":[]}')
       returning id`,
      // A video of its own: an upload backs one recording (issue 25). Never verified here, so
      // its file need not exist.
      [
        challengeId,
        `queued-${challengeId.slice(0, 8)}@example.test`,
        `/media/videos/queued-${randomUUID()}.mp4`,
        null,
      ],
    );
    queuedId = rows[0]!.id;
    await client.query(
      `update pgboss.job set created_on = timestamptz '2001-01-01', start_after = now() + interval '1 hour'
       where name = 'verification' and data->>'recordingId' = $1`,
      [queuedId],
    );
    await client.query('commit');
  } finally {
    await client.end();
  }
}, 180_000);

afterAll(async () => {
  await sql(`delete from pgboss.job where name = 'verification' and data->>'recordingId' = $1`, [
    queuedId,
  ]).catch(() => undefined);
  await browser?.close();
  rmSync(workDir, { recursive: true, force: true });
});

async function openRecording(page: Page, id = recordingId) {
  await page.goto(`/challenge/${challengeId}/recording/${id}`);
  await page.getByTestId('stat-valid').waitFor({ timeout: UI_TIMEOUT_MS });
}

/** The element's top and bottom in the page. px */
async function span(page: Page, testId: string) {
  return page
    .getByTestId(testId)
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY };
    });
}

describe('the recording page leads with the video, the verified result and sharing', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE_390],
  ] as const) {
    it(`${label}: the video and the result on the first screen, sharing before the ${VERIFIED_REPS} reps, which are compact and open one by one`, async () => {
      const { context, page } = await newVisitor(browser, viewport, UTC);
      await openRecording(page);
      const video = await span(page, 'recording-video');
      const result = await span(page, 'stat-valid');
      // Seen without scrolling: the video starts on the first screen, the count is on it.
      expect(video.top).toBeLessThan(viewport.height);
      expect(result.bottom).toBeLessThan(
        label === 'phone' ? viewport.height * 1.6 : viewport.height,
      );
      // A poster, not a black frame, until it plays.
      expect(await page.getByTestId('recording-video').getAttribute('poster')).toMatch(
        /^\/media\/(gifs|thumbnails)\//,
      );
      await page.getByRole('heading', { name: 'Share Your Achievement' }).waitFor();
      const share = await span(page, 'share-achievement');
      const list = page.getByRole('list', { name: 'Rep by rep' });
      const reps = list.getByTestId('rep-evidence');
      await reps.first().waitFor({ timeout: UI_TIMEOUT_MS });
      const firstRep = await reps.first().evaluate((element) => {
        const box = element.getBoundingClientRect();
        return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY };
      });
      expect(share.bottom).toBeLessThan(firstRep.top);
      expect(video.bottom).toBeLessThan(firstRep.top);
      // Compact: a line each, no pictures until asked; the page is not 10,000 px of cards.
      expect(await list.getByRole('img').count()).toBe(0);
      const rowHeight = firstRep.bottom - firstRep.top;
      expect(rowHeight).toBeLessThan(label === 'phone' ? 90 : 60);
      const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(pageHeight).toBeLessThan(label === 'phone' ? 6000 : 4000);
      // Every rep is there (all of them on request), and each opens to its contact sheet.
      await page.getByRole('button', { name: `Show all ${VERIFIED_REPS} reps` }).click();
      expect(await reps.count()).toBe(VERIFIED_REPS);
      const rep12 = reps.filter({ hasText: 'Rep 12' });
      await rep12.getByRole('button', { name: 'Show rep 12' }).click();
      const sheet = rep12.getByRole('img', { name: /Rep 12: the bottom and the top frame/ });
      await sheet.waitFor({ timeout: UI_TIMEOUT_MS });
      await sheet.evaluate((img: HTMLImageElement) =>
        img.complete && img.naturalWidth > 0
          ? undefined
          : new Promise((resolve, reject) => {
              img.addEventListener('load', resolve);
              img.addEventListener('error', reject);
            }),
      );
      expect(await sheet.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      // Opened, a valid rep lists the checks it passed, each the number its rule used.
      expect(await rep12.getByTestId('rep-checks').getByRole('listitem').allTextContents()).toEqual(
        [
          'elbow at the bottom 84° ≤ 105° at 0:23.9',
          'elbow at the top 166.2° (read 155°) ≥ 160° at 0:24.7',
        ],
      );
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await rep12.scrollIntoViewIfNeeded();
      await screenshot(page, `recording-view-reps-${label}`);
      expect(await violations(page), `recording view, ${label}`).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `recording-view-top-${label}`);
      await context.close();
    });
  }
});

describe('claimed to verified, explained', () => {
  it('the count says it is verified, by how much it differs from the live count, and the reps that differ with their pictures and why', async () => {
    const { context, page } = await newVisitor(browser, DESKTOP, UTC);
    await openRecording(page);
    expect(await page.getByTestId('stat-valid').textContent()).toBe(String(VERIFIED_REPS - 1));
    const verdict = page.getByTestId('count-verification');
    expect(await verdict.textContent()).toContain('Verified');
    expect(await verdict.textContent()).toContain(`live count ${LIVE_VALID}`);
    expect(await verdict.textContent()).toContain('+2');

    const differs = page.getByRole('region', {
      name: 'Where the verification differs from the live count',
    });
    await differs.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await differs.getByTestId('differs-summary').textContent()).toBe(
      `Verified ${VERIFIED_REPS - 1} valid reps; the live count said ${LIVE_VALID} (2 more).`,
    );
    const rows = differs.getByTestId('rep-evidence');
    expect(await rows.count()).toBe(MISSED_LIVE.length + 1);
    const texts = await rows.allTextContents();
    expect(texts.map((text) => /Rep (\d+)/.exec(text)?.[1])).toEqual(
      [20, FLIPPED, 41, 63].map(String),
    );
    expect(texts[0]).toContain(
      'Not counted live: the live analysis saw no whole rep here (it analysed 14 frames a second).',
    );
    expect(texts[1]).toContain('Counted valid live; the video’s frames show: Incomplete lockout.');
    // The rule that failed the rep, as each side measured it: the value the rule used, the
    // detector's reading it was corrected from, the frame in the video, the threshold.
    expect(texts[1]).toContain(
      'Lockout (elbow at the top): 161° (read 153.2°) live, 151.4° (read 144.1°) in the video at 1:00.7 (at least 160° counts).',
    );
    // Their pictures, at once.
    expect(await differs.getByRole('img').count()).toBe(MISSED_LIVE.length + 1);
    // Opened, the failed rep names the check that failed it, the number the rule used (issue 24).
    expect(await differs.getByTestId('rep-failed-check').allTextContents()).toEqual([
      'elbow at the top 151.4° (read 144.1°) < 160° at 1:00.7',
    ]);
    await differs.scrollIntoViewIfNeeded();
    expect(await violations(page), 'recording view, differences').toEqual([]);
    await screenshot(page, 'recording-view-differences');
    await context.close();
  });

  it('the leaderboard marks a verified count as verified', async () => {
    const { context, page } = await newVisitor(browser, PHONE_390, UTC);
    await page.goto(`/challenge/${challengeId}/leaderboard`);
    const row = page.getByTestId('leaderboard-row').filter({ hasText: 'Vera Verified' });
    await row.waitFor({ timeout: UI_TIMEOUT_MS });
    const badge = row.getByTestId('verification-badge');
    expect(await badge.getAttribute('data-status')).toBe('verified');
    expect(await badge.textContent()).toContain('Verified');
    await context.close();
  });

  it('while verifying: the place in the queue and an estimate from the measured rate', async () => {
    const { context, page } = await newVisitor(browser, PHONE_390, UTC);
    await openRecording(page, queuedId);
    const progress = page.getByTestId('verification-progress');
    await progress.waitFor({ timeout: UI_TIMEOUT_MS });
    const text = (await progress.textContent()) ?? '';
    expect(text).toContain('1st in the queue');
    // At least its own 40 s of video at the measured 3 s a second (two verifications by the same
    // model), plus what running jobs have left (the server's tests check the arithmetic).
    const minutes = /about (\d+)\u00a0min left/.exec(text);
    expect(minutes, text).not.toBeNull();
    expect(Number(minutes![1])).toBeGreaterThanOrEqual(2);
    expect(text).toContain('Estimated from the last 2 verifications (3.0 s per second of video).');
    expect(await page.getByTestId('count-verification').textContent()).toContain('counted live');
    expect(await violations(page), 'recording view, verifying').toEqual([]);
    await screenshot(page, 'recording-view-verifying-phone');
    await context.close();
  });
});
