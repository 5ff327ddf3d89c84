import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../src/node/engine-settings.js';
import {
  createPoseEngine,
  type ExtractionResult,
  type PoseEngine,
  resolveModelPath,
} from '../../src/node/index.js';
import { fixtureVideo, PACKAGE_ROOT, SHORT_FIXTURE } from './fixtures.js';

/** The spec's bound: mean landmark disagreement between the two paths, in px at 640 px width. */
const MAX_MEAN_ERROR_PX = 1;

/**
 * Clips compared, with the sampling rate used (undefined = every frame): a BT.709-tagged clip at
 * full rate, and an untagged one (where Chromium's colour defaults apply) sampled to stay fast.
 * PARITY_FIXTURES=a.mp4,b.mp4 compares other clips (every frame) when investigating.
 */
const CASES: { file: string; fps?: number }[] = process.env.PARITY_FIXTURES
  ? process.env.PARITY_FIXTURES.split(',').map((file) => ({ file }))
  : [{ file: SHORT_FIXTURE }, { file: 'squat/05-woman-side-arms-forward.mp4', fps: 10 }];

interface BrowserPathFrame {
  t: number;
  presentedMs: number;
  lm: number[];
}

interface Comparison {
  file: string;
  headless: ExtractionResult;
  browser: BrowserPathFrame[];
}

let server: Server;
let browser: Browser;
let engine: PoseEngine;
let bundleDir: string;
const comparisons: Comparison[] = [];

const contentType = (path: string) =>
  path.endsWith('.wasm')
    ? 'application/wasm'
    : path.endsWith('.html')
      ? 'text/html'
      : path.endsWith('.js')
        ? 'text/javascript'
        : 'application/octet-stream';

/** Serves the test page, tasks-vision's wasm, the model and the videos from one loopback origin. */
function serve(files: Map<string, string>): Promise<string> {
  server = createServer((request, response) => {
    const path = files.get(new URL(request.url ?? '/', 'http://x').pathname);
    if (!path) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': contentType(path),
      'content-length': statSync(path).size,
    });
    createReadStream(path).pipe(response);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
}

beforeAll(async () => {
  bundleDir = mkdtempSync(join(tmpdir(), 'pose-parity-'));
  await build({
    entryPoints: [join(PACKAGE_ROOT, 'test/engine/browser-path.page.ts')],
    outfile: join(bundleDir, 'page.js'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    logLevel: 'warning',
  });
  writeFileSync(
    join(bundleDir, 'index.html'),
    '<!doctype html><html lang="en"><body><script src="/page.js"></script></body></html>',
  );
  const tasksVision = dirname(
    createRequire(join(PACKAGE_ROOT, 'package.json')).resolve('@mediapipe/tasks-vision'),
  );
  const files = new Map<string, string>([
    ['/', join(bundleDir, 'index.html')],
    ['/page.js', join(bundleDir, 'page.js')],
    ['/wasm/vision_wasm_internal.js', join(tasksVision, 'wasm/vision_wasm_internal.js')],
    ['/wasm/vision_wasm_internal.wasm', join(tasksVision, 'wasm/vision_wasm_internal.wasm')],
    ['/model.task', await resolveModelPath('full')],
  ]);
  for (const [i, c] of CASES.entries()) files.set(`/video-${i}.mp4`, fixtureVideo(c.file));
  const origin = await serve(files);

  engine = await createPoseEngine({ model: 'full' });
  browser = await chromium.launch(chromiumLaunchOptions('/usr/bin/chromium'));
  for (const [i, c] of CASES.entries()) {
    const headless = await engine.extract(fixtureVideo(c.file), { fps: c.fps });
    // A fresh page per clip, as a web app user would open it.
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    const browserFrames = await page.evaluate(
      (request) =>
        (
          globalThis as unknown as {
            analyseVideoElement: (r: typeof request) => Promise<BrowserPathFrame[]>;
          }
        ).analyseVideoElement(request),
      {
        videoUrl: `${origin}/video-${i}.mp4`,
        wasmBaseUrl: `${origin}/wasm`,
        modelUrl: `${origin}/model.task`,
        timestampsMs: headless.frames.map((frame) => frame.timestampMs),
      },
    );
    await page.close();
    comparisons.push({ file: c.file, headless, browser: browserFrames });
  }
}, 300_000);

afterAll(async () => {
  await engine?.close();
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
});

describe('headless extraction agrees with a <video> element in the browser', () => {
  it('steps the browser video through exactly the frames ffmpeg decoded', () => {
    expect(comparisons).toHaveLength(CASES.length);
    for (const { headless, browser: browserFrames } of comparisons) {
      expect(browserFrames).toHaveLength(headless.frames.length);
      for (const [i, frame] of browserFrames.entries()) {
        expect(Math.abs(frame.presentedMs - headless.frames[i]!.timestampMs)).toBeLessThan(1);
      }
    }
  });

  it(`has a mean landmark error under ${MAX_MEAN_ERROR_PX} px at 640 px width`, () => {
    for (const { file, headless, browser: browserFrames } of comparisons) {
      const { width, height } = headless.frameSize;
      const scale = 640 / width; // report in px of a 640 px wide frame
      let sum = 0;
      let count = 0;
      let max = 0;
      let presenceMismatches = 0;
      for (const [i, frame] of headless.frames.entries()) {
        const other = browserFrames[i]!.lm;
        if (frame.landmarks.length > 0 !== other.length > 0) presenceMismatches += 1;
        if (frame.landmarks.length === 0 || other.length === 0) continue;
        for (const [k, landmark] of frame.landmarks.entries()) {
          const dx = (landmark.x - other[k * 4]!) * width * scale;
          const dy = (landmark.y - other[k * 4 + 1]!) * height * scale;
          const error = Math.hypot(dx, dy);
          sum += error;
          max = Math.max(max, error);
          count += 1;
        }
      }
      const mean = sum / count;
      console.info(
        `browser vs headless (${file}, ${headless.frames.length} frames): ` +
          `mean ${mean.toFixed(3)} px, max ${max.toFixed(3)} px at 640 px width, ` +
          `${presenceMismatches} presence mismatches`,
      );
      expect(count).toBeGreaterThan(headless.frames.length * 33 * 0.9);
      expect(presenceMismatches).toBe(0);
      expect(mean).toBeLessThan(MAX_MEAN_ERROR_PX);
    }
  });
});
