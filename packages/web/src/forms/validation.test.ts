import { describe, expect, it } from 'vitest';
import type { UserProfile } from '../data/profiles/profiles';
import {
  EMPTY_PROFILE_FORM,
  hasAnyProfileValue,
  isWaitlistSubmitDisabled,
  profileFormFromProfile,
  toProfileUpdate,
  validateMagicLinkEmail,
  validatePasswordSignIn,
  validatePasswordSignUp,
  validateProfileForm,
  validateWaitlist,
  waitlistSource,
} from './validation';

describe('waitlist (spec 01 §5)', () => {
  const filled = { email: 'a@example.test', source: 'friend_referral', otherSource: '' };
  it('needs email and source', () => {
    expect(validateWaitlist({ ...filled, email: '  ' })).toBe(
      'Please fill in all required fields.',
    );
    expect(validateWaitlist({ ...filled, source: '' })).toBe('Please fill in all required fields.');
    expect(validateWaitlist(filled)).toBeNull();
  });
  it("needs the text when the source is 'other', and stores that text as the source", () => {
    const other = { ...filled, source: 'other' };
    expect(validateWaitlist(other)).toBe('Please specify how you learned about us.');
    expect(validateWaitlist({ ...other, otherSource: ' ' })).toBe(
      'Please specify how you learned about us.',
    );
    expect(waitlistSource({ ...other, otherSource: '  A poster ' })).toBe('A poster');
    expect(waitlistSource(filled)).toBe('friend_referral');
  });
  it('disables submit while submitting or while anything required is empty', () => {
    expect(isWaitlistSubmitDisabled(filled, false)).toBe(false);
    expect(isWaitlistSubmitDisabled(filled, true)).toBe(true);
    expect(isWaitlistSubmitDisabled({ ...filled, email: '' }, false)).toBe(true);
    expect(isWaitlistSubmitDisabled({ ...filled, source: 'other' }, false)).toBe(true);
    expect(isWaitlistSubmitDisabled({ ...filled, source: 'other', otherSource: 'x' }, false)).toBe(
      false,
    );
  });
});

describe('login and sign-up (spec 01 §5)', () => {
  it('password sign-in needs email and password', () => {
    expect(validatePasswordSignIn({ email: '', password: 'x' })).toBe(
      'Please enter both email and password.',
    );
    expect(validatePasswordSignIn({ email: 'a@b.c', password: '' })).toBe(
      'Please enter both email and password.',
    );
    expect(validatePasswordSignIn({ email: 'a@b.c', password: 'x' })).toBeNull();
  });
  it('a one-time link needs an email', () => {
    expect(validateMagicLinkEmail(' ')).toBe('Please enter your email address.');
    expect(validateMagicLinkEmail('a@b.c')).toBeNull();
  });
  it('sign-up: required, then matching, then at least 6 characters', () => {
    expect(validatePasswordSignUp({ email: '', password: '', confirmPassword: '' })).toBe(
      'Please enter both email and password.',
    );
    expect(
      validatePasswordSignUp({ email: 'a@b.c', password: 'abc', confirmPassword: 'abd' }),
    ).toBe('Passwords do not match.');
    expect(
      validatePasswordSignUp({ email: 'a@b.c', password: 'abcde', confirmPassword: 'abcde' }),
    ).toBe('Password must be at least 6 characters long.');
    expect(
      validatePasswordSignUp({ email: 'a@b.c', password: 'abcdef', confirmPassword: 'abcdef' }),
    ).toBeNull();
  });
});

describe('profile (spec 01 §5)', () => {
  it.each([
    ['age', '0', false],
    ['age', '1', true],
    ['age', '150', true],
    ['age', '151', false],
    ['age', '30.5', false],
    ['weight_kg', '0.9', false],
    ['weight_kg', '1', true],
    ['weight_kg', '72.5', true],
    ['weight_kg', '72.55', false],
    ['weight_kg', '999', true],
    ['weight_kg', '999.1', false],
    ['target_weight_kg', '1000', false],
    ['height_cm', '300', true],
    ['height_cm', '301', false],
    ['height_cm', 'abc', false],
  ] as const)('%s = %s passes: %s', (field, value, passes) => {
    const error = validateProfileForm({ ...EMPTY_PROFILE_FORM, [field]: value });
    expect(error === null).toBe(passes);
    if (error) expect(error.field).toBe(field);
  });
  it('says what is allowed', () => {
    expect(validateProfileForm({ ...EMPTY_PROFILE_FORM, height_cm: '301' })?.message).toBe(
      'Height must be a whole number from 1 to 300 cm.',
    );
    expect(validateProfileForm({ ...EMPTY_PROFILE_FORM, weight_kg: '0' })?.message).toBe(
      'Current weight must be in steps of 0.1 from 1 to 999 kg.',
    );
  });
  it('empty fields pass and become null', () => {
    expect(validateProfileForm(EMPTY_PROFILE_FORM)).toBeNull();
    expect(toProfileUpdate(EMPTY_PROFILE_FORM)).toEqual({
      age: null,
      gender: null,
      weight_kg: null,
      height_cm: null,
      target_weight_kg: null,
      goals: [],
      expectations: null,
    });
    expect(toProfileUpdate({ ...EMPTY_PROFILE_FORM, expectations: '   ' }).expectations).toBeNull();
  });
  it('numbers become numbers', () => {
    expect(
      toProfileUpdate({
        ...EMPTY_PROFILE_FORM,
        age: '41',
        weight_kg: '90.2',
        gender: 'prefer_not_to_say',
        goals: ['video_analysis'],
      }),
    ).toMatchObject({
      age: 41,
      weight_kg: 90.2,
      gender: 'prefer_not_to_say',
      goals: ['video_analysis'],
    });
  });
  it('sign-up saves a profile only when at least one field has a value', () => {
    expect(hasAnyProfileValue(EMPTY_PROFILE_FORM)).toBe(false);
    expect(hasAnyProfileValue({ ...EMPTY_PROFILE_FORM, expectations: ' ' })).toBe(false);
    expect(hasAnyProfileValue({ ...EMPTY_PROFILE_FORM, gender: 'female' })).toBe(true);
    expect(hasAnyProfileValue({ ...EMPTY_PROFILE_FORM, goals: ['losing_weight'] })).toBe(true);
  });
  it('fills the form from a stored profile and back to the same update', () => {
    const stored = {
      id: 'u1',
      age: 30,
      gender: 'other',
      weight_kg: 70.5,
      height_cm: 170,
      target_weight_kg: null,
      goals: ['improving_posture'],
      expectations: 'Form',
    } as unknown as UserProfile;
    const form = profileFormFromProfile(stored);
    expect(form).toEqual({
      age: '30',
      gender: 'other',
      weight_kg: '70.5',
      height_cm: '170',
      target_weight_kg: '',
      goals: ['improving_posture'],
      expectations: 'Form',
    });
    expect(toProfileUpdate(form)).toEqual({
      age: 30,
      gender: 'other',
      weight_kg: 70.5,
      height_cm: 170,
      target_weight_kg: null,
      goals: ['improving_posture'],
      expectations: 'Form',
    });
    expect(profileFormFromProfile(null)).toEqual(EMPTY_PROFILE_FORM);
  });
});
