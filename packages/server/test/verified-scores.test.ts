// Claimed and verified counts through the data API (issue 18): a participant's counts are a claim
// fixed at insert; only the verification worker (the database owner's connection, never the data
// API) writes verified counts; a recording with a video gets a verification job in the same
// transaction; the public leaderboard ranks verified and verifying recordings above unverified.

import type { PostgrestError } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createChallenge,
  createUser,
  recordingFor,
  serviceClient,
  sql,
  type TestUser,
} from './helpers.js';

function expectPermissionDenied(error: PostgrestError | null): void {
  expect(error, 'expected PostgREST to refuse with 42501').not.toBeNull();
  expect(error!.code).toBe('42501');
}

interface VerificationRow {
  valid_reps: number;
  claimed_valid_reps: number;
  claimed_total_reps: number;
  verified_valid_reps: number | null;
  verification_status: string;
  verification_request: string | null;
  verification_flagged: boolean;
}

async function verificationOf(id: string): Promise<VerificationRow> {
  const [row] = await sql<VerificationRow>(
    `select valid_reps, claimed_valid_reps, claimed_total_reps, verified_valid_reps,
       verification_status, verification_request, verification_flagged
     from public.challenge_recordings where id = $1`,
    [id],
  );
  return row!;
}

/** The verification jobs queued for a recording (the queue's own table). */
async function jobsFor(id: string): Promise<{ request: string; state: string }[]> {
  return sql<{ request: string; state: string }>(
    `select data ->> 'request' as request, state::text from pgboss.job
     where name = 'verification' and data ->> 'recordingId' = $1`,
    [id],
  );
}

/** What the worker writes, as the worker writes it (the owner's connection). */
async function writeVerified(id: string, valid: number, invalid: number): Promise<void> {
  await sql(
    `update public.challenge_recordings set verified_valid_reps = $2, verified_invalid_reps = $3,
       verified_total_reps = $2::int + $3::int, valid_reps = $2, invalid_reps = $3,
       total_reps = $2::int + $3::int,
       verification_status = 'verified', verified_at = now()
     where id = $1`,
    [id, valid, invalid],
  );
}

let owner: TestUser;
let other: TestUser;
let challenge: { id: string };

beforeAll(async () => {
  [owner, other, challenge] = await Promise.all([
    createUser({ label: 'claimant' }),
    createUser({ label: 'other' }),
    createChallenge({ name: 'Verified scores' }),
  ]);
});

async function submit(user: TestUser, overrides: Record<string, unknown> = {}): Promise<string> {
  // Each submission in a challenge of its own: the default challenge takes one per participant.
  const target = await createChallenge();
  const { data, error } = await user.client
    .from('challenge_recordings')
    .insert(recordingFor(user, target.id, overrides))
    .select('id')
    .single();
  expect(error).toBeNull();
  return data!.id;
}

describe('claimed counts', () => {
  it('the counts sent at insert are stored as the claim and stand until verified', async () => {
    const id = await submit(owner, { valid_reps: 40, invalid_reps: 3 });
    expect(await verificationOf(id)).toMatchObject({
      valid_reps: 40,
      claimed_valid_reps: 40,
      claimed_total_reps: 43,
      verified_valid_reps: null,
      verification_status: 'verifying',
    });
  });
  it('a participant cannot raise a count after submission', async () => {
    const id = await submit(owner, { valid_reps: 10, invalid_reps: 0 });
    for (const change of [
      { valid_reps: 200 },
      { invalid_reps: 0, valid_reps: 11 },
      { total_reps: 200 },
      { claimed_valid_reps: 200 },
      { duration_seconds: 1 },
      { analysis_data: { completed_reps: [] } },
      { video_url: '/media/videos/other.webm' },
    ]) {
      expectPermissionDenied(
        (await owner.client.from('challenge_recordings').update(change).eq('id', id)).error,
      );
    }
    expect(await verificationOf(id)).toMatchObject({ valid_reps: 10, claimed_valid_reps: 10 });
  });
  it('a participant cannot set a verified count or status, at insert or after', async () => {
    for (const field of [
      { verified_valid_reps: 50 },
      { verified_total_reps: 50 },
      { verification_status: 'verified' },
      { verification_request: '00000000-0000-4000-8000-000000000000' },
      { claimed_valid_reps: 50 },
    ]) {
      expectPermissionDenied(
        (
          await owner.client
            .from('challenge_recordings')
            .insert(recordingFor(owner, challenge.id, field))
        ).error,
      );
    }
    const id = await submit(owner);
    expectPermissionDenied(
      (
        await owner.client
          .from('challenge_recordings')
          .update({ verified_valid_reps: 99, verification_status: 'verified' })
          .eq('id', id)
      ).error,
    );
    // Not through the evidence table either.
    expectPermissionDenied(
      (
        await owner.client.from('recording_rep_evidence').insert({
          recording_id: id,
          rep_number: 1,
          start_ms: 0,
          end_ms: 1,
          angle_name: 'elbow',
          is_valid: true,
        })
      ).error,
    );
    expect(await verificationOf(id)).toMatchObject({
      verified_valid_reps: null,
      verification_status: 'verifying',
    });
  });
  it('even the service role cannot insert a recording as verified: the trigger clears it', async () => {
    const target = await createChallenge();
    const { data, error } = await serviceClient()
      .from('challenge_recordings')
      .insert({
        ...recordingFor(owner, target.id),
        verified_valid_reps: 99,
        verification_status: 'verified',
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    expect(await verificationOf(data!.id)).toMatchObject({
      verified_valid_reps: null,
      verification_status: 'verifying',
    });
  });
  it('a participant cannot submit in another name (account or e-mail)', async () => {
    expectPermissionDenied(
      (
        await other.client
          .from('challenge_recordings')
          .insert(recordingFor(other, challenge.id, { user_id: owner.id }))
      ).error,
    );
    expectPermissionDenied(
      (
        await other.client
          .from('challenge_recordings')
          .insert(recordingFor(other, challenge.id, { email: owner.email }))
      ).error,
    );
  });
});

describe('verification requests', () => {
  it('a recording with a video gets one verification job, in its own transaction', async () => {
    const id = await submit(owner);
    const row = await verificationOf(id);
    expect(row.verification_request).not.toBeNull();
    expect(await jobsFor(id)).toEqual([
      { request: row.verification_request, state: expect.stringMatching(/created|active|retry/) },
    ]);
  });
  it('a recording without a video is unverified and queues nothing; attaching one queues it', async () => {
    const id = await submit(owner, { video_url: null, gif_url: null });
    expect(await verificationOf(id)).toMatchObject({
      verification_status: 'no_video',
      verification_request: null,
    });
    expect(await jobsFor(id)).toEqual([]);
    const { error } = await owner.client.rpc('attach_recording_video', {
      target_recording_id: id,
      new_video_url: '/media/videos/late.webm',
    });
    expect(error).toBeNull();
    const row = await verificationOf(id);
    expect(row.verification_status).toBe('verifying');
    expect(await jobsFor(id)).toEqual([
      { request: row.verification_request, state: expect.any(String) },
    ]);
  });
});

describe('flags and ranking', () => {
  it('a verified total more than one rep from the claim is flagged; within one is not', async () => {
    const claimed200 = await submit(owner, { valid_reps: 200, invalid_reps: 0 });
    await writeVerified(claimed200, 3, 0);
    expect(await verificationOf(claimed200)).toMatchObject({
      valid_reps: 3,
      claimed_valid_reps: 200,
      verification_flagged: true,
    });
    const close = await submit(owner, { valid_reps: 20, invalid_reps: 1 });
    await writeVerified(close, 20, 0);
    expect((await verificationOf(close)).verification_flagged).toBe(false);
  });
  it('the public leaderboard puts verified and verifying recordings above unverified ones', async () => {
    const board = await createChallenge({ is_daily: true });
    const users = await Promise.all([1, 2, 3].map(() => createUser({ label: 'ranked' })));
    const insert = async (user: TestUser, overrides: Record<string, unknown>) => {
      const { data, error } = await user.client
        .from('challenge_recordings')
        .insert(recordingFor(user, board.id, overrides))
        .select('id')
        .single();
      expect(error).toBeNull();
      return data!.id;
    };
    const noVideo = await insert(users[0]!, { valid_reps: 90, video_url: null, gif_url: null });
    const verified = await insert(users[1]!, { valid_reps: 30 });
    await writeVerified(verified, 25, 0);
    const verifying = await insert(users[2]!, { valid_reps: 20 });
    const { data, error } = await serviceClient()
      .from('leaderboard_entries')
      .select('id, valid_reps, verification_status')
      .eq('challenge_id', board.id)
      .order('verification_rank', { ascending: false })
      .order('valid_reps', { ascending: false })
      .order('created_at', { ascending: true });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: verified, valid_reps: 25, verification_status: 'verified' },
      { id: verifying, valid_reps: 20, verification_status: 'verifying' },
      { id: noVideo, valid_reps: 90, verification_status: 'no_video' },
    ]);
  });
});
