// challenges and the public leaderboard view (spec 02 §3, §7). Public pages read
// leaderboard_entries, which has no e-mail addresses; participants are counted by user id.

import type { Row } from '../database';
import type { SupabaseClient } from '../supabase-client';
import type { ChallengeClosedReason } from './challenge-status';

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

/** A challenge with its exercise definition's document, for recording an attempt. */
export interface ChallengeWithDefinition extends Omit<Challenge, 'exercise_definitions'> {
  exercise_definitions: { id: string; name: string; definition: unknown } | null;
}

/** A UUID, as challenge ids are (a slug may look like anything else). */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

/** The challenge a detail page names: by slug, else (for a link made from an id) by id; null
 * when neither exists. Hidden challenges are found too: they are unlisted, not secret. */
export async function getChallengeBySlug(
  client: SupabaseClient,
  slugOrId: string,
): Promise<Challenge | null> {
  const { data, error } = await client
    .from('challenges')
    .select('*, exercise_definitions(name)')
    .eq('slug', slugOrId)
    .maybeSingle();
  if (error) throw error;
  if (data) return data;
  if (!UUID_PATTERN.test(slugOrId)) return null;
  const byId = await client
    .from('challenges')
    .select('*, exercise_definitions(name)')
    .eq('id', slugOrId)
    .maybeSingle();
  if (byId.error) throw byId.error;
  return byId.data ?? null;
}

/** One challenge by id with its full exercise definition; null when there is none. */
export async function getChallengeWithDefinition(
  client: SupabaseClient,
  id: string,
): Promise<ChallengeWithDefinition | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const { data, error } = await client
    .from('challenges')
    .select('*, exercise_definitions(id, name, definition)')
    .eq('id', id)
    .maybeSingle();
  if (error) throw error;
  return data ?? null;
}

/** The `detail` key of join_challenge's refusal, and the closed reason it means. */
const JOIN_REFUSALS: Readonly<Record<string, ChallengeClosedReason>> = {
  challenge_inactive: 'inactive',
  challenge_not_started: 'upcoming',
  challenge_ended: 'ended',
  duel_expired: 'duel-expired',
};

/** A join the database refused because the challenge is closed (spec 02 §4 "Joinable"). */
export class JoinRefusedError extends Error {
  constructor(
    readonly reason: ChallengeClosedReason,
    message: string,
  ) {
    super(message);
    this.name = 'JoinRefusedError';
  }
}

/** Joins a challenge as the signed-in user: starts a duel's 72 hours if nobody has joined yet.
 * Answers the duel's start (null for other types). Throws JoinRefusedError when the challenge is
 * closed (ended, not started, inactive, a duel past its hours), the database's error otherwise. */
export async function joinChallenge(
  client: SupabaseClient,
  challengeId: string,
): Promise<string | null> {
  const { data, error } = await client.rpc('join_challenge', { target_challenge_id: challengeId });
  if (error) {
    const reason = error.details ? JOIN_REFUSALS[error.details] : undefined;
    if (reason) throw new JoinRefusedError(reason, error.message);
    throw error;
  }
  return data ?? null;
}
