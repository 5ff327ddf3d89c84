// The profile typed on the one-time-link sign-up, kept in browser storage under `pendingProfile`
// until /auth/callback saves it (spec 01 §3, §4). localStorage, not sessionStorage: the link is
// usually opened in a new tab.

import { PENDING_PROFILE_STORAGE_KEY } from '../../constants/limits';
import { isProfileGender, isProfileGoal } from './profile-labels';
import type { ProfileUpdate } from './profiles';

const isNumberOrNull = (value: unknown): value is number | null =>
  value === null || typeof value === 'number';
const isTextOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

/** The profile fields of a stored object that hold values of their type. Anything else (written by
 * an older version, or by something else on this site) is left out and reported, not sent. */
function profileUpdateFrom(stored: object): ProfileUpdate {
  const values: Record<string, unknown> = Object.fromEntries(Object.entries(stored));
  const { age, gender, weight_kg, height_cm, target_weight_kg, goals, expectations } = values;
  const update: ProfileUpdate = {};
  if (isNumberOrNull(age)) update.age = age;
  if (gender === null || isProfileGender(gender)) update.gender = gender;
  if (isNumberOrNull(weight_kg)) update.weight_kg = weight_kg;
  if (isNumberOrNull(height_cm)) update.height_cm = height_cm;
  if (isNumberOrNull(target_weight_kg)) update.target_weight_kg = target_weight_kg;
  if (Array.isArray(goals) && goals.every(isProfileGoal)) update.goals = goals;
  if (isTextOrNull(expectations)) update.expectations = expectations;
  const dropped = Object.keys(values).filter((field) => !Object.hasOwn(update, field));
  if (dropped.length > 0)
    console.warn(`Ignoring ${PENDING_PROFILE_STORAGE_KEY} fields: ${dropped.join(', ')}`);
  return update;
}

export function storePendingProfile(storage: Storage, profile: ProfileUpdate): void {
  storage.setItem(PENDING_PROFILE_STORAGE_KEY, JSON.stringify(profile));
}

/** The stored profile, or null when there is none. A value that is not JSON (written by something
 * else) is removed and reported, not used; fields of the wrong type are left out. */
export function readPendingProfile(storage: Storage): ProfileUpdate | null {
  const raw = storage.getItem(PENDING_PROFILE_STORAGE_KEY);
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    console.warn(`Ignoring an unreadable ${PENDING_PROFILE_STORAGE_KEY}`, error);
    storage.removeItem(PENDING_PROFILE_STORAGE_KEY);
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  return profileUpdateFrom(parsed);
}

export function removePendingProfile(storage: Storage): void {
  storage.removeItem(PENDING_PROFILE_STORAGE_KEY);
}
