// Admin code stays out of a visitor's download (issue 14): the public pages are loaded in
// Chromium, and the source maps of every script they fetched must name no admin module, nor the
// libraries only the admin area uses (Chart.js, Papa Parse).

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor } from './helpers.js';

const DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const ADMIN_ONLY = [
  /src\/features\/admin\//,
  /node_modules\/.*chart\.js\//,
  /node_modules\/.*papaparse\//,
];
const PUBLIC_PAGES = ['/', '/challenges', '/pushup-challenge', '/login', '/signup'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The modules a built script was made from (its source map). */
async function sourcesOf(scriptPath: string): Promise<string[]> {
  const map = JSON.parse(await readFile(path.join(DIST_DIR, `${scriptPath}.map`), 'utf8')) as {
    sources: string[];
  };
  return map.sources;
}

describe("a visitor's download", () => {
  it('holds no admin code on the public pages', async () => {
    const { context, page } = await newVisitor(browser);
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'))
        scripts.add(url.pathname);
    });
    for (const target of PUBLIC_PAGES) {
      await page.goto(target);
      await page.waitForLoadState('networkidle');
    }
    await context.close();
    expect(scripts.size).toBeGreaterThan(2);
    const leaks: string[] = [];
    for (const script of scripts)
      for (const source of await sourcesOf(script))
        if (ADMIN_ONLY.some((pattern) => pattern.test(source))) leaks.push(`${script}: ${source}`);
    expect(leaks).toEqual([]);
  });

  it('the check can fail: the admin pages are built as their own chunks, with their libraries', async () => {
    const entryPage = await readFile(path.join(DIST_DIR, 'index.html'), 'utf8');
    expect(entryPage).not.toMatch(/admin/);
    const analytics = (await readdir(path.join(DIST_DIR, 'assets'))).find((file) =>
      /^admin-analytics-page-.*\.js$/.test(file),
    );
    expect(analytics).toBeDefined();
    const sources = await sourcesOf(`/assets/${analytics}`);
    expect(sources.some((source) => ADMIN_ONLY[0]!.test(source))).toBe(true);
    expect(sources.some((source) => ADMIN_ONLY[1]!.test(source))).toBe(true);
  });
});
