// A participant's steps through the record page in a browser with the fake camera (see
// fake-camera.ts): the record flow's own tests, and the tests that need a real attempt as a step
// of something else (a referral counted once the referred person completes a session).

import type { Page } from 'playwright-core';

/** A whole attempt: countdown, the held first frame, the clip, the rest that ends it. ms */
export const ATTEMPT_TIMEOUT_MS = 90_000;
/** Upload, GIF and insert under the load of a shared machine. ms */
const SUBMIT_TIMEOUT_MS = 60_000;
/** A screen's next state. ms */
export const UI_TIMEOUT_MS = 15_000;

/** The registration card of a challenge that is not a duel: the e-mail address only. */
export async function registerWithEmail(page: Page, email: string): Promise<void> {
  await page
    .getByRole('heading', { name: 'Join the challenge' })
    .waitFor({ timeout: UI_TIMEOUT_MS });
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Waits until the camera preview shows a picture. */
export async function waitForPreview(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="camera-video"]');
      return Boolean(video && video.readyState >= 2 && video.videoWidth > 0);
    },
    undefined,
    { timeout: UI_TIMEOUT_MS },
  );
}

/** Start Challenge, the setup instructions, Start Recording, the countdown; waits for the live
 * count. */
export async function startRecording(page: Page): Promise<void> {
  await waitForPreview(page);
  await page.getByRole('button', { name: 'Start Challenge' }).click();
  await page.getByRole('heading', { name: 'Setup Instructions' }).waitFor();
  await page.getByRole('button', { name: 'Start Recording' }).click();
  await page.getByTestId('countdown').waitFor({ timeout: UI_TIMEOUT_MS });
  // The recorder and the counting run once the countdown is over.
  await page.getByTestId('live-valid').waitFor({ timeout: UI_TIMEOUT_MS });
}

/** The results card's counts, once it shows. */
export async function resultCounts(
  page: Page,
  timeout = ATTEMPT_TIMEOUT_MS,
): Promise<{ valid: number; invalid: number }> {
  await page.getByTestId('result-valid').waitFor({ timeout });
  return {
    valid: Number(await page.getByTestId('result-valid').textContent()),
    invalid: Number(await page.getByTestId('result-invalid').textContent()),
  };
}

/** Records until the attempt ends by itself (the clip is over: the rest rule); answers the
 * results card's counts. */
export async function recordWholeClip(page: Page): Promise<{ valid: number; invalid: number }> {
  await startRecording(page);
  return resultCounts(page);
}

/** Submit Challenge, then waits for Challenge Complete. */
export async function submitAttempt(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Submit Challenge' }).click();
  await page
    .getByRole('heading', { name: 'Challenge Complete' })
    .first()
    .waitFor({ timeout: SUBMIT_TIMEOUT_MS });
}
