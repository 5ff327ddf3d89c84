// What ranks, what is hidden, who may submit (issue 25): the outside probe's cases against the real
// stack, each through the path the probe took (the data API, the media API, the contact-sheet
// route). Only verified counts rank on every tab and in the Aggregate; a recording carries only
// its own participant's upload, once; a stranger learns nothing of a hidden duel's counts by any
// route.

import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  anonClient,
  createChallenge,
  createUser,
  JPEG_STAND_IN,
  recordingFor,
  serviceClient,
  sql,
  stack,
  type TestUser,
  uploadedVideo,
  verifyAsWorker,
} from './helpers.js';

interface Entry {
  rank: number | null;
  recording_id: string | null;
  name: string;
  valid_reps: number | null;
  claimed_valid_reps: number | null;
  duration_seconds: number | null;
  form_score: number | null;
  video_url: string | null;
  verification_status: string;
  ranked: boolean;
  is_own: boolean;
}
interface Board {
  results_hidden: boolean;
  participant_count: number;
  counts: { all: number; male: number; female: number };
  entries: Entry[];
  own_entry: Entry | null;
}
interface AggregateEntry {
  rank: number | null;
  name: string;
  total_reps: number | null;
  days_logged: number | null;
  pending_reps: number | null;
  ranked: boolean;
  is_own: boolean;
}

async function board(
  client: SupabaseClient,
  challengeId: string,
  period = 'all_time',
  gender = 'all',
): Promise<Board> {
  const { data, error } = await client.rpc('challenge_leaderboard', {
    target_challenge_id: challengeId,
    period,
    gender,
    time_zone: 'UTC',
    page_offset: 0,
    page_size: 100,
  });
  expect(error).toBeNull();
  return data as Board;
}

async function aggregate(
  client: SupabaseClient,
  challengeId: string,
): Promise<{ entries: AggregateEntry[]; own_entry: AggregateEntry | null }> {
  const { data, error } = await client.rpc('challenge_leaderboard_aggregate', {
    target_challenge_id: challengeId,
    gender: 'all',
    time_zone: 'UTC',
    page_offset: 0,
    page_size: 100,
  });
  expect(error).toBeNull();
  return data as { entries: AggregateEntry[]; own_entry: AggregateEntry | null };
}

/** A participant's submission through the data API, as the record page makes it; its id. */
async function submit(
  user: TestUser,
  challengeId: string,
  overrides: Record<string, unknown>,
): Promise<string> {
  const { data, error } = await user.client
    .from('challenge_recordings')
    .insert(await recordingFor(user, challengeId, overrides))
    .select('id')
    .single();
  expect(error).toBeNull();
  return data!.id;
}

/** A real upload through the media API, as the record page sends it. */
async function upload(user: TestUser): Promise<{ videoUrl: string; gifUrl: string }> {
  const form = new FormData();
  const bytes = await readFile(path.join(stack.fixturesDir, 'pushup-recording.webm'));
  form.set('video', new Blob([bytes], { type: 'video/webm' }), 'attempt.webm');
  form.set('sessionId', `rules-${randomBytes(4).toString('hex')}`);
  form.set('totalPushups', '12');
  form.set('challengeName', 'Competition rules');
  const response = await fetch(`${stack.url}/api/upload-video`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { videoUrl: string; gifUrl: string };
}

const PERIODS = ['today', 'this_week', 'all_time'] as const;

describe('only verified counts rank', () => {
  let challengeId: string;
  let honest: TestUser;
  let claimant: TestUser;
  let noVideo: TestUser;
  let failed: TestUser;
  let claimantId: string;

  beforeAll(async () => {
    // Accountability and daily: every tab and the Aggregate.
    ({ id: challengeId } = await createChallenge({ is_daily: true }));
    [honest, claimant, noVideo, failed] = await Promise.all([
      createUser({ label: 'honest' }),
      createUser({ label: 'claimant' }),
      createUser({ label: 'no-video' }),
      createUser({ label: 'failed' }),
    ]);
    // The probe: a claim of 1000 backed by a 4-rep video, waiting for its verification...
    claimantId = await submit(claimant, challengeId, { name: 'Claimant', valid_reps: 1000 });
    // ... a verified 4 ...
    const honestId = await submit(honest, challengeId, { name: 'Honest', valid_reps: 4 });
    await verifyAsWorker(honestId, { valid: 4 });
    // ... a claim of 1000 with no video at all, and a verification that failed.
    await submit(noVideo, challengeId, {
      name: 'No Video',
      valid_reps: 1000,
      video_url: null,
      gif_url: null,
    });
    const failedId = await submit(failed, challengeId, { name: 'Failed', valid_reps: 900 });
    await sql(
      `update public.challenge_recordings set verification_status = 'failed',
         verification_error = 'the video could not be decoded' where id = $1`,
      [failedId],
    );
  });

  it('a pending claim is listed apart, below the ranked entries, on every tab; a failed one nowhere', async () => {
    for (const period of PERIODS) {
      const result = await board(anonClient(), challengeId, period);
      expect(
        result.entries.map((entry) => [
          entry.name,
          entry.rank,
          entry.valid_reps,
          entry.claimed_valid_reps,
          entry.ranked,
        ]),
        period,
      ).toEqual([
        ['Honest', 1, 4, null, true],
        // Waiting, in order of submission; their claims are claims, never counts or ranks.
        ['Claimant', null, null, 1000, false],
        ['No Video', null, null, 1000, false],
      ]);
      expect(result.counts, period).toEqual({ all: 3, male: 3, female: 0 });
      // The gender tab ranks the same way.
      const men = await board(anonClient(), challengeId, period, 'male');
      expect(men.entries.map((entry) => entry.rank)).toEqual([1, null, null]);
    }
  });

  it('a board with no verified entry ranks nobody, whatever the claims', async () => {
    const { id } = await createChallenge();
    const user = await createUser({ label: 'lonely-claim' });
    await submit(user, id, { name: 'Lonely', valid_reps: 1000, video_url: null, gif_url: null });
    const result = await board(anonClient(), id);
    expect(result.entries.map((entry) => [entry.name, entry.rank, entry.valid_reps])).toEqual([
      ['Lonely', null, null],
    ]);
  });

  it('the Aggregate sums verified counts only; claims waiting are shown apart', async () => {
    const { entries } = await aggregate(anonClient(), challengeId);
    expect(
      entries.map((entry) => [
        entry.name,
        entry.rank,
        entry.total_reps,
        entry.days_logged,
        entry.pending_reps,
        entry.ranked,
      ]),
    ).toEqual([
      ['Honest', 1, 4, 1, 0, true],
      ['Claimant', null, 0, 0, 1000, false],
      ['No Video', null, 0, 0, 1000, false],
    ]);
  });

  it('the participant whose verification failed still sees their own entry, unranked', async () => {
    const own = await board(failed.client, challengeId);
    expect(own.entries.some((entry) => entry.is_own)).toBe(false);
    expect(own.own_entry).toMatchObject({
      name: 'Failed',
      rank: null,
      valid_reps: null,
      claimed_valid_reps: 900,
      verification_status: 'failed',
    });
    expect((await aggregate(failed.client, challengeId)).own_entry).toMatchObject({
      rank: null,
      total_reps: 0,
      ranked: false,
    });
  });

  it('once verified, a claim ranks by its verified count', async () => {
    // The video held 3 clean reps and 2 bad ones.
    await verifyAsWorker(claimantId, { valid: 3, invalid: 2 });
    for (const period of PERIODS) {
      const result = await board(anonClient(), challengeId, period);
      expect(
        result.entries.map((entry) => [entry.name, entry.rank, entry.valid_reps]),
        period,
      ).toEqual([
        ['Honest', 1, 4],
        ['Claimant', 2, 3],
        ['No Video', null, null],
      ]);
    }
  });

  it('the form-score tie-break is the verification’s, not the browser’s claim', async () => {
    const { id } = await createChallenge();
    const [modest, boaster] = await Promise.all([
      createUser({ label: 'modest' }),
      createUser({ label: 'boaster' }),
    ]);
    // The boaster claims perfect form in the browser's analysis and submits first.
    const perfect = { completed_reps: [{ isValidRep: true, alignmentScore: 100 }] };
    const boasterId = await submit(boaster, id, { name: 'Boaster', analysis_data: perfect });
    const modestId = await submit(modest, id, { name: 'Modest', analysis_data: {} });
    await verifyAsWorker(boasterId, { valid: 10, alignment: [60] });
    await verifyAsWorker(modestId, { valid: 10, alignment: [90] });
    const result = await board(anonClient(), id);
    expect(result.entries.map((entry) => [entry.name, entry.rank, entry.form_score])).toEqual([
      ['Modest', 1, 90],
      ['Boaster', 2, 60],
    ]);
  });
});

describe('ownership and one use per upload', () => {
  let alice: TestUser;
  let mallory: TestUser;
  let challengeId: string;

  beforeAll(async () => {
    [alice, mallory] = await Promise.all([
      createUser({ label: 'owner' }),
      createUser({ label: 'mallory' }),
    ]);
    // An event: any number of attempts, so only the upload rules can refuse.
    ({ id: challengeId } = await createChallenge({
      slug: `own-${randomBytes(3).toString('hex')}`,
    }));
    await sql(
      `insert into public.challenge_events (challenge_id, template) values ($1, 'token2049')`,
      [challengeId],
    );
  });

  it("an insert carrying another participant's upload is refused", async () => {
    const alices = await upload(alice);
    const { error } = await mallory.client.from('challenge_recordings').insert(
      await recordingFor(mallory, challengeId, {
        video_url: alices.videoUrl,
        gif_url: alices.gifUrl,
        valid_reps: 1000,
      }),
    );
    expect(error?.code).toBe('42501');
    expect(error?.message).toContain('is not an upload of this account');
    // Alice's own submission of it is taken.
    const { error: own } = await alice.client.from('challenge_recordings').insert(
      await recordingFor(alice, challengeId, {
        video_url: alices.videoUrl,
        gif_url: alices.gifUrl,
      }),
    );
    expect(own).toBeNull();
  });

  it("attach_recording_video refuses another participant's upload and leaves the attempt as it was", async () => {
    const alices = await upload(alice);
    const attemptId = await submit(mallory, challengeId, {
      name: 'Mallory',
      valid_reps: 1000,
      video_url: null,
      gif_url: null,
    });
    const { error } = await mallory.client.rpc('attach_recording_video', {
      target_recording_id: attemptId,
      new_video_url: alices.videoUrl,
      new_gif_url: alices.gifUrl,
    });
    expect(error?.code).toBe('42501');
    const [row] = await sql<{ video_url: string | null; verification_status: string }>(
      'select video_url, verification_status from public.challenge_recordings where id = $1',
      [attemptId],
    );
    // Not back to 'verifying' (the probe saw it rank #1 for minutes until the worker refused it).
    expect(row).toEqual({ video_url: null, verification_status: 'no_video' });
  });

  it('one upload backs one recording: a second insert or attachment of it is refused', async () => {
    const once = await uploadedVideo(alice);
    await submit(alice, challengeId, { video_url: once.videoUrl, gif_url: once.gifUrl });
    const again = await alice.client
      .from('challenge_recordings')
      .insert(await recordingFor(alice, challengeId, { video_url: once.videoUrl, gif_url: null }));
    expect(again.error?.code).toBe('23505');
    // In another challenge, on another day: the same.
    const elsewhere = await createChallenge();
    const later = await alice.client
      .from('challenge_recordings')
      .insert(await recordingFor(alice, elsewhere.id, { video_url: once.videoUrl, gif_url: null }));
    expect(later.error?.code).toBe('23505');
    const attemptId = await submit(alice, challengeId, { video_url: null, gif_url: null });
    const attached = await alice.client.rpc('attach_recording_video', {
      target_recording_id: attemptId,
      new_video_url: once.videoUrl,
    });
    expect(attached.error?.code).toBe('23505');
    // Even the service role (and the database owner) cannot give an upload two recordings.
    const direct = await serviceClient()
      .from('challenge_recordings')
      .insert(await recordingFor(alice, elsewhere.id, { video_url: once.videoUrl, gif_url: null }));
    expect(direct.error?.code).toBe('23505');
  });

  it('a GIF of another upload is refused', async () => {
    const [mine, theirs] = await Promise.all([uploadedVideo(alice), uploadedVideo(mallory)]);
    const { error } = await alice.client.from('challenge_recordings').insert(
      await recordingFor(alice, challengeId, {
        video_url: mine.videoUrl,
        gif_url: theirs.gifUrl,
      }),
    );
    expect(error?.code).toBe('22023');
  });

  it('an external video URL is refused at insert, through the data API and for every role', async () => {
    for (const url of ['https://evil.example/fake.mp4', '//evil.example/x.webm', '/etc/passwd']) {
      const { error } = await alice.client
        .from('challenge_recordings')
        .insert(await recordingFor(alice, challengeId, { video_url: url, gif_url: null }));
      expect(error?.code, url).toBe('22023');
      const direct = await serviceClient()
        .from('challenge_recordings')
        .insert(await recordingFor(alice, challengeId, { video_url: url, gif_url: null }));
      expect(direct.error?.code, url).toBe('23514');
    }
  });
});

describe('hidden means hidden', () => {
  let duelId: string;
  let alice: TestUser;
  let stranger: TestUser;
  let adminUser: TestUser;
  let aliceId: string;
  let aliceVideo: string;

  beforeAll(async () => {
    [alice, stranger, adminUser] = await Promise.all([
      createUser({ label: 'hidden-alice' }),
      createUser({ label: 'hidden-stranger' }),
      admin(),
    ]);
    ({ id: duelId } = await createChallenge({
      challenge_type: 'duel',
      hide_results_until_finished: true,
    }));
    // A real upload: its video is on disk, so only the visibility rule can refuse it.
    const media = await upload(alice);
    aliceVideo = media.videoUrl;
    aliceId = await submit(alice, duelId, {
      name: 'Alice',
      valid_reps: 40,
      video_url: media.videoUrl,
      gif_url: media.gifUrl,
    });
    await verifyAsWorker(aliceId, { valid: 40, alignment: [88] });
  });

  it('listings give strangers no recording id, count, length or media; the participant and admins see theirs', async () => {
    for (const client of [anonClient(), stranger.client]) {
      const result = await board(client, duelId);
      expect(result.results_hidden).toBe(true);
      expect(result.entries).toHaveLength(1);
      expect(result.entries[0]).toMatchObject({
        name: 'Alice',
        recording_id: null,
        rank: null,
        valid_reps: null,
        claimed_valid_reps: null,
        duration_seconds: null,
        video_url: null,
      });
      const view = await client
        .from('leaderboard_entries')
        .select('id, valid_reps, duration_seconds, video_url')
        .eq('challenge_id', duelId);
      expect(view.data).toEqual([
        { id: null, valid_reps: null, duration_seconds: null, video_url: null },
      ]);
      // Asking by the id itself finds nothing either.
      const byId = await client.from('leaderboard_entries').select('name').eq('id', aliceId);
      expect(byId.data).toEqual([]);
    }
    for (const client of [alice.client, adminUser.client]) {
      const result = await board(client, duelId);
      expect(result.entries[0]).toMatchObject({ recording_id: aliceId, valid_reps: 40 });
    }
  });

  it("the evidence table gives strangers nothing of a hidden recording's reps", async () => {
    for (const client of [anonClient(), stranger.client]) {
      const { data, error } = await client
        .from('recording_rep_evidence')
        .select('rep_number, is_valid')
        .eq('recording_id', aliceId);
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    for (const client of [alice.client, adminUser.client]) {
      const { data } = await client
        .from('recording_rep_evidence')
        .select('rep_number')
        .eq('recording_id', aliceId);
      expect(data).toHaveLength(40);
    }
  });

  it('the contact-sheet route answers strangers 404; the participant and admins with their token', async () => {
    const sheet = `${stack.url}/api/recordings/${aliceId}/reps/1.jpg`;
    expect((await fetch(sheet)).status).toBe(404);
    const forStranger = await fetch(sheet, {
      headers: { authorization: `Bearer ${stranger.accessToken}` },
    });
    expect(forStranger.status).toBe(404);
    // A forged token names nobody.
    expect((await fetch(`${sheet}?access_token=not.a.token`)).status).toBe(404);
    for (const token of [alice.accessToken, adminUser.accessToken]) {
      const byHeader = await fetch(sheet, { headers: { authorization: `Bearer ${token}` } });
      expect(byHeader.status).toBe(200);
      expect(byHeader.headers.get('cache-control')).toBe('private, no-store');
      expect(Buffer.from(await byHeader.arrayBuffer())).toEqual(JPEG_STAND_IN);
      // <img> cannot send a header: the token may come as a query parameter.
      expect((await fetch(`${sheet}?access_token=${token}`)).status).toBe(200);
    }
  });

  it("the media routes refuse a hidden recording's video, GIF and thumbnail to strangers; its participant fetches it privately", async () => {
    const uploadId = path.basename(aliceVideo, '.webm');
    for (const file of [
      aliceVideo,
      `/media/gifs/${uploadId}.gif`,
      `/media/thumbnails/${uploadId}.jpg`,
    ]) {
      const anon = await fetch(`${stack.url}${file}`);
      expect(anon.status, file).toBe(404);
      expect(((await anon.json()) as { message: string }).message).toBe('No such media file');
      const asStranger = await fetch(`${stack.url}${file}?access_token=${stranger.accessToken}`);
      expect(asStranger.status, file).toBe(404);
    }
    for (const token of [alice.accessToken, adminUser.accessToken]) {
      const video = await fetch(`${stack.url}${aliceVideo}?access_token=${token}`);
      expect(video.status).toBe(200);
      expect(video.headers.get('cache-control')).toBe('private, no-store');
      await video.arrayBuffer();
    }
  });

  it('no table is published for realtime, and every table has row-level security', async () => {
    const published = await sql(
      `select schemaname, tablename from pg_publication_tables
       where schemaname in ('public', 'reptemple_private')`,
    );
    expect(published).toEqual([]);
    const open = await sql(
      `select c.oid::regclass::text as name from pg_class c
       where c.relkind in ('r', 'p') and c.relnamespace::regnamespace::text in ('public', 'reptemple_private')
         and not c.relrowsecurity`,
    );
    expect(open).toEqual([]);
  });

  it('once the duel is over, everyone sees the counts, ids, evidence and contact sheets', async () => {
    const { id } = await createChallenge({
      challenge_type: 'duel',
      hide_results_until_finished: true,
    });
    const bob = await createUser({ label: 'hidden-bob' });
    const bobId = await submit(bob, id, { name: 'Bob', valid_reps: 7 });
    await verifyAsWorker(bobId, { valid: 7 });
    expect((await fetch(`${stack.url}/api/recordings/${bobId}/reps/1.jpg`)).status).toBe(404);
    await sql(
      `update public.challenges set first_participant_joined_at = now() - interval '72 hours 1 minute' where id = $1`,
      [id],
    );
    const result = await board(anonClient(), id);
    expect(result.entries[0]).toMatchObject({ recording_id: bobId, valid_reps: 7, rank: 1 });
    const evidence = await anonClient()
      .from('recording_rep_evidence')
      .select('rep_number')
      .eq('recording_id', bobId);
    expect(evidence.data).toHaveLength(7);
    const sheet = await fetch(`${stack.url}/api/recordings/${bobId}/reps/1.jpg`);
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('cache-control')).toBe('public, max-age=60');
  });
});
