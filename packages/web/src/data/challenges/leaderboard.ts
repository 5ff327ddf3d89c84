// The leaderboards, computed by the database (spec 02 §2 "Leaderboard", §9): Today, This Week and
// All Time through challenge_leaderboard(), the Aggregate through
// challenge_leaderboard_aggregate(). One entry per participant; days are calendar days in the
// time zone sent with the query; while a duel's results are hidden the database leaves the
// counts of others out (null) and gives no ranks. Asked with GET (both functions only read): the
// local server keeps each answer until the board changes and answers a repeated read with 304
// (docs/decisions.md, issue 27). Both answer a composite value whose generated
// type (with its not-null fields restated in ../database) is what the page reads.

import type { PostgrestError } from '@supabase/supabase-js';
import { FALLBACK_TIME_ZONE } from '../../lib/time-zone';
import type { Composite } from '../database';
import type { SupabaseClient } from '../supabase-client';

/** The periods challenge_leaderboard() takes (it refuses any other). */
export type LeaderboardPeriod = 'today' | 'this_week' | 'all_time';
/** The gender tabs both functions take. */
export type GenderTab = keyof GenderCounts;

export type GenderCounts = Composite<'leaderboard_gender_counts'>;
export type LeaderboardEntry = Composite<'leaderboard_entry'>;
export type LeaderboardPage = Composite<'leaderboard_page'>;
export type AggregateEntry = Composite<'aggregate_entry'>;
export type AggregatePage = Composite<'aggregate_page'>;

export interface BoardQuery {
  challengeId: string;
  gender: GenderTab;
  timeZone: string;
  offset: number;
  pageSize: number;
}

/** The database refuses a zone it does not know (a browser newer than its zone list). */
function isUnknownTimeZone(error: PostgrestError | null): boolean {
  return error?.code === '22023' && error.message.startsWith('Unknown time zone');
}

/** Runs `call` in the viewer's zone; once more in UTC when the database does not know it. */
async function inViewerZone<T>(
  timeZone: string,
  call: (zone: string) => PromiseLike<{ data: T | null; error: PostgrestError | null }>,
): Promise<T> {
  let { data, error } = await call(timeZone);
  if (isUnknownTimeZone(error)) {
    console.warn(`${timeZone} is not a time zone the database knows; counting days in UTC`);
    ({ data, error } = await call(FALLBACK_TIME_ZONE));
  }
  if (error) throw error;
  if (data === null) throw new Error('The leaderboard answered nothing: expected one page.');
  return data;
}

export function fetchLeaderboard(
  client: SupabaseClient,
  query: BoardQuery & { period: LeaderboardPeriod },
): Promise<LeaderboardPage> {
  return inViewerZone(query.timeZone, (zone) =>
    client.rpc(
      'challenge_leaderboard',
      {
        target_challenge_id: query.challengeId,
        period: query.period,
        gender: query.gender,
        time_zone: zone,
        page_offset: query.offset,
        page_size: query.pageSize,
      },
      { get: true },
    ),
  );
}

export function fetchAggregateLeaderboard(
  client: SupabaseClient,
  query: BoardQuery,
): Promise<AggregatePage> {
  return inViewerZone(query.timeZone, (zone) =>
    client.rpc(
      'challenge_leaderboard_aggregate',
      {
        target_challenge_id: query.challengeId,
        gender: query.gender,
        time_zone: zone,
        page_offset: query.offset,
        page_size: query.pageSize,
      },
      { get: true },
    ),
  );
}
