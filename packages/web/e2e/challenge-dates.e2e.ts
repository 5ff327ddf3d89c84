// A challenge's dates read the same on every screen (issue 26): a running duel's leaderboard said
// 'No start date / Ongoing' and the admin table 'No dates' while its detail page showed Started /
// Ends; Pushtober showed its window's instants (Sep 30 - Nov 1 in UTC) against 'October 1-31' on
// its own page; its card read '1 reps a day'.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  newVisitor,
  PHONE_390,
  screenshot,
  sharedBrowser,
  signInWithPassword,
  stack,
} from './helpers.js';
import { UI_TIMEOUT_MS } from './record-steps.js';
import { HOUR_MS, seedChallenge, sql } from './seed.js';

const browser = sharedBrowser();

/** The seeded Pushtober: its id and its October's year (from its end, 1 November 12:00 UTC). */
async function pushtober(): Promise<{ id: string; year: number }> {
  const [row] = await sql<{ id: string; end_date: Date }>(
    `select id, end_date from public.challenges where slug = 'pushtober'`,
  );
  return { id: row!.id, year: row!.end_date.getUTCFullYear() };
}

/** The text of a definition's value next to its label (Start:, End:). */
const dateValue = (page: Page, testId: string) => page.getByTestId(testId).textContent();

describe('dates, one rule for every screen', () => {
  it('a running duel: the leaderboard and the admin table give its 72 hours, as its detail page does', async () => {
    const joined = new Date(Date.now() - 2 * HOUR_MS);
    const duel = await seedChallenge({
      name: 'E2E Running Duel',
      challenge_type: 'duel',
      first_participant_joined_at: joined.toISOString(),
    });
    const { context, page } = await newVisitor(browser(), PHONE_390, { timezoneId: 'UTC' });
    await page.goto(`/challenge/${duel.id}/leaderboard`);
    await page.getByTestId('start-date').waitFor({ timeout: UI_TIMEOUT_MS });
    const expected = await page.evaluate(
      ([start, end]) => {
        const format = new Intl.DateTimeFormat(undefined, {
          dateStyle: 'medium',
          timeStyle: 'short',
        });
        return [format.format(new Date(start!)), format.format(new Date(end!))];
      },
      [joined.toISOString(), new Date(joined.getTime() + 72 * HOUR_MS).toISOString()],
    );
    expect(await dateValue(page, 'start-date')).toBe(expected[0]);
    expect(await dateValue(page, 'end-date')).toBe(expected[1]);
    await screenshot(page, 'dates-duel-leaderboard-phone');

    await signInWithPassword(page, stack.adminEmail, stack.adminPassword);
    await page.setViewportSize(DESKTOP);
    await page.goto('/admin/challenges');
    const row = page.getByRole('row').filter({ hasText: 'E2E Running Duel' });
    await row.waitFor({ timeout: UI_TIMEOUT_MS });
    const text = (await row.textContent()) ?? '';
    expect(text).not.toContain('No dates');
    expect(text).toContain(expected[0]!.split(',')[0]!);
    await context.close();
  });

  it('Pushtober reads October 1-31 on its card, detail page and leaderboard, in any zone; one rep a day', async () => {
    const { id, year } = await pushtober();
    for (const timezoneId of ['UTC', 'Pacific/Auckland', 'America/Los_Angeles']) {
      const { context, page } = await newVisitor(browser(), PHONE_390, { timezoneId });
      await page.goto('/challenges');
      const card = page.getByTestId('challenge-card').filter({ hasText: `Pushtober ${year}` });
      await card.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await card.getByTestId('challenge-dates').textContent()).toMatch(
        new RegExp(`^Oct 1\\s–\\s31, ${year}, your local time$`),
      );
      expect(await card.textContent()).toContain('1 rep a day');
      expect(await card.textContent()).not.toContain('1 reps a day');

      await page.goto('/challenge/pushtober');
      const details = page.getByRole('region', { name: 'Details' });
      await details.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await details.textContent()).toMatch(
        new RegExp(`Oct 1\\s–\\s31, ${year}, your local time`),
      );
      await page.goto(`/challenge/${id}/leaderboard`);
      await page.getByTestId('start-date').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await dateValue(page, 'start-date')).toBe(`Oct 1, ${year} (your local time)`);
      expect(await dateValue(page, 'end-date')).toBe(`Oct 31, ${year} (your local time)`);
      if (timezoneId === 'UTC') await screenshot(page, 'dates-pushtober-leaderboard-phone');
      await context.close();
    }
  });
});
