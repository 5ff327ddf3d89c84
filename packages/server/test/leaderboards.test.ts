// Leaderboards computed in the database (spec 02 §2, §9), called through the data API as the web
// app calls them: periods and streaks in the caller's time zone (midnight, a month boundary, a
// DST change, two zones), the Aggregate, tie-breaking, one entry per participant, and duel
// results hidden from everyone but the participant and admins. Recordings are arranged with SQL
// where their time matters (a client cannot choose created_at).

import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  anonClient,
  createChallenge,
  createUser,
  recordingFor,
  sql,
  type TestUser,
  verifyAsWorker,
} from './helpers.js';

interface Entry {
  rank: number | null;
  recording_id: string;
  name: string;
  gender: 'male' | 'female';
  valid_reps: number | null;
  invalid_reps: number | null;
  form_score: number | null;
  video_url: string | null;
  gif_url: string | null;
  share_count: number;
  referral_count: number;
  created_at: string;
  is_own: boolean;
}
interface Board {
  period: string;
  time_zone: string;
  period_start: string | null;
  period_end: string | null;
  results_hidden: boolean;
  participant_count: number;
  counts: { all: number; male: number; female: number };
  entries: Entry[];
}
interface AggregateEntry {
  rank: number | null;
  name: string;
  days_logged: number | null;
  total_reps: number | null;
  daily_average: number | null;
  top_daily: number | null;
  streak_length: number | null;
  is_own: boolean;
}
interface Aggregate {
  today: string;
  results_hidden: boolean;
  counts: { all: number; male: number; female: number };
  entries: AggregateEntry[];
}

async function board(
  client: SupabaseClient,
  challengeId: string,
  options: { period?: string; gender?: string; zone?: string; asOf?: string; offset?: number } = {},
): Promise<Board> {
  const { data, error } = await client.rpc('challenge_leaderboard', {
    target_challenge_id: challengeId,
    period: options.period ?? 'all_time',
    gender: options.gender ?? 'all',
    time_zone: options.zone ?? 'UTC',
    page_offset: options.offset ?? 0,
    page_size: 100,
    as_of: options.asOf ?? null,
  });
  expect(error).toBeNull();
  return data as Board;
}

async function aggregate(
  client: SupabaseClient,
  challengeId: string,
  options: { gender?: string; zone?: string; asOf?: string } = {},
): Promise<Aggregate> {
  const { data, error } = await client.rpc('challenge_leaderboard_aggregate', {
    target_challenge_id: challengeId,
    gender: options.gender ?? 'all',
    time_zone: options.zone ?? 'UTC',
    page_offset: 0,
    page_size: 100,
    as_of: options.asOf ?? null,
  });
  expect(error).toBeNull();
  return data as Aggregate;
}

interface Arranged {
  name: string;
  email?: string;
  gender?: 'male' | 'female';
  valid?: number;
  invalid?: number;
  at: string;
  /** The valid reps' alignment scores as the verification measured them (the form score). */
  alignment?: number[];
  referredBy?: string;
  /** The zone the participant's recording was sent from: a daily challenge takes one a day in
   * the participant's days (none: UTC). */
  zone?: string;
  /** Verified by the worker (the default, with `valid` and `invalid` as its counts); or still
   * verifying, saved without a video, or failed, with `valid` as the claim. */
  status?: 'verified' | 'verifying' | 'no_video' | 'failed';
}

/** Inserts recordings with chosen times (as SQL; the triggers run as for any insert), then
 * verifies them as the worker does unless they are to stay unverified. */
async function arrange(challengeId: string, rows: Arranged[]): Promise<string[]> {
  const ids: string[] = [];
  for (const row of rows) {
    const status = row.status ?? 'verified';
    // Each recording its own upload (an upload backs one recording).
    const upload = randomBytes(6).toString('hex');
    const [inserted] = await sql<{ id: string }>(
      `insert into public.challenge_recordings (challenge_id, name, email, gender, valid_reps, invalid_reps, duration_seconds, created_at, analysis_data, referred_by, video_url, gif_url, time_zone)
       values ($1, $2, $3, $4, $5, $6, 60, $7, '{"exercise": "PUSHUP", "completed_reps": []}', $8, $9, $10, $11) returning id`,
      [
        challengeId,
        row.name,
        row.email ?? `${row.name.toLowerCase().replace(/\W+/g, '-')}@example.test`,
        row.gender ?? 'male',
        row.valid ?? 10,
        row.invalid ?? 0,
        row.at,
        row.referredBy ?? null,
        status === 'no_video' ? null : `/media/videos/arranged-${upload}.webm`,
        status === 'no_video' ? null : `/media/gifs/arranged-${upload}.gif`,
        row.zone ?? null,
      ],
    );
    const id = inserted!.id;
    if (status === 'verified') {
      await verifyAsWorker(id, {
        valid: row.valid ?? 10,
        invalid: row.invalid ?? 0,
        ...(row.alignment ? { alignment: row.alignment } : {}),
      });
    } else if (status === 'failed') {
      await sql(
        `update public.challenge_recordings set verification_status = 'failed',
           verification_error = 'every try failed' where id = $1`,
        [id],
      );
    }
    ids.push(id);
  }
  return ids;
}

const names = (entries: { name: string }[]) => entries.map((entry) => entry.name);

describe('periods in the viewer time zone', () => {
  let challengeId: string;
  beforeAll(async () => {
    ({ id: challengeId } = await createChallenge({ is_daily: true }));
    await arrange(challengeId, [
      // 23:30 in Berlin (CEST) on 10 June; 21:30 UTC on 10 June.
      { name: 'Late Berlin', at: '2026-06-10T21:30:00Z', valid: 20 },
      // 00:30 in Berlin on 11 June; still 10 June in UTC.
      { name: 'After Midnight', at: '2026-06-10T22:30:00Z', valid: 15 },
      // The week of Sunday 7 June: Sunday morning in both zones.
      { name: 'Sunday Start', at: '2026-06-07T08:00:00Z', valid: 5, gender: 'female' },
      // Saturday 6 June: the week before.
      { name: 'Last Week', at: '2026-06-06T12:00:00Z', valid: 50 },
    ]);
  });

  it('Today is the calendar day in the zone asked for: Berlin after midnight, UTC before it', async () => {
    const asOf = '2026-06-10T23:00:00Z';
    const berlin = await board(anonClient(), challengeId, {
      period: 'today',
      zone: 'Europe/Berlin',
      asOf,
    });
    expect(names(berlin.entries)).toEqual(['After Midnight']);
    expect(berlin.period_start).toBe('2026-06-10T22:00:00+00:00');
    expect(berlin.period_end).toBe('2026-06-11T22:00:00+00:00');
    const utc = await board(anonClient(), challengeId, { period: 'today', zone: 'UTC', asOf });
    expect(names(utc.entries)).toEqual(['Late Berlin', 'After Midnight']);
    expect(utc.counts).toEqual({ all: 2, male: 2, female: 0 });
  });

  it('This Week starts on Sunday; All Time has everything', async () => {
    const week = await board(anonClient(), challengeId, {
      period: 'this_week',
      zone: 'America/Los_Angeles',
      asOf: '2026-06-10T23:00:00Z',
    });
    expect(week.period_start).toBe('2026-06-07T07:00:00+00:00');
    expect(names(week.entries)).toEqual(['Late Berlin', 'After Midnight', 'Sunday Start']);
    expect(week.counts).toEqual({ all: 3, male: 2, female: 1 });
    const all = await board(anonClient(), challengeId);
    expect(names(all.entries)).toEqual([
      'Last Week',
      'Late Berlin',
      'After Midnight',
      'Sunday Start',
    ]);
    expect(all.period_start).toBeNull();
    expect(all.participant_count).toBe(4);
  });

  it('a week across a month boundary: Sunday 31 May to Saturday 6 June', async () => {
    const week = await board(anonClient(), challengeId, {
      period: 'this_week',
      zone: 'UTC',
      asOf: '2026-06-02T12:00:00Z',
    });
    expect(week.period_start).toBe('2026-05-31T00:00:00+00:00');
    expect(week.period_end).toBe('2026-06-07T00:00:00+00:00');
    expect(names(week.entries)).toEqual(['Last Week']);
  });

  it('a DST change: the New York day of 8 March 2026 lasts 23 hours', async () => {
    const { id } = await createChallenge({ is_daily: true });
    await arrange(id, [
      // 23:30 EST on 7 March.
      { name: 'Saturday Night', at: '2026-03-08T04:30:00Z' },
      // 23:30 EDT on 8 March (after the clocks went forward).
      { name: 'Sunday Night', at: '2026-03-09T03:30:00Z' },
      // 00:30 EDT on 9 March: 24 hours after local midnight of 8 March would still be 8 March.
      { name: 'Monday Early', at: '2026-03-09T04:30:00Z' },
    ]);
    const sunday = await board(anonClient(), id, {
      period: 'today',
      zone: 'America/New_York',
      asOf: '2026-03-08T18:00:00Z',
    });
    expect(sunday.period_start).toBe('2026-03-08T05:00:00+00:00');
    expect(sunday.period_end).toBe('2026-03-09T04:00:00+00:00');
    expect(names(sunday.entries)).toEqual(['Sunday Night']);
  });

  it('unknown periods, zones, genders and pages are refused with a clear message (22023)', async () => {
    const call = (args: Record<string, unknown>) =>
      anonClient().rpc('challenge_leaderboard', { target_challenge_id: challengeId, ...args });
    const period = await call({ period: 'yesterday' });
    expect(period.error?.code).toBe('22023');
    expect(period.error?.message).toBe(
      'Unknown period "yesterday": expected today, this_week or all_time.',
    );
    const zone = await call({ time_zone: 'Mars/Olympus_Mons' });
    expect(zone.error?.code).toBe('22023');
    expect(zone.error?.message).toContain('Unknown time zone "Mars/Olympus_Mons"');
    // A POSIX offset string is a valid PostgreSQL zone, but not a name a browser sends.
    expect((await call({ time_zone: 'UTC+5' })).error?.code).toBe('22023');
    expect((await call({ gender: 'other' })).error?.code).toBe('22023');
    expect((await call({ page_size: 0 })).error?.code).toBe('22023');
    expect((await call({ page_size: 101 })).error?.code).toBe('22023');
  });

  it('a challenge that does not exist: 404 (PT404); an id that is not a uuid: 22P02', async () => {
    const missing = await anonClient().rpc('challenge_leaderboard', {
      target_challenge_id: '00000000-0000-4000-8000-00000000dead',
    });
    expect(missing.status).toBe(404);
    expect(missing.error?.code).toBe('PT404');
    const malformed = await anonClient().rpc('challenge_leaderboard_aggregate', {
      target_challenge_id: 'not-a-uuid',
    });
    expect(malformed.error?.code).toBe('22P02');
  });
});

describe('the Aggregate: days logged, totals, average, top day and streak', () => {
  let challengeId: string;
  beforeAll(async () => {
    ({ id: challengeId } = await createChallenge({ is_daily: true }));
    // Sessions of one day add up where a challenge takes any number a day: an event (Pushtober).
    await sql(
      `insert into public.challenge_events (challenge_id, template) values ($1, 'pushtober')`,
      [challengeId],
    );
    await arrange(challengeId, [
      // Ada: 30 Jan (10 + 5 in two sessions), 31 Jan none valid, 1 Feb 7, 2 Feb 8 (Los Angeles).
      { name: 'Ada', gender: 'female', at: '2026-01-30T18:00:00Z', valid: 10 },
      { name: 'Ada', gender: 'female', at: '2026-01-31T02:00:00Z', valid: 5 },
      { name: 'Ada', gender: 'female', at: '2026-01-31T20:00:00Z', valid: 0, invalid: 4 },
      { name: 'Ada', gender: 'female', at: '2026-02-01T20:00:00Z', valid: 7 },
      { name: 'Ada', gender: 'female', at: '2026-02-02T20:00:00Z', valid: 8 },
      // Ben: three days in a row across the month boundary, last one 30 Jan... 1 Feb.
      { name: 'Ben', at: '2026-01-30T20:00:00Z', valid: 3 },
      { name: 'Ben', at: '2026-01-31T20:00:00Z', valid: 3 },
      { name: 'Ben', at: '2026-02-01T20:00:00Z', valid: 4 },
    ]);
  });

  it('per participant, in Los Angeles days; a day with no valid rep is not logged', async () => {
    const result = await aggregate(anonClient(), challengeId, {
      zone: 'America/Los_Angeles',
      asOf: '2026-02-02T21:00:00Z',
    });
    expect(result.today).toBe('2026-02-02');
    expect(result.entries).toEqual([
      expect.objectContaining({
        rank: 1,
        name: 'Ada',
        days_logged: 3,
        total_reps: 30,
        daily_average: 10,
        top_daily: 15,
        streak_length: 2,
      }),
      // Ben's last day is yesterday: the streak is still alive.
      expect.objectContaining({
        rank: 2,
        name: 'Ben',
        days_logged: 3,
        total_reps: 10,
        daily_average: 3,
        top_daily: 4,
        streak_length: 3,
      }),
    ]);
    expect(result.counts).toEqual({ all: 2, male: 1, female: 1 });
    const women = await aggregate(anonClient(), challengeId, {
      gender: 'female',
      zone: 'America/Los_Angeles',
      asOf: '2026-02-02T21:00:00Z',
    });
    expect(names(women.entries)).toEqual(['Ada']);
  });

  it('the same recordings in Berlin days: other days, other streaks', async () => {
    const result = await aggregate(anonClient(), challengeId, {
      zone: 'Europe/Berlin',
      asOf: '2026-02-02T21:00:00Z',
    });
    // In Berlin Ada's sessions fall on 30 Jan 19:00, 31 Jan 03:00, 31 Jan 21:00 (0 valid),
    // 1 Feb 21:00 and 2 Feb 21:00: four logged days, 31 Jan with 5, a streak of four.
    expect(result.entries[0]).toMatchObject({
      name: 'Ada',
      days_logged: 4,
      top_daily: 10,
      daily_average: 8,
      streak_length: 4,
    });
    expect(result.today).toBe('2026-02-02');
  });

  it('a missed day resets the streak to 0, not the progress', async () => {
    const result = await aggregate(anonClient(), challengeId, {
      zone: 'America/Los_Angeles',
      asOf: '2026-02-04T21:00:00Z',
    });
    expect(
      result.entries.map((entry) => [entry.name, entry.streak_length, entry.total_reps]),
    ).toEqual([
      ['Ada', 0, 30],
      ['Ben', 0, 10],
    ]);
  });

  it('after the challenge ended, the streak keeps its last value', async () => {
    await sql('update public.challenges set end_date = $2 where id = $1', [
      challengeId,
      '2026-02-03T08:00:00Z',
    ]);
    const result = await aggregate(anonClient(), challengeId, {
      zone: 'America/Los_Angeles',
      asOf: '2026-02-20T21:00:00Z',
    });
    expect(result.entries.map((entry) => entry.streak_length)).toEqual([2, 3]);
  });

  it('streaks across a DST change count calendar days (7, 8 and 9 March in New York)', async () => {
    const { id } = await createChallenge({ is_daily: true });
    await arrange(id, [
      // One a day in Dee's New York days (two of them fall on 9 March in UTC).
      { name: 'Dee', at: '2026-03-08T04:30:00Z', zone: 'America/New_York' },
      { name: 'Dee', at: '2026-03-09T03:30:00Z', zone: 'America/New_York' },
      { name: 'Dee', at: '2026-03-09T04:30:00Z', zone: 'America/New_York' },
    ]);
    const result = await aggregate(anonClient(), id, {
      zone: 'America/New_York',
      asOf: '2026-03-09T12:00:00Z',
    });
    expect(result.entries[0]).toMatchObject({ days_logged: 3, streak_length: 3, top_daily: 10 });
  });
});

describe('ranking: one entry per participant, ties by form score then earliest', () => {
  let challengeId: string;
  beforeAll(async () => {
    ({ id: challengeId } = await createChallenge({ is_daily: true }));
    await arrange(challengeId, [
      { name: 'No Score', at: '2026-04-01T08:00:00Z', valid: 30 },
      { name: 'Score 80 Early', at: '2026-04-01T09:00:00Z', valid: 30, alignment: [70, 90] },
      { name: 'Score 80 Late', at: '2026-04-01T10:00:00Z', valid: 30, alignment: [80] },
      {
        name: 'Score 90',
        at: '2026-04-01T11:00:00Z',
        valid: 30,
        alignment: [90],
        gender: 'female',
      },
      { name: 'Fewer Reps', at: '2026-04-01T07:00:00Z', valid: 29, alignment: [100] },
      // Two sessions: only the better one is on the board.
      { name: 'Twice', at: '2026-04-01T06:00:00Z', valid: 12, gender: 'female' },
      { name: 'Twice', at: '2026-04-02T06:00:00Z', valid: 31, gender: 'female' },
    ]);
  });

  it('All Time: most valid reps, then best form score, then earliest; each participant once', async () => {
    const result = await board(anonClient(), challengeId);
    expect(result.entries.map((entry) => [entry.rank, entry.name, entry.valid_reps])).toEqual([
      [1, 'Twice', 31],
      [2, 'Score 90', 30],
      [3, 'Score 80 Early', 30],
      [4, 'Score 80 Late', 30],
      [5, 'No Score', 30],
      [6, 'Fewer Reps', 29],
    ]);
    expect(result.entries[2]!.form_score).toBe(80);
    expect(result.entries[4]!.form_score).toBeNull();
    expect(result.counts).toEqual({ all: 6, male: 4, female: 2 });
  });

  it('a period picks the best recording inside it; a gender tab ranks from 1', async () => {
    const firstDay = await board(anonClient(), challengeId, {
      period: 'today',
      asOf: '2026-04-01T23:00:00Z',
    });
    expect(firstDay.entries.map((entry) => entry.name)).toEqual([
      'Score 90',
      'Score 80 Early',
      'Score 80 Late',
      'No Score',
      'Fewer Reps',
      'Twice',
    ]);
    const women = await board(anonClient(), challengeId, {
      period: 'today',
      gender: 'female',
      asOf: '2026-04-01T23:00:00Z',
    });
    expect(women.entries.map((entry) => [entry.rank, entry.name, entry.valid_reps])).toEqual([
      [1, 'Score 90', 30],
      [2, 'Twice', 12],
    ]);
    const men = await board(anonClient(), challengeId, { gender: 'male' });
    expect(men.entries.map((entry) => entry.rank)).toEqual([1, 2, 3, 4]);
  });

  it('pages continue the ranks', async () => {
    const { data } = await anonClient().rpc('challenge_leaderboard', {
      target_challenge_id: challengeId,
      page_offset: 2,
      page_size: 2,
    });
    expect((data as Board).entries.map((entry) => [entry.rank, entry.name])).toEqual([
      [3, 'Score 80 Early'],
      [4, 'Score 80 Late'],
    ]);
  });

  it('an empty period has zero counts and no entries', async () => {
    const result = await board(anonClient(), challengeId, {
      period: 'today',
      gender: 'male',
      asOf: '2026-05-01T12:00:00Z',
    });
    expect(result.counts).toEqual({ all: 0, male: 0, female: 0 });
    expect(result.entries).toEqual([]);
  });

  it("the caller's own entry comes with its rank wherever it is (own_entry)", async () => {
    const me = await createUser({ label: 'ranked-me' });
    await arrange(challengeId, [
      { name: 'Me', email: me.email, at: '2026-04-01T05:00:00Z', valid: 29, alignment: [50] },
    ]);
    const call = async (args: Record<string, unknown>) => {
      const { data, error } = await me.client.rpc('challenge_leaderboard', {
        target_challenge_id: challengeId,
        page_size: 2,
        ...args,
      });
      expect(error).toBeNull();
      return data as Board & { own_entry: Entry | null };
    };
    const allTime = await call({});
    expect(allTime.entries).toHaveLength(2);
    expect(allTime.own_entry).toMatchObject({ rank: 7, name: 'Me', valid_reps: 29, is_own: true });
    expect((await call({ gender: 'male' })).own_entry?.rank).toBe(5);
    expect((await call({ gender: 'female' })).own_entry).toBeNull();
    const today = await call({ period: 'today', as_of: '2026-04-01T23:00:00Z' });
    expect(today.own_entry?.rank).toBe(6);
    const { data } = await me.client.rpc('challenge_leaderboard_aggregate', {
      target_challenge_id: challengeId,
      page_size: 1,
      as_of: '2026-04-01T23:00:00Z',
    });
    const totals = data as Aggregate & { own_entry: AggregateEntry | null };
    expect(totals.entries.map((entry) => entry.name)).toEqual(['Twice']);
    expect(totals.own_entry).toMatchObject({
      rank: 7,
      name: 'Me',
      total_reps: 29,
      days_logged: 1,
      streak_length: 1,
      is_own: true,
    });
    expect(
      (await anonClient().rpc('challenge_leaderboard', { target_challenge_id: challengeId })).data,
    ).toMatchObject({ own_entry: null });
  });

  it('a corrected count moves the participant (the ranking follows the table)', async () => {
    const { id } = await createChallenge();
    const [, second] = await arrange(id, [
      { name: 'First', at: '2026-04-01T08:00:00Z', valid: 20 },
      { name: 'Second', at: '2026-04-01T09:00:00Z', valid: 10 },
    ]);
    const adminUser = await admin();
    // Counts are written by the server's role only (a verification or a rescore); not even an
    // admin's session may set them through the data API.
    expect(
      (
        await adminUser.client
          .from('challenge_recordings')
          .update({ valid_reps: 25 })
          .eq('id', second!)
      ).error,
    ).toMatchObject({ code: '42501' });
    await sql('update public.challenge_recordings set valid_reps = 25 where id = $1', [second]);
    expect(names((await board(anonClient(), id)).entries)).toEqual(['Second', 'First']);
    expect(
      (await adminUser.client.from('challenge_recordings').delete().eq('id', second!)).error,
    ).toBeNull();
    const after = await board(anonClient(), id);
    expect(names(after.entries)).toEqual(['First']);
    expect(after.participant_count).toBe(1);
  });
});

describe('hidden duel results: hidden in the database', () => {
  let duelId: string;
  let alice: TestUser;
  let bob: TestUser;
  let stranger: TestUser;
  let adminUser: TestUser;

  beforeAll(async () => {
    [alice, bob, stranger, adminUser] = await Promise.all([
      createUser({ label: 'duel-alice' }),
      createUser({ label: 'duel-bob' }),
      createUser({ label: 'duel-stranger' }),
      admin(),
    ]);
    ({ id: duelId } = await createChallenge({
      challenge_type: 'duel',
      hide_results_until_finished: true,
    }));
    for (const [user, reps, name] of [
      [alice, 40, 'Alice'],
      [bob, 25, 'Bob'],
    ] as const) {
      const { data, error } = await user.client
        .from('challenge_recordings')
        .insert(await recordingFor(user, duelId, { valid_reps: reps, name }))
        .select('id')
        .single();
      expect(error).toBeNull();
      await verifyAsWorker(data!.id, { valid: reps });
    }
  });

  const hiddenFields = (entry: Entry) => [
    entry.valid_reps,
    entry.invalid_reps,
    entry.form_score,
    entry.video_url,
    entry.gif_url,
    entry.rank,
  ];

  it('anon and another user read names but no counts, ranks or media', async () => {
    for (const client of [anonClient(), stranger.client]) {
      const result = await board(client, duelId);
      expect(result.results_hidden).toBe(true);
      expect(names(result.entries)).toEqual(['Alice', 'Bob']);
      for (const entry of result.entries)
        expect(hiddenFields(entry).every((v) => v === null)).toBe(true);
      const view = await client
        .from('leaderboard_entries')
        .select(
          'name, valid_reps, invalid_reps, total_reps, form_score, video_url, gif_url, analysis_data',
        )
        .eq('challenge_id', duelId);
      expect(view.error).toBeNull();
      expect(view.data).toHaveLength(2);
      for (const row of view.data!)
        expect(
          Object.entries(row).filter(([key, value]) => key !== 'name' && value !== null),
        ).toEqual([]);
      // Filtering or ordering on a withheld count tells nothing either.
      const filtered = await client
        .from('leaderboard_entries')
        .select('name')
        .eq('challenge_id', duelId)
        .gt('valid_reps', 30);
      expect(filtered.data).toEqual([]);
      const totals = await aggregate(client, duelId);
      expect(
        totals.entries.every((entry) => entry.total_reps === null && entry.rank === null),
      ).toBe(true);
    }
  });

  it('a participant sees their own counts and nobody else’s', async () => {
    const result = await board(bob.client, duelId);
    const own = result.entries.find((entry) => entry.is_own)!;
    expect(own).toMatchObject({ name: 'Bob', valid_reps: 25, rank: null });
    const other = result.entries.find((entry) => !entry.is_own)!;
    expect(other.valid_reps).toBeNull();
    const view = await bob.client
      .from('leaderboard_entries')
      .select('name, valid_reps')
      .eq('challenge_id', duelId)
      .order('name');
    expect(view.data).toEqual([
      { name: 'Alice', valid_reps: null },
      { name: 'Bob', valid_reps: 25 },
    ]);
  });

  it('an admin reads everything, ranked', async () => {
    const result = await board(adminUser.client, duelId);
    expect(result.results_hidden).toBe(false);
    expect(result.entries.map((entry) => [entry.rank, entry.name, entry.valid_reps])).toEqual([
      [1, 'Alice', 40],
      [2, 'Bob', 25],
    ]);
  });

  it('the results show once the duel is over: 72 hours after the first participant', async () => {
    await sql(
      `update public.challenges set first_participant_joined_at = now() - interval '72 hours 1 minute' where id = $1`,
      [duelId],
    );
    const result = await board(anonClient(), duelId);
    expect(result.results_hidden).toBe(false);
    expect(result.entries.map((entry) => [entry.rank, entry.valid_reps])).toEqual([
      [1, 40],
      [2, 25],
    ]);
  });

  it('or at an end date that comes first', async () => {
    const { id } = await createChallenge({
      challenge_type: 'duel',
      hide_results_until_finished: true,
    });
    await arrange(id, [{ name: 'Solo', at: new Date().toISOString(), valid: 9 }]);
    expect((await board(anonClient(), id)).entries[0]!.valid_reps).toBeNull();
    await sql(`update public.challenges set end_date = now() - interval '1 second' where id = $1`, [
      id,
    ]);
    expect((await board(anonClient(), id)).entries[0]!.valid_reps).toBe(9);
  });
});

describe('referrals: counted once the referred person completes a session', () => {
  it('a session with a valid rep counts; a session without one, a later link or a removed session do not', async () => {
    const { id } = await createChallenge({ is_daily: true });
    const [referrer, second, friend, idle] = await Promise.all([
      createUser({ label: 'ref-king' }),
      createUser({ label: 'ref-second' }),
      createUser({ label: 'ref-friend' }),
      createUser({ label: 'ref-idle' }),
    ]);
    // Referrals count verified sessions: each is verified as submitted (its claim confirmed).
    const submit = async (user: TestUser, overrides: Record<string, unknown>) => {
      const answer = await user.client
        .from('challenge_recordings')
        .insert(await recordingFor(user, id, overrides))
        .select('id, valid_reps')
        .single();
      if (answer.data) await verifyAsWorker(answer.data.id, { valid: answer.data.valid_reps });
      return answer;
    };
    expect((await submit(referrer, { name: 'Referrer' })).error).toBeNull();
    const referralsOf = async (name: string) =>
      (await board(anonClient(), id)).entries.find((entry) => entry.name === name)?.referral_count;
    expect(await referralsOf('Referrer')).toBe(0);

    // A referred person who completes a session with no valid rep does not count yet.
    expect(
      (await submit(idle, { name: 'Idle', referred_by: referrer.email, valid_reps: 0 })).error,
    ).toBeNull();
    expect(await referralsOf('Referrer')).toBe(0);

    expect(
      (await submit(friend, { name: 'Friend', referred_by: ` ${referrer.email.toUpperCase()} ` }))
        .error,
    ).toBeNull();
    expect(await referralsOf('Referrer')).toBe(1);
    const [stored] = await sql<{ referral_count: number }>(
      'select max(referral_count) as referral_count from public.challenge_recordings where challenge_id = $1 and email = $2',
      [id, referrer.email],
    );
    expect(stored!.referral_count).toBe(1);

    // A later recording naming another referrer does not move the referral.
    expect((await submit(second, { name: 'Second' })).error).toBeNull();
    await sql(
      `update public.challenge_recordings set created_at = created_at - interval '1 day' where challenge_id = $1 and email = $2`,
      [id, friend.email],
    );
    expect((await submit(friend, { name: 'Friend', referred_by: second.email })).error).toBeNull();
    expect(await referralsOf('Referrer')).toBe(1);
    expect(await referralsOf('Second')).toBe(0);

    // An admin removing the friend's sessions (disqualification) takes the referral away.
    const adminUser = await admin();
    expect(
      (
        await adminUser.client
          .from('challenge_recordings')
          .delete()
          .eq('challenge_id', id)
          .eq('email', friend.email)
      ).error,
    ).toBeNull();
    expect(await referralsOf('Referrer')).toBe(0);
  });
});

describe('event challenges', () => {
  it('challenge_events: anyone reads; only admins write', async () => {
    const { id, slug } = await createChallenge({ slug: `evt-${randomBytes(3).toString('hex')}` });
    const user = await createUser({ label: 'event-writer' });
    const refused = await user.client
      .from('challenge_events')
      .insert({ challenge_id: id, template: 'token2049' });
    expect(refused.error?.code).toBe('42501');
    expect(
      (
        await anonClient()
          .from('challenge_events')
          .insert({ challenge_id: id, template: 'token2049' })
      ).error?.code,
    ).toBe('42501');
    const adminUser = await admin();
    expect(
      (
        await adminUser.client
          .from('challenge_events')
          .insert({ challenge_id: id, template: 'token2049' })
      ).error,
    ).toBeNull();
    expect(
      (
        await adminUser.client
          .from('challenge_events')
          .insert({ challenge_id: (await createChallenge()).id, template: 'unknown' })
      ).error?.code,
    ).toBe('22P02');
    // The event page's lookup: the challenge by its slug, only when it has an event row.
    const { data } = await anonClient()
      .from('challenges')
      .select('id, slug, challenge_events!inner(template)')
      .eq('slug', slug)
      .maybeSingle();
    expect(data).toEqual({ id, slug, challenge_events: { template: 'token2049' } });
    const deleted = await user.client.from('challenge_events').delete().eq('challenge_id', id);
    expect(deleted.error).toBeNull();
    expect(
      await sql('select 1 from public.challenge_events where challenge_id = $1', [id]),
    ).toHaveLength(1);
  });

  it('take any number of attempts; only the best counts on the board', async () => {
    const { id } = await createChallenge({ slug: `event-${randomBytes(3).toString('hex')}` });
    await sql(
      `insert into public.challenge_events (challenge_id, template) values ($1, 'token2049')`,
      [id],
    );
    const user = await createUser({ label: 'event-runner' });
    for (const reps of [12, 30, 18]) {
      const { data, error } = await user.client
        .from('challenge_recordings')
        .insert(await recordingFor(user, id, { valid_reps: reps, name: 'Runner' }))
        .select('id')
        .single();
      expect(error).toBeNull();
      await verifyAsWorker(data!.id, { valid: reps });
    }
    const result = await board(anonClient(), id);
    expect(result.entries.map((entry) => [entry.name, entry.valid_reps])).toEqual([['Runner', 30]]);
    // A challenge that is not an event keeps its policy (single submission: 23505).
    const { id: single } = await createChallenge();
    expect(
      (await user.client.from('challenge_recordings').insert(await recordingFor(user, single)))
        .error,
    ).toBeNull();
    expect(
      (await user.client.from('challenge_recordings').insert(await recordingFor(user, single)))
        .error?.code,
    ).toBe('23505');
  });
});

describe("the one-a-day rule of daily challenges: the participant's own days", () => {
  /** One recording of `email` at `at`, sent with `zone`; answers the refusal's code, or null. */
  async function submitAt(
    challengeId: string,
    email: string,
    at: string,
    zone: string | null,
  ): Promise<string | null> {
    try {
      await sql(
        `insert into public.challenge_recordings (challenge_id, name, email, gender, valid_reps, invalid_reps, duration_seconds, created_at, time_zone)
         values ($1, 'Aroha', $2, 'female', 10, 0, 60, $3, $4)`,
        [challengeId, email, at, zone],
      );
      return null;
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  }
  const zonesOf = async (challengeId: string) =>
    (
      await sql<{ time_zone: string }>(
        'select time_zone from public.challenge_recordings where challenge_id = $1 order by created_at',
        [challengeId],
      )
    ).map((row) => row.time_zone);

  it('Auckland days, not UTC days: a new day at local midnight, the same day until the next', async () => {
    const { id } = await createChallenge({ is_daily: true });
    const email = 'aroha@example.test';
    // 23:30 on 10 March in Auckland (UTC+13, daylight time).
    expect(await submitAt(id, email, '2026-03-10T10:30:00Z', 'Pacific/Auckland')).toBeNull();
    // 00:30 on 11 March in Auckland: a new day there, still 10 March in UTC.
    expect(await submitAt(id, email, '2026-03-10T11:30:00Z', 'Pacific/Auckland')).toBeNull();
    // 14:00 on 11 March in Auckland: the same day there, though 11 March in UTC.
    expect(await submitAt(id, email, '2026-03-11T01:00:00Z', 'Pacific/Auckland')).toBe('23505');
  });

  it('the first recording fixes the zone: sending another cannot buy a second attempt in a day', async () => {
    const { id } = await createChallenge({ is_daily: true });
    const email = 'traveller@example.test';
    expect(await submitAt(id, email, '2026-03-10T11:30:00Z', 'Pacific/Auckland')).toBeNull();
    // 00:30 on 11 March in Honolulu is a new day there, but 23:30 on 11 March in Auckland.
    expect(await submitAt(id, email, '2026-03-11T10:30:00Z', 'Pacific/Honolulu')).toBe('23505');
    // The next Auckland day is taken whatever zone is sent, and stored in Auckland's.
    expect(await submitAt(id, email, '2026-03-11T11:30:00Z', 'Pacific/Honolulu')).toBeNull();
    expect(await zonesOf(id)).toEqual(['Pacific/Auckland', 'Pacific/Auckland']);
  });

  it('a DST change: the Auckland day of 5 April 2026 lasts 25 hours', async () => {
    const { id } = await createChallenge({ is_daily: true });
    const email = 'dst@example.test';
    // 00:30 on 5 April (UTC+13) and 23:30 on 5 April (UTC+12): 24 hours apart, one day.
    expect(await submitAt(id, email, '2026-04-04T11:30:00Z', 'Pacific/Auckland')).toBeNull();
    expect(await submitAt(id, email, '2026-04-05T11:30:00Z', 'Pacific/Auckland')).toBe('23505');
    // 00:30 on 6 April.
    expect(await submitAt(id, email, '2026-04-05T12:30:00Z', 'Pacific/Auckland')).toBeNull();
  });

  it('a zone the database does not know, or none, counts in UTC and keeps the recording', async () => {
    const { id } = await createChallenge({ is_daily: true });
    expect(await submitAt(id, 'mars@example.test', '2026-03-10T23:30:00Z', 'Mars/Base')).toBeNull();
    expect(await submitAt(id, 'mars@example.test', '2026-03-11T00:30:00Z', 'Mars/Base')).toBeNull();
    expect(await submitAt(id, 'none@example.test', '2026-03-10T12:00:00Z', null)).toBeNull();
    expect(await zonesOf(id)).toEqual(['UTC', 'UTC', 'UTC']);
  });

  it('a participant sends their zone through the data API; the refusal names the zone counted in', async () => {
    const { id } = await createChallenge({ is_daily: true });
    const user = await createUser({ label: 'daily-zone' });
    const first = await user.client
      .from('challenge_recordings')
      .insert(await recordingFor(user, id, { time_zone: 'Asia/Kolkata' }))
      .select('id, time_zone')
      .single();
    expect(first.error).toBeNull();
    expect(first.data?.time_zone).toBe('Asia/Kolkata');
    // The first attempt moved to a day long past (a client cannot set created_at); the next one,
    // sent from another zone, is taken and counted in Kolkata's days.
    await sql(
      `update public.challenge_recordings set created_at = '2026-01-01T12:00:00Z' where id = $1`,
      [first.data?.id],
    );
    const second = await user.client
      .from('challenge_recordings')
      .insert(await recordingFor(user, id, { time_zone: 'Pacific/Kiritimati' }))
      .select('time_zone')
      .single();
    expect(second.error).toBeNull();
    expect(second.data?.time_zone).toBe('Asia/Kolkata');
    // 23:59 on 1 January 2026 in Kolkata (UTC+5:30): the first attempt's day.
    const refusal = await sql(
      `insert into public.challenge_recordings (challenge_id, name, email, gender, valid_reps, invalid_reps, duration_seconds, created_at)
       values ($1, 'Tester', $2, 'male', 1, 0, 10, '2026-01-01T18:29:00Z')`,
      [id, user.email],
    ).catch((error: { code?: string; hint?: string }) => error);
    expect(refusal).toMatchObject({
      code: '23505',
      hint: 'Come back tomorrow (your days in this challenge are counted in Asia/Kolkata).',
    });
  });
});

describe('seed', () => {
  it('a fresh installation has Pushtober and the demo event', async () => {
    const rows = await sql<{ slug: string; template: string | null; is_daily: boolean }>(
      `select c.slug, e.template, c.is_daily from public.challenges c
       left join public.challenge_events e on e.challenge_id = c.id
       where c.slug in ('pushtober', 'token2049') order by c.slug`,
    );
    expect(rows).toEqual([
      { slug: 'pushtober', template: 'pushtober', is_daily: true },
      { slug: 'token2049', template: 'token2049', is_daily: false },
    ]);
  });
});

describe('form score and shares', () => {
  it("form score is the verification's: the mean alignment of the valid reps it measured; never the browser's", async () => {
    const { id } = await createChallenge();
    const user = await createUser({ label: 'form' });
    const { data, error } = await user.client
      .from('challenge_recordings')
      .insert(
        await recordingFor(user, id, {
          valid_reps: 3,
          // The browser's claim of perfect form scores nothing.
          analysis_data: {
            completed_reps: [
              { isValidRep: true, alignmentScore: 100 },
              { isValidRep: true, alignmentScore: 100 },
              { isValidRep: true, alignmentScore: 100 },
            ],
          },
        }),
      )
      .select('id, form_score')
      .single();
    expect(error).toBeNull();
    expect(data!.form_score).toBeNull();
    // Verified: three valid reps measured 91.25, 80 and one without a score; one invalid rep's
    // 10 does not count.
    await verifyAsWorker(data!.id, {
      valid: 3,
      invalid: 1,
      alignment: [91.25, 80, Number.NaN, 10],
    });
    const [row] = await sql<{ form_score: string | null }>(
      'select form_score from public.challenge_recordings where id = $1',
      [data!.id],
    );
    expect(Number(row!.form_score)).toBe(85.6);
    const refused = await user.client
      .from('challenge_recordings')
      .insert({ ...(await recordingFor(user, id)), form_score: 100 });
    expect(refused.error).not.toBeNull();
  });

  it('a share adds exactly one, for anyone; nobody writes the count directly', async () => {
    const { id } = await createChallenge();
    const user = await createUser({ label: 'sharer' });
    const { data: inserted } = await user.client
      .from('challenge_recordings')
      .insert(await recordingFor(user, id))
      .select('id')
      .single();
    const recordingId = inserted!.id as string;
    const first = await anonClient().rpc('record_recording_share', {
      target_recording_id: recordingId,
    });
    expect(first).toMatchObject({ error: null, data: 1 });
    const second = await user.client.rpc('record_recording_share', {
      target_recording_id: recordingId,
    });
    expect(second.data).toBe(2);
    const { data: row } = await anonClient()
      .from('leaderboard_entries')
      .select('share_count')
      .eq('id', recordingId)
      .single();
    expect(row!.share_count).toBe(2);

    const adminUser = await admin();
    for (const client of [user.client, adminUser.client]) {
      const { error } = await client
        .from('challenge_recordings')
        .update({ share_count: 1000 })
        .eq('id', recordingId);
      expect(error?.code).toBe('42501');
    }
    const direct = await user.client
      .from('challenge_recordings')
      .insert({ ...(await recordingFor(user, (await createChallenge()).id)), share_count: 50 });
    expect(direct.error?.code).toBe('42501');
    const [stored] = await sql<{ share_count: number }>(
      'select share_count from public.challenge_recordings where id = $1',
      [recordingId],
    );
    expect(stored!.share_count).toBe(2);

    // An unknown recording: 404, not the 500 a P0002 used to give.
    const missing = await anonClient().rpc('record_recording_share', {
      target_recording_id: '00000000-0000-4000-8000-00000000beef',
    });
    expect(missing.status).toBe(404);
    expect(missing.error?.code).toBe('PT404');
  });
});
