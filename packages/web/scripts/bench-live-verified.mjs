// Benchmark (not a test): the live count against the server's verified count, per fixture video
// (issue 24: "Live and verified valid counts equal on at least 90% of fixture videos played to a
// fake camera"). Starts the local stack serving the BUILT app with one verification worker, and for
// each push-up fixture clip, one at a time:
//   1. makes it a fake camera (ffmpeg: 24 fps, 640x360 with the picture's own aspect kept, its
//      first frame held LEAD_IN_S before it, so the countdown and the model's loading fall on a
//      still picture, and its last frame held TAIL_S after it, so Chromium's loop of the file
//      never restarts the clip inside the attempt);
//   2. in headless Debian Chromium playing that file as the camera, registers a participant of a
//      built-in push-up challenge, presses Start Recording and records with live counting (lite
//      model, the push-up analyser) until the clip has played once: the camera's picture is
//      watched in the page, the clip starts when the held first frame changes and is over once
//      its length has passed and the picture holds still again (the held last frame); then
//      Finish Recording, unless the attempt ended by itself first (the rest rule: more than 3 s
//      without a phase change after a rep);
//   3. submits, waits for the server's verification (full model, 12 frames/s), and opens the
//      recording page, which says per rep where the two differ and why;
// and prints per video: live valid/total, verified valid/total, the labelled valid reps
// (fixtures/videos/rep-verdicts.json, those whose bottom the attempt recorded), whether live and
// verified valid are equal, and each rep that differs as the recording page explains it, with
// both verdicts and their deciding checks. Each video's data (the live reps with their evidence,
// the verified evidence, timings) and its uploaded WebM are kept in --out for study.
//
//   pnpm build && pnpm --filter @reptemple/web bench:live-verified
//   node packages/web/scripts/bench-live-verified.mjs [--clips 06,08] [--max-seconds 15]
//     [--out /tmp/live-verified] [--web-dir packages/web/dist]

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { DIST, REPO_DIR, SERVER_BIN, startStack } from './bench-support.mjs';

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    // Clip name prefixes (e.g. 06,08); default every push-up fixture.
    clips: { type: 'string' },
    // Only clips shorter than this (s): a quick run first on a loaded machine.
    'max-seconds': { type: 'string' },
    out: { type: 'string' },
    // Where live and verified differ, a phone-sized (390 px) screenshot of the recording page's
    // differences, in --out.
    screenshots: { type: 'boolean', default: false },
    'web-dir': { type: 'string', default: DIST },
  },
});

/** The built-in push-up definition: its challenges count with the push-up analyser. */
const BUILTIN_PUSHUP_ID = '00000000-0000-4000-8000-000000000001';
/** The camera's rate and size (spec 02 §9). */
const CAMERA_FPS = 24;
const CAMERA_SIZE = { width: 640, height: 360 };
/** The held first frame before the clip: the 5 s countdown (the recorder starts at its 4th
 * second) and the model's loading fall on it; the recording holds its last 3 s. s */
const LEAD_IN_S = 7;
/** The held last frame after the clip: the attempt ends well before Chromium loops the file. s */
const TAIL_S = 8;
/** The camera opens within this of Start Recording: the clip starts no earlier than the lead-in
 * less this. s */
const LEAD_IN_SLACK_S = 2;
/** The camera's picture, watched in the page: how often (seldom until the clip's end nears: each
 * look takes the page's main thread from live counting for a few ms), and at what size. */
const WATCH_EVERY_MS = 100;
const WATCH_SELDOM_MS = 500;
const THUMB = { width: 64, height: 36 };
/** Mean grey difference (0-255) between two successive watched pictures that counts as a change
 * (the held frames differ by 0; a moving person by several). */
const CHANGE_THRESHOLD = 0.8;
/** The picture must hold this long after the clip's length has passed to count as its end. ms */
const STILL_FOR_MS = 400;
/** An attempt, a submission, a verification: each at most. ms */
const UI_TIMEOUT_MS = 30_000;
const VERIFICATION_TIMEOUT_MS = 30 * 60_000;

const webDir = path.resolve(values['web-dir']);
for (const [file, hint] of [
  [SERVER_BIN, 'pnpm build at the repository root'],
  [path.join(webDir, 'index.html'), 'pnpm --filter @reptemple/web build'],
]) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: run \`${hint}\` first.`);
    process.exit(2);
  }
}

const clipDir = path.join(REPO_DIR, 'fixtures/videos/pushup');
const verdicts = JSON.parse(
  readFileSync(path.join(REPO_DIR, 'fixtures/videos/rep-verdicts.json'), 'utf8'),
).reps;
const outDir = path.resolve(
  values.out ??
    path.join(tmpdir(), `reptemple-live-verified-${new Date().toISOString().slice(0, 19)}`),
);
mkdirSync(outDir, { recursive: true });

async function durationS(file) {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    file,
  ]);
  return Number(stdout.trim());
}

/** The clip as the fake camera's file: 24 fps, 640x360 (pillar- or letterboxed, never
 * stretched: a stretched body reads other angles), first and last frame held. */
async function makeCameraFile(clip, output) {
  const filter = [
    `fps=${CAMERA_FPS}`,
    `scale=${CAMERA_SIZE.width}:${CAMERA_SIZE.height}:force_original_aspect_ratio=decrease`,
    `pad=${CAMERA_SIZE.width}:${CAMERA_SIZE.height}:(ow-iw)/2:(oh-ih)/2`,
    'setsar=1',
    `tpad=start_mode=clone:start_duration=${LEAD_IN_S}:stop_mode=clone:stop_duration=${TAIL_S}`,
  ].join(',');
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-i',
    path.join(clipDir, clip),
    '-vf',
    filter,
    '-pix_fmt',
    'yuv420p',
    output,
  ]);
}

function launch(y4m) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${y4m}`,
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
    ],
  });
}

/** The camera's picture now, as a small grey thumbnail (in the page). */
function cameraThumbnail(page) {
  return page.evaluate((size) => {
    const video = document.querySelector('[data-testid="camera-video"]');
    if (!video || video.videoWidth === 0) return null;
    globalThis.benchCanvas ??= new OffscreenCanvas(size.width, size.height);
    const canvas = globalThis.benchCanvas;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    context.drawImage(video, 0, 0, size.width, size.height);
    const { data } = context.getImageData(0, 0, size.width, size.height);
    const grey = new Array(size.width * size.height);
    for (let i = 0; i < grey.length; i++)
      grey[i] = Math.round(0.299 * data[i * 4] + 0.587 * data[i * 4 + 1] + 0.114 * data[i * 4 + 2]);
    return grey;
  }, THUMB);
}

function difference(a, b) {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}

/** ms into a recording of its first frame that differs from the one before it by more than a
 * still picture's encoding noise: where the clip starts after the held first frame. */
async function clipStartInRecordingMs(webm) {
  const [times, pixels] = await Promise.all([
    run(
      'ffprobe',
      [
        '-v',
        'error',
        '-select_streams',
        'v:0',
        '-show_entries',
        'frame=pts_time',
        '-of',
        'csv=p=0',
        webm,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    ),
    run(
      'ffmpeg',
      [
        '-v',
        'error',
        '-i',
        webm,
        '-vf',
        `scale=${THUMB.width}:${THUMB.height},format=gray`,
        '-fps_mode',
        'passthrough',
        '-f',
        'rawvideo',
        '-',
      ],
      { encoding: 'buffer', maxBuffer: 512 * 1024 * 1024 },
    ),
  ]);
  const frameTimes = times.stdout.split('\n').map(Number.parseFloat).filter(Number.isFinite);
  const size = THUMB.width * THUMB.height;
  const frames = Math.min(frameTimes.length, Math.floor(pixels.stdout.length / size));
  for (let index = 1; index < frames; index++) {
    const a = pixels.stdout.subarray((index - 1) * size, index * size);
    const b = pixels.stdout.subarray(index * size, (index + 1) * size);
    if (difference(a, b) > CHANGE_THRESHOLD)
      return Math.round((frameTimes[index] - frameTimes[0]) * 1000);
  }
  return null;
}

const attemptEnded = (page) => page.getByTestId('result-valid').isVisible();

/**
 * Watches the camera from Start Recording: answers when the clip started (the held first frame
 * changed) and when it was over (its length passed and the picture held still), in ms of the
 * watch's clock, and how the attempt ended ('finished' by us, or by itself).
 */
async function recordClipOnce(page, clipS) {
  const started = Date.now();
  let previous = null;
  let clipStartMs = null;
  let stillSinceMs = null;
  for (;;) {
    if (await attemptEnded(page)) return { clipStartMs, clipEndMs: null, endedBy: 'itself' };
    const nowMs = Date.now() - started;
    const thumbnail = await cameraThumbnail(page);
    if (thumbnail && previous) {
      const changed = difference(thumbnail, previous) > CHANGE_THRESHOLD;
      // The camera's opening changes the picture too (black, then the held frame): the clip
      // cannot start before most of the lead-in has passed.
      if (clipStartMs === null && changed && nowMs >= (LEAD_IN_S - LEAD_IN_SLACK_S) * 1000)
        clipStartMs = nowMs;
      if (clipStartMs !== null && nowMs - clipStartMs >= clipS * 1000 - 200) {
        if (changed) stillSinceMs = null;
        else stillSinceMs ??= nowMs;
        if (stillSinceMs !== null && nowMs - stillSinceMs >= STILL_FOR_MS) {
          const finish = page.getByRole('button', { name: 'Finish Recording' });
          if (await attemptEnded(page))
            return { clipStartMs, clipEndMs: stillSinceMs, endedBy: 'itself' };
          await finish.click();
          return { clipStartMs, clipEndMs: stillSinceMs, endedBy: 'finished' };
        }
      }
    }
    if (thumbnail) previous = thumbnail;
    if (nowMs > (LEAD_IN_S + clipS + TAIL_S) * 1000)
      throw new Error(`the clip never ended on the camera (start seen at ${clipStartMs} ms)`);
    const endNear = clipStartMs !== null && nowMs >= clipStartMs + clipS * 1000 - 1000;
    await page.waitForTimeout(endNear ? WATCH_EVERY_MS : WATCH_SELDOM_MS);
  }
}

async function withDatabase(stack, use) {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function seedChallenge(stack) {
  return withDatabase(stack, async (client) => {
    const { rows } = await client.query(
      `insert into public.challenges (slug, name, exercise_definition_id)
       values ('live-verified-' || substr(md5(random()::text), 1, 8), 'Live against verified', $1)
       returning id`,
      [BUILTIN_PUSHUP_ID],
    );
    return rows[0].id;
  });
}

/** The challenge's one recording once verified (or failed), with its per-rep evidence. */
async function verifiedRecording(stack, challengeId) {
  const until = Date.now() + VERIFICATION_TIMEOUT_MS;
  for (;;) {
    const found = await withDatabase(stack, async (client) => {
      const { rows } = await client.query(
        `select id, video_url, duration_seconds, analysis_data, verification_status,
                verification_error, verified_valid_reps, verified_invalid_reps,
                verification_details
         from public.challenge_recordings where challenge_id = $1`,
        [challengeId],
      );
      const row = rows[0];
      if (!row || row.verification_status === 'verifying') return null;
      const evidence = await client.query(
        `select rep_number, start_ms, end_ms, angle_name, bottom_angle, bottom_ms, top_angle,
                top_ms, is_valid, invalid_reason, measurements
         from public.recording_rep_evidence where recording_id = $1 order by rep_number`,
        [row.id],
      );
      return { ...row, evidence: evidence.rows };
    });
    if (found) return found;
    if (Date.now() > until) throw new Error('the verification did not end in time');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/** What the recording page says where live and verified differ: its summary, and per rep the
 * row's text (verified rep number, verdict, and the notes that say why). */
async function recordingPageDifferences(page, challengeId, recordingId) {
  await page.goto(`/challenge/${challengeId}/recording/${recordingId}`);
  await page.getByTestId('stat-valid').waitFor({ timeout: UI_TIMEOUT_MS });
  const region = page.getByRole('region', {
    name: 'Where the verification differs from the live count',
  });
  // The evidence loads after the page; the region shows once it has (or never, when they agree).
  await page
    .getByRole('list', { name: 'Rep by rep' })
    .getByTestId('rep-evidence')
    .first()
    .waitFor({ timeout: UI_TIMEOUT_MS })
    .catch(() => undefined);
  if ((await region.count()) === 0) return { summary: null, reps: [] };
  const summary = await region.getByTestId('differs-summary').textContent();
  const reps = await region.evaluate((element) =>
    [
      ...element.querySelectorAll('[data-testid="rep-evidence"], [data-testid="live-only-rep"]'),
    ].map((row) => {
      const notes = [...row.querySelectorAll('ul li')].map((note) => note.textContent.trim());
      const head = row.querySelector('button, span')?.textContent ?? '';
      return {
        kind: row.dataset.testid,
        rep: /Rep (\d+)/.exec(head)?.[1] ?? null,
        notes: notes.length ? notes : [row.querySelector('p')?.textContent.trim() ?? ''],
      };
    }),
  );
  return { summary, reps };
}

/** The recording page's differences at a phone's width (390 px), as a screenshot in --out. */
async function phoneScreenshot(browser, baseURL, challengeId, recordingId, name) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
  });
  try {
    const page = await context.newPage();
    await page.goto(`/challenge/${challengeId}/recording/${recordingId}`);
    const region = page.getByRole('region', {
      name: 'Where the verification differs from the live count',
    });
    await region.waitFor({ timeout: UI_TIMEOUT_MS });
    await region
      .locator('img')
      .first()
      .waitFor({ timeout: UI_TIMEOUT_MS })
      .catch(() => undefined);
    // The whole page's picture, cut to the region: an element's own screenshot scrolls it under
    // the sticky site header.
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await region.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return { x: rect.left, y: rect.top + window.scrollY, width: rect.width, height: rect.height };
    });
    await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage: true, clip: box });
  } finally {
    await context.close();
  }
}

/** A rep's verdict and deciding check, in a few words. */
function verdictOf(rep) {
  const deciding = rep.evidence?.deciding;
  const check = deciding
    ? ` [${deciding.rule} ${round(deciding.value)}${deciding.raw === undefined ? '' : ` (read ${round(deciding.raw)})`} ${deciding.bound === 'min' ? '>=' : '<='} ${deciding.threshold}]`
    : '';
  return `${rep.isValidRep ? 'valid' : `invalid (${rep.invalidReason})`}${check}`;
}
const round = (value) => (typeof value === 'number' ? Math.round(value * 10) / 10 : value);

async function attemptOne(browser, stack, clip, clipS) {
  const challengeId = await seedChallenge(stack);
  const context = await browser.newContext({
    baseURL: stack.url,
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
  });
  await context.grantPermissions(['camera']);
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  try {
    await page.goto(`/challenge/${challengeId}/record`);
    await page.getByLabel('Email').fill(`live-${Date.now()}@example.test`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="camera-video"]')?.videoWidth ?? 0) > 0,
      undefined,
      { timeout: UI_TIMEOUT_MS },
    );
    await page.getByRole('button', { name: 'Start Challenge' }).click();
    await page.getByRole('button', { name: 'Start Recording' }).click();
    const watch = await recordClipOnce(page, clipS);
    await page.getByTestId('result-valid').waitFor({ timeout: UI_TIMEOUT_MS });
    const shown = {
      valid: Number(await page.getByTestId('result-valid').textContent()),
      invalid: Number(await page.getByTestId('result-invalid').textContent()),
    };
    await page.getByRole('button', { name: 'Submit Challenge' }).click();
    await page
      .getByRole('heading', { name: 'Challenge Complete' })
      .first()
      .waitFor({ timeout: 120_000 });
    const verifyStarted = Date.now();
    const recording = await verifiedRecording(stack, challengeId);
    const verifyWaitMs = Date.now() - verifyStarted;
    const differences = await recordingPageDifferences(page, challengeId, recording.id);
    if (values.screenshots && differences.summary !== null)
      await phoneScreenshot(
        browser,
        stack.url,
        challengeId,
        recording.id,
        `${clip.replace(/\.mp4$/, '')}-differences`,
      );
    return { challengeId, watch, shown, recording, verifyWaitMs, differences, pageErrors };
  } finally {
    await context.close();
  }
}

const allClips = readdirSync(clipDir)
  .filter((name) => name.endsWith('.mp4'))
  .sort();
const wanted = values.clips?.split(',').map((prefix) => prefix.trim());
const clips = [];
for (const clip of allClips) {
  if (wanted && !wanted.some((prefix) => clip.startsWith(prefix))) continue;
  const seconds = await durationS(path.join(clipDir, clip));
  if (values['max-seconds'] && seconds >= Number(values['max-seconds'])) continue;
  clips.push({ clip, seconds });
}

const stack = await startStack({ webDir, workers: 1 });
console.log(
  `live against verified: ${clips.length} clip(s) as a ${CAMERA_FPS} fps camera (first frame held ${LEAD_IN_S} s, last ${TAIL_S} s), ` +
    `one at a time, one verification worker; ${cpus().length} cores (${cpus()[0]?.model.trim()}), ` +
    `load average ${loadavg()[0].toFixed(2)}; data in ${outDir}`,
);
const results = [];
try {
  for (const { clip, seconds } of clips) {
    const name = clip.replace(/\.mp4$/, '');
    const y4m = path.join(outDir, `${name}.y4m`);
    await makeCameraFile(clip, y4m);
    const browser = await launch(y4m);
    let attempt;
    try {
      attempt = await attemptOne(browser, stack, clip, seconds);
    } catch (error) {
      console.log(`${name}: FAILED ${error instanceof Error ? error.message : String(error)}`);
      results.push({ clip, failed: true });
      continue;
    } finally {
      await browser.close();
      rmSync(y4m, { force: true });
    }
    const { recording, watch, shown } = attempt;
    const webm = path.join(outDir, `${name}.webm`);
    if (recording.video_url) {
      const video = await fetch(`${stack.url}${recording.video_url}`);
      writeFileSync(webm, Buffer.from(await video.arrayBuffer()));
    }
    const analysis = recording.analysis_data ?? {};
    const liveReps = analysis.completed_reps ?? [];
    const results_ = analysis.analysis_results ?? {};
    // Where the clip starts in the recording: its first picture that moves. s
    const clipStartMs = recording.video_url ? await clipStartInRecordingMs(webm) : null;
    const clipInRecordingS = clipStartMs === null ? null : clipStartMs / 1000;
    const recordedS = Number(recording.duration_seconds);
    const clipPlayedS =
      clipInRecordingS === null ? seconds : Math.min(seconds, recordedS - clipInRecordingS);
    const labelled = verdicts.filter(
      (rep) => rep.file === `pushup/${clip}` && rep.bottom_s <= clipPlayedS,
    );
    const row = {
      clip,
      seconds,
      recordedS,
      endedBy: watch.endedBy,
      clipInRecordingS,
      countingStartMs: results_.countingStartMs ?? null,
      analysedFps: results_.analysedFps ?? null,
      live: { valid: results_.validReps, total: results_.validReps + results_.invalidReps },
      shown,
      verified: {
        status: recording.verification_status,
        valid: recording.verified_valid_reps,
        total:
          recording.verified_valid_reps === null
            ? null
            : recording.verified_valid_reps + recording.verified_invalid_reps,
      },
      labelled: {
        valid: labelled.filter((rep) => rep.verdict === 'valid').length,
        total: labelled.length,
      },
      differences: attempt.differences,
      verifyWaitMs: attempt.verifyWaitMs,
      pageErrors: attempt.pageErrors,
    };
    row.equal = row.live.valid === row.verified.valid;
    results.push(row);
    writeFileSync(
      path.join(outDir, `${name}.json`),
      `${JSON.stringify({ ...row, liveResults: results_, liveReps, evidence: recording.evidence, details: recording.verification_details }, null, 1)}\n`,
    );
    console.log(
      `${name}: live ${row.live.valid}/${row.live.total} (${Number(row.analysedFps).toFixed(1)} frames/s), ` +
        `verified ${row.verified.valid}/${row.verified.total}${row.verified.status === 'verified' ? '' : ` (${row.verified.status}: ${recording.verification_error})`}, ` +
        `labelled ${row.labelled.valid}/${row.labelled.total}; ${row.equal ? 'EQUAL' : 'DIFFER'} ` +
        `(recorded ${recordedS.toFixed(1)} s, clip from ${clipInRecordingS?.toFixed(1)} s, ended by ${row.endedBy}, ` +
        `counting from ${row.countingStartMs} ms; verified in ${(row.verifyWaitMs / 1000).toFixed(0)} s)`,
    );
    if (attempt.differences.summary) console.log(`  ${attempt.differences.summary}`);
    for (const rep of attempt.differences.reps)
      console.log(
        `  ${rep.kind === 'live-only-rep' ? 'counted live only' : `verified rep ${rep.rep}`}: ${rep.notes.join(' ')}`,
      );
    // The two verdicts side by side, rep by rep, as each stored them (times in the recording).
    const liveShift = row.countingStartMs ?? 0;
    for (const rep of liveReps)
      console.log(
        `    live ${rep.repNumber} ${((rep.startTime + liveShift) / 1000).toFixed(1)}-${((rep.endTime + liveShift) / 1000).toFixed(1)} s: ${verdictOf(rep)}`,
      );
    for (const rep of recording.evidence)
      console.log(
        `    verified ${rep.rep_number} ${(rep.start_ms / 1000).toFixed(1)}-${(rep.end_ms / 1000).toFixed(1)} s: ${rep.is_valid ? 'valid' : `invalid (${rep.invalid_reason})`} [${rep.angle_name} ${round(Number(rep.bottom_angle))} -> ${round(Number(rep.top_angle))}]`,
      );
    if (attempt.pageErrors.length) console.log(`  page errors: ${attempt.pageErrors.join('; ')}`);
  }
} finally {
  await stack.stop();
}

const measured = results.filter((row) => !row.failed && row.verified.valid !== null);
const equal = measured.filter((row) => row.equal).length;
const equalLabel = (side) =>
  measured.filter((row) => row[side].valid === row.labelled.valid).length;
console.log(
  `\nequal live and verified valid counts on ${equal} of ${measured.length} videos ` +
    `(${measured.length ? ((100 * equal) / measured.length).toFixed(0) : '-'}%; target at least 90%: ` +
    `${measured.length && equal / measured.length >= 0.9 ? 'met' : 'NOT met'})` +
    `${results.length > measured.length ? `; ${results.length - measured.length} not measured` : ''}; ` +
    `valid as labelled: live ${equalLabel('live')}, verified ${equalLabel('verified')}`,
);
writeFileSync(path.join(outDir, 'summary.json'), `${JSON.stringify(results, null, 1)}\n`);
