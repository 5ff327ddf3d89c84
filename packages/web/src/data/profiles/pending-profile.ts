// The profile typed on the one-time-link sign-up, kept in browser storage under `pendingProfile`
// until /auth/callback saves it (spec 01 §3, §4). localStorage, not sessionStorage: the link is
// usually opened in a new tab.

import { PENDING_PROFILE_STORAGE_KEY } from '../../constants/limits';
import type { ProfileUpdate } from './profiles';

export function storePendingProfile(storage: Storage, profile: ProfileUpdate): void {
  storage.setItem(PENDING_PROFILE_STORAGE_KEY, JSON.stringify(profile));
}

/** The stored profile, or null when there is none. A value that is not JSON (written by something
 * else) is removed and reported, not used. */
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
  return parsed as ProfileUpdate;
}

export function removePendingProfile(storage: Storage): void {
  storage.removeItem(PENDING_PROFILE_STORAGE_KEY);
}
