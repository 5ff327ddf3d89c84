// Claimed and verified counts through the data API (issue 18): a participant's counts are a claim
// fixed at insert; only the verification worker (the database owner's connection, never the data
// API) writes verified counts; a recording with a video gets a verification job in the same
// transaction; only verified counts rank (issue 25): a claim waiting for its verification or its
// video is listed apart, unranked, and a failed verification is listed nowhere.

import { beforeAll, describe, expect, it } from 'vitest';
import {
  createChallenge,
  createUser,
  expectPermissionDenied,
  recordingFor,
  serviceClient,
  sql,
  type TestUser,
  uploadedVideo,
  verifyAsWorker,
} from './helpers.js';

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
let challenge: { id: string };

beforeAll(async () => {
  [owner, challenge] = await Promise.all([
    createUser({ label: 'claimant' }),
    createChallenge({ name: 'Verified scores' }),
  ]);
});

async function submit(user: TestUser, overrides: Record<string, unknown> = {}): Promise<string> {
  // Each submission in a challenge of its own: the default challenge takes one per participant.
  const target = await createChallenge();
  const { data, error } = await user.client
    .from('challenge_recordings')
    .insert(await recordingFor(user, target.id, overrides))
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
            .insert(await recordingFor(owner, challenge.id, field))
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
        ...(await recordingFor(owner, target.id)),
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
      new_video_url: (await uploadedVideo(owner)).videoUrl,
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
  it('the public view says which counts are verified: only those rank', async () => {
    const board = await createChallenge({ is_daily: true });
    const users = await Promise.all([1, 2, 3].map(() => createUser({ label: 'ranked' })));
    const insert = async (user: TestUser, overrides: Record<string, unknown>) => {
      const { data, error } = await user.client
        .from('challenge_recordings')
        .insert(await recordingFor(user, board.id, overrides))
        .select('id')
        .single();
      expect(error).toBeNull();
      return data!.id;
    };
    const noVideo = await insert(users[0]!, { valid_reps: 90, video_url: null, gif_url: null });
    const verified = await insert(users[1]!, { valid_reps: 30 });
    await verifyAsWorker(verified, { valid: 25 });
    const verifying = await insert(users[2]!, { valid_reps: 20 });
    const { data, error } = await serviceClient()
      .from('leaderboard_entries')
      .select('id, valid_reps, verification_status, ranked')
      .eq('challenge_id', board.id)
      .order('created_at', { ascending: true });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: noVideo, valid_reps: 90, verification_status: 'no_video', ranked: false },
      { id: verified, valid_reps: 25, verification_status: 'verified', ranked: true },
      { id: verifying, valid_reps: 20, verification_status: 'verifying', ranked: false },
    ]);
  });

  it('challenge_leaderboard ranks verified counts only; claims wait below unranked; a verified recording is its participant’s best', async () => {
    // Daily: one recording a day, so one participant can have two (yesterday's and today's).
    const board = await createChallenge({ is_daily: true });
    const [claimant, checked, pending, mixed] = await Promise.all(
      ['claimant', 'checked', 'pending', 'mixed'].map((label) => createUser({ label })),
    );
    const insert = async (user: TestUser, name: string, overrides: Record<string, unknown>) => {
      const [row] = await sql<{ id: string }>(
        `insert into public.challenge_recordings
           (challenge_id, user_id, name, email, gender, valid_reps, invalid_reps, duration_seconds,
            video_url, gif_url, analysis_data, created_at)
         values ($1, $2, $3, $4, 'male', $5, 0, 60, $6, null, '{"completed_reps": []}',
           now() - $7 * interval '1 day' + $8 * interval '1 second')
         returning id`,
        [
          board.id,
          user.id,
          name,
          user.email,
          overrides.valid_reps,
          overrides.video ? (await uploadedVideo(user)).videoUrl : null,
          overrides.days_ago ?? 0,
          overrides.second ?? 0,
        ],
      );
      return row!.id;
    };
    await insert(claimant!, 'Claimant', { valid_reps: 90, second: 1 }); // saved without a video
    const checkedId = await insert(checked!, 'Checked', { valid_reps: 30, video: true, second: 2 });
    await verifyAsWorker(checkedId, { valid: 25 });
    await insert(pending!, 'Pending', { valid_reps: 20, video: true, second: 3 });
    await insert(mixed!, 'Mixed', { valid_reps: 80, days_ago: 1 }); // no video: a claim
    const mixedVerified = await insert(mixed!, 'Mixed', {
      valid_reps: 10,
      video: true,
      second: 4,
    });
    await verifyAsWorker(mixedVerified, { valid: 10 });
    const { data, error } = await serviceClient().rpc('challenge_leaderboard', {
      target_challenge_id: board.id,
      period: 'all_time',
      gender: 'all',
      time_zone: 'UTC',
      page_offset: 0,
      page_size: 100,
      as_of: null,
    });
    expect(error).toBeNull();
    type Row = {
      name: string;
      valid_reps: number | null;
      claimed_valid_reps: number | null;
      rank: number | null;
      ranked: boolean;
    };
    const entries = (data as { entries: Row[] }).entries;
    expect(
      entries.map(({ name, valid_reps, claimed_valid_reps, rank, ranked }) => ({
        name,
        valid_reps,
        claimed_valid_reps,
        rank,
        ranked,
      })),
    ).toEqual([
      { name: 'Checked', valid_reps: 25, claimed_valid_reps: null, rank: 1, ranked: true },
      { name: 'Mixed', valid_reps: 10, claimed_valid_reps: null, rank: 2, ranked: true },
      // Waiting, in order of submission: their claims shown as claims, never as counts.
      { name: 'Claimant', valid_reps: null, claimed_valid_reps: 90, rank: null, ranked: false },
      { name: 'Pending', valid_reps: null, claimed_valid_reps: 20, rank: null, ranked: false },
    ]);
    // The signed-in claimant's own entry agrees: no rank, the claim as a claim.
    const own = await claimant!.client.rpc('challenge_leaderboard', {
      target_challenge_id: board.id,
      period: 'all_time',
      gender: 'all',
      time_zone: 'UTC',
      page_offset: 0,
      page_size: 1,
      as_of: null,
    });
    expect(own.error).toBeNull();
    expect(own.data).toMatchObject({
      own_entry: { name: 'Claimant', rank: null, valid_reps: null, claimed_valid_reps: 90 },
    });
  });

  it('a video attached later lists a claim as waiting, its verification ranks it by the verified count, a failed one lists it nowhere', async () => {
    const board = await createChallenge({});
    const [late, steady] = await Promise.all(
      ['late', 'steady'].map((label) => createUser({ label })),
    );
    const lateId = await submit(late!, {
      challenge_id: board.id,
      name: 'Late',
      valid_reps: 50,
      video_url: null,
      gif_url: null,
    });
    const steadyId = await submit(steady!, {
      challenge_id: board.id,
      name: 'Steady',
      valid_reps: 10,
    });
    await verifyAsWorker(steadyId, { valid: 10 });
    const order = async () => {
      const { data, error } = await serviceClient().rpc('challenge_leaderboard', {
        target_challenge_id: board.id,
      });
      expect(error).toBeNull();
      return (data as { entries: { name: string; rank: number | null }[] }).entries.map((entry) => [
        entry.name,
        entry.rank,
      ]);
    };
    expect(await order()).toEqual([
      ['Steady', 1],
      ['Late', null],
    ]);
    const attached = await late!.client.rpc('attach_recording_video', {
      target_recording_id: lateId,
      new_video_url: (await uploadedVideo(late!)).videoUrl,
    });
    expect(attached.error).toBeNull();
    // Verifying: its claim of 50 waits below the verified 10.
    expect(await order()).toEqual([
      ['Steady', 1],
      ['Late', null],
    ]);
    await verifyAsWorker(lateId, { valid: 12 });
    expect(await order()).toEqual([
      ['Late', 1],
      ['Steady', 2],
    ]);
    await sql(
      `update public.challenge_recordings set verification_status = 'failed',
         verification_error = 'video missing' where id = $1`,
      [lateId],
    );
    expect(await order()).toEqual([['Steady', 1]]);
  });
});

describe('the verification model', () => {
  it('a new challenge verifies with the model the worker and `reptemple judge` default to', async () => {
    const { DEFAULT_VERIFICATION_MODEL } = await import('@reptemple/verifier');
    const [column] = await sql<{ column_default: string }>(
      `select column_default from information_schema.columns
       where table_schema = 'public' and table_name = 'challenges' and column_name = 'verification_model'`,
    );
    expect(column!.column_default).toBe(`'${DEFAULT_VERIFICATION_MODEL}'::pose_model_variant`);
    // The full model (docs/decisions.md, "Verification model"): lite reads clean lockouts short.
    expect(DEFAULT_VERIFICATION_MODEL).toBe('full');
  });
});
