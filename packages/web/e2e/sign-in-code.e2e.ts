// The one-time sign-in e-mail carries a link and a six-digit code; the app had nowhere to type
// the code (issue 26). On a phone the link opens in whatever browser the mail app picks, so the
// code is how that participant signs in the browser they record in.

import { describe, expect, it } from 'vitest';
import { violations } from './axe.js';
import { signUpUser } from './data-setup.js';
import {
  newVisitor,
  PHONE_390,
  screenshot,
  sharedBrowser,
  stack,
  uniqueEmail,
  waitForText,
} from './helpers.js';
import { registerWithEmail, UI_TIMEOUT_MS } from './record-steps.js';
import { seedChallenge } from './seed.js';

const browser = sharedBrowser();

/** The code of the newest e-mail to `email`, from the stack's development outbox. */
async function latestCode(email: string): Promise<string> {
  for (let tries = 0; tries < 20; tries++) {
    const response = await fetch(`${stack.url}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const { messages } = (await response.json()) as { messages: { code: string }[] };
    if (messages[0]?.code) return messages[0].code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${email} in the outbox`);
}

describe('the code of the one-time sign-in e-mail', () => {
  it('signs in from the login page; a wrong code says so', async () => {
    const { context, page } = await newVisitor(browser(), PHONE_390);
    const email = uniqueEmail('code');
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Magic Link' }).click();
    await page.locator('#login-magic-email').fill(email);
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    const code = page.getByLabel('Or type the 6-digit code from the e-mail');
    await code.waitFor({ timeout: UI_TIMEOUT_MS });
    const sent = await latestCode(email);
    await code.fill(sent === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in with code' }).click();
    await waitForText(page.locator('form'), 'That code is wrong or has expired.');
    expect(await violations(page), 'check your email with the code').toEqual([]);
    await screenshot(page, 'sign-in-code-phone');
    await code.fill(sent);
    await page.getByRole('button', { name: 'Sign in with code' }).click();
    await page.waitForURL((url) => url.pathname === '/challenges', { timeout: UI_TIMEOUT_MS });
    await waitForText(page.locator('header'), email.slice(0, 10));
    await context.close();
  });

  it('on the record page: an address with an account types the code and goes on as itself', async () => {
    const challenge = await seedChallenge({ name: 'E2E Code Sign-in' });
    // The address has an account already (made on another device, say).
    const { email } = await signUpUser('code-record', 'Coda Record');
    const { context, page } = await newVisitor(browser(), PHONE_390);
    await page.goto(`/challenge/${challenge.id}/record`);
    await registerWithEmail(page, email);
    await page
      .getByRole('heading', { name: 'Check your email' })
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByLabel('Or type the 6-digit code from the e-mail').fill(await latestCode(email));
    await page.getByRole('button', { name: 'Sign in with code' }).click();
    await page.getByRole('heading', { name: 'Welcome back, Coda Record!' }).waitFor({
      timeout: UI_TIMEOUT_MS,
    });
    expect(await page.getByRole('heading', { name: 'Check your email' }).count()).toBe(0);
    await context.close();
  });
});
