import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../../auth/auth-provider';
import {
  type AggregatePage,
  fetchAggregateLeaderboard,
  fetchLeaderboard,
  type GenderTab,
  type LeaderboardPage,
} from '../../data/challenges/leaderboard';
import { subscribeToLeaderboardChanges } from '../../data/challenges/leaderboard-changes';
import { leaderboardKeys } from '../../data/challenges/queries';
import { LEADERBOARD_PAGE_SIZE } from './constants';
import type { LeaderboardView } from './leaderboard-view';

export type BoardPage =
  | ({ view: 'aggregate' } & AggregatePage)
  | ({ view: Exclude<LeaderboardView, 'aggregate'> } & LeaderboardPage);

/** One leaderboard view and gender tab, page by page ('Show more'). Keyed by the viewer too:
 * their own entry and what hidden results they may see depend on who asks. */
export function useBoard(
  challengeId: string,
  view: LeaderboardView,
  gender: GenderTab,
  timeZone: string,
) {
  const { supabase, user } = useAuth();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeToLeaderboardChanges(challengeId, () => {
        void queryClient.invalidateQueries({ queryKey: leaderboardKeys.boardsOf(challengeId) });
      }),
    [challengeId, queryClient],
  );
  return useInfiniteQuery({
    queryKey: leaderboardKeys.board(challengeId, view, gender, timeZone, user?.id ?? null),
    initialPageParam: 0,
    queryFn: async ({ pageParam }): Promise<BoardPage> => {
      const query = {
        challengeId,
        gender,
        timeZone,
        offset: pageParam,
        pageSize: LEADERBOARD_PAGE_SIZE,
      };
      if (view === 'aggregate')
        return { ...(await fetchAggregateLeaderboard(supabase, query)), view };
      return { ...(await fetchLeaderboard(supabase, { ...query, period: view })), view };
    },
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.entries.length, 0);
      return last.entries.length > 0 && loaded < last.counts[gender] ? loaded : undefined;
    },
  });
}
