// The event pages' data functions as cached queries; the keys are made here, beside them.

import { queryOptions } from '@tanstack/react-query';
import type { SupabaseClient } from '../../../data/supabase-client';
import { findEvent, findPushtober } from './events';

export const eventKeys = {
  all: ['events'] as const,
  event: (hash: string) => [...eventKeys.all, 'event', hash] as const,
  pushtober: (slug: string) => [...eventKeys.all, 'pushtober', slug] as const,
};

export const eventQueries = {
  event: (client: SupabaseClient, hash: string) =>
    queryOptions({ queryKey: eventKeys.event(hash), queryFn: () => findEvent(client, hash) }),
  pushtober: (client: SupabaseClient, slug: string) =>
    queryOptions({
      queryKey: eventKeys.pushtober(slug),
      queryFn: () => findPushtober(client, slug),
    }),
};
