// challenges (spec 02 §3, §7): the list, one challenge by slug or id, and joining. What the cards
// and the detail page show of a leaderboard comes from the database's ranked leaderboard
// (./challenge-summaries, ./leaderboard).

import { isUuid } from '../../lib/uuid';
import type { Row } from '../database';
import type { SupabaseClient } from '../supabase-client';
import type { ChallengeClosedReason } from './challenge-status';

/** A challenge with its exercise's name, as the list shows it. */
export type Challenge = Row<'challenges'> & {
  exercise_definitions: Pick<Row<'exercise_definitions'>, 'name'> | null;
};

/** A challenge's event page (spec 02 §2 "Event landing", "Pushtober"), or null for none. */
export interface EventLink {
  challenge_events: Pick<Row<'challenge_events'>, 'template'> | null;
}

/** A challenge as its detail page shows it: with its exercise's name and its event page. */
export type ChallengeDetail = Challenge & EventLink;

/** A challenge with its exercise definition's document and its event page, for recording an
 * attempt. */
export interface ChallengeWithDefinition
  extends Omit<Challenge, 'exercise_definitions'>,
    EventLink {
  exercise_definitions: { id: string; name: string; definition: unknown } | null;
}

/** Event challenges take any number of attempts and only the best counts (spec 02 §5); every
 * other challenge one per participant (a day, when daily). The database holds the same rule
 * (prepare_recording) and refuses a second attempt itself; this saves the participant a recording
 * that would be refused. */
export function attemptsUnlimited(challenge: EventLink): boolean {
  return challenge.challenge_events !== null;
}

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

/** The challenge a detail page names: by slug, else (for a link made from an id) by id; null
 * when neither exists. Hidden challenges are found too: they are unlisted, not secret. */
export async function getChallengeBySlug(
  client: SupabaseClient,
  slugOrId: string,
): Promise<ChallengeDetail | null> {
  const { data, error } = await client
    .from('challenges')
    .select('*, exercise_definitions(name), challenge_events(template)')
    .eq('slug', slugOrId)
    .maybeSingle();
  if (error) throw error;
  if (data) return data;
  if (!isUuid(slugOrId)) return null;
  const byId = await client
    .from('challenges')
    .select('*, exercise_definitions(name), challenge_events(template)')
    .eq('id', slugOrId)
    .maybeSingle();
  if (byId.error) throw byId.error;
  return byId.data ?? null;
}

/** One challenge by id with its exercise's name (the leaderboard); null when there is none. */
export async function getChallengeById(
  client: SupabaseClient,
  id: string,
): Promise<Challenge | null> {
  if (!isUuid(id)) return null;
  const { data, error } = await client
    .from('challenges')
    .select('*, exercise_definitions(name)')
    .eq('id', id)
    .maybeSingle();
  if (error) throw error;
  return data;
}

/** One challenge by id with its full exercise definition; null when there is none. */
export async function getChallengeWithDefinition(
  client: SupabaseClient,
  id: string,
): Promise<ChallengeWithDefinition | null> {
  if (!isUuid(id)) return null;
  const { data, error } = await client
    .from('challenges')
    .select('*, exercise_definitions(id, name, definition), challenge_events(template)')
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
