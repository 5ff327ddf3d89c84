// Shared E2E helpers: one Debian Chromium per test file (playwright-core, never a downloaded
// browser), pages on the local stack, the outbox, toasts and screenshots.

import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import type { WebStackInfo } from './stack-info.js';

export const stack: WebStackInfo = inject('webStack');

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };
/** A phone held in portrait, the width the issues check layouts at. */
export const PHONE_390 = { width: 390, height: 844 };

export async function launchBrowser(): Promise<Browser> {
  // launch() gives every browser a fresh temporary profile (--user-data-dir).
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

/** One Debian Chromium for a file's tests, launched before them and closed after; answers a
 * getter for it. */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The shared browser is not launched yet (use it inside a test).');
    return browser;
  };
}

/** A fresh context (its own storage: a new visitor) with one page; `timezoneId` fixes the
 * browser's time zone (the leaderboards count days in it). */
export async function newVisitor(
  browser: Browser,
  viewport = DESKTOP,
  options: { timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: stack.url,
    viewport,
    reducedMotion: 'reduce',
    timezoneId: options.timezoneId,
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw new Error(`uncaught error in the page: ${error.message}`);
  });
  // Anything the app's Content-Security-Policy blocks is a bug in the policy or the app (a blocked
  // fetch leaves a screen waiting forever): fail where it happens, in every suite. zod's one
  // probe for eval, which it catches and then parses without compiling, is the only exception.
  page.on('console', (message) => {
    const text = message.text();
    if (
      message.type() === 'error' &&
      /Content Security Policy/i.test(text) &&
      !/eval/i.test(text)
    ) {
      throw new Error(`the Content-Security-Policy blocked something in the page: ${text}`);
    }
  });
  return { context, page };
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.test`;
}

export function newPassword(): string {
  return `pw-${randomBytes(6).toString('hex')}`;
}

interface OutboxMessage {
  to: string;
  link: string;
  sentAt: string;
}

/** The newest one-time link sent to `email`, from the stack's development outbox. */
export async function latestLink(email: string): Promise<string> {
  const response = await fetch(`${stack.url}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`outbox answered ${response.status}`);
  const { messages } = (await response.json()) as { messages: OutboxMessage[] };
  const message = messages[0];
  if (!message) throw new Error(`no mail to ${email} in the outbox`);
  return message.link;
}

/** The form control labelled exactly `label` (not the tab panel of the same name). */
export function field(page: Page, label: string): Locator {
  return page
    .locator('input, textarea, select, button[role="combobox"], button[role="checkbox"]')
    .and(page.getByLabel(label, { exact: true }));
}

/** How long a UI change may take to show. ms */
const UI_TIMEOUT_MS = 10_000;

/** Waits until an element matching `locator` shows `text`. */
export async function waitForText(locator: Locator, text: string | RegExp): Promise<void> {
  await locator.filter({ hasText: text }).first().waitFor({ timeout: UI_TIMEOUT_MS });
}

/** Waits for the open toast to carry this title (and description); answers its variant. */
export async function expectToast(
  page: Page,
  title: string,
  description?: string,
): Promise<string | null> {
  let toast = page.locator('li[data-state="open"][data-variant]', { hasText: title });
  if (description) toast = toast.filter({ hasText: description });
  await toast.first().waitFor({ timeout: UI_TIMEOUT_MS });
  return toast.first().getAttribute('data-variant');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(stack.screenshotDir, `${name}.png`), fullPage: false });
}

/** Signs in through the login form and waits for the landing page of sign-in. */
export async function signInWithPassword(
  page: Page,
  email: string,
  password: string,
  expectedPath = '/challenges',
) {
  await page.goto('/login');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  const signIn = page.getByRole('button', { name: 'Sign In' });
  await signIn.click();
  await page.waitForURL((url) => url.pathname === expectedPath);
  // The URL changes before the next page renders; until the form is gone its fields still match.
  await signIn.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
}

/** Creates an account through the sign-up form (password tab) and waits for /profile. */
export async function signUpWithPassword(page: Page, email: string, password: string) {
  await page.goto('/signup');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await field(page, 'Confirm password').fill(password);
  const createAccount = page.getByRole('button', { name: 'Create Account' });
  await createAccount.click();
  await page.waitForURL((url) => url.pathname === '/profile');
  await createAccount.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
}
