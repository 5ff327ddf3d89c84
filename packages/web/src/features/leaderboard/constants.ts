// The leaderboard's strings and numbers (spec 02 §2 "Leaderboard", §8, §9). Spec strings are
// verbatim; the others are ours.

import type { GenderTab } from '../../data/challenges/leaderboard';

export const LEADERBOARD = {
  notFoundTitle: 'Challenge Not Found',
  notFoundText: "The challenge you're looking for doesn't exist or has been removed.",
  backToChallenges: 'Back to Challenges',
  loadFailed: 'Failed to load leaderboard. Please try again.',
  loading: 'Loading leaderboard...',
  tryAgain: 'Try again',
  dailyChallenge: 'Daily Challenge',
  takeChallenge: 'Take Challenge',
  comingSoon: 'Coming Soon',
  ended: 'Ended',
  /** A duel past its 72 hours (the spec's badge). */
  expired: 'Challenge Expired',
  watch: 'Watch',
  rankHidden: 'Rank hidden',
  notRanked: 'Not ranked until verified',
  /** Entries that do not rank yet (only verified counts rank), listed under the ranked ones. */
  waitingTitle: 'Waiting for verification',
  waitingText:
    'Claimed counts, not ranked: each one ranks by the count the server verifies from its video.',
  /** A claim shown as a claim, where a verified count would be. */
  claimed: (count: number) => `${count} claimed`,
  /** Claims of an Aggregate participant still waiting for their verification. */
  pendingReps: (count: number) => `+${count} claimed`,
  video: 'Video',
  you: 'You',
  yourPosition: 'Your position',
  showMore: 'Show more',
  loadingMore: 'Loading...',
  hiddenTitle: 'Results are hidden until the challenge ends',
  hiddenText: (until: string | null) =>
    until
      ? `Rep counts show here once the challenge is over (${until}). Your own result is visible to you.`
      : 'Rep counts show here once the challenge is over. Your own result is visible to you.',
  /** Spec: "Empty tab: 'No {gender} participants yet'". */
  emptyTab: (gender: GenderTab) =>
    gender === 'all' ? 'No participants yet' : `No ${gender} participants yet`,
  participants: (count: number) => `${count} ${count === 1 ? 'participant' : 'participants'}`,
  timeZoneNote: (zone: string) =>
    `Days are counted in your time zone (${zone}); weeks start on Sunday.`,
  timeZoneFallbackNote: (zone: string) =>
    `Days are counted in ${zone}: your browser's time zone is not one the server knows.`,
  unknownPeriod: (value: string) =>
    `"${value}" is not a leaderboard view. Showing All Time; choose another view above.`,
  aggregateOnlyForAccountability:
    'The Aggregate view is for accountability challenges. Showing All Time.',
  periodsOnlyForDaily: 'This challenge has one leaderboard for its whole run. Showing All Time.',
  unknownGender: (value: string) => `"${value}" is not a leaderboard tab. Showing All.`,
} as const;

export const PERIOD_LABELS = {
  today: 'Today',
  this_week: 'This Week',
  all_time: 'All Time',
  aggregate: 'Aggregate',
} as const;

export const GENDER_TAB_LABELS: Record<GenderTab, string> = {
  all: 'All',
  male: 'Male',
  female: 'Female',
};

export const AGGREGATE_COLUMNS = {
  daysLogged: 'Days logged',
  totalReps: 'Total reps',
  dailyAverage: 'Avg / day',
  topDaily: 'Top day',
  streak: 'Streak',
} as const;

/** Participants per request; 'Show more' asks for the next page. */
export const LEADERBOARD_PAGE_SIZE = 50;
/** The top ranks get a crown. */
export const PODIUM_SIZE = 3;
