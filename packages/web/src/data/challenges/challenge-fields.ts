// What a challenge carries for its type (spec 02 §5), shared by the user's creation form and the
// admin form: length and daily minimum for accountability and progression, increment and cadence
// for progression only, result hiding for duels only; and the constants both forms start from (the
// built-in definition, the creation defaults, the database's limits). Pure, so it is unit-tested.

import type { Row, RowInsert } from '../database';
import type { ChallengeType, TimeUnit } from './challenge-labels';

/** The built-in push-up definition every user-created challenge uses (spec 02 §7): one constant
 * for the database (whose policy refuses a user's challenge with any other), the server (which
 * seeds it) and this app, in @reptemple/definitions. */
export { BUILTIN_PUSHUP_DEFINITION_ID } from '@reptemple/definitions';

/** Creation defaults (spec 02 §9: length 7 days, min daily reps 10, increment 1, cadence 1 day;
 * spec 02 §5: name 'PUSHUP CHALLENGE'): where both forms start. The server seeds its demo challenges
 * from its own copy (CHALLENGE_CREATION_DEFAULTS in packages/server/src/constants.ts, the same
 * names); the web's end-to-end tests compare the two through those demo rows. */
export const CHALLENGE_CREATION_DEFAULTS = {
  name: 'PUSHUP CHALLENGE',
  challengeType: 'accountability',
  /** in challengeLengthUnit */
  challengeLengthValue: 7,
  challengeLengthUnit: 'days',
  /** reps */
  minDailyReps: 10,
  /** reps */
  incrementValue: 1,
  /** in incrementCadenceUnit */
  incrementCadenceValue: 1,
  incrementCadenceUnit: 'days',
} as const satisfies {
  name: string;
  challengeType: ChallengeType;
  challengeLengthValue: number;
  challengeLengthUnit: TimeUnit;
  minDailyReps: number;
  incrementValue: number;
  incrementCadenceValue: number;
  incrementCadenceUnit: TimeUnit;
};

/** Upper limits of the database's check constraints (supabase/migrations/*_challenges.sql), so a
 * form can say what is wrong before the database refuses it. */
export const CHALLENGE_FIELD_LIMITS = {
  /** challenge_length_value and increment_cadence_value. days, weeks or months */
  maxLengthValue: 3650,
  /** min_daily_reps and increment_value. reps */
  maxReps: 10_000,
  /** name. characters */
  maxNameLength: 120,
  /** description. characters */
  maxDescriptionLength: 4000,
} as const;

/** The type-dependent part of a challenge, as numbers already checked by the form. */
export interface ChallengeTypeFields {
  challengeType: ChallengeType;
  lengthValue: number;
  lengthUnit: TimeUnit;
  minDailyReps: number;
  incrementValue: number;
  cadenceValue: number;
  cadenceUnit: TimeUnit;
  hideResultsUntilFinished: boolean;
}

/** The columns of a challenge that depend on its type (besides challenge_type). */
type TypeColumn =
  | 'challenge_length_value'
  | 'challenge_length_unit'
  | 'min_daily_reps'
  | 'increment_value'
  | 'increment_cadence_value'
  | 'increment_cadence_unit'
  | 'hide_results_until_finished';

/** The type and the columns it uses, as an insert carries them (the others left out). */
export type ChallengeTypeColumns = Pick<Row<'challenges'>, 'challenge_type'> &
  Pick<RowInsert<'challenges'>, TypeColumn>;

/** Only the columns the type uses (spec 02 §5: duration and reps for non-duel types, increment
 * fields for progression, hide_results_until_finished for duels). A new row gets the database's
 * defaults (null, false) for the others. */
export function typeColumnsToInsert(fields: ChallengeTypeFields): ChallengeTypeColumns {
  const columns: ChallengeTypeColumns = { challenge_type: fields.challengeType };
  if (fields.challengeType === 'duel') {
    columns.hide_results_until_finished = fields.hideResultsUntilFinished;
    return columns;
  }
  columns.challenge_length_value = fields.lengthValue;
  columns.challenge_length_unit = fields.lengthUnit;
  columns.min_daily_reps = fields.minDailyReps;
  if (fields.challengeType === 'progression') {
    columns.increment_value = fields.incrementValue;
    columns.increment_cadence_value = fields.cadenceValue;
    columns.increment_cadence_unit = fields.cadenceUnit;
  }
  return columns;
}

/** Every type-dependent column, the unused ones cleared: an edit that changes the type must not
 * leave the old type's fields behind (a progression made a duel keeps no daily minimum). */
export function typeColumnsToUpdate(
  fields: ChallengeTypeFields,
): Pick<Row<'challenges'>, 'challenge_type' | TypeColumn> {
  return {
    challenge_length_value: null,
    challenge_length_unit: null,
    min_daily_reps: null,
    increment_value: null,
    increment_cadence_value: null,
    increment_cadence_unit: null,
    hide_results_until_finished: false,
    ...typeColumnsToInsert(fields),
  };
}

/** A whole number of at least 1 from a form field: empty, zero, negative or unreadable input falls
 * back to 1 (spec 02 §5), fractions are cut. Answers null above `max`, which the form reports. */
export function countFromInput(text: string, max: number): number | null {
  const parsed = Math.trunc(Number(text.trim()));
  if (!Number.isFinite(parsed) || parsed < 1) return 1;
  return parsed > max ? null : parsed;
}
