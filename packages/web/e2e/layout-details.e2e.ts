// Layout details a participant's walk found (issue 26): 'View Leaderboard' wrapped inside its
// button on the challenge page, and /analyze nested a second <main> in the layout's.

import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { arrangeRecordings } from './data-setup.js';
import {
  newPassword,
  newVisitor,
  PHONE_390,
  screenshot,
  sharedBrowser,
  signUpWithPassword,
  uniqueEmail,
} from './helpers.js';
import { UI_TIMEOUT_MS } from './record-steps.js';
import { seedChallenge } from './seed.js';

const browser = sharedBrowser();

/** How many lines a button's label takes. */
const labelLines = (button: Locator) =>
  button.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    return tops.size;
  });

describe('labels stay on one line', () => {
  it('View Leaderboard and Join Challenge on the challenge page, at every width', async () => {
    const challenge = await seedChallenge({ name: 'E2E Button Labels' });
    await arrangeRecordings(challenge.id, [
      { name: 'Lina', gender: 'female', valid: 12, at: new Date() },
    ]);
    for (const width of [1280, 1024, 820, 390]) {
      const { context, page } = await newVisitor(browser(), { width, height: 800 });
      await page.goto(`/challenge/${challenge.slug}`);
      const view = page.getByRole('link', { name: 'View Leaderboard' });
      await view.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await labelLines(view), `View Leaderboard at ${width} px`).toBe(1);
      expect(await labelLines(page.getByRole('button', { name: 'Join Challenge' }))).toBe(1);
      if (width === 1024) await screenshot(page, 'detail-buttons-1024');
      await context.close();
    }
  });
});

describe('landmarks', () => {
  it('/analyze has one <main>, the layout’s', async () => {
    const { context, page } = await newVisitor(browser(), PHONE_390);
    // A signed-in page (Profile -> Analyse a video).
    await signUpWithPassword(page, uniqueEmail('analyze'), newPassword());
    await page.goto('/analyze');
    await page.getByRole('heading', { name: 'Video Analysis', level: 1 }).waitFor({
      timeout: UI_TIMEOUT_MS,
    });
    expect(await page.locator('main').count()).toBe(1);
    await context.close();
  });
});
