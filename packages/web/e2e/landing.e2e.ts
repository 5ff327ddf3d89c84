// The landing page and the waitlist (spec 01 §2, §4, §5, §8).

import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectToast,
  field,
  launchBrowser,
  newVisitor,
  PHONE,
  screenshot,
  uniqueEmail,
  waitForText,
} from './helpers.js';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser));
});
afterAll(async () => {
  await browser?.close();
});

async function fillWaitlist(email: string, source: string, other?: string) {
  await field(page, 'Email').fill(email);
  await field(page, 'How did you hear about us?').selectOption(source);
  if (other !== undefined) await field(page, 'Please specify').fill(other);
}

describe('landing page', () => {
  it('shows the brand, tagline and video without a top bar, and does not shift', async () => {
    await page.goto('/');
    await waitForText(page.locator('h1'), 'RepTemple');
    expect(await page.getByText('Treat Your Body Like a Place of Worship').count()).toBe(2);
    expect(await page.locator('header nav[aria-label="Main"]').count()).toBe(0);
    const video = page.locator('video');
    expect(await video.evaluate((element: HTMLVideoElement) => element.muted && element.loop)).toBe(
      true,
    );
    expect(await video.getAttribute('poster')).toBe('/landing/poster.jpg');
    expect((await page.request.get('/landing/poster.jpg')).status()).toBe(200);
    // The clip itself is served and decodes (HAVE_CURRENT_DATA or better).
    await page.waitForFunction(() => document.querySelector('video')!.readyState >= 2);
    // Layout shift since navigation, as the browser measured it.
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number }[])
              total += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 500);
        }),
    );
    expect(shift).toBeLessThan(0.01);
    await screenshot(page, 'landing-desktop');
  });

  it('loads under 200 KB of gzipped JavaScript, a production React, no admin or form code', async () => {
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.endsWith('.js')),
    );
    let gzipped = 0;
    for (const url of scripts) {
      const body = await (await page.request.get(url)).body();
      gzipped += gzipSync(body, { level: 9 }).length;
      // React's development build warns about list keys; the production build has no such text.
      expect(body.toString('utf8'), url).not.toContain('should have a unique "key" prop');
    }
    expect(scripts.some((url) => /admin|profile-fields|signup|login/.test(url))).toBe(false);
    expect(gzipped).toBeLessThan(200 * 1024);
  });

  it("'Begin Your Journey' brings the waitlist form into view and focus", async () => {
    await page.getByRole('button', { name: 'Begin Your Journey' }).click();
    await page.waitForFunction(() => {
      const rect = document.getElementById('waitlist')!.getBoundingClientRect();
      return rect.top < window.innerHeight / 2 && rect.bottom > 0;
    });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('waitlist-email');
    await screenshot(page, 'landing-waitlist');
  });
});

describe('waitlist form', () => {
  it('keeps submit disabled until email, source and the "other" text are given', async () => {
    await page.goto('/#waitlist');
    const submit = page.getByRole('button', { name: 'Join Waitlist' });
    expect(await submit.isDisabled()).toBe(true);
    await field(page, 'Email').fill(uniqueEmail('wl'));
    expect(await submit.isDisabled()).toBe(true);
    await field(page, 'How did you hear about us?').selectOption('other');
    expect(await submit.isDisabled()).toBe(true);
    await field(page, 'Please specify').fill('   ');
    expect(await submit.isDisabled()).toBe(true);
    await field(page, 'Please specify').fill('A poster at the gym');
    expect(await submit.isDisabled()).toBe(false);
    await field(page, 'How did you hear about us?').selectOption('token2049');
    expect(await field(page, 'Please specify').count()).toBe(0);
    expect(await submit.isDisabled()).toBe(false);
  });

  it('joins: success toast and message, fields cleared; the same address again is a duplicate', async () => {
    const email = uniqueEmail('wl');
    await page.goto('/');
    await fillWaitlist(email, 'other', 'A poster at the gym');
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    expect(
      await expectToast(
        page,
        'Success!',
        "You've been added to our waitlist. We'll be in touch soon!",
      ),
    ).toBe('default');
    await waitForText(page.getByRole('status'), '✓ Successfully added to waitlist!');
    expect(await field(page, 'Email').inputValue()).toBe('');
    expect(await field(page, 'How did you hear about us?').inputValue()).toBe('');
    await screenshot(page, 'waitlist-success');

    // Any case, any surrounding spaces: the same address.
    await fillWaitlist(`  ${email.toUpperCase()} `, 'friend_referral');
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    expect(
      await expectToast(page, 'Already registered!', 'This email is already on our waitlist.'),
    ).toBe('destructive');
    expect(await field(page, 'Email').inputValue()).not.toBe('');
  });

  it('shows at most one toast at a time', async () => {
    await fillWaitlist(uniqueEmail('wl'), 'search_engine');
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await expectToast(page, 'Success!');
    await fillWaitlist(uniqueEmail('wl'), 'search_engine');
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await waitForText(page.getByRole('status'), '✓ Successfully added to waitlist!');
    expect(await page.locator('li[data-variant]').count()).toBe(1);
  });

  it('fits a 375 px phone without sideways scrolling', async () => {
    const phone = await newVisitor(browser, PHONE);
    await phone.page.goto('/');
    await waitForText(phone.page.locator('h1'), 'RepTemple');
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await screenshot(phone.page, 'landing-phone');
    await phone.context.close();
  });
});

afterAll(async () => {
  await context?.close();
});
