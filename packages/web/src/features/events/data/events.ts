// Event pages' reads (spec 02 §2 "Event landing", "Pushtober").

import type { DbEnum, Row } from '../../../data/database';
import type { SupabaseClient } from '../../../data/supabase-client';

export type EventTemplate = DbEnum<'event_template'>;

/** A challenge with an event page, and which page it is. */
export type EventChallenge = Pick<
  Row<'challenges'>,
  'id' | 'slug' | 'name' | 'description' | 'start_date' | 'end_date' | 'is_active'
> & { challenge_events: Pick<Row<'challenge_events'>, 'template'> };

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
  return data;
}

export type PushtoberChallenge = Pick<
  Row<'challenges'>,
  'id' | 'slug' | 'name' | 'start_date' | 'end_date'
>;

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
  return data;
}
