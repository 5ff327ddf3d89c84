// The leaderboards, computed by the database (spec 02 §2 "Leaderboard", §9): Today, This Week and
// All Time through challenge_leaderboard(), the Aggregate through
// challenge_leaderboard_aggregate(). One entry per participant; days are calendar days in the
// time zone sent with the query; while a duel's results are hidden the database leaves the
// counts of others out (null) and gives no ranks.

import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { FALLBACK_TIME_ZONE } from '../../lib/time-zone';

export type LeaderboardPeriod = 'today' | 'this_week' | 'all_time';
export type GenderTab = 'all' | 'male' | 'female';

export interface GenderCounts {
  all: number;
  male: number;
  female: number;
}

export interface LeaderboardEntry {
  /** Null while results are hidden. */
  rank: number | null;
  recording_id: string;
  user_id: string | null;
  name: string;
  gender: 'male' | 'female';
  valid_reps: number | null;
  invalid_reps: number | null;
  total_reps: number | null;
  form_score: number | null;
  /** seconds */
  duration_seconds: number;
  video_url: string | null;
  gif_url: string | null;
  share_count: number;
  referral_count: number;
  created_at: string;
  /** The signed-in viewer's own entry. */
  is_own: boolean;
}

interface BoardCommon {
  challenge_id: string;
  gender: GenderTab;
  /** The zone the days were counted in (the one asked for, or UTC after a fallback). */
  time_zone: string;
  results_hidden: boolean;
  /** When hidden results become final; null when not known yet. */
  results_final_at: string | null;
  participant_count: number;
  counts: GenderCounts;
}

export interface LeaderboardPage extends BoardCommon {
  period: LeaderboardPeriod;
  period_start: string | null;
  period_end: string | null;
  entries: LeaderboardEntry[];
  /** The signed-in viewer's own entry with its rank, wherever it is; null if they have none. */
  own_entry: LeaderboardEntry | null;
}

export interface AggregateEntry {
  rank: number | null;
  name: string;
  gender: 'male' | 'female';
  days_logged: number | null;
  total_reps: number | null;
  daily_average: number | null;
  top_daily: number | null;
  streak_length: number | null;
  referral_count: number;
  is_own: boolean;
}

export interface AggregatePage extends BoardCommon {
  /** The viewer's calendar day (YYYY-MM-DD) the streaks were measured to. */
  today: string;
  entries: AggregateEntry[];
  own_entry: AggregateEntry | null;
}

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

async function callBoard<T>(
  client: SupabaseClient,
  fn: string,
  args: Record<string, unknown>,
): Promise<T> {
  let { data, error } = await client.rpc(fn, args);
  if (isUnknownTimeZone(error)) {
    console.warn(`${args.time_zone} is not a time zone the database knows; counting days in UTC`);
    ({ data, error } = await client.rpc(fn, { ...args, time_zone: FALLBACK_TIME_ZONE }));
  }
  if (error) throw error;
  return data as T;
}

export async function fetchLeaderboard(
  client: SupabaseClient,
  query: BoardQuery & { period: LeaderboardPeriod },
): Promise<LeaderboardPage> {
  const page = await callBoard<LeaderboardPage>(client, 'challenge_leaderboard', {
    target_challenge_id: query.challengeId,
    period: query.period,
    gender: query.gender,
    time_zone: query.timeZone,
    page_offset: query.offset,
    page_size: query.pageSize,
  });
  // numeric(6,2) arrives as a number or a string depending on the path; the page wants numbers.
  const withNumbers = (entry: LeaderboardEntry) => ({
    ...entry,
    duration_seconds: Number(entry.duration_seconds),
  });
  return {
    ...page,
    entries: page.entries.map(withNumbers),
    own_entry: page.own_entry ? withNumbers(page.own_entry) : null,
  };
}

export async function fetchAggregateLeaderboard(
  client: SupabaseClient,
  query: BoardQuery,
): Promise<AggregatePage> {
  return callBoard<AggregatePage>(client, 'challenge_leaderboard_aggregate', {
    target_challenge_id: query.challengeId,
    gender: query.gender,
    time_zone: query.timeZone,
    page_offset: query.offset,
    page_size: query.pageSize,
  });
}
