// The fields a challenge carries for its type (spec 02 §5), shared by the user's creation form and
// the admin form: length and daily minimum for accountability and progression, increment and
// cadence for progression only, result hiding for duels only. Pure, so it is unit-tested.

import type { ChallengeType, TimeUnit } from './challenges';

export const CHALLENGE_TYPES: readonly ChallengeType[] = ['accountability', 'progression', 'duel'];
export const TIME_UNITS: readonly TimeUnit[] = ['days', 'weeks', 'months'];

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

/** The columns of a challenge that depend on its type. */
export interface ChallengeTypeColumns {
  challenge_type: ChallengeType;
  challenge_length_value?: number | null;
  challenge_length_unit?: TimeUnit | null;
  min_daily_reps?: number | null;
  increment_value?: number | null;
  increment_cadence_value?: number | null;
  increment_cadence_unit?: TimeUnit | null;
  hide_results_until_finished?: boolean;
}

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
export function typeColumnsToUpdate(fields: ChallengeTypeFields): Required<ChallengeTypeColumns> {
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
