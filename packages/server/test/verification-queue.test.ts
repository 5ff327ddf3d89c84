// The verification queue with real workers (issue 18), on a stack of its own (the shared one runs
// no worker): a submitted video is verified once, as `reptemple analyze` counts it with the same
// settings; a claim of 200 on a short set is flagged; bad videos end in a clear state; a worker
// or a server killed with SIGKILL mid-job leaves the job to be retried, and it completes once.

import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import ws from 'ws';
import { BUILTIN_PUSHUP_DEFINITION_ID } from '../src/constants.js';
import {
  embeddedDatabaseUrl,
  PACKAGE_DIR,
  type StartedServer,
  startServer,
} from './start-server.js';

const CLI = path.resolve(PACKAGE_DIR, '..', 'cli', 'dist', 'bin.js');
const VIDEO = path.join(PACKAGE_DIR, 'test', 'fixtures', 'pushup-side.mp4');
/** Generous: verification runs headless Chromium on a loaded machine. ms */
const VERIFIED_WITHIN_MS = 120_000;
/** A test here runs a verification or two, a worker restart or a server restart. ms */
const TEST_TIMEOUT_MS = 300_000;
const fixturesDir = inject('stack').fixturesDir;

let root: string;
let dataDir: string;
let server: StartedServer;
let databaseUrl: string;
let anonKey: string;
let db: pg.Pool;
const workers = new Set<ChildProcess>();

interface Participant {
  id: string;
  email: string;
  token: string;
  client: SupabaseClient;
}

async function startStack(verifyWorkers: number): Promise<StartedServer> {
  const started = await startServer({
    dataDir,
    logFile: path.join(root, `server-${Date.now()}.log`),
    // Its own embedded PostgreSQL even when the suite runs on an external cluster (DATABASE_URL):
    // these tests kill the server and its database, and a second stack migrating the cluster's
    // database would reset the roles the shared stack's data API signs in with.
    env: {
      DATABASE_URL: '',
      VERIFY_WORKERS: String(verifyWorkers),
      LOG_LEVEL: 'info',
      TRUST_PROXY: '1',
    },
  });
  databaseUrl = await embeddedDatabaseUrl(started, dataDir);
  return started;
}

function connect(): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // The server's PostgreSQL stops with it in the SIGKILL test; idle connections then fail.
  pool.on('error', () => undefined);
  return pool;
}

function startWorker(): ChildProcess {
  const child = spawn(
    process.execPath,
    [CLI, 'worker', '--database-url', databaseUrl, '--media', path.join(dataDir, 'media')],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr!.resume();
  workers.add(child);
  child.once('exit', () => workers.delete(child));
  return child;
}

async function stopWorker(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

async function signUp(): Promise<Participant> {
  const email = `verify-${randomBytes(4).toString('hex')}@example.test`;
  const anon = createClient(server.url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as never },
  });
  const { data, error } = await anon.auth.signUp({
    email,
    password: `pw-${randomBytes(6).toString('hex')}`,
  });
  expect(error).toBeNull();
  const token = data.session!.access_token;
  return {
    id: data.user!.id,
    email,
    token,
    client: createClient(server.url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${token}` } },
      realtime: { transport: ws as unknown as never },
    }),
  };
}

/** Uploads a file as the participant; answers its /media/videos URL. */
async function upload(who: Participant, file: string, name = 'attempt.mp4'): Promise<string> {
  const form = new FormData();
  form.set('video', new Blob([await readFile(file)], { type: 'video/mp4' }), name);
  form.set('sessionId', `verify-${randomBytes(3).toString('hex')}`);
  form.set('totalPushups', '3');
  form.set('challengeName', 'Verification');
  form.set('analysisData', '{"exercise":"PUSHUP"}');
  const answer = await fetch(`${server.url}/api/upload-video`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.token}`, 'x-forwarded-for': '10.9.9.9' },
    body: form,
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { videoUrl: string }).videoUrl;
}

/** A file placed in the media folder as an upload of `who` (what a damaged disk could hold). */
async function plant(who: Participant, source: string, extension: string): Promise<string> {
  const file = `planted-${randomBytes(4).toString('hex')}.${extension}`;
  await copyFile(source, path.join(dataDir, 'media', 'videos', file));
  await db.query(
    `insert into reptemple_local.media_uploads (id, user_id, session_id, video_file, bytes,
       exercise, total_pushups, challenge_name) values ($1, $2, 's', $3, 1, 'pushup', 1, 'x')`,
    [file.replace(/\.\w+$/, ''), who.id, file],
  );
  // Who uploaded it, as the media API records it for the database's submission rules.
  await db.query(
    `insert into reptemple_private.video_uploads (upload_id, video_url, user_id) values ($1, $2, $3)`,
    [file.replace(/\.\w+$/, ''), `/media/videos/${file}`, who.id],
  );
  return `/media/videos/${file}`;
}

async function newChallenge(): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.challenges (slug, name, exercise_definition_id, challenge_type)
     values ($1, 'Verification test', $2, 'accountability') returning id`,
    [`verify-${randomBytes(4).toString('hex')}`, BUILTIN_PUSHUP_DEFINITION_ID],
  );
  return rows[0]!.id;
}

/** A recording written around the data API's rules (the service role's, or saved before them):
 * what the worker's own checks are for. */
async function writeDirectly(who: Participant, videoUrl: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.challenge_recordings (challenge_id, user_id, name, email, gender,
       valid_reps, invalid_reps, duration_seconds, video_url, analysis_data)
     values ($1, $2, 'Verifier', $3, 'male', 3, 0, 4, $4, '{"exercise": "PUSHUP"}') returning id`,
    [await newChallenge(), who.id, who.email, videoUrl],
  );
  return rows[0]!.id;
}

async function submit(who: Participant, videoUrl: string | null, validReps = 3): Promise<string> {
  const { data, error } = await who.client
    .from('challenge_recordings')
    .insert({
      challenge_id: await newChallenge(),
      user_id: who.id,
      name: 'Verifier',
      email: who.email,
      gender: 'male',
      valid_reps: validReps,
      invalid_reps: 0,
      duration_seconds: 4,
      video_url: videoUrl,
      analysis_data: { exercise: 'PUSHUP' },
    })
    .select('id')
    .single();
  expect(error).toBeNull();
  return data!.id;
}

interface RecordingState {
  verification_status: string;
  valid_reps: number;
  invalid_reps: number;
  verified_valid_reps: number | null;
  verified_invalid_reps: number | null;
  verified_total_reps: number | null;
  claimed_valid_reps: number;
  verification_flagged: boolean;
  verification_error: string | null;
  evidence: number;
}

async function stateOf(id: string): Promise<RecordingState> {
  const { rows } = await db.query<RecordingState>(
    `select verification_status::text, valid_reps, invalid_reps, verified_valid_reps,
       verified_invalid_reps, verified_total_reps, claimed_valid_reps, verification_flagged,
       verification_error,
       (select count(*)::integer from public.recording_rep_evidence e where e.recording_id = r.id) as evidence
     from public.challenge_recordings r where id = $1`,
    [id],
  );
  return rows[0]!;
}

async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  withinMs = VERIFIED_WITHIN_MS,
): Promise<T> {
  const until = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** pg-boss states a job does not leave. */
const FINAL_JOB_STATES = new Set(['completed', 'failed', 'cancelled']);

const settled = (state: RecordingState) =>
  state.verification_status === 'verified' || state.verification_status === 'failed';

async function jobsOf(id: string): Promise<{ state: string; retry_count: number }[]> {
  const { rows } = await db.query<{ state: string; retry_count: number }>(
    `select state::text, retry_count from pgboss.job
     where name = 'verification' and data ->> 'recordingId' = $1 order by created_on`,
    [id],
  );
  return rows;
}

/** What `reptemple analyze` counts in the same file with the server's settings. */
async function analyzeWithCli(file: string): Promise<{ valid_reps: number; invalid_reps: number }> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    CLI,
    'analyze',
    file,
    '--model',
    'full',
    '--fps',
    '12',
    '--json',
    '--no-cache',
  ]);
  return (JSON.parse(stdout) as { valid_reps: number; invalid_reps: number }[])[0]!;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'reptemple-verify-test-'));
  await chmod(root, 0o755);
  dataDir = path.join(root, 'data');
  server = await startStack(0);
  anonKey = ((await (await fetch(`${server.url}/api/config`)).json()) as { anonKey: string })
    .anonKey;
  db = connect();
  // A video without a person in it (3 s of a test pattern).
  await promisify(execFile)('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=15:duration=3',
    '-c:v',
    'libvpx',
    '-b:v',
    '200k',
    path.join(root, 'nobody.webm'),
  ]);
}, 180_000);

afterAll(async () => {
  for (const child of [...workers]) await stopWorker(child, 'SIGKILL');
  await db?.end();
  await server?.stop('SIGINT');
  await rm(root, { recursive: true, force: true });
}, 120_000);

describe('verification by workers on the queue', () => {
  it(
    'verifies a submitted video as reptemple analyze counts it; a claim of 200 is flagged; jobs duplicated for two workers count once',
    async () => {
      const participant = await signUp();
      const videoUrl = await upload(participant, VIDEO);
      const claimed = await submit(participant, videoUrl, 200);
      // The same request queued twice more, for two workers to race on.
      const { rows } = await db.query<{ request: string }>(
        'select verification_request::text as request from public.challenge_recordings where id = $1',
        [claimed],
      );
      for (let copy = 0; copy < 2; copy++) {
        await db.query(
          `insert into pgboss.job (name, data, retry_limit, retry_delay, retry_backoff, expire_in, policy)
         select 'verification', jsonb_build_object('recordingId', $1::text, 'request', $2::text),
           3, 10, true, interval '15 minutes', q.policy from pgboss.queue q where q.name = 'verification'`,
          [claimed, rows[0]!.request],
        );
      }
      const expected = await analyzeWithCli(VIDEO);
      startWorker();
      startWorker();
      const state = await waitFor('verified', () => stateOf(claimed), settled);
      expect(state).toMatchObject({
        verification_status: 'verified',
        claimed_valid_reps: 200,
        verified_valid_reps: expected.valid_reps,
        verified_invalid_reps: expected.invalid_reps,
        valid_reps: expected.valid_reps,
        verification_flagged: true,
        evidence: expected.valid_reps + expected.invalid_reps,
      });
      // Every copy finishes, and none writes a second set of evidence.
      await waitFor(
        'jobs done',
        () => jobsOf(claimed),
        (jobs) => jobs.every((job) => job.state === 'completed'),
      );
      expect((await stateOf(claimed)).evidence).toBe(state.evidence);
      if (state.evidence > 0) {
        const sheet = await fetch(`${server.url}/api/recordings/${claimed}/reps/1.jpg`);
        expect(sheet.status).toBe(200);
        expect(sheet.headers.get('content-type')).toBe('image/jpeg');
        expect((await sheet.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'bad videos end in a clear state: truncated, corrupt, no reps, and another participant’s upload',
    async () => {
      const owner = await signUp();
      const other = await signUp();
      const ownersVideo = await upload(owner, VIDEO);
      const recordings = {
        truncated: await submit(
          owner,
          await plant(owner, path.join(fixturesDir, 'header-only.webm'), 'webm'),
        ),
        corrupt: await submit(
          owner,
          await plant(owner, path.join(fixturesDir, 'ftyp-random.mp4'), 'mp4'),
        ),
        noReps: await submit(owner, await plant(owner, path.join(root, 'nobody.webm'), 'webm'), 5),
        missing: await writeDirectly(owner, '/media/videos/never-uploaded.webm'),
        othersVideo: await writeDirectly(other, ownersVideo),
      };
      // Through the data API the database refuses both at insert (supabase/rules/submission.sql).
      for (const videoUrl of ['/media/videos/never-uploaded-too.webm', ownersVideo]) {
        const { error } = await other.client.from('challenge_recordings').insert({
          challenge_id: await newChallenge(),
          user_id: other.id,
          name: 'Verifier',
          email: other.email,
          gender: 'male',
          valid_reps: 3,
          invalid_reps: 0,
          duration_seconds: 4,
          video_url: videoUrl,
        });
        expect(error?.code, videoUrl).toBe('42501');
      }
      if (workers.size === 0) startWorker();
      const states = Object.fromEntries(
        await Promise.all(
          Object.entries(recordings).map(
            async ([name, id]) => [name, await waitFor(name, () => stateOf(id), settled)] as const,
          ),
        ),
      );
      expect(states.truncated).toMatchObject({ verification_status: 'failed' });
      expect(states.truncated!.verification_error).toMatch(/could not be read|decode/i);
      expect(states.corrupt).toMatchObject({ verification_status: 'failed' });
      expect(states.corrupt!.verification_error).toMatch(/could not be read|decode/i);
      // A video without a person: verified, zero reps, and flagged against its claim of 5.
      expect(states.noReps).toMatchObject({
        verification_status: 'verified',
        verified_total_reps: 0,
        valid_reps: 0,
        verification_flagged: true,
      });
      expect(states.missing).toMatchObject({ verification_status: 'failed' });
      expect(states.missing!.verification_error).toMatch(/found none|found nothing/);
      expect(states.othersVideo).toMatchObject({ verification_status: 'failed', valid_reps: 3 });
      expect(states.othersVideo!.verification_error).toMatch(/not uploaded by the participant/);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a worker killed with SIGKILL mid-job: another worker retries the job and it completes once',
    async () => {
      for (const child of [...workers]) await stopWorker(child);
      const participant = await signUp();
      const id = await submit(participant, await upload(participant, VIDEO));
      const doomed = startWorker();
      await waitFor(
        'job running',
        () => jobsOf(id),
        (jobs) => jobs[0]?.state === 'active',
      );
      await stopWorker(doomed, 'SIGKILL');
      expect((await stateOf(id)).verification_status).toBe('verifying');
      startWorker();
      const state = await waitFor('verified after the kill', () => stateOf(id), settled);
      expect(state.verification_status).toBe('verified');
      expect(state.evidence).toBe(state.verified_total_reps);
      // The worker writes the recording, then tells the queue the job is done: wait for both.
      const jobs = await waitFor(
        'job completed after the kill',
        () => jobsOf(id),
        (found) => found.every((job) => FINAL_JOB_STATES.has(job.state)),
      );
      expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a server killed with SIGKILL mid-job: its Chromium goes with it, and after a restart the job completes once',
    async () => {
      for (const child of [...workers]) await stopWorker(child);
      await server.stop('SIGINT');
      server = await startStack(1);
      await db.end().catch(() => undefined);
      db = connect();
      const participant = await signUp();
      const id = await submit(participant, await upload(participant, VIDEO));
      await waitFor(
        'job running',
        () => jobsOf(id),
        (jobs) => jobs[0]?.state === 'active',
      );
      const browsers = await childrenNamed(server.child.pid!, /^chrom/);
      expect(browsers.length).toBeGreaterThan(0);
      // Everything the server started (PostgreSQL, PostgREST, the watchdog, Chromium and its
      // renderers) goes with it; the restart waits for that, as a person restarting would.
      const everything = await descendantsOf(server.child.pid!);
      server.child.kill('SIGKILL');
      await server.stop('SIGKILL');
      await waitFor(
        'browsers gone',
        async () => (await Promise.all(browsers.map(isAlive))).some(Boolean),
        (alive) => !alive,
        10_000,
      );
      await waitFor(
        'every process of the killed server gone',
        async () => (await Promise.all(everything.map(isAlive))).some(Boolean),
        (alive) => !alive,
        20_000,
      );
      server = await startStack(1);
      await db.end().catch(() => undefined);
      db = connect();
      const state = await waitFor('verified after the restart', () => stateOf(id), settled);
      expect(state.verification_status).toBe('verified');
      expect(state.evidence).toBe(state.verified_total_reps);
      const jobs = await waitFor(
        'job completed after the restart',
        () => jobsOf(id),
        (found) => found.every((job) => FINAL_JOB_STATES.has(job.state)),
      );
      expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
    },
    TEST_TIMEOUT_MS,
  );
});

async function childrenNamed(parent: number, name: RegExp): Promise<number[]> {
  const { stdout } = await promisify(execFile)('ps', ['-eo', 'pid=,ppid=,comm=']);
  return stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, ppid, comm]) => Number(ppid) === parent && name.test(comm ?? ''))
    .map(([pid]) => Number(pid));
}

/** Every process below `root` (children, their children, ...). */
async function descendantsOf(root: number): Promise<number[]> {
  const { stdout } = await promisify(execFile)('ps', ['-eo', 'pid=,ppid=']);
  const children = new Map<number, number[]>();
  for (const line of stdout.split('\n')) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (!pid || ppid === undefined) continue;
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const found: number[] = [];
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}

async function isAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
}
