import { describe, expect, it } from 'vitest';
import { BUILTIN_PUSHUP_DEFINITION_ID } from '../../../data/challenges/challenge-fields';
import type { Challenge } from '../../../data/challenges/challenges';
import {
  type AdminChallengeFormValues,
  adminFormFromChallenge,
  EMPTY_ADMIN_FORM,
  errorsClearedBy,
  isoToLocalInput,
  localInputToIso,
  readAdminChallengeForm,
} from './challenge-form';

const DEFINITION = BUILTIN_PUSHUP_DEFINITION_ID;
const VALID: AdminChallengeFormValues = {
  ...EMPTY_ADMIN_FORM,
  name: 'Spring Cup',
  exerciseDefinitionId: DEFINITION,
};

function errorsOf(values: Partial<AdminChallengeFormValues>, mode: 'create' | 'edit' = 'create') {
  const result = readAdminChallengeForm({ ...VALID, ...values }, mode);
  return result.ok ? {} : result.errors;
}

describe('admin form validation (spec 02 §5)', () => {
  it('a name is required and trimmed', () => {
    expect(errorsOf({ name: '   ' })).toEqual({ name: 'Challenge name is required' });
    const result = readAdminChallengeForm({ ...VALID, name: '  Cup  ' }, 'create');
    expect(result.ok && result.row.name).toBe('Cup');
  });
  it('an exercise is required', () => {
    expect(errorsOf({ exerciseDefinitionId: '' })).toEqual({
      exerciseDefinitionId: 'Exercise type is required',
    });
  });
  it('a start later than the end is refused; equal or one-sided dates are fine', () => {
    expect(errorsOf({ startDate: '2027-03-02T10:00', endDate: '2027-03-01T10:00' })).toEqual({
      endDate: 'End date must be after start date',
    });
    expect(errorsOf({ startDate: '2027-03-01T10:00', endDate: '2027-03-01T10:00' })).toEqual({});
    expect(errorsOf({ startDate: '2027-03-01T10:00' })).toEqual({});
    expect(errorsOf({ endDate: '2027-03-01T10:00' })).toEqual({});
  });
  it('every message at once when everything is wrong', () => {
    expect(
      errorsOf({
        name: '',
        exerciseDefinitionId: '',
        startDate: '2027-03-02T10:00',
        endDate: '2027-03-01T10:00',
        slug: 'Not A Slug!',
      }),
    ).toEqual({
      name: 'Challenge name is required',
      exerciseDefinitionId: 'Exercise type is required',
      endDate: 'End date must be after start date',
      slug: 'Use lower-case letters, digits and single hyphens (for example spring-2027).',
    });
  });
  it('the slug is optional on create (the database makes one), required on edit', () => {
    const created = readAdminChallengeForm({ ...VALID, slug: '' }, 'create');
    expect(created.ok && 'slug' in created.row).toBe(false);
    expect(errorsOf({ slug: '' }, 'edit')).toEqual({ slug: 'Slug is required' });
    const edited = readAdminChallengeForm({ ...VALID, slug: ' Spring-2027 ' }, 'edit');
    expect(edited.ok && edited.row.slug).toBe('spring-2027');
    expect(errorsOf({ slug: 'a--b' })).toHaveProperty('slug');
  });
  it('an empty description is saved as null', () => {
    const result = readAdminChallengeForm({ ...VALID, description: '   ' }, 'create');
    expect(result.ok && result.row.description).toBeNull();
  });
  it('created challenges start active, visible, single submission, open to all', () => {
    const result = readAdminChallengeForm(VALID, 'create');
    expect(result.ok && result.row).toMatchObject({
      is_active: true,
      is_hidden: false,
      is_daily: false,
      gender_filter: 'all',
      start_date: null,
      end_date: null,
    });
  });
  it('an edit writes every type column (the unused ones cleared); a create only its own', () => {
    const duel = {
      ...VALID,
      slug: 'cup',
      challengeType: 'duel' as const,
      hideResultsUntilFinished: true,
    };
    const edited = readAdminChallengeForm(duel, 'edit');
    expect(edited.ok && edited.row).toMatchObject({
      challenge_type: 'duel',
      min_daily_reps: null,
      challenge_length_value: null,
      hide_results_until_finished: true,
    });
    const created = readAdminChallengeForm(duel, 'create');
    expect(created.ok && 'min_daily_reps' in created.row).toBe(false);
  });
});

describe('clearing errors', () => {
  it('an edit clears its own field; either date clears the date-order message', () => {
    expect(errorsClearedBy(['name'])).toEqual(['name']);
    expect(errorsClearedBy(['startDate']).sort()).toEqual(['endDate', 'startDate']);
  });
});

describe('dates in the form', () => {
  it('datetime-local text and ISO times round-trip in the browser time zone', () => {
    const iso = localInputToIso('2027-03-01T09:45');
    expect(iso).not.toBeNull();
    expect(isoToLocalInput(iso)).toBe('2027-03-01T09:45');
  });
  it('incomplete text is not a date', () => {
    expect(localInputToIso('2027-03-01')).toBeNull();
    expect(localInputToIso('')).toBeNull();
    expect(errorsOf({ startDate: '2027-03' })).toEqual({
      startDate: 'Enter a complete date and time.',
    });
  });
  it('a stored challenge fills the form', () => {
    const challenge = {
      id: 'x',
      slug: 'cup',
      name: 'Cup',
      description: null,
      exercise_definition_id: DEFINITION,
      exercise_definitions: null,
      challenge_type: 'progression',
      start_date: null,
      end_date: '2027-03-01T09:45:00+00:00',
      gender_filter: null,
      is_active: false,
      is_hidden: true,
      is_daily: true,
      hide_results_until_finished: false,
      created_by: null,
      created_at: '2026-01-01T00:00:00Z',
      first_participant_joined_at: null,
      challenge_length_value: 30,
      challenge_length_unit: 'days',
      min_daily_reps: 5,
      increment_value: 2,
      increment_cadence_value: 1,
      increment_cadence_unit: 'weeks',
      verification_model: 'lite',
    } satisfies Challenge;
    const values = adminFormFromChallenge(challenge);
    expect(values).toMatchObject({
      name: 'Cup',
      slug: 'cup',
      description: '',
      genderFilter: 'all',
      isActive: false,
      isHidden: true,
      isDaily: true,
      lengthValue: '30',
      incrementValue: '2',
      cadenceUnit: 'weeks',
    });
    expect(localInputToIso(values.endDate)).toBe('2027-03-01T09:45:00.000Z');
  });
});
