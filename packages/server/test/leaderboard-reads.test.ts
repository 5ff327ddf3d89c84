// Leaderboards served from what changed (issue 27): the server keeps the two leaderboard
// functions' answers until the database announces a change, per viewer, with ETags; open boards
// hear each change on an event stream. These tests read as the web app does (GET with the
// project key, and the viewer's token when signed in) and check that what is kept is never
// stale after a change and never reaches another viewer.

import { describe, expect, it } from 'vitest';
import { signJwt } from '../src/auth/jwt.js';
import { answerExpiry, endOfLocalDay } from '../src/leaderboards/answer-expiry.js';
import {
  admin,
  createChallenge,
  createUser,
  recordingFor,
  serviceClient,
  sql,
  stack,
  type TestUser,
  verifyAsWorker,
} from './helpers.js';

interface Entry {
  name: string;
  valid_reps: number | null;
  rank: number | null;
  is_own: boolean;
}
interface Board {
  results_hidden: boolean;
  entries: Entry[];
  own_entry: Entry | null;
}

async function read(
  challengeId: string,
  options: { token?: string; ifNoneMatch?: string; fn?: string; period?: string } = {},
) {
  const fn = options.fn ?? 'challenge_leaderboard';
  const query = new URLSearchParams({
    target_challenge_id: challengeId,
    gender: 'all',
    time_zone: 'Europe/Berlin',
    page_offset: '0',
    page_size: '50',
    ...(fn === 'challenge_leaderboard' ? { period: options.period ?? 'all_time' } : {}),
  });
  const response = await fetch(`${stack.url}/rest/v1/rpc/${fn}?${query}`, {
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${options.token ?? stack.anonKey}`,
      ...(options.ifNoneMatch ? { 'if-none-match': options.ifNoneMatch } : {}),
    },
  });
  const text = await response.text();
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    cache: response.headers.get('x-leaderboard-cache'),
    cacheControl: response.headers.get('cache-control'),
    body: text ? (JSON.parse(text) as Board) : undefined,
  };
}

async function submit(user: TestUser, challengeId: string, reps: number, name: string) {
  const { data, error } = await user.client
    .from('challenge_recordings')
    .insert(await recordingFor(user, challengeId, { valid_reps: reps, name }))
    .select('id')
    .single();
  expect(error).toBeNull();
  return data!.id as string;
}

const names = (board: Board | undefined) => board?.entries.map((entry) => entry.name);

describe('when a kept answer stops being true on its own', () => {
  it('a day ends at local midnight, DST days included', () => {
    expect(new Date(endOfLocalDay('2026-11-27', 'UTC')!).toISOString()).toBe(
      '2026-11-28T00:00:00.000Z',
    );
    // Berlin moves to summer time on 29 March 2026: the next midnight is 22:00 UTC.
    expect(new Date(endOfLocalDay('2026-03-29', 'Europe/Berlin')!).toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    expect(new Date(endOfLocalDay('2026-11-27', 'Pacific/Kiritimati')!).toISOString()).toBe(
      '2026-11-27T10:00:00.000Z',
    );
    expect(endOfLocalDay('2026-11-27', 'Not/AZone')).toBeUndefined();
  });
  it('takes the earliest moment ahead: period end, final results, the day, the longest age', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    const hour = 3_600_000;
    expect(
      answerExpiry(
        { period_end: '2026-11-27T23:00:00Z', results_final_at: '2026-11-27T14:00:00Z' },
        now,
        24 * hour,
      ),
    ).toBe(now + 2 * hour);
    // Moments passed already change nothing more.
    expect(answerExpiry({ results_final_at: '2026-11-01T00:00:00Z' }, now, hour)).toBe(now + hour);
    expect(answerExpiry({ today: '2026-11-27', time_zone: 'UTC' }, now, 24 * hour)).toBe(
      Date.parse('2026-11-28T00:00:00Z'),
    );
    expect(answerExpiry({ today: '2026-11-27', time_zone: 'Not/AZone' }, now, hour)).toBe(now);
  });
});

describe('leaderboard answers kept until a change lands', () => {
  it('answers again from what it kept, with an ETag; If-None-Match gets 304', async () => {
    const { id } = await createChallenge();
    const first = await read(id);
    expect(first.status).toBe(200);
    expect(first.cache).toBe('miss');
    expect(first.cacheControl).toBe('public, no-cache');
    const second = await read(id);
    expect(second.cache).toBe('hit');
    expect(second.etag).toBe(first.etag);
    expect(second.body).toEqual(first.body);
    const unchanged = await read(id, { ifNoneMatch: first.etag! });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBeUndefined();
    expect(unchanged.etag).toBe(first.etag);
    const other = await read(id, { ifNoneMatch: '"something-else"' });
    expect(other.status).toBe(200);
  });

  it('a verification landing changes the very next read, on every tab', async () => {
    const { id } = await createChallenge();
    const athlete = await createUser({ label: 'kept-athlete' });
    const before = {
      allTime: await read(id),
      today: await read(id, { period: 'today' }),
      aggregate: await read(id, { fn: 'challenge_leaderboard_aggregate' }),
    };
    expect((await read(id)).cache).toBe('hit');
    const recording = await submit(athlete, id, 21, 'Lands');
    const pending = await read(id);
    expect(pending.cache).toBe('miss');
    expect(pending.body!.entries[0]).toMatchObject({ name: 'Lands', rank: null });
    expect((await read(id)).cache).toBe('hit');

    await verifyAsWorker(recording, { valid: 21 });
    const after = await read(id, { ifNoneMatch: pending.etag! });
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(pending.etag);
    expect(after.body!.entries[0]).toMatchObject({ name: 'Lands', rank: 1, valid_reps: 21 });
    const today = await read(id, { period: 'today' });
    expect(today.etag).not.toBe(before.today.etag);
    expect(names(today.body)).toEqual(['Lands']);
    const aggregate = await read(id, { fn: 'challenge_leaderboard_aggregate' });
    expect(aggregate.etag).not.toBe(before.aggregate.etag);
    expect(before.allTime.body!.entries).toEqual([]);
  });

  it('an admin correction made directly in the database is read at once', async () => {
    const { id } = await createChallenge();
    const athlete = await createUser({ label: 'kept-corrected' });
    const recording = await submit(athlete, id, 30, 'Corrected');
    await verifyAsWorker(recording, { valid: 30 });
    expect((await read(id)).body!.entries[0]!.valid_reps).toBe(30);
    expect((await read(id)).cache).toBe('hit');
    await sql(`update public.challenge_recordings set name = 'Renamed' where id = $1`, [recording]);
    expect(names((await read(id)).body)).toEqual(['Renamed']);
  });
});

describe('hidden results are never served from what was kept to another viewer', () => {
  it('a participant, a stranger, a visitor and an admin each get their own answer', async () => {
    const { id: duelId } = await createChallenge({
      challenge_type: 'duel',
      hide_results_until_finished: true,
    });
    const [alice, bob, adminUser] = await Promise.all([
      createUser({ label: 'kept-alice' }),
      createUser({ label: 'kept-bob' }),
      admin(),
    ]);
    await verifyAsWorker(await submit(alice, duelId, 40, 'Alice'), { valid: 40 });
    await verifyAsWorker(await submit(bob, duelId, 25, 'Bob'), { valid: 25 });

    // Each viewer twice: the second read is a kept answer, and still their own.
    for (let round = 0; round < 2; round++) {
      const own = await read(duelId, { token: alice.accessToken });
      expect(own.cacheControl).toBe('private, no-cache');
      expect(own.body!.results_hidden).toBe(true);
      const aliceEntry = own.body!.entries.find((entry) => entry.name === 'Alice')!;
      expect(aliceEntry).toMatchObject({ valid_reps: 40, is_own: true });
      expect(own.body!.entries.find((entry) => entry.name === 'Bob')!.valid_reps).toBeNull();

      const adminView = await read(duelId, { token: adminUser.accessToken });
      expect(adminView.body!.results_hidden).toBe(false);
      expect(adminView.body!.entries.map((entry) => entry.valid_reps)).toEqual([40, 25]);

      for (const token of [bob.accessToken, undefined]) {
        const other = await read(duelId, token ? { token } : {});
        expect(other.body!.results_hidden).toBe(true);
        expect(other.body!.entries.find((entry) => entry.name === 'Alice')!.valid_reps).toBeNull();
        if (round === 1) expect(other.cache).toBe('hit');
        // An ETag of another viewer's answer is not this one's.
        expect(other.etag).not.toBe(own.etag);
        expect(other.etag).not.toBe(adminView.etag);
      }
    }

    // A token naming Alice but not signed by this server is refused, never given her answer.
    const forged = signJwt(
      {
        sub: alice.id,
        email: alice.email,
        role: 'authenticated',
        exp: Math.floor(Date.now() / 1000) + 600,
      },
      `${stack.jwtSecret}-not`,
    );
    const refused = await read(duelId, { token: forged });
    expect(refused.status).toBe(401);
    expect(JSON.stringify(refused.body)).not.toContain('"valid_reps":40');

    // Results final (72 hours after the first participant): every viewer reads them at once.
    await sql(
      `update public.challenges set first_participant_joined_at = now() - interval '73 hours' where id = $1`,
      [duelId],
    );
    const final = await read(duelId);
    expect(final.body!.results_hidden).toBe(false);
    expect(final.body!.entries.map((entry) => entry.valid_reps)).toEqual([40, 25]);
  });

  it('the same read through supabase-js (POST) is kept per viewer too', async () => {
    const { id } = await createChallenge();
    const client = serviceClient();
    const args = {
      target_challenge_id: id,
      period: 'all_time',
      gender: 'all',
      time_zone: 'UTC',
      page_offset: 0,
      page_size: 50,
      as_of: null,
    };
    const first = await client.rpc('challenge_leaderboard', args);
    expect(first.error).toBeNull();
    const second = await client.rpc('challenge_leaderboard', args);
    expect(second.data).toEqual(first.data);
  });
});

describe('open leaderboards hear each change', () => {
  it('streams a change event when a verification lands', async () => {
    const { id } = await createChallenge();
    const athlete = await createUser({ label: 'stream-athlete' });
    const recording = await submit(athlete, id, 12, 'Streamed');
    const controller = new AbortController();
    const response = await fetch(`${stack.url}/api/leaderboards/${id}/events`, {
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const nextEvent = async () => {
      while (!received.includes('event: change')) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended; received ${received}`);
        received += decoder.decode(value);
      }
    };
    // Only the stream's opening (retry) before anything changes.
    const opening = await reader.read();
    received += decoder.decode(opening.value);
    expect(received).toMatch(/^retry: \d+/);
    expect(received).not.toContain('event: change');

    await verifyAsWorker(recording, { valid: 12 });
    await nextEvent();
    expect(received).toContain(`data: {"challengeId":"${id}"}`);
    controller.abort();
  });

  it('refuses a stream for something that is not a challenge id', async () => {
    const response = await fetch(`${stack.url}/api/leaderboards/not-a-uuid/events`);
    expect(response.status).toBe(404);
  });
});
