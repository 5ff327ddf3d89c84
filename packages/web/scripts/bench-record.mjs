// Benchmark (not a test) of the record flow in headless Debian Chromium with a fake 24 fps camera
// (a fixture clip made into .y4m with ffmpeg, looped by Chromium). Starts the local stack serving
// the BUILT app, registers a participant, records a 60 s attempt with live counting, submits it,
// and prints:
//   - live loop / inference-only: during the attempt the diagnostics panel switches the live loop
//     between counting (A: the app's whole per-frame work) and inference only (B: the same detector
//     on the same camera stream doing nothing but detect the newest frame) in alternating segments,
//     A B B A A B B A, after a warm-up. Each mode's rate is analysed frames per second of CAMERA
//     time (the frames' own timestamps), so the ratio A / B is measured in the same page and run,
//     not derived (target >= 0.9);
//   - recorder: frames in the uploaded WebM per second of it (ffprobe; target >= 23 of 24);
//   - "Submit Challenge" to "Challenge Complete" for that 60 s recording (target < 5 s).
// Counting pauses during the B segments, so the reps of this attempt are not the clip's reps (the
// E2E suite checks the counts).
//
//   pnpm --filter @reptemple/web build && pnpm --filter @reptemple/web bench:record
//   node packages/web/scripts/bench-record.mjs [--runs 1] [--seconds 60] [--segment-seconds 7]
//     [--clip 08-tank-top-side.mp4] [--web-dir packages/web/dist] [--busy-threads 0]

import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { DIST, median, REPO_DIR, SERVER_BIN, startStack } from './bench-support.mjs';
import { addCpu, cpuBetween, threadCpuMs } from './thread-cpu.mjs';

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '60' },
    'segment-seconds': { type: 'string', default: '7' },
    // Threads that spin for the whole attempt, each taking a core as another busy program would:
    // the same contention for every build and run, instead of whatever else the machine runs.
    'busy-threads': { type: 'string', default: '0' },
    clip: { type: 'string', default: '08-tank-top-side.mp4' },
    // Another build of the app (vite build --outDir ...), e.g. to compare two versions.
    'web-dir': { type: 'string', default: DIST },
  },
});
const webDir = path.resolve(values['web-dir']);
const runs = Number(values.runs);
const seconds = Number(values.seconds);
const segmentSeconds = Number(values['segment-seconds']);
const busyThreads = Number(values['busy-threads']);
/** The built-in push-up definition (the push-up analyser counts). */
const BUILTIN_PUSHUP_ID = '00000000-0000-4000-8000-000000000001';
/** Live counting before the first segment: the model and V8 warm up. s */
const WARM_UP_S = 4;
/** The camera's rate (spec 02 §9); the fake camera file is made at it. frames/s */
const CAMERA_FPS = 24;
/** Segment order: A B B A, repeated, so a drift in the machine's speed falls on both alike. */
const ORDER = ['live', 'inference-only', 'inference-only', 'live'];
const segments = Math.floor((seconds - WARM_UP_S) / segmentSeconds / 2) * 2;

for (const [file, hint] of [
  [SERVER_BIN, 'pnpm build at the repository root'],
  [path.join(webDir, 'index.html'), 'pnpm --filter @reptemple/web build'],
]) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: run \`${hint}\` first.`);
    process.exit(2);
  }
}
if (!(segments >= 2)) {
  console.error(
    `--seconds ${seconds} leaves no room for two ${segmentSeconds} s segments after the ${WARM_UP_S} s warm-up.`,
  );
  process.exit(2);
}

const workDir = mkdtempSync(path.join(tmpdir(), 'reptemple-record-bench-'));
const y4m = path.join(workDir, 'camera.y4m');
await run('ffmpeg', [
  '-v',
  'error',
  '-i',
  path.join(REPO_DIR, 'fixtures/videos/pushup', values.clip),
  '-vf',
  `fps=${CAMERA_FPS},scale=640:360`,
  '-pix_fmt',
  'yuv420p',
  y4m,
]);

const stack = await startStack({ webDir });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--no-first-run',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${y4m}`,
  ],
});

async function seedChallenge() {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `insert into public.challenges (slug, name, exercise_definition_id)
       values ('bench-' || substr(md5(random()::text), 1, 8), 'Benchmark', $1) returning id`,
      [BUILTIN_PUSHUP_ID],
    );
    return rows[0].id;
  } finally {
    await client.end();
  }
}

/** Both modes' totals as the diagnostics panel shows them (updated about every 250 ms). */
async function readModeTotals(page) {
  return page.evaluate(() => {
    const read = (mode) => {
      const cell = document.querySelector(`[data-testid="diag-mode-${mode}"]`);
      const number = (name) => Number(cell?.getAttribute(`data-${name}`) ?? Number.NaN);
      return {
        frames: number('frames'),
        detectMs: number('detect-ms'),
        intervals: number('intervals'),
        spanMs: number('span-ms'),
      };
    };
    return { live: read('live'), 'inference-only': read('inference-only') };
  });
}

/** A mode's frames/s and mean detect ms between two readings of its totals. */
function between(before, after) {
  const intervals = after.intervals - before.intervals;
  const spanMs = after.spanMs - before.spanMs;
  const frames = after.frames - before.frames;
  return {
    fps: spanMs > 0 ? (intervals * 1000) / spanMs : Number.NaN,
    detectMs: frames > 0 ? (after.detectMs - before.detectMs) / frames : Number.NaN,
    intervals,
    frames,
  };
}

/** The renderer's main thread (where detect() and the page's own work run) is the thread of the
 * renderer process named after the program. */
const RENDERER_MAIN = 'renderer chromium';

/** The machine's CPU time from /proc/stat: busy (all processes, ours and others') and steal
 * (taken by the hypervisor). ms */
function machineCpuMs() {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = cpu.slice(1);
  // USER_HZ ticks (100 a second) -> ms
  return { busy: (user + nice + system + irq + softirq) * 10, steal: steal * 10 };
}

/** Per mode: CPU ms per second of wall time, by process kind and thread, and the machine's. */
function cpuReport(cpuByMode, wallMsByMode, machineByMode) {
  const perSecond = (mode, ms) => (ms * 1000) / wallMsByMode[mode];
  const keys = new Set([...cpuByMode.live.keys(), ...cpuByMode['inference-only'].keys()]);
  const rows = [...keys]
    .map((key) => [
      key,
      perSecond('live', cpuByMode.live.get(key) ?? 0),
      perSecond('inference-only', cpuByMode['inference-only'].get(key) ?? 0),
    ])
    .filter(([, live, bare]) => live >= 10 || bare >= 10)
    .sort((a, b) => b[1] - a[1]);
  const sum = (mode) => [...cpuByMode[mode].values()].reduce((total, ms) => total + ms, 0);
  const lines = rows.map(
    ([key, live, bare]) =>
      `    ${key.padEnd(44)} ${live.toFixed(0).padStart(5)} ${bare.toFixed(0).padStart(5)}`,
  );
  const ours = { live: sum('live'), 'inference-only': sum('inference-only') };
  lines.push(
    `    ${'all of the benchmark (browser, stack)'.padEnd(44)} ${perSecond('live', ours.live)
      .toFixed(0)
      .padStart(5)} ${perSecond('inference-only', ours['inference-only']).toFixed(0).padStart(5)}`,
    `    ${'other processes on the machine'.padEnd(44)} ${perSecond(
      'live',
      machineByMode.live.busy - ours.live,
    )
      .toFixed(0)
      .padStart(5)} ${perSecond(
      'inference-only',
      machineByMode['inference-only'].busy - ours['inference-only'],
    )
      .toFixed(0)
      .padStart(5)}`,
    `    ${'steal (the hypervisor)'.padEnd(44)} ${perSecond('live', machineByMode.live.steal)
      .toFixed(0)
      .padStart(5)} ${perSecond('inference-only', machineByMode['inference-only'].steal)
      .toFixed(0)
      .padStart(5)}`,
  );
  return `  CPU ms per second of wall time (2 cores = 2000), A live / B inference-only:\n${lines.join('\n')}`;
}

async function videoFrameRate(url) {
  const file = path.join(workDir, 'upload.webm');
  writeFileSync(file, Buffer.from(await (await fetch(url)).arrayBuffer()));
  // MediaRecorder's WebM has no duration in its header: the packets' own times say it.
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'packet=pts_time',
    '-of',
    'csv=p=0',
    file,
  ]);
  const times = stdout
    .split('\n')
    .map(Number)
    .filter((time) => Number.isFinite(time) && time >= 0)
    .sort((a, b) => a - b);
  const frames = times.length;
  // From the first frame's start to the last frame's end (one frame of the camera's rate). s
  const duration = times[frames - 1] - times[0] + 1 / CAMERA_FPS;
  return { frames, duration, fps: frames / duration };
}

const format = (numbers, digits) => numbers.map((value) => value.toFixed(digits)).join(', ');

console.log(
  `record flow: ${values.clip} as a ${CAMERA_FPS} fps camera, ${seconds} s attempts ` +
    `(${WARM_UP_S} s warm-up, ${segments} segments of ${segmentSeconds} s, A B B A), ${runs} run(s), ` +
    `headless ${browser.version()}, ${cpus().length} cores (${cpus()[0]?.model.trim()})`,
);
const results = [];
try {
  for (let index = 1; index <= runs; index++) {
    const challengeId = await seedChallenge();
    const context = await browser.newContext({
      baseURL: stack.url,
      viewport: { width: 1280, height: 800 },
    });
    await context.grantPermissions(['camera']);
    const page = await context.newPage();
    const loadBefore = loadavg()[0];
    await page.goto(`/challenge/${challengeId}/record`);
    await page.getByLabel('Email').fill(`bench-${Date.now()}@example.test`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Diagnostics' }).click();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="camera-video"]')?.videoWidth ?? 0) > 0,
    );
    await page.getByRole('button', { name: 'Start Challenge' }).click();
    const busy = Array.from(
      { length: busyThreads },
      () => new Worker('for (;;) {}', { eval: true }),
    );
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await page.getByTestId('live-valid').waitFor({ timeout: 60_000 });
    const toggle = page.getByRole('button', { name: 'Inference only' });
    const machineBefore = machineCpuMs();
    const started = Date.now();
    await page.waitForTimeout(WARM_UP_S * 1000);

    let mode = 'live';
    let reading = await readModeTotals(page);
    const first = reading;
    const segmentRates = [];
    const cpuByMode = { live: new Map(), 'inference-only': new Map() };
    const wallMsByMode = { live: 0, 'inference-only': 0 };
    const machineByMode = { live: { busy: 0, steal: 0 }, 'inference-only': { busy: 0, steal: 0 } };
    for (let segment = 0; segment < segments; segment++) {
      const wanted = ORDER[segment % ORDER.length];
      if (wanted !== mode) {
        await toggle.click();
        mode = wanted;
      }
      const cpuBefore = threadCpuMs();
      const machineAtStart = machineCpuMs();
      const wallAtStart = Date.now();
      await page.waitForTimeout(segmentSeconds * 1000);
      const next = await readModeTotals(page);
      addCpu(cpuByMode[mode], cpuBetween(cpuBefore, threadCpuMs()));
      const machineAtEnd = machineCpuMs();
      machineByMode[mode].busy += machineAtEnd.busy - machineAtStart.busy;
      machineByMode[mode].steal += machineAtEnd.steal - machineAtStart.steal;
      wallMsByMode[mode] += Date.now() - wallAtStart;
      segmentRates.push({ mode, ...between(reading[mode], next[mode]) });
      reading = next;
    }
    if (mode !== 'live') await toggle.click();
    // The attempt lasts `seconds` from the first counted frame, as before.
    await page.waitForTimeout(Math.max(0, seconds * 1000 - (Date.now() - started)));
    const steal = (machineCpuMs().steal - machineBefore.steal) / 1000;
    const loadAfter = loadavg()[0];
    await Promise.all(busy.map((worker) => worker.terminate()));
    await page.getByRole('button', { name: 'Finish Recording' }).click();
    await page.getByTestId('result-valid').waitFor();

    const submitted = Date.now();
    await page.getByRole('button', { name: 'Submit Challenge' }).click();
    await page
      .getByRole('heading', { name: 'Challenge Complete' })
      .first()
      .waitFor({ timeout: 120_000 });
    const submitMs = Date.now() - submitted;

    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    const { rows } = await client.query(
      'select video_url, duration_seconds from public.challenge_recordings where challenge_id = $1',
      [challengeId],
    );
    await client.end();
    const row = rows[0];
    const video = await videoFrameRate(`${stack.url}${row.video_url}`);

    // Over all segments: each mode's camera-time rate from its totals after the warm-up.
    const live = between(first.live, reading.live);
    const bare = between(first['inference-only'], reading['inference-only']);
    const ratio = live.fps / bare.fps;
    // Each A segment against the B segment beside it (A B | B A | A B | B A ...).
    const pairRatios = [];
    for (let segment = 0; segment + 1 < segmentRates.length; segment += 2) {
      const [x, y] = [segmentRates[segment], segmentRates[segment + 1]];
      const [a, b] = x.mode === 'live' ? [x, y] : [y, x];
      pairRatios.push(a.fps / b.fps);
    }
    results.push({
      ratio,
      liveFps: live.fps,
      bareFps: bare.fps,
      pairRatios,
      recorderFps: video.fps,
      submitMs,
    });
    console.log(
      `run ${index}: ${Number(row.duration_seconds).toFixed(1)} s recorded; ` +
        `live ${live.fps.toFixed(2)} frames/s (detect ${live.detectMs.toFixed(1)} ms), ` +
        `inference-only ${bare.fps.toFixed(2)} frames/s (detect ${bare.detectMs.toFixed(1)} ms) -> ` +
        `ratio ${ratio.toFixed(3)} (pairs ${format(pairRatios, 3)}); ` +
        `recorder ${video.frames} frames in ${video.duration.toFixed(2)} s = ${video.fps.toFixed(2)} frames/s; ` +
        `Submit -> Challenge Complete ${submitMs} ms; load average ${loadBefore.toFixed(2)} -> ` +
        `${loadAfter.toFixed(2)}, steal ${steal.toFixed(1)} s`,
    );
    console.log(
      `  segments (frames/s): ${segmentRates
        .map((rate) => `${rate.mode === 'live' ? 'A' : 'B'} ${rate.fps.toFixed(2)}`)
        .join(', ')}`,
    );
    console.log(cpuReport(cpuByMode, wallMsByMode, machineByMode));
    // Per analysed frame, the main thread's CPU in each mode: the difference is the app's own
    // work on that thread, whether or not the camera's rate caps both modes.
    const mainMsPerFrame = (mode, frames) => (cpuByMode[mode].get(RENDERER_MAIN) ?? 0) / frames;
    const mainLive = mainMsPerFrame('live', live.frames);
    const mainBare = mainMsPerFrame('inference-only', bare.frames);
    console.log(
      `  renderer main thread per analysed frame: A ${mainLive.toFixed(1)} ms, B ${mainBare.toFixed(1)} ms ` +
        `(the app's own work: ${(mainLive - mainBare).toFixed(1)} ms a frame, ` +
        `${((mainLive / mainBare - 1) * 100).toFixed(1)}% of B)`,
    );
    results[results.length - 1].mainMsPerFrame = { live: mainLive, bare: mainBare };
    await context.close();
  }
  const ratio = median(results.map((result) => result.ratio));
  const recorderFps = median(results.map((result) => result.recorderFps));
  const submitMs = median(results.map((result) => result.submitMs));
  const allPairs = results.flatMap((result) => result.pairRatios);
  const mainExtra = median(
    results.map((result) => result.mainMsPerFrame.live - result.mainMsPerFrame.bare),
  );
  console.log(
    `median of ${results.length}: live/inference-only ${ratio.toFixed(3)} ` +
      `(runs ${format(
        results.map((result) => result.ratio),
        3,
      )}; pairs ${Math.min(...allPairs).toFixed(3)}-${Math.max(...allPairs).toFixed(3)}; ` +
      `target >= 0.9: ${ratio >= 0.9 ? 'met' : 'NOT met'}); ` +
      `recorder ${recorderFps.toFixed(2)} frames/s (runs ${format(
        results.map((result) => result.recorderFps),
        2,
      )}; target >= 23: ${recorderFps >= 23 ? 'met' : 'NOT met'}); ` +
      `Submit -> Challenge Complete ${submitMs} ms (target < 5000: ${submitMs < 5000 ? 'met' : 'NOT met'}); ` +
      `the app's own main-thread work ${mainExtra.toFixed(1)} ms per analysed frame`,
  );
} finally {
  await browser.close();
  await stack.stop();
  rmSync(workDir, { recursive: true, force: true });
}
