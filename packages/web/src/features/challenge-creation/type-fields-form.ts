// The type-dependent fields as a form holds them (text of number inputs), and their reading into
// checked numbers. Shared by the user's creation form and the admin form. Pure.

import {
  CHALLENGE_CREATION_DEFAULTS,
  CHALLENGE_FIELD_LIMITS,
  type ChallengeTypeFields,
  countFromInput,
} from '../../data/challenges/challenge-fields';
import type { ChallengeType, TimeUnit } from '../../data/challenges/challenge-labels';
import type { Challenge } from '../../data/challenges/challenges';
import { CREATE_MESSAGES, TYPE_FIELD_LABELS } from './constants';

export interface TypeFieldsFormValues {
  challengeType: ChallengeType;
  lengthValue: string;
  lengthUnit: TimeUnit;
  minDailyReps: string;
  incrementValue: string;
  cadenceValue: string;
  cadenceUnit: TimeUnit;
  hideResultsUntilFinished: boolean;
}

export type TypeCountField = 'lengthValue' | 'minDailyReps' | 'incrementValue' | 'cadenceValue';
export type TypeFieldErrors = Partial<Record<TypeCountField, string>>;

export const DEFAULT_TYPE_FIELDS: TypeFieldsFormValues = {
  challengeType: CHALLENGE_CREATION_DEFAULTS.challengeType,
  lengthValue: String(CHALLENGE_CREATION_DEFAULTS.challengeLengthValue),
  lengthUnit: CHALLENGE_CREATION_DEFAULTS.challengeLengthUnit,
  minDailyReps: String(CHALLENGE_CREATION_DEFAULTS.minDailyReps),
  incrementValue: String(CHALLENGE_CREATION_DEFAULTS.incrementValue),
  cadenceValue: String(CHALLENGE_CREATION_DEFAULTS.incrementCadenceValue),
  cadenceUnit: CHALLENGE_CREATION_DEFAULTS.incrementCadenceUnit,
  hideResultsUntilFinished: false,
};

/** The fields the type uses, each with its upper limit and label. */
function countFieldsOf(type: ChallengeType): { field: TypeCountField; max: number }[] {
  if (type === 'duel') return [];
  const fields: { field: TypeCountField; max: number }[] = [
    { field: 'lengthValue', max: CHALLENGE_FIELD_LIMITS.maxLengthValue },
    { field: 'minDailyReps', max: CHALLENGE_FIELD_LIMITS.maxReps },
  ];
  if (type === 'progression')
    fields.push(
      { field: 'incrementValue', max: CHALLENGE_FIELD_LIMITS.maxReps },
      { field: 'cadenceValue', max: CHALLENGE_FIELD_LIMITS.maxLengthValue },
    );
  return fields;
}

const COUNT_LABELS: Record<TypeCountField, string> = {
  lengthValue: TYPE_FIELD_LABELS.length,
  minDailyReps: TYPE_FIELD_LABELS.minDailyReps,
  incrementValue: 'The increase',
  cadenceValue: 'The cadence',
};

/** Checked numbers of the fields the type uses (at least 1, empty falls back to 1), or an error
 * per field above its limit. Fields the type does not use are not read. */
export function readTypeFields(
  values: TypeFieldsFormValues,
): { ok: true; fields: ChallengeTypeFields } | { ok: false; errors: TypeFieldErrors } {
  const counts: Record<TypeCountField, number> = {
    lengthValue: 1,
    minDailyReps: 1,
    incrementValue: 1,
    cadenceValue: 1,
  };
  const errors: TypeFieldErrors = {};
  for (const { field, max } of countFieldsOf(values.challengeType)) {
    const count = countFromInput(values[field], max);
    if (count === null) errors[field] = CREATE_MESSAGES.tooMany(COUNT_LABELS[field], max);
    else counts[field] = count;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    fields: {
      challengeType: values.challengeType,
      lengthValue: counts.lengthValue,
      lengthUnit: values.lengthUnit,
      minDailyReps: counts.minDailyReps,
      incrementValue: counts.incrementValue,
      cadenceValue: counts.cadenceValue,
      cadenceUnit: values.cadenceUnit,
      hideResultsUntilFinished:
        values.challengeType === 'duel' ? values.hideResultsUntilFinished : false,
    },
  };
}

/** What a count field saves when its text is not a whole number of at least 1 (spec 02 §5: it
 * falls back to 1; fractions are cut), said while the field holds it, so nothing is changed
 * without a word; null when the text is saved as it is. `one` names the unit ('1 day'). */
export function countFallbackNote(
  text: string,
  unitName?: (count: number) => string,
): string | null {
  const trimmed = text.trim();
  const saved = countFromInput(trimmed, Number.POSITIVE_INFINITY) ?? 1;
  if (trimmed !== '' && Number(trimmed) === saved) return null;
  const what = unitName ? unitName(saved) : String(saved);
  if (trimmed === '') return CREATE_MESSAGES.emptySaved(what);
  if (Number(trimmed) < 1 || !Number.isFinite(Number(trimmed)))
    return CREATE_MESSAGES.belowOneSaved(trimmed, what);
  return CREATE_MESSAGES.wholeNumberSaved(what);
}

/** A stored challenge's type fields as the form shows them; unset ones show the defaults. */
export function typeFieldsFromChallenge(
  challenge: Pick<
    Challenge,
    | 'challenge_type'
    | 'challenge_length_value'
    | 'challenge_length_unit'
    | 'min_daily_reps'
    | 'increment_value'
    | 'increment_cadence_value'
    | 'increment_cadence_unit'
    | 'hide_results_until_finished'
  >,
): TypeFieldsFormValues {
  const text = (value: number | null, fallback: string) =>
    value === null ? fallback : String(value);
  return {
    challengeType: challenge.challenge_type,
    lengthValue: text(challenge.challenge_length_value, DEFAULT_TYPE_FIELDS.lengthValue),
    lengthUnit: challenge.challenge_length_unit ?? DEFAULT_TYPE_FIELDS.lengthUnit,
    minDailyReps: text(challenge.min_daily_reps, DEFAULT_TYPE_FIELDS.minDailyReps),
    incrementValue: text(challenge.increment_value, DEFAULT_TYPE_FIELDS.incrementValue),
    cadenceValue: text(challenge.increment_cadence_value, DEFAULT_TYPE_FIELDS.cadenceValue),
    cadenceUnit: challenge.increment_cadence_unit ?? DEFAULT_TYPE_FIELDS.cadenceUnit,
    hideResultsUntilFinished: challenge.hide_results_until_finished,
  };
}
