// One challenge by id with its exercise definition (spec 02 §7 "select one by id with full
// exercise_definitions"), for the leaderboard and the recording view.

import type { SupabaseClient } from '@supabase/supabase-js';
import type { Challenge } from './challenges';

export interface ChallengeWithDefinition extends Omit<Challenge, 'exercise_definitions'> {
  /** Null when the row is gone (the database refuses that while a challenge uses it). */
  exercise_definitions: { id: string; name: string; definition: unknown } | null;
}

/** The challenge, or null when no challenge has this id. */
export async function getChallengeById(
  client: SupabaseClient,
  challengeId: string,
): Promise<ChallengeWithDefinition | null> {
  const { data, error } = await client
    .from('challenges')
    .select('*, exercise_definitions(id, name, definition)')
    .eq('id', challengeId)
    .maybeSingle();
  if (error) throw error;
  return data as ChallengeWithDefinition | null;
}
