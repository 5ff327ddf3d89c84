// How reps are counted and the judges' form rules in the definition editor (issue 24), in
// Chromium against the local stack: a definition from before the two fields loads as before; the
// Exercise Definition panel sets the relative cycle, its minimum turn and a form rule; the
// comparison videos re-analyse with them; they survive Save, Load, Export and a reload; the panel
// at 390 px and at desktop width.

import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pushupDefinition } from '@reptemple/definitions';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  definitionRow,
  downloadExport,
  EDITOR,
  editorViolations,
  openDialog,
} from './editor-steps.js';
import {
  DESKTOP,
  expectToast,
  field,
  newVisitor,
  PHONE_390,
  sharedBrowser,
  signInWithPassword,
  stack,
  waitForText,
} from './helpers.js';

const browser = sharedBrowser();

/** A whole clip's pose detection with the lite model on a shared machine. ms */
const ANALYSIS_TIMEOUT_MS = 60_000;
/** A definition edit reaches the videos 400 ms after the last one; their analyser then re-runs. ms */
const REANALYSIS_TIMEOUT_MS = 15_000;

/** Piked hips, side view: the absolute phases cut 4 short reps, turns of 30° one, of 35° none. */
const PIKED = '/videos/pushups/11-tank-top-piked-hips.mp4';
/** One rep whose hips sag on the way up: the ranges credit it, the sag rule does not. */
const SAGGING = '/videos/pushups/12-woman-eccentric-knee-return.mp4';

const RULE_LABELS = [
  'Knees off the floor',
  'No piked hips',
  'No sagging hips',
  'No worm',
  'Upper arm to parallel',
];

/** The built-in push-up as written, without `cycle` and `formRules`: a document from before them. */
function documentBeforeTheFields(name: string): string {
  const { cycle: _cycle, formRules: _formRules, ...written } = pushupDefinition;
  return JSON.stringify({ ...written, name });
}

function metadataSection(page: Page): Locator {
  return page
    .locator('section')
    .filter({ has: page.getByRole('button', { name: 'Exercise Definition', exact: true }) });
}

function radio(page: Page, name: string): Locator {
  return page.getByRole('radio', { name, exact: true });
}

function ruleBox(page: Page, name: string): Locator {
  return page.getByRole('checkbox', { name, exact: true });
}

/** What the panel shows: the measure checked, the minimum turn (null when hidden), the rules checked. */
async function shownCounting(page: Page) {
  const minTurn = field(page, 'Minimum turn (degrees)');
  const checkedRules: string[] = [];
  for (const label of RULE_LABELS) {
    if (await ruleBox(page, label).isChecked()) checkedRules.push(label);
  }
  return {
    relative: await radio(page, 'Turns of the driving angles (relative)').isChecked(),
    absolute: await radio(page, 'Phase ranges (absolute)').isChecked(),
    minTurn: (await minTurn.count()) === 0 ? null : await minTurn.inputValue(),
    checkedRules,
  };
}

/** Waits for a comparison's whole-clip status to read `valid` and `invalid` reps. */
async function waitForCounts(video: Locator, valid: number, invalid: number, timeout: number) {
  await video
    .locator('[data-testid="analysis-status"][data-done="true"]', {
      hasText: new RegExp(`^Analysis complete: ${valid} valid, ${invalid} invalid \\(`),
    })
    .waitFor({ timeout });
}

/** The whole Exercise Definition panel, in a viewport tall enough that the page's fixed top bar
 * does not cover part of it; the viewport is restored after. */
async function panelScreenshot(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const panel = metadataSection(page);
  const { height } = (await panel.boundingBox())!;
  await page.setViewportSize({ width: viewport.width, height: Math.ceil(height) + 400 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await panel.screenshot({ path: path.join(stack.screenshotDir, `${name}.png`) });
  await page.setViewportSize(viewport);
}

describe('counting and form rules in the editor (issue 24)', () => {
  it('set, analysed by the comparisons, saved, loaded, exported and kept over a reload', async () => {
    const name = `E2E counting ${randomBytes(3).toString('hex')}`;
    const { context, page } = await newVisitor(browser(), DESKTOP);
    await signInWithPassword(page, stack.adminEmail, stack.adminPassword);
    await page.goto(EDITOR);
    await waitForText(page.locator('h1'), 'Exercise Definition Editor');

    // A document from before the fields: the spec's phase ranges, no form rules.
    await page.getByLabel('Definition JSON file').setInputFiles({
      name: 'push-up-before.json',
      mimeType: 'application/json',
      buffer: Buffer.from(documentBeforeTheFields(name)),
    });
    await expectToast(page, 'Definition imported');
    expect(await shownCounting(page)).toEqual({
      relative: false,
      absolute: true,
      minTurn: null,
      checkedRules: [],
    });

    // Two comparison videos, analysed with it.
    const first = page.getByRole('region', { name: 'Video Analysis' });
    await first.getByLabel('Sample video').selectOption(PIKED);
    await page.getByRole('button', { name: 'Add Comparison' }).click();
    const second = page.getByRole('region', { name: 'Comparison 2' });
    await second.getByLabel('Sample video').selectOption(SAGGING);
    await waitForCounts(first, 0, 4, ANALYSIS_TIMEOUT_MS);
    await waitForCounts(second, 1, 0, ANALYSIS_TIMEOUT_MS);

    // Turns of the driving angles: the minimum turn appears with its default.
    await radio(page, 'Turns of the driving angles (relative)').check();
    expect((await shownCounting(page)).minTurn).toBe('30');
    await waitForCounts(first, 0, 1, REANALYSIS_TIMEOUT_MS);

    // A minimum turn the schema refuses is shown with the validator's line and not kept.
    const minTurn = field(page, 'Minimum turn (degrees)');
    await minTurn.fill('200');
    await waitForText(metadataSection(page), 'cycle.minTurn: expected at most 180, got 200');
    expect(await minTurn.getAttribute('aria-invalid')).toBe('true');
    await minTurn.fill('35');
    await metadataSection(page)
      .getByText('cycle.minTurn:', { exact: false })
      .waitFor({ state: 'detached' });
    await waitForCounts(first, 0, 0, REANALYSIS_TIMEOUT_MS);

    // A form rule: the sagging rise is no longer credited, and says why.
    await ruleBox(page, 'No sagging hips').click();
    await waitForCounts(second, 0, 1, REANALYSIS_TIMEOUT_MS);
    expect(
      await second.getByTestId('rep-timeline').getByRole('button').first().getAttribute('title'),
    ).toBe('Hips sagging: body not in a straight line');
    const edited = {
      relative: true,
      absolute: false,
      minTurn: '35',
      checkedRules: ['No sagging hips'],
    };
    expect(await shownCounting(page)).toEqual(edited);
    await panelScreenshot(page, 'editor-counting-desktop');
    expect(await editorViolations(page)).toEqual([]);

    // Saved to exercise_definitions and exported with both fields.
    const save = await openDialog(page, 'Save', 'Save Exercise Definition');
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Definition saved');
    const exported = JSON.parse(await downloadExport(page));
    expect(exported.cycle).toEqual({ measure: 'relative', minTurn: 35 });
    expect(exported.formRules).toEqual(['hipSag']);

    // A blank definition shows the defaults; loading the stored row brings both back.
    await (await openDialog(page, 'Add New', 'Add New Exercise Definition'))
      .getByRole('button', { name: 'Blank definition' })
      .click();
    expect(await shownCounting(page)).toEqual({
      relative: false,
      absolute: true,
      minTurn: null,
      checkedRules: [],
    });
    const load = await openDialog(page, 'Load', 'Load Exercise Definition');
    await definitionRow(load, name)
      .getByRole('button', { name: `Load ${name}` })
      .click();
    await expectToast(page, 'Definition loaded');
    expect(await shownCounting(page)).toEqual(edited);

    // Kept in the browser: a reload shows them again.
    await waitForText(page.getByRole('status'), 'All changes saved in this browser');
    await page.reload();
    await waitForText(page.locator('h1'), 'Exercise Definition Editor');
    await radio(page, 'Turns of the driving angles (relative)').waitFor();
    expect(await shownCounting(page)).toEqual(edited);

    // The stored row is this test's own: delete it.
    const list = await openDialog(page, 'Load', 'Load Exercise Definition');
    await list.getByRole('button', { name: `Delete ${name}` }).click();
    await list.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Definition deleted');
    await context.close();
  }, 180_000);

  it('the panel at 390 px: nothing overflows the page or the panel, the error shows under the field', async () => {
    const { context, page } = await newVisitor(browser(), PHONE_390);
    await signInWithPassword(page, stack.adminEmail, stack.adminPassword);
    await page.goto(EDITOR);
    await waitForText(page.locator('h1'), 'Exercise Definition Editor');
    await radio(page, 'Turns of the driving angles (relative)').check();
    await ruleBox(page, 'Knees off the floor').click();
    await ruleBox(page, 'No worm').click();
    await field(page, 'Minimum turn (degrees)').fill('4');
    await waitForText(metadataSection(page), 'cycle.minTurn: expected at least 5, got 4');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    // Every part of the panel (the cards, the rules' explanations, the error) stays inside it.
    const spilling = await metadataSection(page).evaluate((section) => {
      const bounds = section.getBoundingClientRect();
      return [...section.querySelectorAll('*')]
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && (box.left < bounds.left - 0.5 || box.right > bounds.right + 0.5);
        })
        .map((element) => element.textContent?.slice(0, 40) ?? element.tagName);
    });
    expect(spilling).toEqual([]);
    await panelScreenshot(page, 'editor-counting-390');
    expect(await editorViolations(page)).toEqual([]);
    await context.close();
  }, 90_000);
});
