// pnpm bench: the numbers of docs/benchmarks.md, measured end to end on the real stack through
// its one port.
//   1. Leaderboard of one challenge with 100,000 recordings from 20,000 participants: the
//      leaderboard page's queries (All Time, Today, This Week, Aggregate; each gender tab; target
//      p95 < 30 ms), and reads of the plain view leaderboard_entries (no target since ranked
//      lists come from challenge_leaderboard; the view hides duel results with a join).
//   2. Password sign-in latency (bcrypt cost 10).
//   3. Upload-to-GIF time for a 30 s recording (target < 3 s).
//   4. 50 concurrent uploads of a 60 s recording: every video, thumbnail and GIF made, /health
//      p95 under 200 ms meanwhile, no more ffmpeg processes at once than the pool (bench/upload-load.ts).
//   5. Verification of a 60 s recording by one worker, the leaderboard meanwhile, queue overhead
//      (bench/verification.ts, issue 18).
//   6. Event day: leaderboard reads at 1,000/s while one worker verifies one participant's 20
//      videos and nine others' one each (bench/event.ts, issue 27).
//   7. Leaderboard reads at 1,000/s while a verification runs, against 10/s, as the app reads
//      them since the server keeps their answers (bench/leaderboard-reads.ts, issue 27).
// `pnpm bench stack` runs 1-3 (`pnpm bench leaderboard` only 1), `pnpm bench load` runs 4,
// `pnpm bench verify` runs 5, `pnpm bench event` runs 6, `pnpm bench reads` runs 7.

import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { resolveConfig } from '../src/config.js';
import { type AuthRateLimits, DEFAULT_AUTH_RATE_LIMITS } from '../src/constants.js';
import { createLogger } from '../src/log.js';
import { startStack } from '../src/stack.js';
import { benchEvent } from './event.js';
import type { ReadPhase } from './leaderboard-load.js';
import { benchLeaderboardReads, printReadsBench } from './leaderboard-reads.js';
import { measureUploadLoad } from './upload-load.js';
import { benchVerification } from './verification.js';

const RECORDINGS_IN_CHALLENGE = 100_000;
const RECORDINGS_ELSEWHERE = 50_000;
/** Each participant recorded five times, spread over the last 30 days. */
const PARTICIPANTS_IN_CHALLENGE = 20_000;
/** Shares of the recordings still being verified and saved without a video; the rest are verified. */
const VERIFYING_SHARE = 0.02;
const NO_VIDEO_SHARE = 0.01;
/** What the leaderboard page asks for: its first page, days in the viewer's zone. */
const PAGE_SIZE = 50;
const VIEWER_TIME_ZONE = 'Europe/Berlin';
const PAGE_QUERIES = [
  ['All Time', 'challenge_leaderboard', 'all_time'],
  ['Today', 'challenge_leaderboard', 'today'],
  ['This Week', 'challenge_leaderboard', 'this_week'],
  ['Aggregate', 'challenge_leaderboard_aggregate', null],
] as const;
const GENDER_TABS = ['all', 'male', 'female'] as const;
const DAY_MS = 86_400_000;

/** The worst case of This Week is a Saturday night, with seven full days in it: the recordings
 * end there and the queries ask "as of" then, whatever day the benchmark runs. 21:30 UTC is
 * Saturday evening in Berlin, summer or winter. */
function nextSaturdayNight(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 21, 30));
  return new Date(day.getTime() + ((6 - day.getUTCDay() + 7) % 7) * DAY_MS);
}
const LEADERBOARD_RUNS = 300;
const SIGN_IN_RUNS = 30;
const UPLOAD_RUNS = 5;
const RECORDING_SECONDS = 30;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const summary = (values: number[]) => ({
  p50: +percentile(values, 50).toFixed(1),
  p95: +percentile(values, 95).toFixed(1),
  max: +Math.max(...values).toFixed(1),
  runs: values.length,
});

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

const FIXTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'test',
  'fixtures',
  'pushup-side.mp4',
);

/** Prints the leaderboard page's queries only (`pnpm bench leaderboard`): the part to run before
 * and after a change of the ranking rules, alternating builds. */
async function benchStack(root: string, leaderboardOnly = false): Promise<void> {
  const config = {
    ...resolveConfig(
      { port: '0', data: path.join(root, 'data') },
      { ...process.env, DATABASE_URL: '' },
    ),
    // No limits: the benchmark signs in and uploads far more than a person would.
    rateLimits: Object.fromEntries(
      Object.keys(DEFAULT_AUTH_RATE_LIMITS).map((rule) => [
        rule,
        { limit: 1_000_000, windowMs: 60_000 },
      ]),
    ) as unknown as AuthRateLimits,
  };
  const log = createLogger({ level: 'warn' });
  process.stderr.write('bench: starting the stack...\n');
  const stack = await startStack(config, log);
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const client = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as unknown as never },
    });

    // ---- 1. Leaderboard ----
    process.stderr.write(
      `bench: loading ${RECORDINGS_IN_CHALLENGE + RECORDINGS_ELSEWHERE} recordings...\n`,
    );
    const { rows } = await db.query<{ id: string }>(
      `insert into public.challenges (slug, name, exercise_definition_id) values ('bench', 'Bench', '00000000-0000-4000-8000-000000000001'), ('bench-other', 'Other', '00000000-0000-4000-8000-000000000001') returning id`,
    );
    const [target, other] = rows.map((row) => row.id) as [string, string];
    const asOf = nextSaturdayNight(new Date());
    // Bulk load without the per-row triggers (superuser only), then let the planner see the data.
    await db.query('set session_replication_role = replica');
    // As a board in use looks: most recordings verified, a few waiting for their verification
    // (VERIFYING_SHARE) or for a video (NO_VIDEO_SHARE), counts claimed as verified.
    await db.query(
      `insert into public.challenge_recordings (challenge_id, name, email, gender, valid_reps, invalid_reps, total_reps, duration_seconds, video_url, gif_url, created_at,
         claimed_valid_reps, claimed_invalid_reps, claimed_total_reps, verified_valid_reps, verified_invalid_reps, verified_total_reps, verification_status, verified_at)
       select r.challenge_id, r.name, r.email, r.gender, r.valid, r.invalid, r.valid + r.invalid, r.duration,
              case when r.status = 'no_video' then null else '/media/videos/' || r.i || '.webm' end,
              case when r.status = 'no_video' then null else '/media/gifs/' || r.i || '.gif' end,
              r.created_at, r.valid, r.invalid, r.valid + r.invalid,
              case when r.status = 'verified' then r.valid end, case when r.status = 'verified' then r.invalid end,
              case when r.status = 'verified' then r.valid + r.invalid end,
              r.status, case when r.status = 'verified' then r.created_at end
       from (
         select i, case when i <= $1::int then $3::uuid else $4::uuid end as challenge_id,
           'Participant ' || (i % $5::int) as name, 'p' || (i % $5::int) || '@bench.test' as email,
           (case when (i % $5::int) % 2 = 0 then 'male' else 'female' end)::public.participant_gender as gender,
           (random() * 120)::int as valid, (random() * 10)::int as invalid, 30 + random() * 270 as duration,
           $6::timestamptz - random() * interval '30 days' as created_at,
           (case when u < $7::float8 then 'verifying' when u < $7::float8 + $8::float8 then 'no_video' else 'verified' end)::public.recording_verification_status as status
         from (select i, random() as u from generate_series(1, $1::int + $2::int) as i) numbered
       ) r`,
      [
        RECORDINGS_IN_CHALLENGE,
        RECORDINGS_ELSEWHERE,
        target,
        other,
        PARTICIPANTS_IN_CHALLENGE,
        asOf.toISOString(),
        VERIFYING_SHARE,
        NO_VIDEO_SHARE,
      ],
    );
    await db.query('set session_replication_role = origin');
    // The triggers that keep the participants were off for the bulk load.
    await db.query('select reptemple_private.rebuild_challenge_participants($1)', [target]);
    await db.query('select reptemple_private.rebuild_challenge_participants($1)', [other]);
    // As autovacuum leaves a table in steady use: statistics and the visibility map (index-only counts).
    await db.query('vacuum analyze public.challenge_recordings');

    const columns =
      'id, challenge_id, user_id, name, gender, valid_reps, invalid_reps, duration_seconds, video_url, gif_url, created_at, referral_count';
    const leaderboard = () =>
      client
        .from('leaderboard_entries')
        .select(columns)
        .eq('challenge_id', target)
        .order('valid_reps', { ascending: false })
        .order('created_at', { ascending: true })
        .limit(100);
    const femaleTab = () =>
      client
        .from('leaderboard_entries')
        .select(columns)
        .eq('challenge_id', target)
        .eq('gender', 'female')
        .order('valid_reps', { ascending: false })
        .order('created_at', { ascending: true })
        .limit(100);
    const participantCount = () =>
      client
        .from('leaderboard_entries')
        .select('*', { count: 'exact', head: true })
        .eq('challenge_id', target);
    const measure = async (query: () => PromiseLike<{ error: unknown }>) => {
      for (let i = 0; i < 20; i++) await query();
      const times: number[] = [];
      for (let i = 0; i < LEADERBOARD_RUNS; i++) {
        const [ms, result] = await timed(async () => query());
        if (result.error)
          throw new Error(`leaderboard query failed: ${JSON.stringify(result.error)}`);
        times.push(ms);
      }
      return summary(times);
    };
    const pageQueries: { label: string; ms: ReturnType<typeof summary> }[] = [];
    for (const [label, fn, period] of PAGE_QUERIES) {
      for (const gender of GENDER_TABS) {
        const args = {
          target_challenge_id: target,
          gender,
          time_zone: VIEWER_TIME_ZONE,
          page_offset: 0,
          page_size: PAGE_SIZE,
          as_of: asOf.toISOString(),
          ...(period ? { period } : {}),
        };
        const { data } = await client.rpc(fn, args);
        if (!(data as { entries: unknown[] } | null)?.entries?.length)
          throw new Error(`${label} (${gender}) returned no entries`);
        pageQueries.push({
          label: `${label}, ${gender}`,
          ms: await measure(() => client.rpc(fn, args)),
        });
      }
    }
    const line = (
      label: string,
      value: { p50: number; p95: number; max: number; runs: number },
      target?: string,
    ) =>
      `${label.padEnd(52)} p50 ${String(value.p50).padStart(7)} ms   p95 ${String(value.p95).padStart(7)} ms   max ${String(value.max).padStart(7)} ms   (${value.runs} runs)${target ? `   target ${target}` : ''}`;
    if (leaderboardOnly) {
      process.stdout.write(
        [
          '',
          `RepTemple leaderboard page queries, ${new Date().toISOString()}, load average ${os.loadavg()[0]!.toFixed(2)}`,
          ...pageQueries.map((query) => line(`  ${query.label}`, query.ms, 'p95 < 30 ms')),
          '',
          JSON.stringify(Object.fromEntries(pageQueries.map((query) => [query.label, query.ms]))),
          '',
        ].join('\n'),
      );
      return;
    }

    const leaderboardHttp = await measure(leaderboard);
    const femaleHttp = await measure(femaleTab);
    const countHttp = await measure(participantCount);
    const sqlTimes: number[] = [];
    for (let i = 0; i < LEADERBOARD_RUNS; i++) {
      const [ms] = await timed(() =>
        db.query(
          `select ${columns} from public.leaderboard_entries where challenge_id = $1 order by valid_reps desc, created_at asc limit 100`,
          [target],
        ),
      );
      sqlTimes.push(ms);
    }
    const plan = await db.query(
      `explain select ${columns} from public.leaderboard_entries where challenge_id = $1 order by valid_reps desc, created_at asc limit 100`,
      [target],
    );

    // ---- 2. Sign-in ----
    process.stderr.write('bench: signing in...\n');
    const email = 'bench-user@bench.test';
    const password = 'bench-password-1';
    await client.auth.signUp({ email, password });
    const signInTimes: number[] = [];
    let accessToken = '';
    for (let i = 0; i < SIGN_IN_RUNS; i++) {
      const [ms, result] = await timed(() => client.auth.signInWithPassword({ email, password }));
      if (result.error) throw new Error(`sign-in failed: ${result.error.message}`);
      accessToken = result.data.session!.access_token;
      signInTimes.push(ms);
    }

    // ---- 3. Upload to GIF ----
    process.stderr.write(`bench: uploading a ${RECORDING_SECONDS} s recording...\n`);
    const fixture = FIXTURE;
    const recording = path.join(root, 'recording.webm');
    // What the browser sends (spec 02 §9): VP8 WebM at 800 kbit/s, 640x360, 24 fps, no duration in the header.
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-v',
      'error',
      '-y',
      '-stream_loop',
      '-1',
      '-i',
      fixture,
      '-t',
      String(RECORDING_SECONDS),
      '-vf',
      'scale=640:360,fps=24',
      '-c:v',
      'libvpx',
      '-b:v',
      '800k',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-an',
      '-f',
      'webm',
      '-live',
      '1',
      recording,
    ]);
    const bytes = await readFile(recording);
    const uploadTimes: number[] = [];
    const uploadToGifTimes: number[] = [];
    for (let i = 0; i < UPLOAD_RUNS; i++) {
      const uploadStarted = performance.now();
      const form = new FormData();
      form.set('video', new Blob([bytes], { type: 'video/webm' }), 'bench.webm');
      form.set('sessionId', `bench-${i}`);
      form.set('totalPushups', '20');
      form.set('challengeName', 'Bench');
      const [ms, response] = await timed(() =>
        fetch(`${stack.url}/api/upload-video`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${accessToken}` },
        }),
      );
      const answer = (await response.json()) as { statusUrl?: string; error?: string };
      if (!answer.statusUrl) throw new Error(`upload refused: ${answer.error}`);
      // The GIF is made by the media job after the answer: timed until the status says so.
      let status: { mediaStatus: string; processingError: string | null };
      do {
        await new Promise((resolve) => setTimeout(resolve, 25));
        status = (await (await fetch(`${stack.url}${answer.statusUrl}`)).json()) as typeof status;
      } while (status.mediaStatus === 'queued');
      if (status.mediaStatus !== 'ready') throw new Error(`no GIF: ${status.processingError}`);
      uploadTimes.push(ms);
      uploadToGifTimes.push(performance.now() - uploadStarted);
    }

    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    const results = {
      date: new Date().toISOString(),
      machine: `${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`,
      postgres: (await db.query<{ version: string }>('select version()')).rows[0]!.version.split(
        ' on ',
      )[0],
      leaderboard: {
        recordingsInChallenge: RECORDINGS_IN_CHALLENGE,
        recordingsInTable: RECORDINGS_IN_CHALLENGE + RECORDINGS_ELSEWHERE,
        participantsInChallenge: PARTICIPANTS_IN_CHALLENGE,
        pageQueriesViaHttpMs: Object.fromEntries(
          pageQueries.map((query) => [query.label, query.ms]),
        ),
        top100ViaHttpMs: leaderboardHttp,
        femaleTabTop100ViaHttpMs: femaleHttp,
        exactParticipantCountViaHttpMs: countHttp,
        top100SqlOnlyMs: summary(sqlTimes),
        plan: plan.rows.map((row) => row['QUERY PLAN']).join(' / '),
      },
      signInMs: summary(signInTimes),
      uploadToGif: {
        recordingSeconds: RECORDING_SECONDS,
        bytes: bytes.length,
        answerMs: summary(uploadTimes),
        ms: summary(uploadToGifTimes),
      },
    };
    process.stdout.write(
      [
        '',
        `RepTemple server benchmark, ${results.date}`,
        `Machine: ${results.machine}; ${results.postgres}`,
        '',
        `Leaderboard page queries, ${RECORDINGS_IN_CHALLENGE} recordings from ${PARTICIPANTS_IN_CHALLENGE} participants over 30 days, first ${PAGE_SIZE}, on a Saturday night (HTTP, ${VIEWER_TIME_ZONE}):`,
        ...pageQueries.map((query) => line(`  ${query.label}`, query.ms, 'p95 < 30 ms')),
        '',
        `The view leaderboard_entries read directly (ranked lists use challenge_leaderboard):`,
        line(
          `  Ordered by valid reps, top 100 of ${RECORDINGS_IN_CHALLENGE} (HTTP)`,
          leaderboardHttp,
        ),
        line('  Same, female only (HTTP)', femaleHttp),
        line('  Row count, exact (HTTP)', countHttp),
        line('  Ordered top 100 (SQL only)', results.leaderboard.top100SqlOnlyMs),
        line('Password sign-in (bcrypt cost 10)', results.signInMs),
        line(
          `Upload answered, ${RECORDING_SECONDS} s WebM (${(bytes.length / 1e6).toFixed(1)} MB)`,
          results.uploadToGif.answerMs,
        ),
        line(
          `Upload to GIF, ${RECORDING_SECONDS} s WebM (${(bytes.length / 1e6).toFixed(1)} MB)`,
          results.uploadToGif.ms,
          '< 3000 ms',
        ),
        '',
        `Plan: ${results.leaderboard.plan}`,
        '',
        JSON.stringify(results),
        '',
      ].join('\n'),
    );
  } finally {
    await db.end();
    await stack.stop('bench done');
  }
}

async function benchLoad(root: string): Promise<void> {
  process.stderr.write('bench: 50 uploads of a 60 s recording at once...\n');
  const result = await measureUploadLoad(root, FIXTURE);
  const health = summary(result.healthMs);
  const answers = summary(result.answerMs);
  process.stdout.write(
    [
      '',
      `RepTemple upload load, ${new Date().toISOString()}`,
      `${result.uploads} concurrent uploads of a ${result.recordingSeconds} s 640x360 WebM (${(result.bytes / 1e6).toFixed(1)} MB each), MEDIA_WORKERS ${result.mediaWorkers}`,
      `Uploads answered 200: ${result.answered}/${result.uploads}; answer p50 ${answers.p50} ms, p95 ${answers.p95} ms, max ${answers.max} ms`,
      `Thumbnail and GIF made: ${result.mediaReady}/${result.uploads}${result.mediaFailed.length ? ` (failed: ${result.mediaFailed.join('; ')})` : ''}; last GIF ${(result.lastGifAfterMs / 1000).toFixed(1)} s after the first upload began`,
      `/health during the run: p50 ${health.p50} ms, p95 ${health.p95} ms, max ${health.max} ms (${health.runs} probes, ${result.healthFailures.length} not 200${result.healthFailures.length ? `: ${result.healthFailures.join('; ')}` : ''})   target p95 < 200 ms`,
      `Most ffmpeg processes at once: ${result.maxFfmpegAtOnce} (pool size ${result.mediaWorkers})`,
      '',
      JSON.stringify({ ...result, answerMs: answers, healthMs: health }),
      '',
    ].join('\n'),
  );
}

async function benchVerify(root: string): Promise<void> {
  const result = await benchVerification(root);
  process.stdout.write(
    [
      '',
      `RepTemple verification, ${new Date().toISOString()}`,
      `One worker, a ${result.recordingSeconds} s 640x360 VP8 WebM: ${result.frames} frames at ${result.fps ?? 'every'} fps, ${result.model} model; verified ${result.verified.valid} valid, ${result.verified.invalid} invalid`,
      `Verification wall ${(result.wallMs / 1000).toFixed(1)} s, inference of its frames ${(result.inferenceMs / 1000).toFixed(1)} s: ${result.wallOverInference}x   targets <= 1.1x, < 30 s`,
      `  of which landmark extraction ${(result.extractionMs / 1000).toFixed(1)} s (the page waiting for frames ${(result.frameWaitMs / 1000).toFixed(1)} s), contact sheets after the last frame ${(result.contactSheetsMs / 1000).toFixed(2)} s`,
      `Job start to verified (evidence and contact sheets written): ${(result.jobStartToVerifiedMs / 1000).toFixed(1)} s`,
      `Leaderboard p95 idle ${result.leaderboardIdleP95Ms} ms, with the worker busy ${result.leaderboardBusyP95Ms} ms (${result.busyQueries} queries): ${result.busyOverIdle}x   target <= 1.5x`,
      `  p50 idle ${result.leaderboardIdleP50Ms} ms, busy ${result.leaderboardBusyP50Ms} ms`,
      `  this process's event-loop delay p99 idle ${result.eventLoopIdleP99Ms} ms, busy ${result.eventLoopBusyP99Ms} ms (max ${result.eventLoopBusyMaxMs} ms)`,
      `Queue overhead: insert to job start ${result.insertToJobStartMs} ms, upload start to job start ${result.uploadStartToJobStartMs} ms (upload answered in ${result.uploadAnswerMs} ms)   target < 1 s`,
      '',
      JSON.stringify(result),
      '',
    ].join('\n'),
  );
}

async function benchEventDay(root: string): Promise<void> {
  const result = await benchEvent(root, FIXTURE);
  const errorsOf = (phase: ReadPhase) => {
    const entries = Object.entries(phase.errors);
    return entries.length === 0
      ? 'no errors'
      : `errors ${entries.map(([kind, count]) => `${count} ${kind}`).join(', ')}`;
  };
  const phase = (label: string, figures: ReadPhase) =>
    `${label.padEnd(34)} ${String(figures.heldPerSecond).padStart(7)}/s held of ${figures.rate}/s (lowest second ${figures.heldMinPerSecond}), p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms, p99 ${figures.p99Ms} ms; ${errorsOf(figures)}; kept / computed ${figures.answeredBy.hit ?? 0} / ${figures.answeredBy.miss ?? 0}; ${figures.announcements} changes of the board${figures.readsAfterChange > 0 ? ` (the ${figures.readsAfterChange} reads sent within 1 s after one: p95 ${figures.p95AfterChangeMs} ms, the others ${figures.p95OtherwiseMs} ms)` : ''}`;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const busyErrors = Object.values(result.busyFull.errors).reduce((sum, count) => sum + count, 0);
  process.stdout.write(
    [
      '',
      `RepTemple event day, ${new Date().toISOString()}`,
      `Leaderboard reads as the app makes them (GET rpc/challenge_leaderboard and _aggregate, every period and gender tab, 4 time zones) of an event with ${result.recordings} recordings from ${result.participants} participants, over HTTP from ${LOAD_THREAD_NOTE}:`,
      phase(`  idle, ${result.idleSlow.rate}/s for ${result.idleSlow.seconds} s`, result.idleSlow),
      phase(`  idle, ${result.idleFull.rate}/s for ${result.idleFull.seconds} s`, result.idleFull),
      phase(
        `  verifying, ${result.busyFull.rate}/s for ${result.busyFull.seconds} s`,
        result.busyFull,
      ),
      `Queue: one worker; 1 participant submits 20 recordings, then 9 submit one each. Wait from queued to started (s):`,
      ...result.queue.map(
        (entry) =>
          `  ${entry.participant.padEnd(8)} ${String(entry.videos).padStart(2)} video${entry.videos === 1 ? ' ' : 's'}: ${entry.waitsS.join(', ')}`,
      ),
      `  order taken: ${result.startOrder.join(' ')}`,
      `Server event loop, longest delay (its own 10 s reports inside the phase; an idle thread of the benchmark, the machine's scheduling, in brackets):`,
      ...result.eventLoopByPhase.map(
        (entry) =>
          `  ${entry.phase.padEnd(32)} ${String(entry.serverMaxMs).padStart(7)} ms   (control ${entry.controlMaxMs} ms)`,
      ),
      `  every window of a verification: ${result.eventLoopBusyMaxMs} ms (p99 at most ${result.eventLoopBusyP99Ms} ms, ${result.eventLoopBusyWindows} windows)`,
      '',
      `Target: ${result.rate} reads/s for ${result.busyFull.seconds} s while verifying, no errors, p95 within 3x of the ${result.idleSlow.rate}/s p95: held ${result.busyFull.heldPerSecond}/s (of ${result.busyFull.sent / result.busyFull.seconds}), ${busyErrors} errors, p95 ${result.busyFull.p95Ms} / ${result.idleSlow.p95Ms} ms = ${result.busyOverSlowP95}x: ${met(result.readsTargetMet)}`,
      `Target: each of the nine starts verifying before the first participant's third video: ${met(result.fairnessMet)}`,
      `Target: no server event-loop delay over 50 ms during a verification: ${result.eventLoopBusyMaxMs} ms: ${met(result.eventLoopTargetMet)}`,
      '',
      JSON.stringify(result),
      '',
    ].join('\n'),
  );
}

const LOAD_THREAD_NOTE = 'worker threads of the benchmark, open loop, kept-alive connections';

/** `pnpm bench` runs every part; `pnpm bench stack`, `leaderboard`, `load`, `verify`, `event` or
 * `reads` one of them. */
const PARTS = ['stack', 'leaderboard', 'load', 'verify', 'event', 'reads'] as const;

async function main(): Promise<void> {
  const asked = process.argv.slice(2).filter((arg) => arg !== '--');
  const unknown = asked.filter((part) => !(PARTS as readonly string[]).includes(part));
  if (unknown.length > 0)
    throw new Error(`unknown bench part ${unknown.join(', ')}; parts: ${PARTS.join(', ')}`);
  // `leaderboard` is part of `stack`; alone, it runs only the leaderboard's queries.
  const parts = asked.length > 0 ? asked : PARTS.filter((part) => part !== 'leaderboard');
  const root = await mkdtemp(path.join(os.tmpdir(), 'reptemple-bench-'));
  await chmod(root, 0o755);
  try {
    if (parts.includes('stack')) await benchStack(root);
    else if (parts.includes('leaderboard')) await benchStack(root, true);
    if (parts.includes('load')) await benchLoad(root);
    if (parts.includes('verify')) await benchVerify(root);
    if (parts.includes('event')) await benchEventDay(root);
    if (parts.includes('reads')) printReadsBench(await benchLeaderboardReads(root));
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
