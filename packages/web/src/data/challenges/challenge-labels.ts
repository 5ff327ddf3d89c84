// The challenge domain's fixed lists and what the app calls each value (spec 02 §1, §3, §9). The
// values are the database's enums (supabase/migrations, through the generated types); a value
// added there fails the type check here until it has a label.

import { DB_ENUM_VALUES, type DbEnum } from '../database';

export type ChallengeType = DbEnum<'challenge_type'>;
export type GenderFilter = DbEnum<'gender_filter'>;
export type ParticipantGender = DbEnum<'participant_gender'>;
export type TimeUnit = DbEnum<'time_unit'>;

export const CHALLENGE_TYPES = DB_ENUM_VALUES.challenge_type;
export const GENDER_FILTERS = DB_ENUM_VALUES.gender_filter;
export const PARTICIPANT_GENDERS = DB_ENUM_VALUES.participant_gender;
export const TIME_UNITS = DB_ENUM_VALUES.time_unit;

/** The duel is called Winner Takes It All (spec 02 §1). */
export const CHALLENGE_TYPE_LABELS = {
  accountability: 'Accountability',
  progression: 'Progression',
  duel: 'Winner Takes It All',
} as const satisfies Record<ChallengeType, string>;

export const GENDER_FILTER_LABELS = {
  all: 'All',
  male: 'Male',
  female: 'Female',
  other: 'Other',
} as const satisfies Record<GenderFilter, string>;

export const PARTICIPANT_GENDER_LABELS = {
  male: 'Male',
  female: 'Female',
} as const satisfies Record<ParticipantGender, string>;

/** Plural, as in '7 days'; the singular drops the final s. */
export const TIME_UNIT_LABELS = {
  days: 'days',
  weeks: 'weeks',
  months: 'months',
} as const satisfies Record<TimeUnit, string>;

/** A form control's value is text: these say whether it is one of the enum's values. */
export function isTimeUnit(value: unknown): value is TimeUnit {
  return (TIME_UNITS as readonly unknown[]).includes(value);
}

export function isGenderFilter(value: unknown): value is GenderFilter {
  return (GENDER_FILTERS as readonly unknown[]).includes(value);
}
