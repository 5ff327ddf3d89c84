// Two reptemple-server processes serve one product (issue 27): one PostgreSQL database (a fresh
// one in the test cluster: the embedded one of the shared stack, or Debian's in CI's second run),
// one shared media directory, the same secrets (README "Several servers"). Uploads on one, reads
// on the other, the thumbnail and GIF made by either, verification by the other's worker.

import { randomBytes } from 'node:crypto';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { BUILTIN_PUSHUP_DEFINITION_ID } from '../src/constants.js';
import { stack } from './helpers.js';
import { PACKAGE_DIR, type StartedServer, startServer } from './start-server.js';

const VIDEO = path.join(PACKAGE_DIR, 'test', 'fixtures', 'pushup-side.mp4');
/** Verification runs headless Chromium on a loaded machine. ms */
const VERIFIED_WITHIN_MS = 150_000;

let root: string;
let databaseName: string;
let databaseUrl: string;
let db: pg.Pool;
let uploads: StartedServer; // A: no verification worker
let reads: StartedServer; // B: one verification worker
let anonKey: string;

function clientOf(server: StartedServer, accessToken?: string): SupabaseClient {
  return createClient(server.url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    ...(accessToken ? { global: { headers: { Authorization: `Bearer ${accessToken}` } } } : {}),
    realtime: { transport: ws as unknown as never },
  });
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean) {
  const until = Date.now() + VERIFIED_WITHIN_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'reptemple-two-servers-'));
  await chmod(root, 0o755);
  const media = path.join(root, 'shared-media');
  await mkdir(media);
  // A database of its own in the shared stack's cluster. Roles are the cluster's: every server
  // here has the shared stack's secrets, as every server of one installation has the same ones.
  databaseName = `reptemple_two_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: stack.databaseUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(stack.databaseUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  const start = async (name: string, workers: number) => {
    const dataDir = path.join(root, name);
    await mkdir(dataDir);
    await copyFile(path.join(stack.dataDir, 'secrets.json'), path.join(dataDir, 'secrets.json'));
    return startServer({
      dataDir,
      logFile: path.join(root, `${name}.log`),
      env: {
        DATABASE_URL: databaseUrl,
        MEDIA_DIR: media,
        VERIFY_WORKERS: String(workers),
        LOG_LEVEL: 'info',
      },
    });
  };
  // One after the other: the first start creates the schema and the seed, the second finds them.
  uploads = await start('uploads', 0);
  reads = await start('reads', 1);
  anonKey = ((await (await fetch(`${reads.url}/api/config`)).json()) as { anonKey: string })
    .anonKey;
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
}, 240_000);

afterAll(async () => {
  await uploads?.stop('SIGINT');
  await reads?.stop('SIGINT');
  await db?.end();
  if (databaseName) {
    const admin = new pg.Client({ connectionString: stack.databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
  await rm(root, { recursive: true, force: true });
}, 120_000);

describe('two servers on one database and one media store', () => {
  it(
    'a participant signed in on one uploads there; the other serves the media, takes the recording, verifies it and ranks it; either server reads the board',
    async () => {
      // Signed up on A; the session works on B (same secrets, sessions in the database).
      const email = `two-${randomBytes(4).toString('hex')}@example.test`;
      const password = `pw-${randomBytes(6).toString('hex')}`;
      const { data: signed, error: signUpError } = await clientOf(uploads).auth.signUp({
        email,
        password,
      });
      expect(signUpError).toBeNull();
      const token = signed.session!.access_token;
      const { data: signedIn, error: signInError } = await clientOf(reads).auth.signInWithPassword({
        email,
        password,
      });
      expect(signInError).toBeNull();
      expect(signedIn.user?.id).toBe(signed.user!.id);
      const refreshed = await clientOf(reads).auth.refreshSession({
        refresh_token: signed.session!.refresh_token,
      });
      expect(refreshed.error).toBeNull();

      // The upload goes to A.
      const form = new FormData();
      form.set('video', new Blob([await readFile(VIDEO)], { type: 'video/mp4' }), 'attempt.mp4');
      form.set('sessionId', `two-${randomBytes(3).toString('hex')}`);
      form.set('totalPushups', '3');
      form.set('challengeName', 'Two servers');
      const answer = await fetch(`${uploads.url}/api/upload-video`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(answer.status).toBe(200);
      const upload = (await answer.json()) as {
        uploadId: string;
        videoUrl: string;
        gifUrl: string;
        thumbnailUrl: string;
        statusUrl: string;
      };

      // B serves it: the video with ranges, the thumbnail and GIF once a media job made them.
      const range = await fetch(`${reads.url}${upload.videoUrl}`, {
        headers: { range: 'bytes=0-99' },
      });
      expect(range.status).toBe(206);
      expect((await range.arrayBuffer()).byteLength).toBe(100);
      const media = await waitFor(
        'thumbnail and GIF',
        async () =>
          (
            (await (await fetch(`${reads.url}${upload.statusUrl}`)).json()) as {
              mediaStatus: string;
            }
          ).mediaStatus,
        (status) => status !== 'queued',
      );
      expect(media).toBe('ready');
      for (const url of [upload.thumbnailUrl, upload.gifUrl]) {
        for (const server of [uploads, reads]) {
          const file = await fetch(`${server.url}${url}`);
          expect(file.status, `${server.url}${url}`).toBe(200);
          expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(100);
        }
      }

      // The recording goes in through B's data API with A's token; B's worker verifies it from
      // the shared store.
      const { rows } = await db.query<{ id: string }>(
        `insert into public.challenges (slug, name, exercise_definition_id, challenge_type)
         values ($1, 'Two servers', $2, 'accountability') returning id`,
        [`two-${randomBytes(4).toString('hex')}`, BUILTIN_PUSHUP_DEFINITION_ID],
      );
      const challengeId = rows[0]!.id;
      const { data: inserted, error } = await clientOf(reads, token)
        .from('challenge_recordings')
        .insert({
          challenge_id: challengeId,
          user_id: signed.user!.id,
          name: 'Two',
          email,
          gender: 'male',
          valid_reps: 3,
          invalid_reps: 0,
          duration_seconds: 4,
          video_url: upload.videoUrl,
        })
        .select('id')
        .single();
      expect(error).toBeNull();
      const verified = await waitFor(
        'verified',
        async () =>
          (
            await db.query<{ status: string; valid: number | null; worker: string | null }>(
              `select verification_status::text as status, verified_valid_reps as valid,
                 verification_details ->> 'worker' as worker
               from public.challenge_recordings where id = $1`,
              [inserted!.id],
            )
          ).rows[0]!,
        (row) => row.status !== 'verifying',
      );
      expect(verified.status).toBe('verified');
      expect(verified.worker).toBe(`${hostname()}:${reads.child.pid}`);

      // Both servers rank it with the verified count.
      for (const server of [uploads, reads]) {
        const { data: board, error: boardError } = await clientOf(server).rpc(
          'challenge_leaderboard',
          {
            target_challenge_id: challengeId,
            period: 'all_time',
            gender: 'all',
            time_zone: 'Europe/Berlin',
            page_offset: 0,
            page_size: 10,
          },
        );
        expect(boardError).toBeNull();
        expect(
          (board as { entries: { valid_reps: number; verification_status: string }[] }).entries[0],
        ).toMatchObject({ valid_reps: verified.valid, verification_status: 'verified' });
      }
      const sheet = await fetch(`${uploads.url}/api/recordings/${inserted!.id}/reps/1.jpg`);
      expect([200, 404]).toContain(sheet.status);
      if (verified.valid !== null && verified.valid > 0) expect(sheet.status).toBe(200);
    },
    VERIFIED_WITHIN_MS + 60_000,
  );
});
