// waitlist (spec 01 §3, §7): anyone may add an address; a second sign-up of the same address
// (any case, any surrounding spaces) is refused with 23505.

import { UNIQUE_VIOLATION } from '../../constants/limits';
import type { SupabaseClient } from '../supabase-client';

export interface WaitlistEntry {
  email: string;
  /** One of the source options, or the visitor's own words for 'other'. */
  source: string;
}

export type WaitlistResult = 'joined' | 'already_registered';

export function normalizeWaitlistEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function joinWaitlist(
  client: SupabaseClient,
  entry: WaitlistEntry,
): Promise<WaitlistResult> {
  const { error } = await client
    .from('waitlist')
    .insert({ email: normalizeWaitlistEmail(entry.email), source: entry.source.trim() });
  if (!error) return 'joined';
  if (error.code === UNIQUE_VIOLATION) return 'already_registered';
  throw error;
}
