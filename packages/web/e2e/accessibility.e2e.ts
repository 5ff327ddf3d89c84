// Automated accessibility checks (axe-core, WCAG 2.1 A and AA) on the main screens, signed out
// and signed in, at desktop and phone widths. Catches missing labels, names, roles and contrast.

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations } from './axe.js';
import {
  launchBrowser,
  newPassword,
  newVisitor,
  PHONE,
  signUpWithPassword,
  uniqueEmail,
  waitForText,
} from './helpers.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['desktop', undefined],
  ['phone', PHONE],
] as const)('%s', (_name, viewport) => {
  it('signed-out screens have no WCAG A/AA violations', async () => {
    const { context, page } = await newVisitor(browser, viewport);
    const screens: [string, string][] = [
      ['/', 'RepTemple'],
      ['/login', 'Welcome back'],
      ['/signup', 'Create your account'],
      ['/challenges', 'Take the Challenge'],
      ['/nowhere', '404 Page Not Found'],
      ['/token2049', 'TOKEN2049 Push-up Challenge'],
      ['/pushtober', 'Pushtober'],
    ];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await waitForText(page.locator('h1'), heading);
      if (path === '/challenges') await page.locator('article').first().waitFor();
      expect(await violations(page), path).toEqual([]);
    }
    await page.goto('/signup');
    await page.getByRole('tab', { name: 'Magic Link' }).click();
    expect(await violations(page), '/signup magic link').toEqual([]);
    await page.goto('/challenges');
    await page
      .getByRole('link', { name: /^Leaderboard: / })
      .first()
      .click();
    await page
      .getByRole('tab', { name: 'All Time' })
      .or(page.getByTestId('count-all'))
      .first()
      .waitFor();
    await page.locator('[data-testid="count-all"]', { hasText: /\d/ }).waitFor();
    expect(await violations(page), 'leaderboard').toEqual([]);
    await context.close();
  });

  it('signed-in screens have no WCAG A/AA violations', async () => {
    const { context, page } = await newVisitor(browser, viewport);
    await signUpWithPassword(page, uniqueEmail('a11y'), newPassword());
    await waitForText(page.locator('h1'), 'Your Profile');
    expect(await violations(page), '/profile').toEqual([]);
    await page.goto('/admin');
    await waitForText(page.locator('h1'), 'Access Denied');
    expect(await violations(page), '/admin denied').toEqual([]);
    if (viewport) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      expect(await violations(page), 'mobile menu').toEqual([]);
    }
    await context.close();
  });
});
