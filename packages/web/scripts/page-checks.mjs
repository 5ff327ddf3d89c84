// Lighthouse-style page checks that run offline in Debian Chromium against a running stack:
// FCP, LCP, CLS, long-task time (TBT-like), bytes of JavaScript, request count; once unthrottled
// and once with Lighthouse's mobile preset (4x CPU slowdown, 150 ms RTT, 1.6 Mbit/s down).
//
//   node packages/web/scripts/page-checks.mjs http://localhost:54321 [/ /login /challenges]

import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:54321';
const paths = process.argv.length > 3 ? process.argv.slice(3) : ['/', '/login', '/challenges'];

const MOBILE = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
};

async function measure(browser, path, throttled) {
  const context = await browser.newContext({
    viewport: throttled ? { width: 412, height: 823 } : { width: 1350, height: 940 },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (throttled) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE.latencyMs,
      downloadThroughput: MOBILE.downloadBytesPerSecond,
      uploadThroughput: MOBILE.uploadBytesPerSecond,
    });
  }
  await page.addInitScript(() => {
    window.__checks = { lcp: 0, cls: 0, longTasks: 0 };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__checks.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (!entry.hadRecentInput) window.__checks.cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__checks.longTasks += Math.max(0, entry.duration - 50);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${base}${path}`, { waitUntil: 'load' });
  await page.waitForTimeout(throttled ? 4000 : 1500);
  const result = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const resources = performance.getEntriesByType('resource');
    const scripts = resources.filter(
      (entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'),
    );
    return {
      fcpMs: fcp && Math.round(fcp),
      lcpMs: Math.round(window.__checks.lcp),
      cls: Number(window.__checks.cls.toFixed(4)),
      longTaskMs: Math.round(window.__checks.longTasks),
      jsKB: Math.round(scripts.reduce((sum, entry) => sum + entry.decodedBodySize, 0) / 1024),
      requests: resources.length + 1,
    };
  });
  await context.close();
  return {
    path,
    profile: throttled ? 'mobile (4x CPU, 150 ms, 1.6 Mbit/s)' : 'unthrottled',
    ...result,
  };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const rows = [];
  for (const throttled of [false, true])
    for (const path of paths) rows.push(await measure(browser, path, throttled));
  console.table(rows);
} finally {
  await browser.close();
}
