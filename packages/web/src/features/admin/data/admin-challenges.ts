// The admin area's challenge queries (spec 02 §7): all challenges with their counts, one by id,
// insert and update of the form's row, each flag, delete; and the exercise definitions to choose
// from. Row security lets only admins write (is_admin() in the policies); a write that changes no
// row throws ChallengeGoneError.

import type { Challenge } from '../../../data/challenges/challenges';
import type { Row, RowUpdate } from '../../../data/database';
import type { SupabaseClient } from '../../../data/supabase-client';
import type { ChallengeFlag } from '../constants';
import type { AdminChallengeRow } from '../lib/challenge-form';
import { readAllRows } from './all-rows';
import { ChallengeGoneError } from './errors';
import type { AdminChallengeListItem } from './types';

const TABLE = 'challenges';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every challenge, newest first, with its recording and participant counts (admin only: the
 * counts come from admin_challenge_stats(), which refuses other callers with 42501). */
export async function listAdminChallenges(
  client: SupabaseClient,
): Promise<AdminChallengeListItem[]> {
  const [challenges, counts] = await Promise.all([
    readAllRows((from, to) =>
      client
        .from(TABLE)
        .select('*, exercise_definitions(name)')
        .order('created_at', { ascending: false })
        .order('id')
        .range(from, to),
    ),
    readAllRows((from, to) =>
      client.rpc('admin_challenge_stats').order('challenge_id').range(from, to),
    ),
  ]);
  const byChallenge = new Map(counts.map((row) => [row.challenge_id, row]));
  return challenges.map((challenge) => ({
    ...challenge,
    recording_count: byChallenge.get(challenge.id)?.recording_count ?? 0,
    participant_count: byChallenge.get(challenge.id)?.participant_count ?? 0,
    flagged_count: byChallenge.get(challenge.id)?.flagged_count ?? 0,
  }));
}

/** One challenge with its exercise's name, or null when there is none with this id. */
export async function getChallengeById(
  client: SupabaseClient,
  id: string,
): Promise<Challenge | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const { data, error } = await client
    .from(TABLE)
    .select('*, exercise_definitions(name)')
    .eq('id', id)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export async function createAdminChallenge(
  client: SupabaseClient,
  row: AdminChallengeRow,
  createdBy: string,
): Promise<Pick<Row<'challenges'>, 'id' | 'slug'>> {
  const { data, error } = await client
    .from(TABLE)
    .insert({ ...row, created_by: createdBy })
    .select('id, slug')
    .single();
  if (error) throw error;
  return data;
}

export async function updateAdminChallenge(
  client: SupabaseClient,
  id: string,
  row: AdminChallengeRow,
): Promise<Pick<Row<'challenges'>, 'id' | 'slug'>> {
  const { data, error } = await client.from(TABLE).update(row).eq('id', id).select('id, slug');
  if (error) throw error;
  const [updated] = data;
  if (!updated) throw new ChallengeGoneError('update', id);
  return updated;
}

/** Sets one flag (is_active, is_hidden, is_daily, hide_results_until_finished) of one challenge. */
export async function setChallengeFlag(
  client: SupabaseClient,
  id: string,
  flag: ChallengeFlag,
  value: boolean,
): Promise<void> {
  const change: Pick<RowUpdate<'challenges'>, ChallengeFlag> = {};
  change[flag] = value;
  const { data, error } = await client.from(TABLE).update(change).eq('id', id).select('id');
  if (error) throw error;
  if (data.length === 0) throw new ChallengeGoneError('update', id);
}

/** Deletes a challenge; its recordings go with it (on delete cascade). */
export async function deleteChallenge(client: SupabaseClient, id: string): Promise<void> {
  const { data, error } = await client.from(TABLE).delete().eq('id', id).select('id');
  if (error) throw error;
  if (data.length === 0) throw new ChallengeGoneError('delete', id);
}

export type DefinitionChoice = Pick<Row<'exercise_definitions'>, 'id' | 'name'>;

/** The exercise definitions to choose from, by name (spec 02 §7). */
export async function listDefinitionChoices(client: SupabaseClient): Promise<DefinitionChoice[]> {
  return readAllRows((from, to) =>
    client
      .from('exercise_definitions')
      .select('id, name')
      .order('name')
      .order('id')
      .range(from, to),
  );
}
