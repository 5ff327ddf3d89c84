// The from-video wizard's dialog (issue 26): its Capture buttons overflowed their cards, its
// footer (Back, Continue to Review) was cut off on an 800 px high screen, and Escape did not
// close it.

import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REPO_DIR } from './fake-camera.js';
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

const CLIP = path.join(REPO_DIR, 'fixtures/videos/pushup/08-tank-top-side.mp4');
const EDITOR = '/exercise-definition-editor';
const browser = sharedBrowser();

/** Opens the wizard and brings it to its frames step on the fixture clip. */
async function wizardOnFrames(page: Page): Promise<Locator> {
  await page.goto(EDITOR);
  await page.getByRole('button', { name: 'Add New', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Add New Exercise Definition' })
    .getByRole('button', { name: 'Create New Exercise from Video' })
    .click();
  const wizard = page.getByRole('dialog', { name: 'Create New Exercise from Video' });
  await wizard.waitFor({ timeout: UI_TIMEOUT_MS });
  await wizard.getByLabel('Exercise name').fill('E2E wizard layout');
  await wizard.locator('input[type="file"]').setInputFiles(CLIP);
  await wizard.locator('[aria-current="step"]', { hasText: '2 Select Frames' }).waitFor();
  await page.waitForFunction(() => {
    const video = document.querySelector('dialog video') as HTMLVideoElement | null;
    return !!video && video.readyState >= 2 && video.duration > 0;
  });
  return wizard;
}

/** Whether the element is inside the viewport, not covered and not clipped by a scroll box. */
async function fullyShown(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight || box.left < 0) return false;
    if (box.right > window.innerWidth) return false;
    // Clipped by any scrolling ancestor?
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (!/(auto|scroll|hidden)/.test(style.overflowY + style.overflowX)) continue;
      const clip = parent.getBoundingClientRect();
      if (box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5) return false;
      if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) return false;
    }
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

describe('the from-video wizard dialog', () => {
  for (const [label, viewport] of [
    ['desktop 1280x800', DESKTOP],
    ['phone 390x844', PHONE_390],
  ] as const) {
    it(`${label}: the Capture buttons fit their cards, the footer shows without scrolling, Escape closes it`, async () => {
      const { context, page } = await newVisitor(browser(), viewport);
      await signInWithPassword(page, stack.adminEmail, stack.adminPassword);
      const wizard = await wizardOnFrames(page);
      for (const phase of ['Start', 'Transition', 'End']) {
        const button = wizard.getByRole('button', { name: `Capture ${phase} Frame` });
        // Its text fits the button, and the button its card.
        expect(
          await button.evaluate(
            (element) =>
              element.scrollWidth <= element.clientWidth + 1 &&
              element.scrollHeight <= element.clientHeight + 1,
          ),
          `Capture ${phase} Frame's text overflows`,
        ).toBe(true);
        expect(
          await button.evaluate((element) => {
            const card = element.parentElement!.getBoundingClientRect();
            const box = element.getBoundingClientRect();
            return box.left >= card.left - 0.5 && box.right <= card.right + 0.5;
          }),
        ).toBe(true);
      }
      // Back and Continue to Review are on the screen without scrolling.
      for (const name of ['Back', 'Continue to Review'])
        expect(await fullyShown(wizard.getByRole('button', { name })), name).toBe(true);
      await screenshot(page, `editor-wizard-frames-${label.split(' ')[0]}`);

      // Escape closes it, from the video's time field too (where the focus often is).
      await wizard.getByLabel('Video time (seconds)').focus();
      await page.keyboard.press('Escape');
      await wizard.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      await context.close();
    });
  }
});
