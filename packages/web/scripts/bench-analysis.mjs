// Benchmark (not a test): analysed frames per second of the video analysis screen in headless
// Debian Chromium. Starts the local stack on a free port with a temporary data folder, serving the
// BUILT app (packages/web/dist), signs in as the seeded admin, opens /analyze with the chosen model
// and sample clip, and reads the screen's own measurement (frames analysed / wall-clock time from
// the first byte fetched to the last frame analysed). Prints every run and the median.
//
//   pnpm --filter @reptemple/web build && pnpm --filter @reptemple/web bench
//   node packages/web/scripts/bench-analysis.mjs [--model lite|full] [--runs 5] [--clip 08-tank-top-side.mp4]

import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { DIST, median, SERVER_BIN, startStack } from './bench-support.mjs';

/** One clip's analysis on a slow machine. ms */
const ANALYSIS_TIMEOUT_MS = 180_000;

const { values } = parseArgs({
  options: {
    model: { type: 'string', default: 'lite' },
    runs: { type: 'string', default: '5' },
    // 640x360, 30 fps, 271 frames: the clip the CLI benchmark uses too.
    clip: { type: 'string', default: '08-tank-top-side.mp4' },
  },
});
const runs = Number(values.runs);

for (const [file, hint] of [
  [SERVER_BIN, 'pnpm build at the repository root'],
  [path.join(DIST, 'index.html'), 'pnpm --filter @reptemple/web build'],
]) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: run \`${hint}\` first.`);
    process.exit(2);
  }
}

const stack = await startStack();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  // The flags the E2E suite uses.
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const context = await browser.newContext({
    baseURL: stack.url,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await page.goto('/login');
  // Inputs only: the login screen also has a tab panel named Password.
  const input = (label) => page.locator('input').and(page.getByLabel(label, { exact: true }));
  await input('Email').fill('admin@reptemple.local');
  await input('Password').fill(stack.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');

  console.log(
    `video analysis throughput: ${values.clip}, ${values.model} model, ${runs} runs, ` +
      `headless ${browser.version()}, ${cpus().length} cores (${cpus()[0]?.model.trim()})`,
  );
  const results = [];
  for (let run = 1; run <= runs; run++) {
    const load = loadavg()[0].toFixed(2);
    await page.goto(`/analyze?analyser=pushup&model=${values.model}`);
    await page.getByLabel('Sample video').selectOption(`/videos/pushups/${values.clip}`);
    const speed = page.getByTestId('analysis-speed');
    await speed.waitFor({ timeout: ANALYSIS_TIMEOUT_MS });
    const fps = Number(await speed.getAttribute('data-fps'));
    const status = await page.getByTestId('analysis-status').textContent();
    results.push(fps);
    console.log(
      `run ${run}: ${fps.toFixed(1)} frames/s (${(1000 / fps).toFixed(1)} ms/frame), load average ${load}; ${status}`,
    );
  }
  const middle = median(results);
  console.log(
    `median: ${middle.toFixed(1)} analysed frames/s = ${(1000 / middle).toFixed(1)} ms/frame ` +
      `(target 25 frames/s: ${middle >= 25 ? 'met' : 'NOT met'})`,
  );
} finally {
  await browser.close();
  await stack.stop();
}
