// The exercise definitions as cached queries; the key is made here, beside its function.

import { queryOptions } from '@tanstack/react-query';
import type { SupabaseClient } from '../supabase-client';
import { listExerciseDefinitions } from './exercise-definitions';

export const definitionKeys = {
  all: ['exercise-definitions'] as const,
  list: () => [...definitionKeys.all, 'list'] as const,
};

export const definitionQueries = {
  list: (client: SupabaseClient) =>
    queryOptions({
      queryKey: definitionKeys.list(),
      queryFn: () => listExerciseDefinitions(client),
    }),
};
