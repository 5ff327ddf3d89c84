// An admin's steps through the exercise-definition editor in a browser, shared by the editor's
// test files: its dialogs, the exported file, a stored row and the editor's own accessibility.

import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { injectAxe } from './axe.js';

export const EDITOR = '/exercise-definition-editor';

/** The Load dialog's row of the definition named exactly `name`. */
export function definitionRow(dialog: Locator, name: string): Locator {
  return dialog
    .getByRole('listitem')
    .filter({ has: dialog.page().getByRole('button', { name: `Load ${name}`, exact: true }) });
}

/** WCAG 2.1 A and AA violations of the editor's own parts (the video analysis component is
 * checked by its own tests). */
export async function editorViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(
      { exclude: [['[data-testid="video-analysis"]']] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
    )) as { violations: { id: string; help: string; nodes: { target: string[] }[] }[] };
    return result.violations.map(
      (v) => `${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  });
}

/** Export JSON, and the downloaded file's text. */
export async function downloadExport(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  const file = await download.path();
  return readFile(file, 'utf8');
}

/** Clicks the header button `button` and waits for the dialog titled `title`. */
export async function openDialog(page: Page, button: string, title: string): Promise<Locator> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  return dialog;
}
