// The cases on which the web app's challengeTiming() and the database's acceptance rule
// (reptemple_private.challenge_accepts_recording) must agree. Times are offsets from "now" in ms,
// so the database test can place them around its own transaction time exactly, boundaries included.
// Used by test/challenge-status.test.ts (the pure function) and
// e2e/challenge-status-agreement.e2e.ts (the database, same cases).

import type { ChallengeType } from './challenge-labels';
import type {
  ChallengeClosedReason,
  ChallengeDateStatus,
  ParticipantGender,
} from './challenge-status';

const HOUR = 3_600_000;
const DUEL = 72 * HOUR;

export interface StatusCase {
  label: string;
  challenge: {
    is_active: boolean;
    challenge_type: ChallengeType;
    /** ms from now; null for none */
    start: number | null;
    end: number | null;
    firstJoined: number | null;
    gender_filter: 'all' | 'male' | 'female' | 'other' | null;
  };
  gender: ParticipantGender;
  expected: {
    status: ChallengeDateStatus;
    closedReason: ChallengeClosedReason | null;
    accepts: boolean;
  };
}

const base: StatusCase['challenge'] = {
  is_active: true,
  challenge_type: 'accountability',
  start: null,
  end: null,
  firstJoined: null,
  gender_filter: 'all',
};

function c(
  label: string,
  challenge: Partial<StatusCase['challenge']>,
  expected: StatusCase['expected'],
  gender: ParticipantGender = 'male',
): StatusCase {
  return { label, challenge: { ...base, ...challenge }, gender, expected };
}

const open = { status: 'active', closedReason: null, accepts: true } as const;

export const STATUS_CASES: readonly StatusCase[] = [
  c('no dates', {}, open),
  c('inside its dates', { start: -HOUR, end: HOUR }, open),
  c(
    'before its start',
    { start: HOUR },
    { status: 'upcoming', closedReason: 'upcoming', accepts: false },
  ),
  c(
    'one ms before its start',
    { start: 1 },
    { status: 'upcoming', closedReason: 'upcoming', accepts: false },
  ),
  c('exactly at its start', { start: 0 }, open),
  c('exactly at its end', { end: 0 }, open),
  c(
    'one ms after its end',
    { end: -1 },
    { status: 'ended', closedReason: 'ended', accepts: false },
  ),
  c(
    'after its end',
    { start: -2 * HOUR, end: -HOUR },
    { status: 'ended', closedReason: 'ended', accepts: false },
  ),
  c(
    'inactive',
    { is_active: false },
    { status: 'active', closedReason: 'inactive', accepts: false },
  ),
  c(
    'inactive and ended',
    { is_active: false, end: -HOUR },
    { status: 'ended', closedReason: 'inactive', accepts: false },
  ),
  c('a duel nobody joined', { challenge_type: 'duel' }, open),
  c('a duel at its first hour', { challenge_type: 'duel', firstJoined: -HOUR }, open),
  c('a duel exactly at its 72nd hour', { challenge_type: 'duel', firstJoined: -DUEL }, open),
  c(
    'a duel one ms past its 72 hours',
    { challenge_type: 'duel', firstJoined: -DUEL - 1 },
    { status: 'active', closedReason: 'duel-expired', accepts: false },
  ),
  c(
    'a duel long expired',
    { challenge_type: 'duel', firstJoined: -10 * DUEL },
    { status: 'active', closedReason: 'duel-expired', accepts: false },
  ),
  c(
    'a non-duel ignores a first join 80 hours ago',
    { challenge_type: 'progression', firstJoined: -80 * HOUR },
    open,
  ),
  c(
    'an ended duel within its hours',
    { challenge_type: 'duel', firstJoined: -HOUR, end: -1 },
    { status: 'ended', closedReason: 'ended', accepts: false },
  ),
  c('women only, a woman', { gender_filter: 'female' }, open, 'female'),
  c(
    'women only, a man',
    { gender_filter: 'female' },
    { status: 'active', closedReason: null, accepts: false },
  ),
  c('men only, a man', { gender_filter: 'male' }, open),
  c("filter 'other' takes everyone", { gender_filter: 'other' }, open, 'female'),
  c('no filter takes everyone', { gender_filter: null }, open, 'female'),
];

/** The challenge fields of a case at `now`. */
export function challengeAt(entry: StatusCase, now: Date) {
  const at = (offset: number | null) =>
    offset === null ? null : new Date(now.getTime() + offset).toISOString();
  return {
    is_active: entry.challenge.is_active,
    challenge_type: entry.challenge.challenge_type,
    start_date: at(entry.challenge.start),
    end_date: at(entry.challenge.end),
    first_participant_joined_at: at(entry.challenge.firstJoined),
    gender_filter: entry.challenge.gender_filter,
  };
}
