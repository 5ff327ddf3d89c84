// pnpm bench event (issue 27): event day on one server. Viewers refresh an event's leaderboard
// through the data API calls the app makes (rpc/challenge_leaderboard and
// rpc/challenge_leaderboard_aggregate, mixed across periods, gender tabs and time zones) while the
// server's one verification worker verifies a stream of uploads: one participant queues 20 videos,
// then nine queue one each. The server runs in its own process (as in use), with its embedded
// PostgreSQL, the event's board holding 100,000 recordings of 20,000 participants; the reads come
// from worker threads of this process, open loop (sent on schedule whatever the answers).
//
// Phases, one run:
//   idle, slow   reads at 10/s, nothing verifying (the baseline)
//   idle, full   reads at the full rate, nothing verifying
//   busy, full   reads at the full rate while the worker verifies (the uploads are submitted first)
// Printed: reads/s held (answered 200 per second), p50/p95/p99 of each phase, errors by kind;
// queue wait per participant (job queued to job started) and the order the worker took them in;
// the server's event-loop delay (its own event_loop_delay lines) idle and while verifying; and
// the targets of issue 27:
//   - 1,000 reads/s for 30 s while a verification runs: no errors, p95 within 3x of the 10/s p95;
//   - each of the nine starts verifying before the first participant's third video;
//   - no server event-loop delay over 50 ms during a verification.
// Settings (environment): BENCH_EVENT_RATE (reads/s, 1000), BENCH_EVENT_SECONDS (per full-rate
// phase, 30), BENCH_EVENT_THREADS (load threads, 2), BENCH_EVENT_SERVER_PROFILE (a directory: the
// server writes a CPU profile there when it stops, node --cpu-prof). Reads are the app's POSTs; when the
// leaderboards gain HTTP caching (issue 27, item 1) the request built in LOAD_THREAD is the one
// place to make them as the app will then (GET with If-None-Match).

import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { BUILTIN_PUSHUP_DEFINITION_ID, EVENT_LOOP_DELAY_WARN_MS } from '../src/constants.js';
import { embeddedDatabaseUrl, startServer } from '../test/start-server.js';

const RATE = Number(process.env.BENCH_EVENT_RATE ?? 1000); // reads/s
const FULL_RATE_SECONDS = Number(process.env.BENCH_EVENT_SECONDS ?? 30);
const LOAD_THREADS = Number(process.env.BENCH_EVENT_THREADS ?? 2);
const SLOW_RATE = 10; // reads/s
const SLOW_SECONDS = 20;
const RECORDINGS = 100_000;
const PARTICIPANTS = 20_000;
const HEAVY_VIDEOS = 20;
const LIGHT_PARTICIPANTS = 9;
/** A read not answered in this long counts as an error. ms */
const READ_TIMEOUT_MS = 10_000;
/** Reads one load thread keeps in flight at most; beyond it a read is not sent (an error: the
 * server is not keeping up). */
const MAX_IN_FLIGHT_PER_THREAD = 256;
/** What viewers ask: every tab of the leaderboard page, in a few time zones. */
const PERIODS = ['all_time', 'today', 'this_week', 'aggregate'] as const;
const GENDERS = ['all', 'male', 'female'] as const;
const TIME_ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Singapore', 'UTC'] as const;

/** One load thread: sends `rate` reads a second for `seconds`, open loop, and posts back each
 * read's latency (ms, answered 200) and each error's kind. */
const LOAD_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, anonKey, challengeId, rate, seconds, periods, genders, zones, timeoutMs, maxInFlight, seed } = workerData;
let state = seed >>> 0;
const pick = (list) => { state = (state * 1664525 + 1013904223) >>> 0; return list[state % list.length]; };
const latencies = [];
const okPerSecond = new Array(Math.ceil(seconds)).fill(0);
const errors = {};
const fail = (kind) => { errors[kind] = (errors[kind] || 0) + 1; };
let inFlight = 0;
const started = performance.now();
const read = async () => {
  if (inFlight >= maxInFlight) return fail('not sent: ' + maxInFlight + ' reads in flight');
  inFlight++;
  const period = pick(periods);
  const body = { target_challenge_id: challengeId, gender: pick(genders), time_zone: pick(zones), page_offset: 0, page_size: 50 };
  if (period !== 'aggregate') body.period = period;
  const fn = period === 'aggregate' ? 'challenge_leaderboard_aggregate' : 'challenge_leaderboard';
  const sent = performance.now();
  try {
    const response = await fetch(url + '/rest/v1/rpc/' + fn, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: 'Bearer ' + anonKey, 'content-type': 'application/json', 'x-client-info': 'reptemple-bench' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    if (response.status !== 200) fail('HTTP ' + response.status);
    else {
      const done = performance.now();
      latencies.push(done - sent);
      const second = Math.floor((done - started) / 1000);
      if (second < okPerSecond.length) okPerSecond[second]++;
    }
  } catch (error) {
    const cause = error && (error.cause || error);
    fail(error && error.name === 'TimeoutError' ? 'timeout (' + timeoutMs + ' ms)' : String(cause && (cause.code || cause.message || cause)));
  } finally {
    inFlight--;
  }
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
  parentPort.postMessage({ latencies, okPerSecond, errors, sent: total });
})();
`;

/** The control: a thread of this process that does nothing but keep a 10 ms timer, measuring its
 * own event-loop delay. What it sees is the machine's scheduling (other processes on the 2 cores),
 * not any code; a server delay no larger than the control's is not the server's doing. */
const CONTROL_THREAD = `
const { parentPort } = require('node:worker_threads');
const { monitorEventLoopDelay } = require('node:perf_hooks');
const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
parentPort.on('message', () => {
  parentPort.postMessage({ maxMs: Math.max(0, histogram.max / 1e6 - 10), p99Ms: Math.max(0, histogram.percentile(99) / 1e6 - 10) });
  histogram.reset();
});
`;

function startControl(): { read(): Promise<{ maxMs: number; p99Ms: number }>; stop(): void } {
  const thread = new Worker(CONTROL_THREAD, { eval: true });
  return {
    read: () =>
      new Promise((resolve) => {
        thread.once('message', (figures: { maxMs: number; p99Ms: number }) =>
          resolve({ maxMs: round1(figures.maxMs), p99Ms: round1(figures.p99Ms) }),
        );
        thread.postMessage('read');
      }),
    stop: () => void thread.terminate(),
  };
}

interface LoadResult {
  /** ms of each read answered 200 */
  latencies: number[];
  okPerSecond: number[];
  errors: Record<string, number>;
  sent: number;
}

export interface PhaseFigures {
  rate: number;
  seconds: number;
  sent: number;
  ok: number;
  /** reads answered 200 per second, over the phase */
  heldPerSecond: number;
  /** the lowest second of the phase (its last second excluded) */
  heldMinPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: Record<string, number>;
}

async function readLoad(
  target: { url: string; anonKey: string; challengeId: string },
  rate: number,
  seconds: number,
): Promise<PhaseFigures> {
  const threads = rate <= 50 ? 1 : LOAD_THREADS;
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
      return new Promise<LoadResult>((resolve, reject) => {
        worker.once('message', (result: LoadResult) => {
          void worker.terminate();
          resolve(result);
        });
        worker.once('error', reject);
      });
    }),
  );
  const latencies = results.flatMap((result) => result.latencies);
  const errors: Record<string, number> = {};
  for (const result of results) {
    for (const [kind, count] of Object.entries(result.errors))
      errors[kind] = (errors[kind] ?? 0) + count;
  }
  const perSecond = results[0]!.okPerSecond.map((_, second) =>
    results.reduce((sum, result) => sum + (result.okPerSecond[second] ?? 0), 0),
  );
  return {
    rate,
    seconds,
    sent: results.reduce((sum, result) => sum + result.sent, 0),
    ok: latencies.length,
    heldPerSecond: round1(latencies.length / seconds),
    heldMinPerSecond: Math.min(...perSecond.slice(0, Math.max(1, perSecond.length - 1))),
    p50Ms: round1(percentile(latencies, 50)),
    p95Ms: round1(percentile(latencies, 95)),
    p99Ms: round1(percentile(latencies, 99)),
    errors,
  };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const round1 = (value: number) => Math.round(value * 10) / 10;

export interface EventBench {
  rate: number;
  recordings: number;
  participants: number;
  idleSlow: PhaseFigures;
  idleFull: PhaseFigures;
  busyFull: PhaseFigures;
  busyOverSlowP95: number;
  /** Per participant: videos, and each job's wait from queued to started. s */
  queue: { participant: string; videos: number; waitsS: number[] }[];
  /** Who the worker took, in order. */
  startOrder: string[];
  /** The nine's last start against the heavy participant's third start. */
  fairnessMet: boolean;
  verificationsMs: { firstStart: number; lastEnd: number };
  /** The server's event-loop windows (its own report, every 10 s): longest delay. ms */
  /** Per phase: the server's longest event-loop delay in its report windows inside the phase, and
   * the control thread's (the machine's scheduling) over the phase. ms */
  eventLoopByPhase: { phase: string; serverMaxMs: number; controlMaxMs: number }[];
  /** every window overlapping a verification */
  eventLoopBusyMaxMs: number;
  eventLoopBusyP99Ms: number;
  eventLoopBusyWindows: number;
  readsTargetMet: boolean;
  eventLoopTargetMet: boolean;
}

interface EventLoopLine {
  time: string;
  event: string;
  p99Ms: number;
  maxMs: number;
  windowMs: number;
}

export async function benchEvent(root: string, source: string): Promise<EventBench> {
  const dataDir = path.join(root, 'event-data');
  await mkdir(dataDir, { recursive: true });
  process.stderr.write('bench event: starting the server (one verification worker)...\n');
  const server = await startServer({
    dataDir,
    env: {
      DATABASE_URL: '',
      VERIFY_WORKERS: '1',
      // The event-loop reports are debug lines.
      LOG_LEVEL: 'debug',
      AUTH_RATE_LIMITS: JSON.stringify({ signUpPerIp: { limit: 1000, windowMs: 3_600_000 } }),
    },
    ...(process.env.BENCH_EVENT_SERVER_PROFILE
      ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_EVENT_SERVER_PROFILE}`] }
      : {}),
    timeoutMs: 180_000,
  });
  const db = new pg.Pool({
    connectionString: await embeddedDatabaseUrl(server, dataDir),
    max: 2,
  });
  try {
    const { anonKey } = (await (await fetch(`${server.url}/api/config`)).json()) as {
      anonKey: string;
    };

    process.stderr.write(`bench event: loading ${RECORDINGS} recordings into the event...\n`);
    const { rows } = await db.query<{ id: string }>(
      `insert into public.challenges (slug, name, exercise_definition_id)
       values ('bench-event', 'Bench event', $1) returning id`,
      [BUILTIN_PUSHUP_DEFINITION_ID],
    );
    const challengeId = rows[0]!.id;
    await db.query(
      `insert into public.challenge_events (challenge_id, template) values ($1, 'token2049')`,
      [challengeId],
    );
    // Bulk load without the per-row triggers (superuser only), verified as they claim, spread
    // over the last 30 days; then the participants table and the planner's statistics.
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

    // The participants of the queue: sign up, upload a clip for each attempt (the heavy one 20, as
    // 20 attempts would: an upload backs one recording), and wait for the media jobs so they do not
    // load the phases.
    process.stderr.write('bench event: ten participants upload their clips...\n');
    const signUp = async (label: string) => {
      const email = `${label}-${Date.now()}@bench.test`;
      const answer = await fetch(`${server.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'bench-password-1' }),
      });
      const body = (await answer.json()) as { access_token: string; user: { id: string } };
      return { label, email, token: body.access_token, id: body.user.id };
    };
    const participants = [
      await signUp('heavy'),
      ...(await Promise.all(
        Array.from({ length: LIGHT_PARTICIPANTS }, (_, index) => signUp(`light-${index + 1}`)),
      )),
    ];
    const clip = await readFile(source);
    /** Each participant's uploaded videos not yet submitted, in upload order. */
    const videoUrls = new Map<string, string[]>();
    for (const [index, participant] of participants.entries()) {
      const urls: string[] = [];
      for (let attempt = 0; attempt < (index === 0 ? HEAVY_VIDEOS : 1); attempt++) {
        const form = new FormData();
        form.set('video', new Blob([clip], { type: 'video/mp4' }), 'attempt.mp4');
        form.set('sessionId', `bench-${participant.label}-${attempt}`);
        form.set('totalPushups', '3');
        form.set('challengeName', 'Bench event');
        const answer = await fetch(`${server.url}/api/upload-video`, {
          method: 'POST',
          headers: { authorization: `Bearer ${participant.token}` },
          body: form,
        });
        if (answer.status !== 200) throw new Error(`upload failed: ${await answer.text()}`);
        urls.push(((await answer.json()) as { videoUrl: string }).videoUrl);
      }
      videoUrls.set(participant.label, urls);
    }
    while (
      (
        await db.query(
          `select 1 from reptemple_local.media_uploads where media_status = 'queued' limit 1`,
        )
      ).rowCount
    ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const target = { url: server.url, anonKey, challengeId };
    const control = startControl();
    const phases: { phase: string; start: number; end: number; controlMaxMs: number }[] = [];
    const phase = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
      await control.read();
      const start = Date.now();
      const result = await run();
      phases.push({
        phase: name,
        start,
        end: Date.now(),
        controlMaxMs: (await control.read()).maxMs,
      });
      return result;
    };
    process.stderr.write(`bench event: reads at ${SLOW_RATE}/s, nothing verifying...\n`);
    const idleSlow = await phase(`idle, ${SLOW_RATE} reads/s`, () =>
      readLoad(target, SLOW_RATE, SLOW_SECONDS),
    );
    process.stderr.write(`bench event: reads at ${RATE}/s, nothing verifying...\n`);
    const idleFull = await phase(`idle, ${RATE} reads/s`, () =>
      readLoad(target, RATE, FULL_RATE_SECONDS),
    );

    process.stderr.write(
      `bench event: 1 participant submits ${HEAVY_VIDEOS} recordings, then ${LIGHT_PARTICIPANTS} one each; reads at ${RATE}/s meanwhile...\n`,
    );
    const recordingOwner = new Map<string, string>();
    const submit = async (participant: (typeof participants)[number]) => {
      const answer = await fetch(`${server.url}/rest/v1/challenge_recordings?select=id`, {
        method: 'POST',
        headers: {
          apikey: anonKey,
          authorization: `Bearer ${participant.token}`,
          'content-type': 'application/json',
          prefer: 'return=representation',
        },
        body: JSON.stringify({
          challenge_id: challengeId,
          user_id: participant.id,
          name: participant.label,
          email: participant.email,
          gender: 'male',
          valid_reps: 3,
          invalid_reps: 0,
          duration_seconds: 4,
          video_url: videoUrls.get(participant.label)!.shift(),
        }),
      });
      if (answer.status !== 201) throw new Error(`submission refused: ${await answer.text()}`);
      const [row] = (await answer.json()) as { id: string }[];
      recordingOwner.set(row!.id, participant.label);
    };
    for (let video = 0; video < HEAVY_VIDEOS; video++) await submit(participants[0]!);
    for (const participant of participants.slice(1)) await submit(participant);
    const busyFull = await phase(`verifying, ${RATE} reads/s`, () =>
      readLoad(target, RATE, FULL_RATE_SECONDS),
    );

    process.stderr.write('bench event: waiting for the last verification...\n');
    const jobs = async () =>
      (
        await db.query<{
          recording: string;
          created: Date;
          started: Date | null;
          completed: Date | null;
          state: string;
        }>(
          `select data ->> 'recordingId' as recording, created_on as created, started_on as started,
             completed_on as completed, state::text
           from pgboss.job where name = 'verification' and data ->> 'recordingId' = any($1)`,
          [[...recordingOwner.keys()]],
        )
      ).rows;
    const until = Date.now() + 30 * 60_000;
    let rowsNow = await jobs();
    await phase('verifying, no reads', async () => {
      while (
        rowsNow.some((job) => !['completed', 'failed'].includes(job.state)) &&
        Date.now() < until
      ) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        rowsNow = await jobs();
      }
    });
    control.stop();
    const startOrder = rowsNow
      .filter((job) => job.started)
      .sort((a, b) => a.started!.getTime() - b.started!.getTime())
      .map((job) => recordingOwner.get(job.recording)!);
    const byParticipant = new Map<string, number[]>();
    for (const job of rowsNow) {
      const label = recordingOwner.get(job.recording)!;
      const waits = byParticipant.get(label) ?? [];
      waits.push(
        job.started ? round1((job.started.getTime() - job.created.getTime()) / 1000) : Number.NaN,
      );
      byParticipant.set(label, waits);
    }
    const heavyStarts = startOrder.flatMap((who, index) => (who === 'heavy' ? [index] : []));
    const thirdOfHeavy = heavyStarts[2] ?? -1;
    const lastLight = Math.max(
      ...participants.slice(1).map((participant) => startOrder.indexOf(participant.label)),
    );
    const firstStart = Math.min(...rowsNow.map((job) => job.started?.getTime() ?? Infinity));
    const lastEnd = Math.max(...rowsNow.map((job) => job.completed?.getTime() ?? 0));

    // The server's own event-loop reports: the windows inside each phase, and every window that
    // overlaps a verification.
    const reports = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"event":"event_loop_delay"'))
      .map((line) => JSON.parse(line) as EventLoopLine);
    const windowOf = (line: EventLoopLine) => {
      const end = Date.parse(line.time);
      return { start: end - line.windowMs, end };
    };
    const busyWindows = reports.filter(
      (line) => windowOf(line).end > firstStart && windowOf(line).start < lastEnd,
    );
    const eventLoopByPhase = phases.map(({ phase: name, start, end, controlMaxMs }) => ({
      phase: name,
      serverMaxMs: Math.max(
        ...reports
          .filter((line) => windowOf(line).start >= start && windowOf(line).end <= end)
          .map((line) => line.maxMs),
      ),
      controlMaxMs,
    }));
    const busyOverSlowP95 = round1((busyFull.p95Ms / idleSlow.p95Ms) * 100) / 100;
    const busyErrors = Object.values(busyFull.errors).reduce((sum, count) => sum + count, 0);
    const eventLoopBusyMaxMs = Math.max(...busyWindows.map((line) => line.maxMs));
    return {
      rate: RATE,
      recordings: RECORDINGS,
      participants: PARTICIPANTS,
      idleSlow,
      idleFull,
      busyFull,
      busyOverSlowP95,
      queue: [...byParticipant].map(([participant, waits]) => ({
        participant,
        videos: waits.length,
        waitsS: waits.sort((a, b) => a - b),
      })),
      startOrder,
      fairnessMet: lastLight >= 0 && thirdOfHeavy >= 0 && lastLight < thirdOfHeavy,
      verificationsMs: { firstStart, lastEnd },
      eventLoopByPhase,
      eventLoopBusyMaxMs,
      eventLoopBusyP99Ms: Math.max(...busyWindows.map((line) => line.p99Ms)),
      eventLoopBusyWindows: busyWindows.length,
      readsTargetMet:
        busyErrors === 0 && busyFull.heldPerSecond >= RATE * 0.99 && busyOverSlowP95 <= 3,
      eventLoopTargetMet: busyWindows.length > 0 && eventLoopBusyMaxMs <= EVENT_LOOP_DELAY_WARN_MS,
    };
  } finally {
    await db.end();
    await server.stop('SIGINT');
  }
}
