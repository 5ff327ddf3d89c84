// Which leaderboard a URL asks for (?period=, ?gender=) and which views a challenge has (spec 02
// §2: Today, This Week and All Time for daily or accountability challenges; the Aggregate for
// accountability only). A value that makes no sense is not an error page: the page shows All
// Time or All and says why.

import type { Challenge } from '../../data/challenges/challenges';
import type { GenderTab, LeaderboardPeriod } from '../../data/challenges/leaderboard';
import { LEADERBOARD } from './constants';

export type LeaderboardView = LeaderboardPeriod | 'aggregate';

export const PERIOD_VIEWS: readonly LeaderboardPeriod[] = ['today', 'this_week', 'all_time'];
export const GENDER_TABS: readonly GenderTab[] = ['all', 'male', 'female'];
export const DEFAULT_VIEW: LeaderboardView = 'all_time';

export function isGenderTab(value: string): value is GenderTab {
  return GENDER_TABS.some((tab) => tab === value);
}

export function isLeaderboardView(value: string): value is LeaderboardView {
  return value === 'aggregate' || PERIOD_VIEWS.some((period) => period === value);
}

export const PERIOD_PARAM = 'period';
export const GENDER_PARAM = 'gender';

/** The views a challenge offers, in tab order; one view means no period tabs. */
export function availableViews(
  challenge: Pick<Challenge, 'challenge_type' | 'is_daily'>,
): LeaderboardView[] {
  const accountability = challenge.challenge_type === 'accountability';
  const views: LeaderboardView[] =
    challenge.is_daily || accountability ? [...PERIOD_VIEWS] : [DEFAULT_VIEW];
  if (accountability) views.push('aggregate');
  return views;
}

export interface ResolvedView {
  view: LeaderboardView;
  gender: GenderTab;
  /** Why a value in the URL was not used, for the page to say. */
  notices: string[];
}

export function resolveView(
  params: URLSearchParams,
  challenge: Pick<Challenge, 'challenge_type' | 'is_daily'>,
): ResolvedView {
  const notices: string[] = [];
  const views = availableViews(challenge);
  const requestedView = params.get(PERIOD_PARAM);
  let view: LeaderboardView = DEFAULT_VIEW;
  if (requestedView !== null) {
    if (!isLeaderboardView(requestedView)) notices.push(LEADERBOARD.unknownPeriod(requestedView));
    else if (views.includes(requestedView)) view = requestedView;
    else if (requestedView === 'aggregate')
      notices.push(LEADERBOARD.aggregateOnlyForAccountability);
    else notices.push(LEADERBOARD.periodsOnlyForDaily);
  }
  const requestedGender = params.get(GENDER_PARAM);
  let gender: GenderTab = 'all';
  if (requestedGender !== null) {
    if (isGenderTab(requestedGender)) gender = requestedGender;
    else notices.push(LEADERBOARD.unknownGender(requestedGender));
  }
  return { view, gender, notices };
}

/** The URL parameters for a view and tab; defaults are left out so links stay short. */
export function viewParams(view: LeaderboardView, gender: GenderTab): URLSearchParams {
  const params = new URLSearchParams();
  if (view !== DEFAULT_VIEW) params.set(PERIOD_PARAM, view);
  if (gender !== 'all') params.set(GENDER_PARAM, gender);
  return params;
}
