// Arranging data for the challenge E2E tests: users through the auth API, recordings through the
// data API as those users, and what no user can make (times in the past, other people's rows)
// with the service role.

import { randomBytes } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import type { Database, RowInsert } from '../src/data/database.js';
import type { SupabaseClient } from '../src/data/supabase-client.js';
import { checkRow } from './data-api.js';
import { newPassword, stack, uniqueEmail } from './helpers.js';
import { BUILTIN_PUSHUP_ID, sql } from './seed.js';

export const DAY_MS = 86_400_000;

function client(key: string, accessToken?: string): SupabaseClient {
  return createClient<Database>(stack.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {} },
    realtime: { transport: ws as unknown as never },
  });
}

export const serviceClient = () => client(stack.serviceRoleKey);

export interface E2eUser {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  client: SupabaseClient;
}

/** A new account, signed in (password sign-up), with a data-API client of its own. */
export async function signUpUser(label: string, fullName: string): Promise<E2eUser> {
  const email = uniqueEmail(label);
  const password = newPassword();
  const { data, error } = await client(stack.anonKey).auth.signUp({
    email,
    password,
    options: { data: { full_name: fullName } },
  });
  if (error || !data.session) throw new Error(`sign-up of ${email} failed: ${error?.message}`);
  return {
    id: data.user!.id,
    email,
    password,
    accessToken: data.session.access_token,
    client: client(stack.anonKey, data.session.access_token),
  };
}

export async function createChallenge(
  fields: Omit<RowInsert<'challenges'>, 'exercise_definition_id'>,
): Promise<{ id: string; slug: string }> {
  return checkRow(
    await serviceClient()
      .from('challenges')
      .insert({
        slug: `e2e-${randomBytes(4).toString('hex')}`,
        exercise_definition_id: BUILTIN_PUSHUP_ID,
        ...fields,
      })
      .select('id, slug')
      .single(),
    'creating a challenge',
  );
}

export interface ArrangedRecording {
  name: string;
  gender: 'male' | 'female';
  valid: number;
  invalid?: number;
  at: Date;
  /** The body-alignment score of its valid reps (its form score). % */
  alignment?: number;
  email?: string;
}

/** Recordings at chosen times, as the service role (the database fills in the rest), verified
 * as they claim, as the verification worker writes it (evidence first, whose alignment is the
 * form score, then the counts): their video is a media path with no file, which the server's
 * verification would end as 'failed' at a moment of its own, taking the row off the board while a
 * test reads it. A fresh request token makes the job queued at insert write nothing. */
export async function arrangeRecordings(challengeId: string, rows: ArrangedRecording[]) {
  for (const row of rows) {
    // An upload backs one recording: each its own (made-up) media path.
    const upload = `e2e-arranged-${randomBytes(6).toString('hex')}`;
    const { data, error } = await serviceClient()
      .from('challenge_recordings')
      .insert({
        challenge_id: challengeId,
        name: row.name,
        email: row.email ?? `${row.name.toLowerCase()}-${challengeId.slice(0, 8)}@example.test`,
        gender: row.gender,
        valid_reps: row.valid,
        invalid_reps: row.invalid ?? 0,
        duration_seconds: 60,
        created_at: row.at.toISOString(),
        video_url: `/media/videos/${upload}.mp4`,
        analysis_data: { completed_reps: [] },
      })
      .select('id')
      .single();
    if (error) throw new Error(`arranging a recording of ${row.name}: ${error.message}`);
    if (row.alignment !== undefined) {
      await sql(
        `insert into public.recording_rep_evidence (recording_id, rep_number, start_ms, end_ms,
           angle_name, is_valid, measurements)
         values ($1, 1, 0, 1000, 'Elbow', true, jsonb_build_object('alignmentScore', $2::numeric))`,
        [data.id, row.alignment],
      );
    }
    await sql(
      `update public.challenge_recordings set verified_valid_reps = valid_reps,
         verified_invalid_reps = invalid_reps, verified_total_reps = total_reps,
         verification_status = 'verified', verified_at = now(),
         verification_request = gen_random_uuid()
       where id = $1`,
      [data.id],
    );
  }
}

/** Uploads a video as the user, as the record page does; answers the media API's URLs. */
export async function uploadVideo(
  user: E2eUser,
  bytes: Buffer,
  fileName: string,
): Promise<{ videoUrl: string; gifUrl: string | null }> {
  const form = new FormData();
  form.set('video', new Blob([new Uint8Array(bytes)], { type: 'video/mp4' }), fileName);
  form.set('sessionId', `e2e-${randomBytes(4).toString('hex')}`);
  form.set('totalPushups', '2');
  form.set('challengeName', 'E2E');
  const response = await fetch(`${stack.url}/api/upload-video`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  const body = (await response.json()) as {
    videoUrl?: string;
    gifUrl?: string | null;
    error?: string;
  };
  if (!response.ok || !body.videoUrl) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return { videoUrl: body.videoUrl, gifUrl: body.gifUrl ?? null };
}

/** The UTC calendar day of an instant (the E2E browsers run in UTC). */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Sunday 00:00 UTC of the week of `at` (weeks start on Sunday). */
export function utcWeekStart(at: Date): Date {
  const day = new Date(`${utcDay(at)}T00:00:00Z`);
  return new Date(day.getTime() - day.getUTCDay() * DAY_MS);
}

/** How long the server may take to verify an arranged recording's video on a loaded machine. ms */
export const VERIFICATION_WAIT_MS = 150_000;

/** Waits until the server has finished verifying the recording (issue 18: a recording with a
 * video is verified, and its standing counts become the server's); answers its counts. */
export async function waitForVerification(recordingId: string) {
  const until = Date.now() + VERIFICATION_WAIT_MS;
  for (;;) {
    const row = checkRow(
      await serviceClient()
        .from('challenge_recordings')
        .select(
          'verification_status, verification_error, valid_reps, invalid_reps, claimed_valid_reps, verified_valid_reps, verified_invalid_reps',
        )
        .eq('id', recordingId)
        .single(),
      'reading the verification state',
    );
    if (row.verification_status !== 'verifying') return row;
    if (Date.now() > until) throw new Error(`still verifying after ${VERIFICATION_WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
