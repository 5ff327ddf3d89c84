// pnpm bench reads (issue 27, item 1): leaderboard reads at 1,000/s while a verification runs.
// One challenge holds 100,000 recordings of 20,000 participants (an event's board); viewers read
// it as the web app does (GET rpc/challenge_leaderboard and rpc/challenge_leaderboard_aggregate
// with the project key, mixed across the four tabs, three gender tabs and four time zones, first
// page of 50, no If-None-Match: every read gets the whole answer), open loop from worker threads
// (sent on schedule whatever the answers) over kept-alive connections. The stack runs in this process with one verification
// worker; a participant submits recordings of the 9 s fixture clip so that verifications run and
// land during the full-rate phase (each landing changes the board: its answers are computed
// again).
//
// Phases, one run:
//   baseline   10 reads/s for 20 s, nothing verifying
//   idle       1,000 reads/s for 30 s, nothing verifying (what the server holds by itself)
//   busy       1,000 reads/s for 30 s, a verification running (started before the phase)
// The stack runs on this process's main thread, so its event-loop delay per phase is this
// thread's (the longest block says whether a tail comes from the server's own work).
// Printed: reads/s held (answered 200), errors by kind, p50/p95/p99, how many were answered from
// what the server kept, the verifications that ran and landed during the busy phase, and the
// target: no errors, >= 99 % of the rate held, busy p95 within 3x of the baseline p95.
// Settings (environment): BENCH_READS_RATE (1000), BENCH_READS_SECONDS (30),
// BENCH_READS_THREADS (2), BENCH_READS_RECORDINGS (verifications queued, 4), BENCH_READS_WORKER
// ('server': the server's own verification worker, its default; 'process': the server with
// --workers 0 and `reptemple worker` in a process of its own on the same machine, as
// docs/architecture.md scales verification out).

import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { resolveConfig } from '../src/config.js';
import { BUILTIN_PUSHUP_DEFINITION_ID, LEADERBOARD_CHANGES_CHANNEL } from '../src/constants.js';
import { createLogger } from '../src/log.js';
import { startStack } from '../src/stack.js';

const RATE = Number(process.env.BENCH_READS_RATE ?? 1000); // reads/s
const BUSY_SECONDS = Number(process.env.BENCH_READS_SECONDS ?? 30);
const LOAD_THREADS = Number(process.env.BENCH_READS_THREADS ?? 2);
const VERIFICATIONS = Number(process.env.BENCH_READS_RECORDINGS ?? 4);
const WORKER = process.env.BENCH_READS_WORKER === 'process' ? 'process' : 'server';
const BASELINE_RATE = 10; // reads/s
const BASELINE_SECONDS = 20;
const RECORDINGS = 100_000;
const PARTICIPANTS = 20_000;
/** A read not answered in this long is an error. ms */
const READ_TIMEOUT_MS = 10_000;
/** Reads one thread keeps in flight at most; beyond it a read is not sent (an error). */
const MAX_IN_FLIGHT_PER_THREAD = 256;
const PERIODS = ['all_time', 'today', 'this_week', 'aggregate'] as const;
const GENDERS = ['all', 'male', 'female'] as const;
const TIME_ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Singapore', 'UTC'] as const;
const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const CLI_BIN = path.resolve(BENCH_DIR, '../../cli/dist/bin.js');
const CLIP = path.resolve(BENCH_DIR, '../test/fixtures/pushup-side.mp4');

/** One load thread: `rate` reads a second for `seconds`, open loop; posts back each read's
 * latency (ms, answered 200), how it was answered (x-leaderboard-cache) and each error's kind. */
const LOAD_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, anonKey, challengeId, rate, seconds, periods, genders, zones, timeoutMs, maxInFlight, seed } = workerData;
const target = new URL(url);
// node:http with kept-alive connections: undici's fetch cost this thread most of a core at 500/s,
// which the server then lacked (a client's cost is not the server's).
const agent = new http.Agent({ keepAlive: true, maxSockets: maxInFlight });
let state = seed >>> 0;
const pick = (list) => { state = (state * 1664525 + 1013904223) >>> 0; return list[state % list.length]; };
const latencies = [];
const sentAt = [];
const answeredBy = {};
const errors = {};
const fail = (kind) => { errors[kind] = (errors[kind] || 0) + 1; };
let inFlight = 0;
const started = performance.now();
const headers = { apikey: anonKey, authorization: 'Bearer ' + anonKey, 'x-client-info': 'reptemple-bench' };
const read = () => new Promise((resolve) => {
  if (inFlight >= maxInFlight) { fail('not sent: ' + maxInFlight + ' reads in flight'); return resolve(); }
  inFlight++;
  const period = pick(periods);
  const query = new URLSearchParams({ target_challenge_id: challengeId, gender: pick(genders), time_zone: pick(zones), page_offset: '0', page_size: '50' });
  if (period !== 'aggregate') query.set('period', period);
  const fn = period === 'aggregate' ? 'challenge_leaderboard_aggregate' : 'challenge_leaderboard';
  const sent = performance.now();
  const wallSent = Date.now();
  const done = (error) => { inFlight--; if (error) fail(error); resolve(); };
  send(fn, query, sent, wallSent, done, true);
});
// A GET on a kept-alive connection the server closed as idle at that moment is sent again once,
// as browsers and undici do (the latency counts from the first send).
const send = (fn, query, sent, wallSent, done, mayRetry) => {
  const request = http.get({ agent, hostname: target.hostname, port: target.port, path: '/rest/v1/rpc/' + fn + '?' + query, headers, timeout: timeoutMs }, (response) => {
    response.on('data', () => undefined);
    response.on('error', (error) => done(String(error.code || error.message)));
    response.on('end', () => {
      if (response.statusCode !== 200) return done('HTTP ' + response.statusCode);
      latencies.push(performance.now() - sent);
      sentAt.push(wallSent);
      const by = response.headers['x-leaderboard-cache'] || 'none';
      answeredBy[by] = (answeredBy[by] || 0) + 1;
      done();
    });
  });
  request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'timeout (' + timeoutMs + ' ms)' })));
  request.on('error', (error) => {
    if (mayRetry && request.reusedSocket && error.code === 'ECONNRESET') return send(fn, query, sent, wallSent, done, false);
    done(String(error.code || error.message));
  });
};
(async () => {
  const total = Math.round(rate * seconds);
  const pending = [];
  for (let index = 0; index < total; index++) {
    const due = started + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(read());
  }
  await Promise.all(pending);
  agent.destroy();
  parentPort.postMessage({ latencies, sentAt, answeredBy, errors, sent: total, wallMs: performance.now() - started });
})();
`;

export interface ReadPhase {
  /** the database's announcements of this board's changes during the phase (each drops its
   * answers) */
  announcements: number;
  /** p95 of the reads sent within 1 s after an announcement (its answers computed again), and of
   * the others. ms */
  p95AfterChangeMs: number;
  p95OtherwiseMs: number;
  readsAfterChange: number;
  /** the server's (this thread's) longest event-loop delay during the phase. ms */
  serverLoopMaxMs: number;
  rate: number;
  seconds: number;
  sent: number;
  ok: number;
  /** reads answered 200 per second of the phase's schedule */
  heldPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** answered from what the server kept ('hit') or computed ('miss') */
  answeredBy: Record<string, number>;
  errors: Record<string, number>;
}

interface ThreadResult {
  latencies: number[];
  /** when each answered read was sent (ms since the epoch) */
  sentAt: number[];
  answeredBy: Record<string, number>;
  errors: Record<string, number>;
  sent: number;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const round1 = (value: number) => Math.round(value * 10) / 10;
const sum = (records: Record<string, number>[]) => {
  const total: Record<string, number> = {};
  for (const record of records)
    for (const [kind, count] of Object.entries(record)) total[kind] = (total[kind] ?? 0) + count;
  return total;
};

async function readLoad(
  target: { url: string; anonKey: string; challengeId: string },
  rate: number,
  seconds: number,
  announced: () => number,
  announcedAt: () => number[],
): Promise<ReadPhase> {
  const announcedBefore = announced();
  const threads = rate <= 50 ? 1 : LOAD_THREADS;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const results = await Promise.all(
    Array.from({ length: threads }, (_, index) => {
      const worker = new Worker(LOAD_THREAD, {
        eval: true,
        workerData: {
          ...target,
          rate: rate / threads,
          seconds,
          periods: PERIODS,
          genders: GENDERS,
          zones: TIME_ZONES,
          timeoutMs: READ_TIMEOUT_MS,
          maxInFlight: MAX_IN_FLIGHT_PER_THREAD,
          seed: 7919 * (index + 1) + rate,
        },
      });
      return new Promise<ThreadResult>((resolve, reject) => {
        worker.once('message', (result: ThreadResult) => {
          void worker.terminate();
          resolve(result);
        });
        worker.once('error', reject);
      });
    }),
  );
  loop.disable();
  const latencies = results.flatMap((result) => result.latencies);
  const sentAt = results.flatMap((result) => result.sentAt);
  const changes = announcedAt();
  const afterChange = sentAt.map((at) =>
    changes.some((change) => at >= change && at < change + 1000),
  );
  const after = latencies.filter((_, index) => afterChange[index]);
  const otherwise = latencies.filter((_, index) => !afterChange[index]);
  return {
    announcements: announced() - announcedBefore,
    p95AfterChangeMs: round1(percentile(after, 95)),
    p95OtherwiseMs: round1(percentile(otherwise, 95)),
    readsAfterChange: after.length,
    serverLoopMaxMs: round1(loop.max / 1e6),
    rate,
    seconds,
    sent: results.reduce((total, result) => total + result.sent, 0),
    ok: latencies.length,
    heldPerSecond: round1(latencies.length / seconds),
    p50Ms: round1(percentile(latencies, 50)),
    p95Ms: round1(percentile(latencies, 95)),
    p99Ms: round1(percentile(latencies, 99)),
    answeredBy: sum(results.map((result) => result.answeredBy)),
    errors: sum(results.map((result) => result.errors)),
  };
}

export interface ReadsBench {
  worker: 'server' | 'process';
  recordings: number;
  participants: number;
  baseline: ReadPhase;
  idle: ReadPhase;
  busy: ReadPhase;
  busyOverBaselineP95: number;
  /** Verifications running at the busy phase's start and end, and landed during it. */
  verifying: { atStart: number; atEnd: number; landedDuring: number };
  targetMet: boolean;
}

export async function benchLeaderboardReads(root: string): Promise<ReadsBench> {
  const config = {
    ...resolveConfig(
      {
        port: '0',
        data: path.join(root, 'reads-data'),
        workers: WORKER === 'server' ? '1' : '0',
      },
      { ...process.env, DATABASE_URL: '' },
    ),
  };
  process.stderr.write(`bench reads: starting the stack (verification worker: ${WORKER})...\n`);
  const stack = await startStack(config, createLogger({ level: 'warn' }));
  const db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
  let worker: ChildProcess | undefined;
  try {
    if (WORKER === 'process') {
      // At the lowest CPU priority, as the worker's Chromium and ffmpeg already run: on a machine
      // shared with the server, the server is served first.
      worker = spawn(
        'nice',
        [
          '-n',
          '19',
          process.execPath,
          CLI_BIN,
          'worker',
          '--database-url',
          stack.databaseUrl,
          '--media',
          path.join(config.dataDir, 'media'),
        ],
        { stdio: 'ignore' },
      );
    }
    process.stderr.write(`bench reads: loading ${RECORDINGS} recordings...\n`);
    const { rows } = await db.query<{ id: string }>(
      `insert into public.challenges (slug, name, exercise_definition_id)
       values ('bench-reads', 'Bench reads', $1) returning id`,
      [BUILTIN_PUSHUP_DEFINITION_ID],
    );
    const challengeId = rows[0]!.id;
    // An event: any number of recordings per participant (the bench's one submits several).
    await db.query(
      `insert into public.challenge_events (challenge_id, template) values ($1, 'token2049')`,
      [challengeId],
    );
    // Bulk load without the per-row triggers (superuser only), verified as claimed, over the
    // last 30 days; then the participants table and the planner's statistics.
    const client = await db.connect();
    try {
      await client.query('set session_replication_role = replica');
      await client.query(
        `insert into public.challenge_recordings (challenge_id, name, email, gender, valid_reps,
           invalid_reps, total_reps, claimed_valid_reps, verified_valid_reps, verification_status,
           duration_seconds, video_url, gif_url, created_at)
         select $2::uuid, 'Participant ' || p, 'p' || p || '@bench.test',
           (case when p % 2 = 0 then 'male' else 'female' end)::public.participant_gender,
           v, 0, v, v, v, 'verified', 60, '/media/videos/b' || i || '.webm',
           '/media/gifs/b' || i || '.gif', now() - random() * interval '30 days'
         from (select i, i % $3::int as p, (random() * 120)::int as v
               from generate_series(1, $1::int) as i) s`,
        [RECORDINGS, challengeId, PARTICIPANTS],
      );
      await client.query('set session_replication_role = origin');
    } finally {
      client.release();
    }
    await db.query('select reptemple_private.rebuild_challenge_participants($1)', [challengeId]);
    await db.query('vacuum analyze public.challenge_recordings');

    process.stderr.write(`bench reads: a participant uploads ${VERIFICATIONS} clips...\n`);
    const api = (pathname: string, init: RequestInit & { token?: string } = {}) =>
      fetch(`${stack.url}${pathname}`, {
        ...init,
        headers: {
          apikey: stack.anonKey,
          authorization: `Bearer ${init.token ?? stack.anonKey}`,
          ...(init.headers as Record<string, string>),
        },
      });
    const email = `reads-${Date.now()}@bench.test`;
    const signedUp = (await (
      await api('/auth/v1/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'bench-password-1' }),
      })
    ).json()) as { access_token: string; user: { id: string } };
    const token = signedUp.access_token;
    const clip = await readFile(CLIP);
    const videoUrls: string[] = [];
    for (let index = 0; index < VERIFICATIONS; index++) {
      const form = new FormData();
      form.set('video', new Blob([clip], { type: 'video/mp4' }), 'attempt.mp4');
      form.set('sessionId', `bench-reads-${index}`);
      form.set('totalPushups', '3');
      form.set('challengeName', 'Bench reads');
      const answer = await fetch(`${stack.url}/api/upload-video`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      if (answer.status !== 200) throw new Error(`upload failed: ${await answer.text()}`);
      videoUrls.push(((await answer.json()) as { videoUrl: string }).videoUrl);
    }
    while (
      (
        await db.query(
          `select 1 from reptemple_local.media_uploads where media_status = 'queued' limit 1`,
        )
      ).rowCount
    )
      await new Promise((resolve) => setTimeout(resolve, 250));

    const target = { url: stack.url, anonKey: stack.anonKey, challengeId };
    // The announcements the server hears, counted here on a connection of the bench's own.
    const listener = new pg.Client({ connectionString: stack.databaseUrl });
    await listener.connect();
    const announcements: number[] = [];
    listener.on('notification', (message) => {
      if (message.payload === challengeId || message.payload === '*')
        announcements.push(Date.now());
    });
    await listener.query(`listen ${LEADERBOARD_CHANGES_CHANNEL}`);
    const announced = () => announcements.length;
    const announcedAt = () => announcements;
    process.stderr.write(`bench reads: ${BASELINE_RATE} reads/s, nothing verifying...\n`);
    const baseline = await readLoad(
      target,
      BASELINE_RATE,
      BASELINE_SECONDS,
      announced,
      announcedAt,
    );
    process.stderr.write(`bench reads: ${RATE} reads/s, nothing verifying...\n`);
    const idle = await readLoad(target, RATE, BUSY_SECONDS, announced, announcedAt);

    process.stderr.write(`bench reads: ${VERIFICATIONS} recordings submitted...\n`);
    const recordingIds: string[] = [];
    for (const videoUrl of videoUrls) {
      const answer = await api('/rest/v1/challenge_recordings?select=id', {
        method: 'POST',
        token,
        headers: { 'content-type': 'application/json', prefer: 'return=representation' },
        body: JSON.stringify({
          challenge_id: challengeId,
          user_id: signedUp.user.id,
          name: 'Bench athlete',
          email,
          gender: 'male',
          valid_reps: 3,
          invalid_reps: 0,
          duration_seconds: 9,
          video_url: videoUrl,
        }),
      });
      if (answer.status !== 201) throw new Error(`submission refused: ${await answer.text()}`);
      recordingIds.push(((await answer.json()) as { id: string }[])[0]!.id);
    }
    const statuses = async () =>
      (
        await db.query<{ status: string }>(
          'select verification_status::text as status from public.challenge_recordings where id = any($1)',
          [recordingIds],
        )
      ).rows.map((row) => row.status);
    const activeJobs = async () =>
      (
        (
          await db.query(
            `select count(*)::int as n from pgboss.job where name = 'verification'
               and state = 'active' and data ->> 'recordingId' = any($1)`,
            [recordingIds],
          )
        ).rows[0] as { n: number }
      ).n;
    const landed = async () =>
      (await statuses()).filter((s) => s === 'verified' || s === 'failed').length;
    // The phase starts once the worker has the first video (its job started).
    const until = Date.now() + 120_000;
    while ((await activeJobs()) === 0 && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 200));
    const landedBefore = await landed();
    const atStart = await activeJobs();
    process.stderr.write(`bench reads: ${RATE} reads/s while verifying...\n`);
    const busy = await readLoad(target, RATE, BUSY_SECONDS, announced, announcedAt);
    const atEnd = await activeJobs();
    const landedDuring = (await landed()) - landedBefore;
    await listener.end();
    const busyOverBaselineP95 = Math.round((busy.p95Ms / baseline.p95Ms) * 100) / 100;
    const busyErrors = Object.values(busy.errors).reduce((total, count) => total + count, 0);
    return {
      worker: WORKER,
      recordings: RECORDINGS,
      participants: PARTICIPANTS,
      baseline,
      idle,
      busy,
      busyOverBaselineP95,
      verifying: { atStart, atEnd, landedDuring },
      targetMet: busyErrors === 0 && busy.heldPerSecond >= RATE * 0.99 && busyOverBaselineP95 <= 3,
    };
  } finally {
    if (worker) {
      worker.kill('SIGINT');
      await new Promise((resolve) => worker!.once('exit', resolve));
    }
    await db.end();
    await stack.stop('bench done');
  }
}

export function printReadsBench(result: ReadsBench): void {
  const row = (name: string, phase: ReadPhase) =>
    `| ${name} | ${phase.heldPerSecond} (${phase.rate}) | ${phase.p50Ms} / ${phase.p95Ms} / ${phase.p99Ms} | ${
      Object.entries(phase.errors)
        .map(([kind, count]) => `${count} ${kind}`)
        .join(', ') || '0'
    } | ${phase.answeredBy.hit ?? 0} / ${phase.answeredBy.miss ?? 0} | ${phase.announcements} | ${phase.serverLoopMaxMs} |`;
  process.stdout.write(
    [
      '',
      `Leaderboard reads (${result.recordings} recordings, ${result.participants} participants; verification worker: ${result.worker === 'server' ? "the server's own" : 'reptemple worker, its own process'})`,
      '| phase | reads/s held (of) | p50 / p95 / p99 ms | errors | kept / computed | changes announced | server event loop max ms |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      row(`baseline, ${result.baseline.rate}/s, ${result.baseline.seconds} s`, result.baseline),
      row(`idle, ${result.idle.rate}/s, ${result.idle.seconds} s`, result.idle),
      row(`verifying, ${result.busy.rate}/s, ${result.busy.seconds} s`, result.busy),
      `verifications running (jobs active): ${result.verifying.atStart} at the phase's start, ${result.verifying.atEnd} at its end, ${result.verifying.landedDuring} landed during the phase`,
      `p95 verifying / baseline: ${result.busyOverBaselineP95}x; verifying, the ${result.busy.readsAfterChange} reads sent within 1 s after a change: p95 ${result.busy.p95AfterChangeMs} ms, the others: ${result.busy.p95OtherwiseMs} ms`,
      `target (1,000/s for 30 s while verifying, no errors, p95 within 3x of 10/s): ${result.targetMet ? 'met' : 'NOT met'}`,
      '',
      JSON.stringify(result),
      '',
    ].join('\n'),
  );
}
