// What a challenge card shows of its leaderboard (spec 02 §2 "Challenges list": a participant
// count and the top male and female leader), read from the ranked leaderboard the database keeps
// (challenge_leaderboard, All Time, one entry per tab), so a card names the same leaders as the
// leaderboard page and never reads counts the database withholds.

import { FALLBACK_TIME_ZONE } from '../../lib/time-zone';
import type { SupabaseClient } from '../supabase-client';
import { fetchLeaderboard, type LeaderboardEntry, type LeaderboardPage } from './leaderboard';

export interface Leader {
  name: string;
  validReps: number;
  /** Whether that count is the verified one (issue 26: every count says so). */
  verificationStatus: LeaderboardEntry['verification_status'];
}

export interface ChallengeSummary {
  participantCount: number;
  /** The database withholds the counts from this viewer (a duel's hidden results): the card
   * names no leader, as the leaderboard shows no ranks. */
  resultsHidden: boolean;
  topMale: Leader | null;
  topFemale: Leader | null;
}

/** The first entry of a gender tab when it ranks (verified), unless the results are hidden. */
function leaderOf(board: LeaderboardPage): Leader | null {
  const first = board.entries[0];
  if (board.results_hidden || !first?.ranked || first.valid_reps === null) return null;
  return {
    name: first.name,
    validReps: first.valid_reps,
    verificationStatus: first.verification_status,
  };
}

/** A card's summary from the first All Time entry of the Male and Female tabs. */
export function summaryFromBoards(men: LeaderboardPage, women: LeaderboardPage): ChallengeSummary {
  return {
    participantCount: men.participant_count,
    resultsHidden: men.results_hidden,
    topMale: leaderOf(men),
    topFemale: leaderOf(women),
  };
}

/** The card summary of one challenge: two one-entry pages (All Time, Male and Female). */
export async function loadChallengeSummary(
  client: SupabaseClient,
  challengeId: string,
): Promise<ChallengeSummary> {
  const tab = (gender: 'male' | 'female') =>
    fetchLeaderboard(client, {
      challengeId,
      period: 'all_time',
      gender,
      // All Time has no days to count.
      timeZone: FALLBACK_TIME_ZONE,
      offset: 0,
      pageSize: 1,
    });
  const [men, women] = await Promise.all([tab('male'), tab('female')]);
  return summaryFromBoards(men, women);
}
