// The daily rule before the camera (issue 26): a daily challenge's participant whose attempt of
// today is in learns it before recording, with the moment the next attempt opens in their own
// days, and no attempt starts that the database would refuse. Before this, the page checked only
// at Submit: a whole second attempt was recorded, then 'Already submitted' (409), and lost.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations } from './axe.js';
import { launchWithFakeCamera, makeFakeCameraClip } from './fake-camera.js';
import { DESKTOP, PHONE_390, screenshot, stack, uniqueEmail } from './helpers.js';
import { registerWithEmail, UI_TIMEOUT_MS, waitForPreview } from './record-steps.js';
import { seedChallenge, sql } from './seed.js';

const workDir = mkdtempSync(path.join(tmpdir(), 'reptemple-daily-e2e-'));
let browser: Browser;

beforeAll(async () => {
  // A still camera is enough: no attempt is recorded here.
  const y4m = await makeFakeCameraClip('08-tank-top-side.mp4', path.join(workDir, 'camera.y4m'), {
    leadInS: 1,
    tailS: 1,
  });
  browser = await launchWithFakeCamera(y4m);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  rmSync(workDir, { recursive: true, force: true });
});

async function visitor(viewport: { width: number; height: number }, timezoneId: string) {
  const context = await browser.newContext({
    baseURL: stack.url,
    viewport,
    reducedMotion: 'reduce',
    timezoneId,
  });
  await context.grantPermissions(['camera']);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw new Error(`uncaught error in the page: ${error.message}`);
  });
  return { context, page };
}

/** Today's attempt of `email`, saved as another tab or device would have saved it. */
async function submittedElsewhere(challengeId: string, email: string, zone: string) {
  await sql(
    `insert into public.challenge_recordings (challenge_id, user_id, name, email, gender, valid_reps,
       invalid_reps, duration_seconds, time_zone)
     select $1, u.id, 'Aroha', $2, 'female', 12, 1, 61, $3 from auth.users u where u.email = $2`,
    [challengeId, email, zone],
  );
}

/** The next local midnight in `zone`, as the database counts the participant's days. */
async function nextMidnight(zone: string): Promise<Date> {
  const [row] = await sql<{ at: Date }>(
    `select (date_trunc('day', now() at time zone $1) + interval '1 day') at time zone $1 as at`,
    [zone],
  );
  return row!.at;
}

describe('the daily rule before the camera', () => {
  it('an attempt submitted meanwhile in another tab stops the countdown; a return visit says so before the camera', async () => {
    const challenge = await seedChallenge({ name: 'E2E Daily Rule', is_daily: true });
    const email = uniqueEmail('daily');
    const { context, page } = await visitor(DESKTOP, 'Pacific/Auckland');
    await page.goto(`/challenge/${challenge.id}/record`);
    await registerWithEmail(page, email);
    await waitForPreview(page);

    // Another tab submits today's attempt while this one sets up.
    await submittedElsewhere(challenge.id, email, 'Pacific/Auckland');
    await page.getByRole('button', { name: 'Start Challenge' }).click();
    await page.getByRole('button', { name: 'Start Recording' }).click();
    const card = page.getByTestId('next-attempt');
    await card.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByTestId('countdown').count()).toBe(0);
    expect(await page.getByTestId('camera-stage').count()).toBe(0);
    expect(await card.getByRole('heading').textContent()).toBe('Today’s attempt is in');
    // The moment the participant's next day starts, in their zone, with the time left.
    const opensAt = await nextMidnight('Pacific/Auckland');
    const expectedMoment = await page.evaluate(
      (at) =>
        new Intl.DateTimeFormat(undefined, {
          timeZone: 'Pacific/Auckland',
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          hour: '2-digit',
          minute: '2-digit',
        }).format(new Date(at)),
      opensAt.toISOString(),
    );
    expect(await page.getByTestId('next-attempt-opens').textContent()).toBe(
      `It opens on ${expectedMoment} (Pacific/Auckland).`,
    );
    expect(await page.getByTestId('next-attempt-in').textContent()).toMatch(
      /^Next attempt in (\d+\u00a0h )?\d+\u00a0min$/,
    );
    await screenshot(page, 'daily-rule-next-attempt-desktop');

    // A return visit: the card comes before the camera, which never opens.
    await page.reload();
    await page.getByRole('button', { name: 'Continue' }).click();
    await card.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByRole('button', { name: 'Start Challenge' }).count()).toBe(0);
    await context.close();
  });

  it("at phone size, from another zone: the participant's days stay their first attempt's, and the local time is given too", async () => {
    const challenge = await seedChallenge({ name: 'E2E Daily Rule Phone', is_daily: true });
    const email = uniqueEmail('daily-phone');
    const { context, page } = await visitor(PHONE_390, 'Europe/Berlin');
    await page.goto(`/challenge/${challenge.id}/record`);
    await registerWithEmail(page, email);
    await waitForPreview(page);
    await submittedElsewhere(challenge.id, email, 'Pacific/Auckland');
    await page.reload();
    await page.getByRole('button', { name: 'Continue' }).click();
    const card = page.getByTestId('next-attempt');
    await card.waitFor({ timeout: UI_TIMEOUT_MS });
    const text = await card.textContent();
    expect(text).toContain('(Pacific/Auckland)');
    expect(text).toContain('where you are now (Europe/Berlin)');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE_390.width,
    );
    expect(await violations(page), 'the next attempt card').toEqual([]);
    await screenshot(page, 'daily-rule-next-attempt-phone');
    await context.close();
  });
});
