// The form rules of spec 01 §5, without React, so each rule is tested on its own. Each check
// answers the message to show, or null when the input passes.

import { PASSWORD_MIN_LENGTH, PROFILE_RANGES } from '../constants/limits';
import { VALIDATION, WAITLIST } from '../constants/messages';
import {
  isProfileGender,
  isProfileGoal,
  type ProfileGender,
  type ProfileGoal,
} from '../data/profiles/profile-labels';
import type { ProfileUpdate, UserProfile } from '../data/profiles/profiles';

// ---- Waitlist ----

export interface WaitlistFormValues {
  email: string;
  source: string;
  otherSource: string;
}

export function validateWaitlist(values: WaitlistFormValues): string | null {
  if (!values.email.trim() || !values.source) return WAITLIST.missingFields;
  if (values.source === 'other' && !values.otherSource.trim()) return WAITLIST.missingOther;
  return null;
}

/** Submit is disabled while submitting or while email, source or the required 'other' text is
 * empty. */
export function isWaitlistSubmitDisabled(values: WaitlistFormValues, submitting: boolean): boolean {
  return submitting || validateWaitlist(values) !== null;
}

/** What is stored as the source: the option, or for 'other' the visitor's own words. */
export function waitlistSource(values: WaitlistFormValues): string {
  return values.source === 'other' ? values.otherSource.trim() : values.source;
}

// ---- Login and sign-up ----

export function validatePasswordSignIn(values: { email: string; password: string }): string | null {
  return values.email.trim() && values.password ? null : VALIDATION.emailAndPassword;
}

export function validateMagicLinkEmail(email: string): string | null {
  return email.trim() ? null : VALIDATION.emailRequired;
}

export function validatePasswordSignUp(values: {
  email: string;
  password: string;
  confirmPassword: string;
}): string | null {
  if (!values.email.trim() || !values.password) return VALIDATION.emailAndPassword;
  if (values.password !== values.confirmPassword) return VALIDATION.passwordsDoNotMatch;
  if (values.password.length < PASSWORD_MIN_LENGTH) return VALIDATION.passwordTooShort;
  return null;
}

// ---- Profile ----

/** The profile form as typed: numbers are strings until saved; '' means not given. */
export interface ProfileFormValues {
  age: string;
  gender: ProfileGender | '';
  weight_kg: string;
  height_cm: string;
  target_weight_kg: string;
  goals: ProfileGoal[];
  expectations: string;
}

export const EMPTY_PROFILE_FORM: ProfileFormValues = {
  age: '',
  gender: '',
  weight_kg: '',
  height_cm: '',
  target_weight_kg: '',
  goals: [],
  expectations: '',
};

type NumericProfileField = keyof typeof PROFILE_RANGES;

const NUMERIC_FIELD_NAMES: Record<NumericProfileField, string> = {
  age: 'Age',
  weight_kg: 'Current weight',
  target_weight_kg: 'Target weight',
  height_cm: 'Height',
};

const NUMERIC_FIELD_UNITS: Record<NumericProfileField, string> = {
  age: '',
  weight_kg: ' kg',
  target_weight_kg: ' kg',
  height_cm: ' cm',
};

export interface ProfileFieldError {
  field: NumericProfileField;
  message: string;
}

/** Checks the numeric fields against their ranges (age 1-150, weights 1-999 in steps of 0.1,
 * height 1-300); empty fields pass. Answers the first failure. */
export function validateProfileForm(values: ProfileFormValues): ProfileFieldError | null {
  for (const field of Object.keys(PROFILE_RANGES) as NumericProfileField[]) {
    const raw = values[field].trim();
    if (raw === '') continue;
    const { min, max, step } = PROFILE_RANGES[field];
    const number = Number(raw);
    const stepsFromMin = (number - min) / step;
    const onStep = Math.abs(stepsFromMin - Math.round(stepsFromMin)) < 1e-6;
    if (!Number.isFinite(number) || number < min || number > max || !onStep) {
      const unit = NUMERIC_FIELD_UNITS[field];
      const stepText = step === 1 ? 'a whole number' : `in steps of ${step}`;
      return {
        field,
        message: `${NUMERIC_FIELD_NAMES[field]} must be ${stepText} from ${min} to ${max}${unit}.`,
      };
    }
  }
  return null;
}

function numberOrNull(raw: string): number | null {
  return raw.trim() === '' ? null : Number(raw.trim());
}

/** The row update for the form: every field, empty ones as null. */
export function toProfileUpdate(values: ProfileFormValues): ProfileUpdate {
  return {
    age: numberOrNull(values.age),
    gender: values.gender === '' ? null : values.gender,
    weight_kg: numberOrNull(values.weight_kg),
    height_cm: numberOrNull(values.height_cm),
    target_weight_kg: numberOrNull(values.target_weight_kg),
    goals: values.goals,
    expectations: values.expectations.trim() === '' ? null : values.expectations.trim(),
  };
}

/** Sign-up saves a profile only if at least one field has a value. */
export function hasAnyProfileValue(values: ProfileFormValues): boolean {
  const update = toProfileUpdate(values);
  return Object.values(update).some((value) =>
    Array.isArray(value) ? value.length > 0 : value !== null,
  );
}

export function profileFormFromProfile(profile: UserProfile | null): ProfileFormValues {
  if (!profile) return EMPTY_PROFILE_FORM;
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    age: text(profile.age),
    gender: isProfileGender(profile.gender) ? profile.gender : '',
    weight_kg: text(profile.weight_kg),
    height_cm: text(profile.height_cm),
    target_weight_kg: text(profile.target_weight_kg),
    goals: profile.goals.filter(isProfileGoal),
    expectations: profile.expectations ?? '',
  };
}
