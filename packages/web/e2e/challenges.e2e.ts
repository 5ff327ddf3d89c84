// The challenge list and detail pages in Debian Chromium (spec 02 §2, §4, §8): Take Challenge's
// closed labels, the detail page's states, Share (clipboard fallback), the QR code, the top three,
// and Join Challenge: a visitor goes on to record, a participant with a recording is told
// 'Already joined', and a challenge that closed while the page was open is refused by the database.
// Each screen is also checked with axe-core (WCAG 2.1 A and AA), at desktop and phone width.

import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations } from './axe.js';
import {
  expectToast,
  launchBrowser,
  newPassword,
  newVisitor,
  PHONE,
  screenshot,
  signUpWithPassword,
  uniqueEmail,
  waitForText,
} from './helpers.js';
import {
  HOUR_MS,
  isoFromNow,
  type SeededChallenge,
  seedChallenge,
  seedRecording,
  sql,
} from './seed.js';

/** Names are unique per run: other files seed challenges into the same stack. */
const RUN = randomBytes(3).toString('hex');
let browser: Browser;
let open: SeededChallenge;
let upcoming: SeededChallenge;
let ended: SeededChallenge;
let expiredDuel: SeededChallenge;
let hidden: SeededChallenge;

beforeAll(async () => {
  browser = await launchBrowser();
  [open, upcoming, ended, expiredDuel] = await Promise.all([
    seedChallenge({
      name: `E2E Progression Ladder ${RUN}`,
      description: 'Add a rep every day.',
      challenge_type: 'progression',
      challenge_length_value: 14,
      challenge_length_unit: 'days',
      min_daily_reps: 10,
      increment_value: 2,
      increment_cadence_value: 3,
      increment_cadence_unit: 'days',
    }),
    seedChallenge({ name: `E2E Upcoming ${RUN}`, start_date: isoFromNow(48 * HOUR_MS) }),
    seedChallenge({ name: `E2E Ended ${RUN}`, end_date: isoFromNow(-HOUR_MS) }),
    seedChallenge({
      name: `E2E Expired Duel ${RUN}`,
      challenge_type: 'duel',
      first_participant_joined_at: isoFromNow(-73 * HOUR_MS),
    }),
  ]);
  hidden = await seedChallenge({ name: `E2E Hidden ${RUN}`, is_hidden: true });
  for (const [name, reps, gender] of [
    ['Ada', 31, 'female'],
    ['Bo', 44, 'male'],
    ['Cy', 12, 'male'],
    ['Di', 27, 'female'],
  ] as const) {
    await seedRecording(open.id, { name, validReps: reps, gender });
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function card(page: Page, name: string) {
  const article = page.getByRole('article', { name });
  await article.waitFor();
  return article;
}

describe('/challenges', () => {
  it('lists challenges with counts and leaders; Take Challenge is closed when upcoming or ended', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/challenges');
    await page.getByRole('heading', { name: 'Take the Challenge' }).waitFor();

    const openCard = await card(page, open.name);
    // The counts and leaders arrive after the card ('…' until then).
    await waitForText(openCard.getByTestId('participant-count'), '4 participants');
    // The top male and the top female leader: Bo (44) and Ada (31).
    expect(await openCard.textContent()).toContain('Bo');
    expect(await openCard.textContent()).toContain('Ada');
    expect(await openCard.textContent()).toContain('+2 every 3 days');
    expect(
      await openCard
        .getByRole('link', { name: `Take Challenge: ${open.name}` })
        .getAttribute('href'),
    ).toBe(`/challenge/${open.id}/record`);

    const upcomingButton = (await card(page, upcoming.name)).getByRole('button', {
      name: 'Coming Soon',
    });
    expect(await upcomingButton.isDisabled()).toBe(true);
    const endedButton = (await card(page, ended.name)).getByRole('button', { name: 'Ended' });
    expect(await endedButton.isDisabled()).toBe(true);
    // A hidden challenge is not listed (its link still works for those who have it).
    expect(await page.getByRole('article', { name: hidden.name }).count()).toBe(0);
    const duelButton = (await card(page, expiredDuel.name)).getByRole('button', {
      name: 'Challenge Expired',
    });
    expect(await duelButton.isDisabled()).toBe(true);
    // Open, upcoming, ended and expired cards side by side, leaders and counts shown.
    expect(await violations(page), '/challenges').toEqual([]);
    await context.close();
  });

  it('has no WCAG A/AA violations at phone width', async () => {
    const { context, page } = await newVisitor(browser, PHONE);
    await page.goto('/challenges');
    await card(page, open.name);
    await card(page, expiredDuel.name);
    expect(await violations(page), '/challenges (phone)').toEqual([]);
    await context.close();
  });
});

describe('/challenge/{slug}', () => {
  it('shows the details, the top three, Share (copies the link) and the QR code', async () => {
    const { context, page } = await newVisitor(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/challenge/${open.slug}`);
    await page.getByRole('heading', { name: open.name, level: 1 }).waitFor();
    const body = (await page.textContent('body')) ?? '';
    expect(body).toContain('Duration: 14 days');
    expect(body).toContain('Minimum daily reps: 10');
    expect(body).toContain('+2 every 3 days');
    await waitForText(page.getByTestId('participant-count'), '4 participants');

    const top = page.getByRole('list', { name: 'Top participants' }).getByRole('listitem');
    expect(await top.count()).toBe(3);
    expect(await top.nth(0).textContent()).toContain('Bo');
    expect(await top.nth(0).textContent()).toContain('44 reps');
    expect(await top.nth(2).textContent()).toContain('Di');
    await page.getByRole('link', { name: 'View All 4 Participants' }).waitFor();
    expect(await violations(page), '/challenge/{slug}').toEqual([]);
    expect(await page.getByRole('link', { name: 'View Leaderboard' }).getAttribute('href')).toBe(
      `/challenge/${open.id}/leaderboard`,
    );
    expect(await page.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/pushup-challenge',
    );

    // No Web Share API in desktop Chromium on Linux: the link is copied instead.
    await page.getByRole('button', { name: 'Share' }).click();
    await expectToast(page, 'Link copied!', 'Challenge link copied to clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${new URL(page.url()).origin}/challenge/${open.slug}`,
    );

    await page.getByRole('button', { name: 'QR Code' }).click();
    const qr = page.getByTestId('challenge-qr');
    await qr.waitFor();
    expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(200);
    await page.getByText('Scan to join challenge').waitFor();
    await screenshot(page, 'challenge-detail-qr');
    expect(await violations(page), '/challenge/{slug} with the QR code').toEqual([]);
    await context.close();
  });

  it('Share uses the Web Share API where the browser has one', async () => {
    const { context, page } = await newVisitor(browser);
    // A phone's share sheet, stood in for: it records what it was asked to share.
    await context.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { sharedForTest: shared });
      navigator.share = async (data?: ShareData) => {
        shared.push(data ?? {});
      };
    });
    await page.goto(`/challenge/${open.slug}`);
    await page.getByRole('heading', { name: open.name, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Share' }).click();
    await page.waitForFunction(
      () => (window as unknown as { sharedForTest: ShareData[] }).sharedForTest.length > 0,
    );
    const [shared] = await page.evaluate(
      () => (window as unknown as { sharedForTest: ShareData[] }).sharedForTest,
    );
    expect(shared!.url).toBe(`${new URL(page.url()).origin}/challenge/${open.slug}`);
    expect(shared!.title).toBe(open.name);
    // No clipboard fallback when the share sheet answered.
    expect(await page.getByText('Link copied!').count()).toBe(0);
    await context.close();
  });

  it('shows Challenge Not Found with Browse Challenges for an unknown slug', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/challenge/no-such-challenge-here');
    await page.getByRole('heading', { name: 'Challenge Not Found' }).waitFor();
    await page
      .getByText("The challenge you're looking for doesn't exist or has been removed.")
      .waitFor();
    expect(await violations(page), 'Challenge Not Found').toEqual([]);
    await page.getByRole('link', { name: 'Browse Challenges' }).click();
    await page.waitForURL((url) => url.pathname === '/challenges');
    await context.close();
  });

  it('a duel shows its 72 hours, its start and Challenge Expired', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(`/challenge/${expiredDuel.slug}`);
    await page.getByText('Duration: 72 hours').waitFor();
    await page.getByText('Started:').waitFor();
    expect(await page.getByText('Challenge Expired').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Challenge Expired' }).isDisabled()).toBe(true);
    expect(await violations(page), '/challenge/{slug} of an expired duel').toEqual([]);
    await context.close();
  });

  it('has no WCAG A/AA violations at phone width', async () => {
    const { context, page } = await newVisitor(browser, PHONE);
    await page.goto(`/challenge/${open.slug}`);
    await page.getByRole('link', { name: 'View All 4 Participants' }).waitFor();
    expect(await violations(page), '/challenge/{slug} (phone)').toEqual([]);
    await context.close();
  });
});

describe('Join Challenge', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newVisitor(browser));
  });
  afterAll(async () => {
    await context?.close();
  });

  it('takes a visitor to the record page, carrying the referrer', async () => {
    const visitor = await newVisitor(browser);
    await visitor.page.goto(`/challenge/${open.slug}?ref=friend%40example.test`);
    await visitor.page.getByRole('button', { name: 'Join Challenge' }).click();
    await visitor.page.waitForURL(
      (url) =>
        url.pathname === `/challenge/${open.id}/record` &&
        url.searchParams.get('ref') === 'friend@example.test',
    );
    await visitor.context.close();
  });

  it('refuses a challenge that ended while the page was open, with the reason', async () => {
    await signUpWithPassword(page, uniqueEmail('joiner'), newPassword());
    const closing = await seedChallenge({ name: 'E2E Closing', end_date: isoFromNow(HOUR_MS) });
    await page.goto(`/challenge/${closing.slug}`);
    const join = page.getByRole('button', { name: 'Join Challenge' });
    await join.waitFor();
    await sql("update public.challenges set end_date = now() - interval '1 second' where id = $1", [
      closing.id,
    ]);
    await join.click();
    await expectToast(
      page,
      'Cannot join',
      'This challenge has ended. Its leaderboard stays open to view.',
    );
    expect(new URL(page.url()).pathname).toBe(`/challenge/${closing.slug}`);
  });

  it('refuses a duel whose 72 hours ran out while the page was open', async () => {
    const duel = await seedChallenge({
      name: 'E2E Running Duel',
      challenge_type: 'duel',
      first_participant_joined_at: isoFromNow(-71 * HOUR_MS),
    });
    await page.goto(`/challenge/${duel.slug}`);
    const join = page.getByRole('button', { name: 'Join Challenge' });
    await join.waitFor();
    await sql(
      `update public.challenges set first_participant_joined_at = now() - interval '73 hours' where id = $1`,
      [duel.id],
    );
    await join.click();
    await expectToast(page, 'Cannot join', 'This duel has expired: its 72 hours are over.');
  });

  it('starts a duel clock on the first join and goes on to record', async () => {
    const duel = await seedChallenge({ name: 'E2E Fresh Duel', challenge_type: 'duel' });
    await page.goto(`/challenge/${duel.slug}`);
    await page.getByText('Starts when the first participant joins').waitFor();
    await page.getByRole('button', { name: 'Join Challenge' }).click();
    await page.waitForURL((url) => url.pathname === `/challenge/${duel.id}/record`);
    const [row] = await sql<{ first_participant_joined_at: Date | null }>(
      'select first_participant_joined_at from public.challenges where id = $1',
      [duel.id],
    );
    expect(row?.first_participant_joined_at).not.toBeNull();
  });

  it("tells a participant with a recording 'Already joined' and stays", async () => {
    const joined = await seedChallenge({ name: 'E2E Joined' });
    const userId = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'));
      return key
        ? (JSON.parse(localStorage.getItem(key)!) as { user: { id: string } }).user.id
        : '';
    });
    const [profile] = await sql<{ email: string }>('select email from auth.users where id = $1', [
      userId,
    ]);
    await sql(
      `insert into public.challenge_recordings (challenge_id, user_id, name, email, valid_reps, duration_seconds)
       values ($1, $2, 'Joiner', $3, 5, 30)`,
      [joined.id, userId, profile!.email],
    );
    await page.goto(`/challenge/${joined.slug}`);
    await page.getByRole('button', { name: 'Join Challenge' }).click();
    await expectToast(page, 'Already joined', "You've already joined this challenge!");
    await waitForText(page.getByRole('heading', { level: 1 }), joined.name);
    expect(new URL(page.url()).pathname).toBe(`/challenge/${joined.slug}`);
  });
});
