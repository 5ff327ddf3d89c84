// Insert the user payload and return the slug (spec 02 §7). The database makes the slug from the
// name and a random suffix; in the rare case that it is taken (23505), a fresh one is tried. A
// failure reads as the server's message or the spec's fallback (spec 02 §8).

import { UNIQUE_VIOLATION } from '../../../constants/limits';
import type { SupabaseClient } from '../../../data/supabase-client';
import { CREATE_MESSAGES, SLUG_ATTEMPTS } from '../constants';
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

/** The server's own message when it sent one, else the spec's fallback (spec 02 §8). Beside the
 * insert rather than in the page, so it is unit-tested without rendering. */
export function creationErrorMessage(error: unknown): string {
  const message =
    error !== null && typeof error === 'object' && 'message' in error ? error.message : undefined;
  return typeof message === 'string' && message.trim() !== '' ? message : CREATE_MESSAGES.failed;
}
