// Benchmark (not a test) of the record flow in headless Debian Chromium with a fake 24 fps camera
// (a fixture clip made into .y4m with ffmpeg, looped by Chromium). Starts the local stack serving
// the BUILT app, registers a participant, records a 60 s attempt with live counting, submits it,
// and prints:
//   - live loop: analysed frames/s over the attempt, divided by the inference-only rate of the
//     same page in the same run, min(camera frames/s, 1000 / mean inference ms): the share of the
//     frames inference alone could analyse that the app analysed (target >= 0.9);
//   - recorder: frames in the uploaded WebM per second of it (ffprobe; target >= 23 of 24);
//   - "Submit Challenge" to "Challenge Complete" for that 60 s recording (target < 5 s).
//
//   pnpm --filter @reptemple/web build && pnpm --filter @reptemple/web bench:record
//   node packages/web/scripts/bench-record.mjs [--runs 1] [--seconds 60] [--clip 08-tank-top-side.mp4]

import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { DIST, median, REPO_DIR, SERVER_BIN, startStack } from './bench-support.mjs';

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '60' },
    clip: { type: 'string', default: '08-tank-top-side.mp4' },
  },
});
const runs = Number(values.runs);
const seconds = Number(values.seconds);
/** The built-in push-up definition (the push-up analyser counts). */
const BUILTIN_PUSHUP_ID = '00000000-0000-4000-8000-000000000001';
/** How often the diagnostics panel is read during the attempt. ms */
const SAMPLE_EVERY_MS = 1000;
/** Samples of the first seconds are left out: the model warms up. s */
const WARM_UP_S = 3;

for (const [file, hint] of [
  [SERVER_BIN, 'pnpm build at the repository root'],
  [path.join(DIST, 'index.html'), 'pnpm --filter @reptemple/web build'],
]) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: run \`${hint}\` first.`);
    process.exit(2);
  }
}

const workDir = mkdtempSync(path.join(tmpdir(), 'reptemple-record-bench-'));
const y4m = path.join(workDir, 'camera.y4m');
await run('ffmpeg', [
  '-v',
  'error',
  '-i',
  path.join(REPO_DIR, 'fixtures/videos/pushup', values.clip),
  '-vf',
  'fps=24,scale=640:360',
  '-pix_fmt',
  'yuv420p',
  y4m,
]);

const stack = await startStack();
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

async function readDiagnostics(page) {
  return page.evaluate(() => {
    const read = (id) =>
      Number(document.querySelector(`[data-testid="diag-${id}"]`)?.textContent ?? Number.NaN);
    return {
      analysedFps: read('analysed-frames-s'),
      inferenceMs: read('inference-ms'),
      cameraFps: read('camera-frames-s'),
    };
  });
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
  // From the first frame's start to the last frame's end (one 1/24 s frame). s
  const duration = times[frames - 1] - times[0] + 1 / 24;
  return { frames, duration, fps: frames / duration };
}

const mean = (numbers) => numbers.reduce((sum, value) => sum + value, 0) / numbers.length;

console.log(
  `record flow: ${values.clip} as a 24 fps camera, ${seconds} s attempts, ${runs} run(s), ` +
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
    const load = loadavg()[0].toFixed(2);
    await page.goto(`/challenge/${challengeId}/record`);
    await page.getByLabel('Email').fill(`bench-${Date.now()}@example.test`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Diagnostics' }).click();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="camera-video"]')?.videoWidth ?? 0) > 0,
    );
    await page.getByRole('button', { name: 'Start Challenge' }).click();
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await page.getByTestId('live-valid').waitFor({ timeout: 60_000 });
    const samples = [];
    const started = Date.now();
    while (Date.now() - started < seconds * 1000) {
      await page.waitForTimeout(SAMPLE_EVERY_MS);
      if (Date.now() - started > WARM_UP_S * 1000) samples.push(await readDiagnostics(page));
    }
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
      'select video_url, duration_seconds, valid_reps, analysis_data from public.challenge_recordings where challenge_id = $1',
      [challengeId],
    );
    await client.end();
    const row = rows[0];
    const results_ = row.analysis_data.analysis_results;
    const video = await videoFrameRate(`${stack.url}${row.video_url}`);
    const analysedFps = results_.analysedFps;
    const inferenceMs = mean(samples.map((sample) => sample.inferenceMs));
    const cameraFps = mean(samples.map((sample) => sample.cameraFps));
    const inferenceOnlyFps = Math.min(cameraFps, 1000 / inferenceMs);
    const ratio = analysedFps / inferenceOnlyFps;
    results.push({ ratio, recorderFps: video.fps, submitMs });
    console.log(
      `run ${index}: ${Number(row.duration_seconds).toFixed(1)} s recorded, ${row.valid_reps} valid reps; ` +
        `live loop ${analysedFps.toFixed(1)} analysed frames/s, inference ${inferenceMs.toFixed(1)} ms ` +
        `(${(1000 / inferenceMs).toFixed(1)} frames/s), camera ${cameraFps.toFixed(1)} frames/s -> ` +
        `ratio ${ratio.toFixed(3)}; recorder ${video.frames} frames in ${video.duration.toFixed(2)} s = ` +
        `${video.fps.toFixed(2)} frames/s; Submit -> Challenge Complete ${submitMs} ms; load average ${load}`,
    );
    await context.close();
  }
  const ratio = median(results.map((result) => result.ratio));
  const recorderFps = median(results.map((result) => result.recorderFps));
  const submitMs = median(results.map((result) => result.submitMs));
  console.log(
    `median: live/inference-only ${ratio.toFixed(3)} (target >= 0.9: ${ratio >= 0.9 ? 'met' : 'NOT met'}); ` +
      `recorder ${recorderFps.toFixed(2)} frames/s (target >= 23: ${recorderFps >= 23 ? 'met' : 'NOT met'}); ` +
      `Submit -> Challenge Complete ${submitMs} ms (target < 5000: ${submitMs < 5000 ? 'met' : 'NOT met'})`,
  );
} finally {
  await browser.close();
  await stack.stop();
  rmSync(workDir, { recursive: true, force: true });
}
