// user_profiles (spec 01 §3, §7): the signed-in user's own row; RLS lets nobody else read it and
// keeps is_admin and email out of what a user may write.

import type { Row, RowUpdate } from '../database';
import type { SupabaseClient } from '../supabase-client';

export type UserProfile = Row<'user_profiles'>;

/** The fields a user edits. */
export type ProfileUpdate = Pick<
  RowUpdate<'user_profiles'>,
  'age' | 'gender' | 'weight_kg' | 'height_cm' | 'target_weight_kg' | 'goals' | 'expectations'
>;

export class ProfileTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`The profile did not load within ${timeoutMs} ms`);
    this.name = 'ProfileTimeoutError';
  }
}

/** The profile of `userId`, or null when there is none. PostgreSQL numerics arrive as numbers
 * or strings depending on the driver; they are numbers here. */
export async function loadProfile(
  client: SupabaseClient,
  userId: string,
  timeoutMs: number,
): Promise<UserProfile | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const { data, error } = await client
      .from('user_profiles')
      .select('*')
      .eq('id', userId)
      .abortSignal(controller.signal)
      .maybeSingle();
    if (controller.signal.aborted) throw new ProfileTimeoutError(timeoutMs);
    if (error) throw error;
    return data ? normalizeProfile(data) : null;
  } finally {
    clearTimeout(timer);
  }
}

export async function updateProfile(
  client: SupabaseClient,
  userId: string,
  update: ProfileUpdate,
): Promise<void> {
  const { error } = await client.from('user_profiles').update(update).eq('id', userId);
  if (error) throw error;
}

function toNumberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

export function normalizeProfile(row: UserProfile): UserProfile {
  return {
    ...row,
    age: toNumberOrNull(row.age),
    weight_kg: toNumberOrNull(row.weight_kg),
    height_cm: toNumberOrNull(row.height_cm),
    target_weight_kg: toNumberOrNull(row.target_weight_kg),
    goals: row.goals ?? [],
  };
}
