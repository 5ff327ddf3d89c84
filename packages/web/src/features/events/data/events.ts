// Event pages' reads (spec 02 §2 "Event landing", "Pushtober").

import type { SupabaseClient } from '@supabase/supabase-js';

export type EventTemplate = 'token2049' | 'pushtober';

export interface EventChallenge {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  start_date: string | null;
  end_date: string | null;
  is_active: boolean;
  challenge_events: { template: EventTemplate };
}

/** Slugs as the database allows them; anything else cannot be an event. */
const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SLUG_MAX_LENGTH = 100;

export function couldBeEventHash(hash: string | undefined): hash is string {
  return hash !== undefined && hash.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(hash);
}

/** The challenge at /{hash} when it has an event page, else null. */
export async function findEvent(
  client: SupabaseClient,
  hash: string,
): Promise<EventChallenge | null> {
  const { data, error } = await client
    .from('challenges')
    .select(
      'id, slug, name, description, start_date, end_date, is_active, challenge_events!inner(template)',
    )
    .eq('slug', hash)
    .maybeSingle();
  if (error) throw error;
  return data as EventChallenge | null;
}

export interface PushtoberChallenge {
  id: string;
  slug: string;
  name: string;
  start_date: string | null;
  end_date: string | null;
}

/** The Pushtober challenge (slug 'pushtober'), or null when this installation has none. */
export async function findPushtober(
  client: SupabaseClient,
  slug: string,
): Promise<PushtoberChallenge | null> {
  const { data, error } = await client
    .from('challenges')
    .select('id, slug, name, start_date, end_date')
    .eq('slug', slug)
    .maybeSingle();
  if (error) throw error;
  return data as PushtoberChallenge | null;
}
