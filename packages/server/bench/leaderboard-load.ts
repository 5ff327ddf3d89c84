// The leaderboard load of `bench event` and `bench reads` (issue 27), one home for both: an
// event's board (100,000 recordings of 20,000 participants, verified, over the last 30 days) and
// viewers reading it exactly as the web app does (packages/web/src/data/challenges/leaderboard.ts
// through supabase-js): GET rpc/challenge_leaderboard (arguments target_challenge_id, period,
// gender, time_zone, page_offset, page_size, in that order) and GET
// rpc/challenge_leaderboard_aggregate (the same without period), with the project key, Accept-Profile
// public, the four tabs, three gender tabs and four time zones mixed, first page of 50
// (LEADERBOARD_PAGE_SIZE). No If-None-Match: every read gets the whole answer (a browser holding
// the last answer would revalidate and get 304, which costs the server less).
//
// The load is open loop (each read sent on schedule whatever the answers) from worker threads of
// the benchmark over kept-alive node:http connections. undici's fetch, which `bench event` used
// before, cost each load thread most of a core at 500/s, which the server then lacked on this
// 2-core machine (a client's cost is not the server's).

import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { BUILTIN_PUSHUP_DEFINITION_ID, LEADERBOARD_CHANGES_CHANNEL } from '../src/constants.js';

export const BOARD_RECORDINGS = 100_000;
export const BOARD_PARTICIPANTS = 20_000;
/** What viewers ask: every tab of the leaderboard page, in a few time zones. */
export const PERIODS = ['all_time', 'today', 'this_week', 'aggregate'] as const;
export const GENDERS = ['all', 'male', 'female'] as const;
export const TIME_ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Singapore', 'UTC'] as const;
/** The leaderboard page's page size (packages/web/src/features/leaderboard/constants.ts). */
const PAGE_SIZE = 50;
/** A read not answered in this long is an error. ms */
const READ_TIMEOUT_MS = 10_000;
/** Reads one load thread keeps in flight at most; beyond it a read is not sent (an error: the
 * server is not keeping up). */
const MAX_IN_FLIGHT_PER_THREAD = 256;
/** Reads sent within this long after a change of the board count as "after a change" (the
 * change dropped the board's kept answers). ms */
const AFTER_CHANGE_MS = 1000;

/** Loads an event's board with BOARD_RECORDINGS recordings and returns its challenge id. */
export async function seedEventBoard(db: pg.Pool, slug: string, name: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.challenges (slug, name, exercise_definition_id)
     values ($1, $2, $3) returning id`,
    [slug, name, BUILTIN_PUSHUP_DEFINITION_ID],
  );
  const challengeId = rows[0]!.id;
  // An event: any number of recordings per participant.
  await db.query(
    `insert into public.challenge_events (challenge_id, template) values ($1, 'token2049')`,
    [challengeId],
  );
  // Bulk load without the per-row triggers (superuser only), verified as they claim, spread over
  // the last 30 days; then the participants table and the planner's statistics.
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
      [BOARD_RECORDINGS, challengeId, BOARD_PARTICIPANTS],
    );
    await client.query('set session_replication_role = origin');
  } finally {
    client.release();
  }
  await db.query('select reptemple_private.rebuild_challenge_participants($1)', [challengeId]);
  await db.query('vacuum analyze public.challenge_recordings');
  return challengeId;
}

/** The database's announcements of the board's changes (each drops its kept answers), heard on a
 * connection of the benchmark's own: when each was heard (ms since the epoch). */
export async function listenForBoardChanges(
  databaseUrl: string,
  challengeId: string,
): Promise<{ at: number[]; stop(): Promise<void> }> {
  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  const at: number[] = [];
  listener.on('notification', (message) => {
    if (message.payload === challengeId || message.payload === '*') at.push(Date.now());
  });
  await listener.query(`listen ${LEADERBOARD_CHANGES_CHANNEL}`);
  return { at, stop: () => listener.end() };
}

/** One load thread: `rate` reads a second for `seconds`, open loop; posts back each answered
 * read's latency (ms, answered 200) and send time, the reads answered per second, how each was
 * answered (the server's x-leaderboard-cache header) and each error's kind. */
const LOAD_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, anonKey, challengeId, rate, seconds, periods, genders, zones, pageSize, timeoutMs, maxInFlight, seed } = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: maxInFlight });
let state = seed >>> 0;
const pick = (list) => { state = (state * 1664525 + 1013904223) >>> 0; return list[state % list.length]; };
const latencies = [];
const sentAt = [];
const okPerSecond = new Array(Math.ceil(seconds)).fill(0);
const answeredBy = {};
const errors = {};
const fail = (kind) => { errors[kind] = (errors[kind] || 0) + 1; };
let inFlight = 0;
const started = performance.now();
// What supabase-js sends for client.rpc(fn, args, { get: true }) with the project key.
const headers = { apikey: anonKey, authorization: 'Bearer ' + anonKey, 'accept-profile': 'public', accept: '*/*', 'x-client-info': 'reptemple-bench' };
const read = () => new Promise((resolve) => {
  if (inFlight >= maxInFlight) { fail('not sent: ' + maxInFlight + ' reads in flight'); return resolve(); }
  inFlight++;
  const period = pick(periods);
  const gender = pick(genders);
  const zone = pick(zones);
  // The arguments in the order the app gives them (supabase-js appends them in that order).
  const query = new URLSearchParams({ target_challenge_id: challengeId });
  if (period !== 'aggregate') query.append('period', period);
  query.append('gender', gender);
  query.append('time_zone', zone);
  query.append('page_offset', '0');
  query.append('page_size', String(pageSize));
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
      const now = performance.now();
      latencies.push(now - sent);
      sentAt.push(wallSent);
      const second = Math.floor((now - started) / 1000);
      if (second < okPerSecond.length) okPerSecond[second]++;
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
  parentPort.postMessage({ latencies, sentAt, okPerSecond, answeredBy, errors, sent: total });
})();
`;

export interface ReadTarget {
  /** the server's base URL */
  url: string;
  anonKey: string;
  challengeId: string;
}

export interface ReadPhase {
  rate: number;
  seconds: number;
  sent: number;
  /** reads answered 200 */
  ok: number;
  /** reads answered 200 per second of the phase */
  heldPerSecond: number;
  /** the phase's lowest second (its last second left out) */
  heldMinPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: Record<string, number>;
  /** answered from what the server kept ('hit') or computed ('miss') */
  answeredBy: Record<string, number>;
  /** the board's changes announced during the phase */
  announcements: number;
  /** the reads sent within 1 s after a change, and the p95 of those and of the others. ms */
  readsAfterChange: number;
  p95AfterChangeMs: number;
  p95OtherwiseMs: number;
}

interface ThreadResult {
  latencies: number[];
  /** when each answered read was sent (ms since the epoch) */
  sentAt: number[];
  okPerSecond: number[];
  answeredBy: Record<string, number>;
  errors: Record<string, number>;
  sent: number;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
export const round1 = (value: number) => Math.round(value * 10) / 10;
const sum = (records: Record<string, number>[]) => {
  const total: Record<string, number> = {};
  for (const record of records)
    for (const [kind, count] of Object.entries(record)) total[kind] = (total[kind] ?? 0) + count;
  return total;
};

/** Reads the board at `rate` a second for `seconds` from `threads` load threads (one below
 * 50/s); `changesAt` are the board's announced changes (ms since the epoch), read at the end;
 * `loadDone` is called once the last read is answered, before the figures are computed (on this
 * thread, which may be the server's). */
export async function readLoad(
  target: ReadTarget,
  options: {
    rate: number;
    seconds: number;
    threads: number;
    changesAt: () => number[];
    loadDone?: () => void;
  },
): Promise<ReadPhase> {
  const { rate, seconds } = options;
  const threads = rate <= 50 ? 1 : options.threads;
  const startedAt = Date.now();
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
          pageSize: PAGE_SIZE,
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
  options.loadDone?.();
  const latencies = results.flatMap((result) => result.latencies);
  const sentAt = results.flatMap((result) => result.sentAt);
  const changes = options.changesAt().filter((at) => at >= startedAt - AFTER_CHANGE_MS);
  const afterChange = sentAt.map((at) =>
    changes.some((change) => at >= change && at < change + AFTER_CHANGE_MS),
  );
  const after = latencies.filter((_, index) => afterChange[index]);
  const otherwise = latencies.filter((_, index) => !afterChange[index]);
  const perSecond = results[0]!.okPerSecond.map((_, second) =>
    results.reduce((total, result) => total + (result.okPerSecond[second] ?? 0), 0),
  );
  return {
    rate,
    seconds,
    sent: results.reduce((total, result) => total + result.sent, 0),
    ok: latencies.length,
    heldPerSecond: round1(latencies.length / seconds),
    heldMinPerSecond: Math.min(...perSecond.slice(0, Math.max(1, perSecond.length - 1))),
    p50Ms: round1(percentile(latencies, 50)),
    p95Ms: round1(percentile(latencies, 95)),
    p99Ms: round1(percentile(latencies, 99)),
    errors: sum(results.map((result) => result.errors)),
    answeredBy: sum(results.map((result) => result.answeredBy)),
    announcements: changes.filter((at) => at >= startedAt).length,
    readsAfterChange: after.length,
    p95AfterChangeMs: round1(percentile(after, 95)),
    p95OtherwiseMs: round1(percentile(otherwise, 95)),
  };
}

/** The reads target of issue 27: no errors, at least 99 % of the rate held, p95 within 3x of the
 * 10/s p95. */
export function readsTargetMet(busy: ReadPhase, baseline: ReadPhase): boolean {
  const errors = Object.values(busy.errors).reduce((total, count) => total + count, 0);
  return errors === 0 && busy.heldPerSecond >= busy.rate * 0.99 && busy.p95Ms / baseline.p95Ms <= 3;
}
