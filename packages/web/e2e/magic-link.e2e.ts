// Sign-up and sign-in by one-time link, read from the local stack's outbox (spec 01 §4, §8).

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectToast,
  field,
  latestLink,
  launchBrowser,
  newPassword,
  newVisitor,
  screenshot,
  signUpWithPassword,
  uniqueEmail,
  waitForText,
} from './helpers.js';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const email = uniqueEmail('link');

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('sign-up by one-time link', () => {
  it('keeps the typed profile under pendingProfile and shows the check-your-email panel', async () => {
    await page.goto('/signup');
    await page.getByRole('tab', { name: 'Magic Link' }).click();
    await field(page, 'Email').fill(email);
    await field(page, 'Age').fill('41');
    await field(page, 'Sex').click();
    await page.getByRole('option', { name: 'Male', exact: true }).click();
    await field(page, 'Current weight (kg)').fill('90.2');
    await field(page, 'Height (cm)').fill('175');
    await field(page, 'Target weight (kg)').fill('82');
    await field(page, 'Video analysis').check();
    await field(page, 'Gaining muscle').check();
    await field(page, 'What do you expect from RepTemple?').fill('Stronger every week.');
    await screenshot(page, 'signup-magic-link');
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await expectToast(page, 'Magic link sent!', 'Check your email to complete your registration.');
    await waitForText(page.getByRole('heading'), 'Check your email');
    await waitForText(page.locator('section'), email);
    await waitForText(page.locator('section'), 'The link and the code expire in 1 hour.');
    const pending = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('pendingProfile'))) ?? 'null',
    );
    expect(pending).toEqual({
      age: 41,
      gender: 'male',
      weight_kg: 90.2,
      height_cm: 175,
      target_weight_kg: 82,
      goals: ['video_analysis', 'gaining_muscle'],
      expectations: 'Stronger every week.',
    });
    await screenshot(page, 'check-your-email');
  });

  it('the link signs in at /auth/callback, saves the profile and goes to /challenges', async () => {
    const link = await latestLink(email);
    expect(link).toContain('redirect_to=');
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/challenges');
    await expectToast(page, 'Welcome to RepTemple!', 'Your account has been created successfully.');
    expect(await page.evaluate(() => localStorage.getItem('pendingProfile'))).toBeNull();
    await waitForText(page.locator('header'), `Hi, ${email}!`);

    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.waitForFunction(
      () => (document.getElementById('profile-age') as HTMLInputElement | null)?.value === '41',
    );
    await waitForText(page.locator('#profile-gender'), 'Male');
    expect(await field(page, 'Current weight (kg)').inputValue()).toBe('90.2');
    expect(await field(page, 'Height (cm)').inputValue()).toBe('175');
    expect(await field(page, 'Target weight (kg)').inputValue()).toBe('82');
    expect(await field(page, 'Video analysis').isChecked()).toBe(true);
    expect(await field(page, 'Gaining muscle').isChecked()).toBe(true);
    expect(await field(page, 'What do you expect from RepTemple?').inputValue()).toBe(
      'Stronger every week.',
    );
  });

  it('a used link is refused: Authentication failed, back to /login', async () => {
    const link = await latestLink(email);
    const visitor = await newVisitor(browser);
    await visitor.page.goto(link);
    await visitor.page.waitForURL((url) => url.pathname === '/login');
    await expectToast(
      visitor.page,
      'Authentication failed',
      'Email link is invalid or has expired',
    );
    await visitor.context.close();
  });
});

describe('sign-in by one-time link', () => {
  it('sends a link from the login page, returns to the page asked for, says welcome back', async () => {
    // An existing account (the outbox sends one mail per address per minute, so not the one above).
    const existing = uniqueEmail('returning');
    const signUp = await newVisitor(browser);
    await signUpWithPassword(signUp.page, existing, newPassword());
    await signUp.context.close();

    const visitor = await newVisitor(browser);
    await visitor.page.goto('/login?redirect=%2Fprofile');
    await visitor.page.getByRole('tab', { name: 'Magic Link' }).click();
    await field(visitor.page, 'Email').fill(existing);
    await visitor.page.getByRole('button', { name: 'Send Magic Link' }).click();
    await expectToast(visitor.page, 'Magic link sent!', 'Check your email for a sign-in link.');
    await visitor.page.getByRole('button', { name: 'Use a different email' }).click();
    await waitForText(visitor.page.getByRole('tab', { selected: true }), 'Magic Link');

    await visitor.page.goto(await latestLink(existing));
    await visitor.page.waitForURL((url) => url.pathname === '/profile');
    await expectToast(visitor.page, 'Welcome back!', "You've been signed in successfully.");
    await visitor.context.close();
  });
});
