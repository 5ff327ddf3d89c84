// Top bar variants, guards, the 404 page, the challenge list and the mobile menu
// (spec 01 §2, §4, §6; spec 02 §2).

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectToast,
  launchBrowser,
  newPassword,
  newVisitor,
  PHONE,
  screenshot,
  signInWithPassword,
  signUpWithPassword,
  stack,
  uniqueEmail,
  waitForText,
} from './helpers.js';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const email = uniqueEmail('nav');
const password = newPassword();

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

function currentLinks(target: Page) {
  return target
    .locator('header a[aria-current="page"]')
    .filter({ visible: true })
    .allTextContents();
}

describe('signed out', () => {
  it('the top bar offers Login only', async () => {
    await page.goto('/challenges');
    await waitForText(page.locator('header'), 'Login');
    expect(await page.locator('header').getByRole('link', { name: 'Profile' }).count()).toBe(0);
    expect(await page.locator('header').getByRole('button', { name: 'Logout' }).count()).toBe(0);
  });

  it('lists the challenges with their buttons and states', async () => {
    await waitForText(page.locator('h1'), 'Take the Challenge');
    const cards = page.locator('article');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    const first = cards.first();
    expect(await first.getByRole('link', { name: /^View Details/ }).getAttribute('href')).toMatch(
      /^\/challenge\/[a-z0-9-]+$/,
    );
    expect(await first.getByRole('link', { name: /^Leaderboard/ }).getAttribute('href')).toMatch(
      /^\/challenge\/[0-9a-f-]{36}\/leaderboard$/,
    );
    expect(await first.getByRole('link', { name: /^Take Challenge/ }).getAttribute('href')).toMatch(
      /^\/challenge\/[0-9a-f-]{36}\/record$/,
    );
    await waitForText(first, /\d+ participants?/);
    await screenshot(page, 'challenges');
  });

  it('a protected page sends the visitor to /login and back after signing in', async () => {
    await signUpWithPassword(page, email, password);
    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/profile');
    await page.locator('#login-email').fill(email);
    await page.locator('#login-password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await waitForText(page.locator('h1'), 'Your Profile');
  });

  it('a redirect to another site is not honoured', async () => {
    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/login?redirect=%2F%2Fevil.example%2F');
    await page.locator('#login-email').fill(email);
    await page.locator('#login-password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/challenges');
    expect(new URL(page.url()).host).toBe(new URL(stack.url).host);
  });
});

describe('signed in', () => {
  it('the top bar greets the user; Challenges stays lit on every /challenge* page', async () => {
    await page.goto('/challenges');
    await waitForText(page.locator('header'), `Hi, ${email}!`);
    expect(await page.locator('header').getByRole('link', { name: 'Admin' }).count()).toBe(0);
    expect(await currentLinks(page)).toEqual(['Challenges']);
    await page.goto('/challenge/some-slug');
    await waitForText(page.locator('h1'), 'Challenge');
    expect(await currentLinks(page)).toEqual(['Challenges']);
    await page.goto('/profile');
    await waitForText(page.locator('h1'), 'Your Profile');
    expect(await currentLinks(page)).toEqual(['Profile']);
  });

  it('a user who is not an admin sees the admin-denied screen', async () => {
    await page.goto('/admin');
    await waitForText(page.locator('h1'), 'Access Denied');
    await waitForText(
      page.locator('main'),
      "You don't have permission to access this admin area. Please contact an administrator if you believe this is an error.",
    );
    expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    await screenshot(page, 'admin-denied');
    await page.goto('/exercise-definition-editor');
    await waitForText(page.locator('h1'), 'Access Denied');
  });

  it('signing out in another tab turns the page into the signed-out screen', async () => {
    await page.goto('/profile');
    await waitForText(page.locator('h1'), 'Your Profile');
    const otherTab = await context.newPage();
    await otherTab.goto('/logout');
    await otherTab.waitForURL((url) => url.pathname === '/');
    await waitForText(page.locator('h1'), 'Access Denied');
    await waitForText(page.locator('main'), 'You need to be signed in to access this page.');
    expect(await page.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fprofile',
    );
    expect(await page.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    await screenshot(page, 'signed-out-denied');
    await otherTab.close();
  });
});

describe('admin', () => {
  it('the admin gets the Admin link, lit on every /admin* page, and the dashboard', async () => {
    const admin = await newVisitor(browser);
    await signInWithPassword(admin.page, stack.adminEmail, stack.adminPassword);
    await admin.page.getByRole('link', { name: 'Admin' }).click();
    await waitForText(admin.page.locator('h1'), 'Admin Dashboard');
    expect(await currentLinks(admin.page)).toEqual(['Admin']);
    await screenshot(admin.page, 'admin-dashboard');
    await admin.page.getByRole('link', { name: /Manage Challenges/ }).click();
    await waitForText(admin.page.locator('h1'), 'Manage Challenges');
    expect(await currentLinks(admin.page)).toEqual(['Admin']);
    await admin.context.close();
  });
});

describe('unknown routes', () => {
  it('shows 404 Page Not Found', async () => {
    await page.goto('/no/such/page');
    await waitForText(page.locator('h1'), '404 Page Not Found');
    await page.goto('/definitely-not-a-page');
    await waitForText(page.locator('h1'), '404 Page Not Found');
    await screenshot(page, 'not-found');
  });
});

describe('mobile menu at 375 px', () => {
  it('is collapsed behind a button that opens and closes it, and follows links', async () => {
    const phone = await newVisitor(browser, PHONE);
    await signInWithPassword(phone.page, email, password);
    await expectToast(phone.page, 'Success!', 'Signed in successfully.');
    await waitForText(phone.page.locator('h1'), 'Take the Challenge');
    const toggle = phone.page.getByRole('button', { name: 'Open menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // The desktop links and greeting are hidden at this width.
    expect(
      await phone.page
        .locator('header')
        .getByRole('link', { name: 'Profile' })
        .filter({ visible: true })
        .count(),
    ).toBe(0);
    await toggle.click();
    const close = phone.page.getByRole('button', { name: 'Close menu' });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    await waitForText(phone.page.locator('header'), `Hi, ${email}!`);
    await phone.page.waitForTimeout(300);
    await screenshot(phone.page, 'mobile-menu');
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await phone.page.locator('header').getByRole('link', { name: 'Profile' }).click();
    await phone.page.waitForURL((url) => url.pathname === '/profile');
    expect(
      await phone.page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded'),
    ).toBe('false');
    await screenshot(phone.page, 'profile-phone');
    await phone.page.getByRole('button', { name: 'Open menu' }).click();
    await phone.page
      .locator('header')
      .getByRole('button', { name: 'Logout' })
      .filter({ visible: true })
      .click();
    await phone.page.waitForURL((url) => url.pathname === '/');
    await phone.context.close();
  });
});
