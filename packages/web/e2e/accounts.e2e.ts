// Sign-up, sign-in, profile and sign-out (spec 01 §2, §4, §5, §8).

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectToast,
  field,
  launchBrowser,
  newPassword,
  newVisitor,
  screenshot,
  signInWithPassword,
  uniqueEmail,
  waitForText,
} from './helpers.js';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const email = uniqueEmail('pw');
const password = newPassword();

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('sign-up with a password', () => {
  it('checks the form: required fields, matching passwords, 6 characters', async () => {
    await page.goto('/signup');
    await waitForText(page.getByRole('tab', { selected: true }), 'Email & Password');
    const create = page.getByRole('button', { name: 'Create Account' });
    await create.click();
    await expectToast(page, 'Error', 'Please enter both email and password.');
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill('abcde');
    await field(page, 'Confirm password').fill('abcdf');
    await create.click();
    await expectToast(page, 'Error', 'Passwords do not match.');
    await field(page, 'Confirm password').fill('abcde');
    await create.click();
    await expectToast(page, 'Error', 'Password must be at least 6 characters long.');
    await field(page, 'Password').fill(password);
    await field(page, 'Confirm password').fill(password);
    await field(page, 'Age (optional)').fill('151');
    await create.click();
    await expectToast(page, 'Error', 'Age must be a whole number from 1 to 150.');
    expect(await field(page, 'Age (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toContain('/signup');
  });

  it('creates the account, saves age and gender, and opens the profile', async () => {
    await field(page, 'Age (optional)').fill('34');
    await field(page, 'Gender (optional)').click();
    await page.getByRole('option', { name: 'Female' }).click();
    await screenshot(page, 'signup-password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    // The URL changes before the profile renders: until then 'Email' is still the sign-up field.
    await waitForText(page.locator('h1'), 'Your Profile');
    await expectToast(page, 'Success!', 'Account created successfully. Welcome to RepTemple!');
    expect(await field(page, 'Email').inputValue()).toBe(email);
    expect(await field(page, 'Email').getAttribute('readonly')).not.toBeNull();
    await page.waitForFunction(
      () => (document.getElementById('profile-age') as HTMLInputElement | null)?.value === '34',
    );
    await waitForText(page.locator('#profile-gender'), 'Female');
    await waitForText(page.locator('header'), `Hi, ${email}!`);
  });
});

describe('profile', () => {
  it('saves every field; empty fields become null; the values survive a reload', async () => {
    await field(page, 'Current weight (kg)').fill('80.5');
    await field(page, 'Height (cm)').fill('182');
    await field(page, 'Target weight (kg)').fill('75');
    await field(page, 'Losing weight').check();
    await field(page, 'Improving posture').check();
    await field(page, 'What do you expect from RepTemple?').fill('Clean push-ups.');
    await field(page, 'Age').fill('');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expectToast(page, 'Profile updated!', 'Your profile has been saved successfully.');
    await screenshot(page, 'profile');

    await page.reload();
    await page.waitForFunction(
      () =>
        (document.getElementById('profile-weight_kg') as HTMLInputElement | null)?.value === '80.5',
    );
    expect(await field(page, 'Age').inputValue()).toBe('');
    expect(await field(page, 'Height (cm)').inputValue()).toBe('182');
    expect(await field(page, 'Target weight (kg)').inputValue()).toBe('75');
    expect(await field(page, 'Losing weight').isChecked()).toBe(true);
    expect(await field(page, 'Improving posture').isChecked()).toBe(true);
    expect(await field(page, 'Gaining muscle').isChecked()).toBe(false);
    expect(await field(page, 'What do you expect from RepTemple?').inputValue()).toBe(
      'Clean push-ups.',
    );
    // The way to the video analysis screen, which the navigation bar does not list.
    expect(await page.getByRole('link', { name: 'Analyse a video' }).getAttribute('href')).toBe(
      '/analyze',
    );
  });

  it('refuses values outside the ranges before saving', async () => {
    await field(page, 'Height (cm)').fill('301');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expectToast(page, 'Error', 'Height must be a whole number from 1 to 300 cm.');
    await field(page, 'Height (cm)').fill('182');
    await field(page, 'Target weight (kg)').fill('75.55');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expectToast(page, 'Error', 'Target weight must be in steps of 0.1 from 1 to 999 kg.');
    await page.reload();
  });
});

describe('logout and login', () => {
  it('logs out: spinner, toast, landing page, signed out', async () => {
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectToast(page, 'Signed out successfully.', 'You have been logged out.');
    await page.goto('/challenges');
    await waitForText(page.locator('header'), 'Login');
    expect(await page.getByText(`Hi, ${email}!`).count()).toBe(0);
  });

  it('explains what is missing and refuses a wrong password', async () => {
    await page.goto('/login');
    await waitForText(page.getByRole('tab', { selected: true }), 'Password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Error', 'Please enter both email and password.');
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect(await expectToast(page, 'Error', 'Invalid email or password.')).toBe('destructive');
    expect(page.url()).toContain('/login');
    await page.getByRole('tab', { name: 'Magic Link' }).click();
    await field(page, 'Email').fill('');
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await expectToast(page, 'Error', 'Please enter your email address.');
    await screenshot(page, 'login');
  });

  it('signs in with the password and lands on the challenges', async () => {
    await signInWithPassword(page, email, password);
    await expectToast(page, 'Success!', 'Signed in successfully.');
    await waitForText(page.locator('h1'), 'Take the Challenge');
    // Signed in, /login sends on to the challenges.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/challenges');
  });

  it('the session survives a reload', async () => {
    await page.goto('/profile');
    await waitForText(page.locator('header'), `Hi, ${email}!`);
    await page.reload();
    await waitForText(page.locator('header'), `Hi, ${email}!`);
    expect(new URL(page.url()).pathname).toBe('/profile');
  });
});
