import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumLaunchOptions,
  ENGINE_DISABLED_FEATURES,
  PLAYWRIGHT_DISABLED_FEATURES,
} from '../../src/node/engine-settings.js';

let browser: Browser;
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** The process's stop-signal listeners before Chromium was launched. */
let listenersBeforeLaunch: Map<string, readonly unknown[]>;

beforeAll(async () => {
  listenersBeforeLaunch = new Map(STOP_SIGNALS.map((name) => [name, process.listeners(name)]));
  browser = await chromium.launch(chromiumLaunchOptions('/usr/bin/chromium'));
});

afterAll(async () => {
  await browser?.close();
});

describe('the inference Chromium', () => {
  it('runs with one --disable-features switch holding Playwright’s features and the engine’s', async () => {
    const page = await browser.newPage();
    await page.goto('chrome://version');
    const commandLine = (await page.locator('#command_line').textContent()) ?? '';
    await page.close();
    const switches = commandLine
      .split(/\s+/)
      .filter((arg) => arg.startsWith('--disable-features='));
    // Two switches mean Playwright's own was not dropped (its list changed after an upgrade):
    // Chromium would honour only ours, so copy Playwright's new list into PLAYWRIGHT_DISABLED_FEATURES.
    expect(switches, commandLine).toHaveLength(1);
    const features = switches[0]!.slice('--disable-features='.length).split(',');
    expect(features).toEqual(
      expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, ...ENGINE_DISABLED_FEATURES]),
    );
  });

  it('does not preload the address bar popup in a renderer of its own', async () => {
    const page = await browser.newPage();
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = (await session.send('Target.getTargets', { filter: [{}] })) as {
      targetInfos: { type: string; url: string }[];
    };
    await session.detach();
    await page.close();
    expect(targetInfos.map((target) => target.url)).not.toContainEqual(
      expect.stringMatching(/^chrome:\/\/omnibox-popup/),
    );
    expect(targetInfos.some((target) => target.type === 'page')).toBe(true);
  });

  // Playwright's handlers close the browsers under running extractions and, on SIGINT, exit the
  // process before the application has printed its results: the application decides how to stop.
  it('leaves SIGINT, SIGTERM and SIGHUP to the application', () => {
    for (const name of STOP_SIGNALS) {
      expect(process.listeners(name), name).toEqual(listenersBeforeLaunch.get(name));
    }
  });
});
