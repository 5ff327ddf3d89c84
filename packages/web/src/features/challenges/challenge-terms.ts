// What a challenge asks, as short lines for its card and its detail page (spec 02 §2).

import { CHALLENGE_TYPE_LABELS, type TimeUnit } from '../../data/challenges/challenge-labels';
import { DUEL_DURATION_HOURS } from '../../data/challenges/challenge-status';
import type { Challenge } from '../../data/challenges/challenges';

export const TYPE_LABELS = CHALLENGE_TYPE_LABELS;

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** '1 day', '7 days', '2 weeks' (days when the unit is missing). */
export function unitText(value: number, unit: TimeUnit | null): string {
  const base = (unit ?? 'days').replace(/s$/, '');
  return plural(value, base, `${base}s`);
}

/** A progression's step, '+N every M unit' (spec 02 §2); null for other types or missing fields. */
export function progressionText(challenge: Challenge): string | null {
  if (
    challenge.challenge_type !== 'progression' ||
    !challenge.increment_value ||
    !challenge.increment_cadence_value
  )
    return null;
  return `+${challenge.increment_value} every ${unitText(challenge.increment_cadence_value, challenge.increment_cadence_unit)}`;
}

/** The card's summary: '72 hours, most reps wins', '7 days', '10 reps a day' ('1 rep a day'),
 * '+1 every 1 day'. */
export function challengeTerms(challenge: Challenge): string[] {
  if (challenge.challenge_type === 'duel') return [`${DUEL_DURATION_HOURS} hours, most reps wins`];
  const terms: string[] = [];
  if (challenge.challenge_length_value)
    terms.push(unitText(challenge.challenge_length_value, challenge.challenge_length_unit));
  if (challenge.min_daily_reps)
    terms.push(`${plural(challenge.min_daily_reps, 'rep', 'reps')} a day`);
  const step = progressionText(challenge);
  if (step) terms.push(step);
  return terms;
}

export const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});
