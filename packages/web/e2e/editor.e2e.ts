// The exercise-definition editor in Chromium against the local stack (spec 01 §2, §4, §5, §6):
// who may open it; an elbow angle built with the from-video wizard on a fixture clip; saved,
// loaded back, exported and re-imported to the identical document.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  definitionRow,
  downloadExport,
  EDITOR,
  editorViolations,
  openDialog,
} from './editor-steps.js';
import {
  expectToast,
  field,
  launchBrowser,
  newPassword,
  newVisitor,
  screenshot,
  signInWithPassword,
  signUpWithPassword,
  stack,
  uniqueEmail,
  waitForText,
} from './helpers.js';

const REPO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Side view, 640x360; rep bottoms at 1.3 s and 2.7 s, arms extended in between. */
const CLIP = path.join(REPO_DIR, 'fixtures/videos/pushup/08-tank-top-side.mp4');
const FRAMES_S = { start: 2.0, transition: 2.35, end: 2.7 };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('who may open the editor (spec 01 §6)', () => {
  it('a signed-out visitor goes to /login', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(EDITOR);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(EDITOR);
    await context.close();
  });

  it('a signed-in user who is not an admin sees the admin-denied screen', async () => {
    const { context, page } = await newVisitor(browser);
    await signUpWithPassword(page, uniqueEmail('editor'), newPassword());
    await page.goto(EDITOR);
    await waitForText(page.locator('h1'), 'Access Denied');
    await waitForText(page.locator('main'), "You don't have permission to access this admin area.");
    expect(await page.getByRole('heading', { name: 'Exercise Definition Editor' }).count()).toBe(0);
    await context.close();
  });
});

async function seekAndCapture(dialog: Locator, phase: string, seconds: number) {
  const time = dialog.getByLabel('Video time (seconds)');
  await time.fill(String(seconds));
  await time.press('Enter');
  await dialog.page().waitForFunction((target) => {
    const video = document.querySelector('dialog video') as HTMLVideoElement | null;
    return !!video && !video.seeking && Math.abs(video.currentTime - target) < 0.05;
  }, seconds);
  await dialog.getByRole('button', { name: `Capture ${phase} Frame` }).click();
  await dialog.getByRole('img', { name: new RegExp(`^${phase} frame at`) }).waitFor();
}

describe('an admin builds, saves, loads, exports and imports a definition', () => {
  it('wizard on a push-up clip, then storage and JSON round trips', async () => {
    const { context, page } = await newVisitor(browser);
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await signInWithPassword(page, stack.adminEmail, stack.adminPassword);
    await page.goto(EDITOR);
    await waitForText(page.locator('h1'), 'Exercise Definition Editor');
    await waitForText(page.getByRole('status'), 'All changes saved in this browser');

    // The elbow angle: three landmarks (side view: one name per pair), the middle the vertex.
    const landmarks = page.locator('section', { hasText: 'Landmark Selection' });
    await waitForText(landmarks, 'Select 3 more landmarks.');
    for (const name of ['Shoulder', 'Elbow', 'Wrist']) {
      await landmarks.getByRole('button', { name, exact: true }).click();
    }
    await waitForText(landmarks, 'Three landmarks selected. The middle one is the vertex');
    await field(page, 'Angle name').fill('Elbow');
    await page.getByRole('button', { name: 'Add Angle' }).click();
    await page
      .getByRole('list', { name: 'Angles' })
      .getByText('Left shoulder → Left elbow → Left wrist')
      .waitFor();
    // An edit is unsaved until the auto-save 2 s later.
    await waitForText(page.getByRole('status'), 'Unsaved changes');
    await waitForText(page.getByRole('status'), 'All changes saved in this browser');

    // The wizard: name first, a video only, three frames, review.
    const addNew = await openDialog(page, 'Add New', 'Add New Exercise Definition');
    await addNew.getByRole('button', { name: 'Create New Exercise from Video' }).click();
    const wizard = page.getByRole('dialog', { name: 'Create New Exercise from Video' });
    await wizard.waitFor();
    await waitForText(wizard, 'Please provide a unique exercise name');
    const videoInput = wizard.locator('input[type="file"]');
    await videoInput.setInputFiles(CLIP);
    await waitForText(
      wizard.getByRole('alert'),
      'Please provide a valid exercise name before uploading a video.',
    );
    await wizard.getByLabel('Exercise name').fill('E2E push-up');
    await videoInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a video'),
    });
    await waitForText(wizard.getByRole('alert'), 'File is not a video');
    await videoInput.setInputFiles(CLIP);
    await wizard.locator('[aria-current="step"]', { hasText: '2 Select Frames' }).waitFor();
    await page.waitForFunction(() => {
      const video = document.querySelector('dialog video') as HTMLVideoElement | null;
      return !!video && video.readyState >= 2 && video.duration > 0;
    });
    await seekAndCapture(wizard, 'Start', FRAMES_S.start);
    await seekAndCapture(wizard, 'Transition', FRAMES_S.transition);
    expect(await wizard.getByRole('button', { name: 'Continue to Review' }).isDisabled()).toBe(
      true,
    );
    await seekAndCapture(wizard, 'End', FRAMES_S.end);
    // Back to the upload step and forward again: the video and the three frames are kept.
    await wizard.getByRole('button', { name: 'Back' }).click();
    await wizard.getByRole('button', { name: 'Next: Select Frames' }).click();
    await wizard.locator('[aria-current="step"]', { hasText: '2 Select Frames' }).waitFor();
    await wizard.getByRole('button', { name: 'Continue to Review' }).click();
    await wizard.locator('[aria-current="step"]', { hasText: '3 Review' }).waitFor();
    await wizard.getByRole('button', { name: 'Calculate Angles' }).click();
    const table = wizard.getByRole('table');
    await table.waitFor({ timeout: 30_000 });
    await screenshot(page, 'editor-wizard-review');
    expect(await editorViolations(page)).toEqual([]);
    const measured = await table.locator('td[data-angle="elbow"]').allTextContents();
    const degrees = measured.map((text) => Number.parseFloat(text));
    // Arms extended at the start, bent at the end of the push-up.
    expect(degrees[0]).toBeGreaterThan(degrees[2]! + 30);
    await wizard.getByRole('button', { name: 'Create Exercise' }).click();
    await wizard.waitFor({ state: 'hidden' });
    await expectToast(page, 'Exercise created');
    expect(await field(page, 'Exercise name').inputValue()).toBe('E2E push-up');

    // Comparisons: a second video analysing the same definition, then removed.
    await page.getByRole('button', { name: 'Add Comparison' }).click();
    await page.getByRole('region', { name: 'Comparison 2' }).waitFor();
    expect(await page.getByRole('region', { name: 'Video Analysis' }).count()).toBe(1);
    await screenshot(page, 'editor-created');
    expect(await editorViolations(page)).toEqual([]);
    // An incomplete draft (the name being retyped) keeps the videos and their sources.
    const second = page.getByRole('region', { name: 'Comparison 2' });
    const sample = second.getByLabel('Sample video');
    const firstSample = await sample.locator('option').nth(1).getAttribute('value');
    await sample.selectOption(firstSample!);
    await field(page, 'Exercise name').fill('');
    await page.getByText('The videos show the last complete definition').first().waitFor();
    expect(await second.getByLabel('Sample video').inputValue()).toBe(firstSample);
    await field(page, 'Exercise name').fill('E2E push-up');
    await page
      .getByRole('region', { name: 'Comparison 2' })
      .getByRole('button', { name: /Remove/ })
      .click();
    await page.getByRole('region', { name: 'Comparison 2' }).waitFor({ state: 'detached' });

    // Saved to exercise_definitions, then exported: the reference document.
    const save = await openDialog(page, 'Save', 'Save Exercise Definition');
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Definition saved');
    const exported = await downloadExport(page);
    const exportedDocument = JSON.parse(exported);
    expect(exportedDocument).toMatchObject({
      name: 'E2E push-up',
      cameraPosition: 'side',
      angles: [{ id: 'elbow', name: 'Elbow', landmarks: [11, 13, 15], exerciseStop: false }],
    });
    expect(exportedDocument.phases.start.angleRanges.elbow.max).toBe(180);
    expect(exportedDocument.phases.end.angleRanges.elbow.min).toBe(0);
    expect(exportedDocument.phases.start.angleRanges.elbow.min).toBe(
      exportedDocument.phases.transition.angleRanges.elbow.max,
    );

    // Load it back into a blank editor: the same document.
    const fresh = await openDialog(page, 'Add New', 'Add New Exercise Definition');
    await fresh.getByRole('button', { name: 'Blank definition' }).click();
    expect(await field(page, 'Exercise name').inputValue()).toBe('NEW EXERCISE');
    const load = await openDialog(page, 'Load', 'Load Exercise Definition');
    // Other suites store definitions whose names contain this one's ('E2E push-up (definition)'):
    // a row is found by its exact Load button.
    const row = definitionRow(load, 'E2E push-up');
    await waitForText(row, 'User created');
    await waitForText(load.getByRole('listitem').filter({ hasText: /^Push-up/ }), 'System');
    await row.getByRole('button', { name: 'Load E2E push-up' }).click();
    await expectToast(page, 'Definition loaded');
    expect(await downloadExport(page)).toBe(exported);

    // Update the stored row, then delete it: each write reloads the list.
    await field(page, 'Minimum phase hold (ms)').fill('60');
    const update = await openDialog(page, 'Save', 'Save Exercise Definition');
    await update.getByRole('button', { name: 'Update Existing' }).click();
    await expectToast(page, 'Definition updated');
    const list = await openDialog(page, 'Load', 'Load Exercise Definition');
    await list.getByRole('button', { name: 'Delete E2E push-up' }).click();
    await list.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Definition deleted');
    await definitionRow(list, 'E2E push-up').waitFor({ state: 'detached' });
    await list.getByRole('button', { name: 'Close' }).click();

    // Re-import the exported file into a blank editor: the same document again.
    await (await openDialog(page, 'Add New', 'Add New Exercise Definition'))
      .getByRole('button', { name: 'Blank definition' })
      .click();
    const importInput = page.getByLabel('Definition JSON file');
    await importInput.setInputFiles({
      name: 'e2e-push-up.json',
      mimeType: 'application/json',
      buffer: Buffer.from(exported),
    });
    await expectToast(page, 'Definition imported');
    expect(await downloadExport(page)).toBe(exported);

    // A bad file is refused with its problems and their JSON paths.
    await importInput.setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        JSON.stringify({ ...exportedDocument, cameraPosition: 'top', angles: [] }),
      ),
    });
    const problems = page.getByRole('alert').filter({ hasText: 'Import failed: broken.json' });
    await waitForText(problems, 'cameraPosition: expected one of front, back, side, got "top"');
    await waitForText(problems, 'angles: expected at least 1 angle, got 0');
    expect(await field(page, 'Exercise name').inputValue()).toBe('E2E push-up');
    await screenshot(page, 'editor-import-problems');

    // Once auto-saved, the editor survives a reload from its browser copy.
    await waitForText(page.getByRole('status'), 'All changes saved in this browser');
    await page.reload();
    await waitForText(page.locator('h1'), 'Exercise Definition Editor');
    expect(await field(page, 'Exercise name').inputValue()).toBe('E2E push-up');
    // The wasm runtime writes its INFO lines to stderr, which the console reports as errors.
    const unexpected = logged.filter(
      (text) => !text.startsWith('INFO:') && !text.includes('Importing broken.json failed'),
    );
    expect(unexpected).toEqual([]);

    // Leaving while an edit is unsaved asks first.
    await field(page, 'Exercise name').fill('E2E push-up, edited');
    await waitForText(page.getByRole('status'), 'Unsaved changes');
    const prompt = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.accept();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await prompt).toBe('beforeunload');
    await context.close();
  }, 90_000);
});
