// The typed database: what the corrections in src/data/database.ts promise (checked by the type
// check of this file) and the label modules covering exactly the enums' values.

import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  CHALLENGE_TYPE_LABELS,
  CHALLENGE_TYPES,
  GENDER_FILTER_LABELS,
  GENDER_FILTERS,
  isGenderFilter,
  isTimeUnit,
  PARTICIPANT_GENDER_LABELS,
  PARTICIPANT_GENDERS,
  TIME_UNIT_LABELS,
  TIME_UNITS,
} from './challenges/challenge-labels';
import {
  type Composite,
  type DbEnum,
  type FunctionRow,
  type Row,
  type RowInsert,
  toJsonDocument,
} from './database';
import {
  PROFILE_GENDER_LABELS,
  PROFILE_GENDERS,
  PROFILE_GOAL_LABELS,
  PROFILE_GOALS,
} from './profiles/profile-labels';

describe('typed database', () => {
  it('a challenge insert may leave the slug to the database trigger', () => {
    expectTypeOf<{
      name: string;
      exercise_definition_id: string;
    }>().toExtend<RowInsert<'challenges'>>();
    expectTypeOf<RowInsert<'challenges'>['slug']>().toEqualTypeOf<string | undefined>();
  });

  it('leaderboard_entries columns copied from NOT NULL columns are not null', () => {
    expectTypeOf<Row<'leaderboard_entries'>['share_count']>().toEqualTypeOf<number>();
    expectTypeOf<Row<'leaderboard_entries'>['ranked']>().toEqualTypeOf<boolean>();
    expectTypeOf<Row<'leaderboard_entries'>['gender']>().toEqualTypeOf<
      DbEnum<'participant_gender'>
    >();
    // Withheld (null) while a challenge's results are hidden from the viewer.
    expectTypeOf<Row<'leaderboard_entries'>['valid_reps']>().toEqualTypeOf<number | null>();
    expectTypeOf<Row<'leaderboard_entries'>['id']>().toEqualTypeOf<string | null>();
    expectTypeOf<Row<'leaderboard_entries'>['duration_seconds']>().toEqualTypeOf<number | null>();
    expectTypeOf<Row<'leaderboard_entries'>['user_id']>().toEqualTypeOf<string | null>();
    expectTypeOf<Row<'leaderboard_entries'>['video_url']>().toEqualTypeOf<string | null>();
  });

  it('profile goals are the enum, not free text', () => {
    expectTypeOf<Row<'user_profiles'>['goals']>().toEqualTypeOf<DbEnum<'profile_goal'>[]>();
  });

  it("a set-returning function's row is one element of what rpc() answers", () => {
    expectTypeOf<FunctionRow<'admin_recording_totals'>>().toEqualTypeOf<{
      recording_count: number;
      participant_count: number;
    }>();
    expectTypeOf<FunctionRow<'admin_challenge_stats'>['challenge_id']>().toEqualTypeOf<string>();
  });

  it('the leaderboard functions answer their composite page, with what is always there not null', () => {
    type Page = Composite<'leaderboard_page'>;
    expectTypeOf<Page['participant_count']>().toEqualTypeOf<number>();
    expectTypeOf<Page['counts']>().toEqualTypeOf<{ all: number; male: number; female: number }>();
    expectTypeOf<Page['period_start']>().toEqualTypeOf<string | null>();
    expectTypeOf<Page['own_entry']>().toEqualTypeOf<Composite<'leaderboard_entry'> | null>();
    expectTypeOf<Page['entries']>().toEqualTypeOf<Composite<'leaderboard_entry'>[]>();
    expectTypeOf<Composite<'leaderboard_entry'>['name']>().toEqualTypeOf<string>();
    // Withheld while hidden.
    expectTypeOf<Composite<'leaderboard_entry'>['valid_reps']>().toEqualTypeOf<number | null>();
    expectTypeOf<Composite<'leaderboard_entry'>['rank']>().toEqualTypeOf<number | null>();
    expectTypeOf<Composite<'aggregate_page'>['entries']>().toEqualTypeOf<
      Composite<'aggregate_entry'>[]
    >();
    expectTypeOf<Composite<'aggregate_entry'>['streak_length']>().toEqualTypeOf<number | null>();
    expectTypeOf<Composite<'aggregate_entry'>['is_own']>().toEqualTypeOf<boolean>();
  });

  it('a JSON document is what the request would send: undefined fields are dropped', () => {
    expect(toJsonDocument({ name: 'Squat', note: undefined, phases: { start: [1, 2] } })).toEqual({
      name: 'Squat',
      phases: { start: [1, 2] },
    });
  });
});

describe('labels, one per enum value, in the migration order', () => {
  const cases: [string, readonly string[], Record<string, string>][] = [
    ['challenge_type', CHALLENGE_TYPES, CHALLENGE_TYPE_LABELS],
    ['gender_filter', GENDER_FILTERS, GENDER_FILTER_LABELS],
    ['participant_gender', PARTICIPANT_GENDERS, PARTICIPANT_GENDER_LABELS],
    ['time_unit', TIME_UNITS, TIME_UNIT_LABELS],
    ['profile_gender', PROFILE_GENDERS, PROFILE_GENDER_LABELS],
    ['profile_goal', PROFILE_GOALS, PROFILE_GOAL_LABELS],
  ];
  it.each(cases)('%s', (_name, values, labels) => {
    expect(Object.keys(labels)).toEqual([...values]);
  });

  it("a form control's text is an enum value only when the enum has it", () => {
    expect(TIME_UNITS.every(isTimeUnit)).toBe(true);
    expect(GENDER_FILTERS.every(isGenderFilter)).toBe(true);
    for (const text of ['', 'years', 'Days', 'mixed', 'ALL'])
      expect([isTimeUnit(text), isGenderFilter(text)]).toEqual([false, false]);
  });

  it('the spec names the duel Winner Takes It All', () => {
    expect(CHALLENGE_TYPE_LABELS.duel).toBe('Winner Takes It All');
  });
});
