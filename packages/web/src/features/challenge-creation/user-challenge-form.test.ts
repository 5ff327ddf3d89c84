import { describe, expect, it } from 'vitest';
import {
  BUILTIN_PUSHUP_DEFINITION_ID,
  CHALLENGE_CREATION_DEFAULTS,
  countFromInput,
  typeColumnsToInsert,
  typeColumnsToUpdate,
} from '../../data/challenges/challenge-fields';
import { DEFAULT_TYPE_FIELDS, readTypeFields, typeFieldsFromChallenge } from './type-fields-form';
import { DEFAULT_USER_CHALLENGE_FORM, userChallengeInsert } from './user-challenge-form';

const USER = '0b5c1e9e-4a1f-4d8a-9a52-1d8f0b6f2a11';

function insert(change: Partial<typeof DEFAULT_USER_CHALLENGE_FORM>) {
  const result = userChallengeInsert({ ...DEFAULT_USER_CHALLENGE_FORM, ...change }, USER);
  if (!result.ok) throw new Error(`expected a row, got ${JSON.stringify(result.errors)}`);
  return result.row;
}

describe('creation defaults (spec 02 §9)', () => {
  it('7 days, 10 daily reps, increment 1 every 1 day; the name empty, saved as PUSHUP CHALLENGE', () => {
    expect(insert({}).name).toBe('PUSHUP CHALLENGE');
    expect(DEFAULT_USER_CHALLENGE_FORM).toMatchObject({
      name: '',
      lengthValue: '7',
      lengthUnit: 'days',
      minDailyReps: '10',
      incrementValue: '1',
      cadenceValue: '1',
      cadenceUnit: 'days',
    });
  });
});

describe('the user payload per type (spec 02 §5)', () => {
  it('accountability sends duration and daily reps, no increment, no result hiding', () => {
    const row = insert({ challengeType: 'accountability' });
    expect(row).toEqual({
      name: 'PUSHUP CHALLENGE',
      description: null,
      exercise_definition_id: BUILTIN_PUSHUP_DEFINITION_ID,
      created_by: USER,
      challenge_type: 'accountability',
      challenge_length_value: 7,
      challenge_length_unit: 'days',
      min_daily_reps: 10,
    });
  });
  it('progression adds the increment and its cadence', () => {
    const row = insert({
      challengeType: 'progression',
      incrementValue: '2',
      cadenceValue: '3',
      cadenceUnit: 'weeks',
    });
    expect(row).toMatchObject({
      challenge_type: 'progression',
      challenge_length_value: 7,
      min_daily_reps: 10,
      increment_value: 2,
      increment_cadence_value: 3,
      increment_cadence_unit: 'weeks',
    });
    expect(row).not.toHaveProperty('hide_results_until_finished');
  });
  it('a duel sends none of the duration, reps or progression fields, and its result hiding', () => {
    const row = insert({ challengeType: 'duel', hideResultsUntilFinished: true });
    expect(Object.keys(row).sort()).toEqual([
      'challenge_type',
      'created_by',
      'description',
      'exercise_definition_id',
      'hide_results_until_finished',
      'name',
    ]);
    expect(row.hide_results_until_finished).toBe(true);
  });
  it('result hiding chosen before switching away from duel is not sent', () => {
    const row = insert({ challengeType: 'progression', hideResultsUntilFinished: true });
    expect(row).not.toHaveProperty('hide_results_until_finished');
  });
  it('name and description are trimmed; an empty name is the default, an empty description null', () => {
    expect(insert({ name: '  Gym crew  ', description: '  go  ' })).toMatchObject({
      name: 'Gym crew',
      description: 'go',
    });
    expect(insert({ name: '   ', description: '  ' })).toMatchObject({
      name: CHALLENGE_CREATION_DEFAULTS.name,
      description: null,
    });
  });
  it('counts below 1, empty or unreadable fall back to 1; fractions are cut', () => {
    const row = insert({
      challengeType: 'progression',
      lengthValue: '0',
      minDailyReps: '',
      incrementValue: '-4',
      cadenceValue: '2.7',
    });
    expect(row).toMatchObject({
      challenge_length_value: 1,
      min_daily_reps: 1,
      increment_value: 1,
      increment_cadence_value: 2,
    });
  });
  it('counts above the database limits are errors on their fields, only for fields the type uses', () => {
    const result = userChallengeInsert(
      {
        ...DEFAULT_USER_CHALLENGE_FORM,
        challengeType: 'accountability',
        minDailyReps: '10001',
        incrementValue: '99999',
      },
      USER,
    );
    expect(result).toEqual({
      ok: false,
      errors: { minDailyReps: 'Minimum daily reps can be at most 10000.' },
    });
    expect(
      userChallengeInsert(
        { ...DEFAULT_USER_CHALLENGE_FORM, challengeType: 'duel', lengthValue: '99999' },
        USER,
      ).ok,
    ).toBe(true);
  });
  it('a name over 120 characters is an error, not cut silently', () => {
    const result = userChallengeInsert(
      { ...DEFAULT_USER_CHALLENGE_FORM, name: 'x'.repeat(121) },
      USER,
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.name).toBe('The name can be at most 120 characters.');
  });
});

describe('type columns', () => {
  const fields = {
    challengeType: 'duel' as const,
    lengthValue: 7,
    lengthUnit: 'days' as const,
    minDailyReps: 10,
    incrementValue: 1,
    cadenceValue: 1,
    cadenceUnit: 'days' as const,
    hideResultsUntilFinished: true,
  };
  it('an update clears the columns the new type does not use', () => {
    expect(typeColumnsToUpdate(fields)).toEqual({
      challenge_type: 'duel',
      challenge_length_value: null,
      challenge_length_unit: null,
      min_daily_reps: null,
      increment_value: null,
      increment_cadence_value: null,
      increment_cadence_unit: null,
      hide_results_until_finished: true,
    });
    expect(typeColumnsToUpdate({ ...fields, challengeType: 'accountability' })).toMatchObject({
      min_daily_reps: 10,
      increment_value: null,
      hide_results_until_finished: false,
    });
  });
  it('an insert names only the columns of the type', () => {
    expect(
      Object.keys(typeColumnsToInsert({ ...fields, challengeType: 'accountability' })),
    ).toEqual([
      'challenge_type',
      'challenge_length_value',
      'challenge_length_unit',
      'min_daily_reps',
    ]);
  });
  it('countFromInput: at least 1, null above the limit', () => {
    expect(countFromInput('12', 100)).toBe(12);
    expect(countFromInput(' 3 ', 100)).toBe(3);
    expect(countFromInput('abc', 100)).toBe(1);
    expect(countFromInput('100', 100)).toBe(100);
    expect(countFromInput('101', 100)).toBeNull();
  });
  it('a stored challenge fills the form; unset fields show the defaults', () => {
    const values = typeFieldsFromChallenge({
      challenge_type: 'duel',
      challenge_length_value: null,
      challenge_length_unit: null,
      min_daily_reps: null,
      increment_value: null,
      increment_cadence_value: null,
      increment_cadence_unit: null,
      hide_results_until_finished: true,
    });
    expect(values).toEqual({
      ...DEFAULT_TYPE_FIELDS,
      challengeType: 'duel',
      hideResultsUntilFinished: true,
    });
    const read = readTypeFields(values);
    expect(read.ok && read.fields.hideResultsUntilFinished).toBe(true);
  });
});
