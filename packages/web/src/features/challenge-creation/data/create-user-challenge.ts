// Insert the user payload and return the slug (spec 02 §7). The database makes the slug from the
// name and a random suffix; in the rare case that it is taken (23505), a fresh one is tried.

import { UNIQUE_VIOLATION } from '../../../constants/limits';
import type { SupabaseClient } from '../../../data/supabase-client';
import { SLUG_ATTEMPTS } from '../constants';
import type { UserChallengeInsert } from '../user-challenge-form';

export async function createUserChallenge(
  client: SupabaseClient,
  row: UserChallengeInsert,
): Promise<{ id: string; slug: string }> {
  for (let attempt = 1; ; attempt += 1) {
    const { data, error } = await client.from('challenges').insert(row).select('id, slug').single();
    if (!error) return data;
    if (error.code !== UNIQUE_VIOLATION || attempt >= SLUG_ATTEMPTS) throw error;
  }
}
