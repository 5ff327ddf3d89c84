// The admin area's data functions as cached queries; every key starts with 'admin', so a change
// made in the admin area refreshes all of them at once (adminKeys.all).

import { queryOptions } from '@tanstack/react-query';
import type { SupabaseClient } from '../../../data/supabase-client';
import { getChallengeById, listAdminChallenges, listDefinitionChoices } from './admin-challenges';
import { loadDashboard } from './admin-dashboard';
import { listChallengeRecordings, listRankedRecordings } from './admin-recordings';

export const adminKeys = {
  all: ['admin'] as const,
  challenges: () => [...adminKeys.all, 'challenges'] as const,
  challenge: (id: string) => [...adminKeys.all, 'challenge', id] as const,
  definitionChoices: () => [...adminKeys.all, 'definition-choices'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  recordings: (challengeId: string) => [...adminKeys.all, 'recordings', challengeId] as const,
  rankedRecordings: (challengeId: string) =>
    [...adminKeys.all, 'ranked-recordings', challengeId] as const,
};

export const adminQueries = {
  challenges: (client: SupabaseClient) =>
    queryOptions({ queryKey: adminKeys.challenges(), queryFn: () => listAdminChallenges(client) }),
  challenge: (client: SupabaseClient, id: string) =>
    queryOptions({
      queryKey: adminKeys.challenge(id),
      queryFn: () => getChallengeById(client, id),
    }),
  definitionChoices: (client: SupabaseClient) =>
    queryOptions({
      queryKey: adminKeys.definitionChoices(),
      queryFn: () => listDefinitionChoices(client),
    }),
  /** Counts and recent activity as of the moment it is fetched. */
  dashboard: (client: SupabaseClient) =>
    queryOptions({
      queryKey: adminKeys.dashboard(),
      queryFn: () => loadDashboard(client, new Date()),
    }),
  recordings: (client: SupabaseClient, challengeId: string) =>
    queryOptions({
      queryKey: adminKeys.recordings(challengeId),
      queryFn: () => listChallengeRecordings(client, challengeId),
    }),
  /** Each sex's verified recordings in the database's ranking order (rank_key). */
  rankedRecordings: (client: SupabaseClient, challengeId: string) =>
    queryOptions({
      queryKey: adminKeys.rankedRecordings(challengeId),
      queryFn: async () => {
        const [male, female] = await Promise.all([
          listRankedRecordings(client, challengeId, 'male'),
          listRankedRecordings(client, challengeId, 'female'),
        ]);
        return { male, female };
      },
    }),
};
