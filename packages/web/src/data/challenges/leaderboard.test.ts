import { describe, expect, it } from 'vitest';
import type { SupabaseClient } from '../supabase-client';
import { fetchAggregateLeaderboard, fetchLeaderboard } from './leaderboard';

/** A client whose rpc() answers from a list and records what it was asked. */
function fakeClient(answers: { data?: unknown; error?: unknown }[]) {
  const calls: { fn: string; args: Record<string, unknown>; options?: unknown }[] = [];
  const client = {
    rpc: async (fn: string, args: Record<string, unknown>, options?: unknown) => {
      calls.push({ fn, args, options });
      const answer = answers.shift() ?? { data: null, error: new Error('no answer left') };
      return { data: answer.data ?? null, error: answer.error ?? null };
    },
  } as unknown as SupabaseClient;
  return { client, calls };
}

const page = {
  entries: [{ duration_seconds: 61.5, name: 'A' }],
  own_entry: { duration_seconds: 30, name: 'B' },
  counts: { all: 1, male: 1, female: 0 },
};
const query = {
  challengeId: 'c',
  gender: 'all',
  timeZone: 'Europe/Berlin',
  offset: 0,
  pageSize: 50,
} as const;

describe('leaderboard queries', () => {
  it('send the period, tab, time zone and page, and answer the page', async () => {
    const { client, calls } = fakeClient([{ data: page }]);
    const result = await fetchLeaderboard(client, { ...query, period: 'this_week' });
    expect(calls).toEqual([
      {
        fn: 'challenge_leaderboard',
        args: {
          target_challenge_id: 'c',
          period: 'this_week',
          gender: 'all',
          time_zone: 'Europe/Berlin',
          page_offset: 0,
          page_size: 50,
        },
        // A GET: the server answers a repeated read from what it kept, or with 304.
        options: { get: true },
      },
    ]);
    expect(result).toEqual(page);
  });
  it('a zone the database does not know is asked again in UTC', async () => {
    const { client, calls } = fakeClient([
      { error: { code: '22023', message: 'Unknown time zone "Mars/Base": expected ...' } },
      { data: { ...page, time_zone: 'UTC' } },
    ]);
    const result = await fetchAggregateLeaderboard(client, { ...query, timeZone: 'Mars/Base' });
    expect(calls.map((call) => call.args.time_zone)).toEqual(['Mars/Base', 'UTC']);
    expect(result.time_zone).toBe('UTC');
  });
  it('an answer without a page is an error, not an empty board', async () => {
    const { client } = fakeClient([{ data: null }]);
    await expect(fetchLeaderboard(client, { ...query, period: 'today' })).rejects.toThrow(
      'expected one page',
    );
  });
  it('other errors are thrown', async () => {
    const failure = { code: 'P0002', message: 'Challenge c does not exist.' };
    const { client } = fakeClient([{ error: failure }]);
    await expect(fetchLeaderboard(client, { ...query, period: 'today' })).rejects.toBe(failure);
  });
});
