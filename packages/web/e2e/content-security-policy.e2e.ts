// The built app under the server's Content-Security-Policy, in Chromium: the pages load, the pose
// runtime compiles its wasm and analyses a clip, and the browser reports no violation. A policy
// that blocked something the app needs would show here first.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor, signInWithPassword, stack } from './helpers.js';

/** The analysis of a 3 s sample clip with the lite model. ms */
const ANALYSIS_TIMEOUT_MS = 60_000;

/** zod 4 tries `new Function('')` once to see whether it may compile its parsers, and parses
 * without compiling when that is refused: the policy forbids eval on purpose, so that one refusal
 * is expected (`z.config({ jitless: true })` at start would skip the probe). Every other
 * violation fails. */
const EXPECTED_VIOLATION = /^script-src: eval \(/;
const unexpected = () => violations.filter((text) => !EXPECTED_VIOLATION.test(text));

let browser: Browser;
let page: Page;
const violations: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newVisitor(browser));
  // Chromium reports each blocked load or eval as a console error naming the policy.
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void })
        .reportCspViolation;
      report(
        `${event.violatedDirective}: ${event.blockedURI} (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})`,
      );
    });
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('the Content-Security-Policy', () => {
  it('is sent with the app and forbids framing', async () => {
    const response = await page.goto('/');
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("'wasm-unsafe-eval'");
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    await page.getByRole('heading').first().waitFor();
    expect(unexpected()).toEqual([]);
  });

  it('lets a signed-in user analyse a clip with the pose runtime, with no violation', async () => {
    await signInWithPassword(page, stack.adminEmail, stack.adminPassword, '/challenges');
    await page.goto('/analyze?analyser=pushup&model=lite');
    await page
      .getByLabel('Sample video')
      .selectOption('/videos/pushups/30-dark-background-blue-shirt.mp4');
    await page
      .locator('[data-testid="analysis-status"][data-done="true"]')
      .waitFor({ timeout: ANALYSIS_TIMEOUT_MS });
    expect(await page.getByTestId('analysis-status').textContent()).toMatch(/Analysis complete/);
    expect(unexpected()).toEqual([]);
  });
});
