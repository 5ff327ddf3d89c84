// The challenge and leaderboard data functions as cached queries: each key is made here, beside
// its function, and names that function, so two screens share a cached answer only when they
// asked the same function the same question. (Keys written inline once let /pushtober cache a
// challenge row without is_active under the detail page's key, which then showed an open
// challenge as closed.) Keys that depend on who asks carry the viewer's id: hidden results and
// the viewer's own entry differ by viewer.

import { queryOptions } from '@tanstack/react-query';
import { FALLBACK_TIME_ZONE } from '../../lib/time-zone';
import type { SupabaseClient } from '../supabase-client';
import { loadChallengeSummary } from './challenge-summaries';
import {
  getChallengeById,
  getChallengeBySlug,
  getChallengeWithDefinition,
  listChallenges,
} from './challenges';
import {
  type BoardQuery,
  fetchAggregateLeaderboard,
  fetchLeaderboard,
  type GenderTab,
} from './leaderboard';

/** Who asks: the signed-in user's id, or null for a visitor. */
type Viewer = string | null;

export const challengeKeys = {
  all: ['challenges'] as const,
  list: () => [...challengeKeys.all, 'list'] as const,
  byId: (id: string) => [...challengeKeys.all, 'by-id', id] as const,
  bySlug: (slug: string) => [...challengeKeys.all, 'by-slug', slug] as const,
  withDefinition: (id: string) => [...challengeKeys.all, 'with-definition', id] as const,
  summary: (id: string, viewer: Viewer) => [...challengeKeys.all, 'summary', id, viewer] as const,
  topEntries: (id: string, count: number, viewer: Viewer) =>
    [...challengeKeys.all, 'top-entries', id, count, viewer] as const,
};

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  /** Every board of a challenge, whoever asked (what a change of the challenge invalidates). */
  boardsOf: (challengeId: string) => [...leaderboardKeys.all, 'board', challengeId] as const,
  /** One view and gender tab of a challenge, page by page (an infinite query). */
  board: (challengeId: string, view: string, gender: GenderTab, timeZone: string, viewer: Viewer) =>
    [...leaderboardKeys.all, 'board', challengeId, view, gender, timeZone, viewer] as const,
  aggregatePage: (query: BoardQuery, viewer: Viewer) =>
    [...leaderboardKeys.all, 'aggregate-page', query, viewer] as const,
};

export const challengeQueries = {
  list: (client: SupabaseClient) =>
    queryOptions({ queryKey: challengeKeys.list(), queryFn: () => listChallenges(client) }),
  byId: (client: SupabaseClient, id: string) =>
    queryOptions({ queryKey: challengeKeys.byId(id), queryFn: () => getChallengeById(client, id) }),
  bySlug: (client: SupabaseClient, slug: string) =>
    queryOptions({
      queryKey: challengeKeys.bySlug(slug),
      queryFn: () => getChallengeBySlug(client, slug),
    }),
  withDefinition: (client: SupabaseClient, id: string) =>
    queryOptions({
      queryKey: challengeKeys.withDefinition(id),
      queryFn: () => getChallengeWithDefinition(client, id),
    }),
  /** A card's participant count and leaders. */
  summary: (client: SupabaseClient, id: string, viewer: Viewer) =>
    queryOptions({
      queryKey: challengeKeys.summary(id, viewer),
      queryFn: () => loadChallengeSummary(client, id),
    }),
  /** The first `count` entries of All Time, All (the detail page's top three). */
  topEntries: (client: SupabaseClient, id: string, count: number, viewer: Viewer) =>
    queryOptions({
      queryKey: challengeKeys.topEntries(id, count, viewer),
      queryFn: () =>
        fetchLeaderboard(client, {
          challengeId: id,
          period: 'all_time',
          gender: 'all',
          // All Time has no days to count.
          timeZone: FALLBACK_TIME_ZONE,
          offset: 0,
          pageSize: count,
        }),
    }),
};

export const leaderboardQueries = {
  aggregatePage: (client: SupabaseClient, query: BoardQuery, viewer: Viewer) =>
    queryOptions({
      queryKey: leaderboardKeys.aggregatePage(query, viewer),
      queryFn: () => fetchAggregateLeaderboard(client, query),
    }),
};
