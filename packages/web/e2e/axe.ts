// axe-core in the page: WCAG 2.1 A and AA violations, one line each.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Puts axe-core in the page. Evaluated through the DevTools protocol rather than added as an
 * inline <script>: the app's Content-Security-Policy refuses inline scripts, as it should. */
export async function injectAxe(page: Page): Promise<void> {
  await page.evaluate(AXE_SOURCE);
}

/** The page's WCAG 2.1 A/AA violations as readable lines (empty when there are none). */
export async function violations(page: Page): Promise<string[]> {
  await injectAxe(page);
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (options: unknown) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  });
  return (found as AxeViolation[]).map(
    (violation) =>
      `${violation.impact}: ${violation.id} (${violation.help}) at ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}
