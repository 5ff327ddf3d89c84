// challenges and the public leaderboard view (spec 02 §3, §7). Public pages read
// leaderboard_entries, which has no e-mail addresses; participants are counted by user id.

import type { Row } from '../database';
import type { SupabaseClient } from '../supabase-client';

/** A challenge with its exercise's name, as the list shows it. */
export type Challenge = Row<'challenges'> & {
  exercise_definitions: Pick<Row<'exercise_definitions'>, 'name'> | null;
};

export interface Leader {
  name: string;
  validReps: number;
}

export interface ChallengeSummary {
  participantCount: number;
  topMale: Leader | null;
  topFemale: Leader | null;
}

type SummaryRow = Pick<
  Row<'leaderboard_entries'>,
  'challenge_id' | 'user_id' | 'name' | 'gender' | 'valid_reps'
>;

/** Active, listed challenges with their exercise's name, newest first. */
export async function listChallenges(client: SupabaseClient): Promise<Challenge[]> {
  const { data, error } = await client
    .from('challenges')
    .select('*, exercise_definitions(name)')
    .eq('is_active', true)
    .eq('is_hidden', false)
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data;
}

/** Participant count and the best man and woman of each challenge, in one request. */
export async function loadChallengeSummaries(
  client: SupabaseClient,
  challengeIds: string[],
): Promise<Map<string, ChallengeSummary>> {
  const summaries = new Map<string, ChallengeSummary>();
  if (challengeIds.length === 0) return summaries;
  const { data, error } = await client
    .from('leaderboard_entries')
    .select('challenge_id, user_id, name, gender, valid_reps')
    .in('challenge_id', challengeIds);
  if (error) throw error;
  return summarizeRecordings(challengeIds, data);
}

export function summarizeRecordings(
  challengeIds: string[],
  rows: SummaryRow[],
): Map<string, ChallengeSummary> {
  const participants = new Map<string, Set<string>>();
  const summaries = new Map<string, ChallengeSummary>();
  for (const id of challengeIds) {
    summaries.set(id, { participantCount: 0, topMale: null, topFemale: null });
    participants.set(id, new Set());
  }
  for (const [index, row] of rows.entries()) {
    const summary = summaries.get(row.challenge_id);
    if (!summary) continue;
    // A recording whose account was deleted still is one participant.
    participants.get(row.challenge_id)!.add(row.user_id ?? `recording:${index}`);
    const key = row.gender === 'female' ? 'topFemale' : 'topMale';
    const current = summary[key];
    if (!current || row.valid_reps > current.validReps)
      summary[key] = { name: row.name, validReps: row.valid_reps };
  }
  for (const [id, summary] of summaries) summary.participantCount = participants.get(id)!.size;
  return summaries;
}

export type ChallengeDateStatus = 'upcoming' | 'active' | 'ended';

/** Upcoming before its start, ended after its end, otherwise active (spec 02 §4). */
export function challengeDateStatus(
  challenge: Pick<Challenge, 'start_date' | 'end_date'>,
  now: Date,
): ChallengeDateStatus {
  if (challenge.start_date && now < new Date(challenge.start_date)) return 'upcoming';
  if (challenge.end_date && now > new Date(challenge.end_date)) return 'ended';
  return 'active';
}
