import { Crown, type LucideIcon, Repeat, TrendingUp } from 'lucide-react';
import type { ChallengeType } from '../../../data/challenges/challenge-labels';

/** One icon per challenge type, on the landing and in the forms' type cards. */
export const CHALLENGE_TYPE_ICONS = {
  accountability: Repeat,
  progression: TrendingUp,
  duel: Crown,
} as const satisfies Record<ChallengeType, LucideIcon>;
