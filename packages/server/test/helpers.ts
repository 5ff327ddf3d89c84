// Shared helpers: supabase-js clients for each role, users, direct database access, the outbox.

import { randomBytes } from 'node:crypto';
import { recordVerification, type VideoVerification } from '@reptemple/verifier';
import { createClient, type PostgrestError, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { expect, inject } from 'vitest';
import ws from 'ws';
import { BUILTIN_PUSHUP_DEFINITION_ID } from '../src/constants.js';
import type { StackInfo } from './stack-info.js';

export const stack: StackInfo = inject('stack');

let ipCounter = randomBytes(2).readUInt16BE(0);
/** A made-up client address per client (the test stack trusts X-Forwarded-For), so per-address
 * rate limits of one test do not spill into another. */
export function uniqueIp(): string {
  ipCounter = (ipCounter + 1) % 65_000;
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.test`;
}

export function newClient(
  options: { key?: string; accessToken?: string; ip?: string } = {},
): SupabaseClient {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? uniqueIp() };
  if (options.accessToken) headers.Authorization = `Bearer ${options.accessToken}`;
  return createClient(stack.url, options.key ?? stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers },
    realtime: { transport: ws as unknown as never },
  });
}

export const anonClient = () => newClient();
export const serviceClient = () => newClient({ key: stack.serviceRoleKey });

export interface TestUser {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  client: SupabaseClient;
}

export async function createUser(
  options: { label?: string; metadata?: Record<string, unknown> } = {},
): Promise<TestUser> {
  const email = uniqueEmail(options.label);
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const client = newClient();
  const { data, error } = await client.auth.signUp({
    email,
    password,
    options: { data: options.metadata ?? {} },
  });
  expect(error).toBeNull();
  const session = data.session!;
  return {
    id: data.user!.id,
    email,
    password,
    accessToken: session.access_token,
    client: newClient({ accessToken: session.access_token }),
  };
}

let adminUser: Promise<TestUser> | undefined;
/** The seeded admin, signed in with the password the first start printed. */
export function admin(): Promise<TestUser> {
  adminUser ??= (async () => {
    const client = newClient();
    const { data, error } = await client.auth.signInWithPassword({
      email: stack.adminEmail,
      password: stack.adminPassword,
    });
    expect(error).toBeNull();
    return {
      id: data.user!.id,
      email: stack.adminEmail,
      password: stack.adminPassword,
      accessToken: data.session!.access_token,
      client: newClient({ accessToken: data.session!.access_token }),
    };
  })();
  return adminUser;
}

/** Direct SQL as the superuser, for arranging and inspecting rows. */
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The server's constant, which admin-area.test.ts compares with the database's function. */
export const BUILTIN_PUSHUP_ID = BUILTIN_PUSHUP_DEFINITION_ID;

export async function createChallenge(
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; slug: string }> {
  const rows = await sql<{ id: string; slug: string }>(
    `insert into public.challenges (slug, name, exercise_definition_id, challenge_type, is_daily, is_hidden, is_active, hide_results_until_finished, gender_filter, start_date, end_date)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id, slug`,
    [
      overrides.slug ?? `test-${randomBytes(4).toString('hex')}`,
      overrides.name ?? 'Test challenge',
      overrides.exercise_definition_id ?? BUILTIN_PUSHUP_ID,
      overrides.challenge_type ?? 'accountability',
      overrides.is_daily ?? false,
      overrides.is_hidden ?? false,
      overrides.is_active ?? true,
      overrides.hide_results_until_finished ?? false,
      overrides.gender_filter ?? 'all',
      overrides.start_date ?? null,
      overrides.end_date ?? null,
    ],
  );
  return rows[0]!;
}

/** An upload of the user's as the media API records it (reptemple_private.video_uploads, the
 * record the database's submission rules read), without a file: its video and GIF URLs. */
export async function uploadedVideo(user: {
  id: string;
}): Promise<{ videoUrl: string; gifUrl: string }> {
  const uploadId = `test-${randomBytes(6).toString('hex')}`;
  const videoUrl = `/media/videos/${uploadId}.webm`;
  await sql(
    'insert into reptemple_private.video_uploads (upload_id, video_url, user_id) values ($1, $2, $3)',
    [uploadId, videoUrl, user.id],
  );
  return { videoUrl, gifUrl: `/media/gifs/${uploadId}.gif` };
}

/** A recording the user may submit: with a video and GIF of their own upload (a new one each
 * time: an upload backs one recording) unless `overrides` names the video. */
export async function recordingFor(
  user: TestUser,
  challengeId: string,
  overrides: Record<string, unknown> = {},
) {
  const media = 'video_url' in overrides ? undefined : await uploadedVideo(user);
  return {
    challenge_id: challengeId,
    user_id: user.id,
    name: 'Tester',
    email: user.email,
    gender: 'male',
    valid_reps: 12,
    invalid_reps: 2,
    total_reps: 14,
    duration_seconds: 61.5,
    video_url: media?.videoUrl ?? null,
    gif_url: media?.gifUrl ?? null,
    analysis_data: { exercise: 'PUSHUP', completed_reps: [] },
    ...overrides,
  };
}

/** What the verification worker writes for a recording (its own function, recordVerification):
 * per-rep evidence (valid reps first; `alignment` gives the valid reps' alignment scores, whose
 * mean becomes the verified form score), then the verified counts. */
export async function verifyAsWorker(
  recordingId: string,
  counts: { valid: number; invalid?: number; alignment?: readonly number[] },
): Promise<void> {
  const invalid = counts.invalid ?? 0;
  const [row] = await sql<{ request: string }>(
    'select verification_request::text as request from public.challenge_recordings where id = $1',
    [recordingId],
  );
  expect(row?.request, 'a recording being verified (with a video)').toBeTruthy();
  const reps = Array.from({ length: counts.valid + invalid }, (_, index) => ({
    repNumber: index + 1,
    startMs: index * 2000,
    endMs: index * 2000 + 1500,
    angleName: 'Elbow',
    bottomAngle: 80,
    bottomMs: index * 2000 + 700,
    topAngle: 170,
    topMs: index * 2000 + 1400,
    phasePath: ['up', 'down', 'up'],
    isValid: index < counts.valid,
    invalidReason: index < counts.valid ? null : 'not deep enough',
    measurements:
      counts.alignment?.[index] === undefined ? {} : { alignmentScore: counts.alignment[index]! },
  }));
  const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 1 });
  try {
    const written = await recordVerification(
      pool,
      { recordingId, request: row!.request },
      {
        analysis: { validReps: counts.valid, invalidReps: invalid, reps },
        contactSheets: new Map(reps.map((rep) => [rep.repNumber, JPEG_STAND_IN])),
      } as unknown as VideoVerification,
      {
        model: 'full',
        fps: 12,
        analyser: 'pushup',
        frames: 100,
        durationMs: 10_000,
        wallMs: 1,
        inferenceMs: 1,
        worker: 'test',
        decodeWarnings: [],
      },
    );
    expect(written).toBe(true);
  } finally {
    await pool.end();
  }
}

/** Bytes standing in for a contact sheet (the route serves what the worker stored). */
export const JPEG_STAND_IN = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

export interface OutboxMessage {
  to: string;
  subject: string;
  kind: string;
  link: string;
  code: string;
  sentAt: string;
}

export async function latestMail(to: string): Promise<OutboxMessage> {
  const response = await fetch(`${stack.url}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  const { messages } = (await response.json()) as { messages: OutboxMessage[] };
  expect(messages.length).toBeGreaterThan(0);
  return messages[0]!;
}

/** PostgREST refused the request for lack of a privilege (42501): a grant or a policy said no. */
export function expectPermissionDenied(error: PostgrestError | null): void {
  expect(error, 'expected PostgREST to refuse with 42501').not.toBeNull();
  expect(error!.code).toBe('42501');
}
