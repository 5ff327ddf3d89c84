import type { Challenge } from './challenges';

/** A duel (Winner Takes It All) lasts this long from its first participant (spec 02 §9). hours */
export const DUEL_DURATION_HOURS = 72;
const HOUR_MS = 3_600_000;

/** Whether a duel's 72 hours, counted from its first participant, are over. */
export function isDuelExpired(
  challenge: Pick<Challenge, 'challenge_type' | 'first_participant_joined_at'>,
  now: Date,
): boolean {
  if (challenge.challenge_type !== 'duel' || !challenge.first_participant_joined_at) return false;
  const started = new Date(challenge.first_participant_joined_at).getTime();
  return now.getTime() > started + DUEL_DURATION_HOURS * HOUR_MS;
}
