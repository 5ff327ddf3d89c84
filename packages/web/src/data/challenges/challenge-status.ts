// Whether a challenge takes part right now (spec 02 §4): ONE pure function, challengeTiming, that
// every screen uses (list, detail, record) and that a test checks against the database's own rule
// (reptemple_private.challenge_accepts_recording) on the same cases. No clock: `now` is passed in.

import { DUEL_DURATION_HOURS } from '@reptemple/definitions';
import type { ParticipantGender } from './challenge-labels';
import type { Challenge } from './challenges';

/** A duel (Winner Takes It All) lasts this long from its first participant (spec 02 §9), the same
 * constant the database's rules are generated from. hours */
export { DUEL_DURATION_HOURS };

const HOUR_MS = 3_600_000;

export type ChallengeDateStatus = 'upcoming' | 'active' | 'ended';

/** Why a challenge takes no attempt now; null when it does. */
export type ChallengeClosedReason = 'inactive' | 'upcoming' | 'ended' | 'duel-expired';

export type ChallengeTimingFields = Pick<
  Challenge,
  'is_active' | 'start_date' | 'end_date' | 'challenge_type' | 'first_participant_joined_at'
>;

export interface ChallengeTiming {
  /** Upcoming before its start, ended after its end, otherwise active (the dates only). */
  status: ChallengeDateStatus;
  /** A duel whose 72 hours, counted from its first participant, are over. */
  duelExpired: boolean;
  /** When a started duel's 72 hours end; null for other types and duels nobody joined yet. */
  duelEndsAt: Date | null;
  /** Takes joins and recordings now: active flag, within its dates, a duel within its hours. */
  open: boolean;
  closedReason: ChallengeClosedReason | null;
}

/** The date status, the duel's clock and whether the challenge is open, at `now`. Boundaries are
 * inclusive, as in the database: open at exactly its start, its end and its 72nd hour. */
export function challengeTiming(challenge: ChallengeTimingFields, now: Date): ChallengeTiming {
  const at = now.getTime();
  let status: ChallengeDateStatus = 'active';
  if (challenge.start_date && at < Date.parse(challenge.start_date)) status = 'upcoming';
  else if (challenge.end_date && at > Date.parse(challenge.end_date)) status = 'ended';

  let duelEndsAt: Date | null = null;
  if (challenge.challenge_type === 'duel' && challenge.first_participant_joined_at) {
    duelEndsAt = new Date(
      Date.parse(challenge.first_participant_joined_at) + DUEL_DURATION_HOURS * HOUR_MS,
    );
  }
  const duelExpired = duelEndsAt !== null && at > duelEndsAt.getTime();

  let closedReason: ChallengeClosedReason | null = null;
  if (!challenge.is_active) closedReason = 'inactive';
  else if (status === 'upcoming') closedReason = 'upcoming';
  else if (status === 'ended') closedReason = 'ended';
  else if (duelExpired) closedReason = 'duel-expired';

  return { status, duelExpired, duelEndsAt, open: closedReason === null, closedReason };
}

export type { ParticipantGender };

/** Whether the challenge's gender filter lets this participant take part ('other' and 'all' let
 * everyone in: a recording is male or female, so a filter of 'other' could otherwise take none). */
export function genderAllowed(
  challenge: Pick<Challenge, 'gender_filter'>,
  gender: ParticipantGender,
): boolean {
  const filter = challenge.gender_filter;
  return filter === null || filter === 'all' || filter === 'other' || filter === gender;
}

/** Whether the challenge takes this participant's recording at `now`: the database's rule. */
export function acceptsRecording(
  challenge: ChallengeTimingFields & Pick<Challenge, 'gender_filter'>,
  gender: ParticipantGender,
  now: Date,
): boolean {
  return challengeTiming(challenge, now).open && genderAllowed(challenge, gender);
}
