// Every number the specification fixes for this part of the app (spec 01 §5, §9), in one place.
// Units are in the names or the comments.

/** Query cache (spec 01 §9): no automatic refetch, no refetch on focus, never stale, no retries. */
export const QUERY_DEFAULTS = {
  refetchInterval: false,
  refetchOnWindowFocus: false,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
} as const;

/** One toast visible at a time (spec 01 §9). */
export const TOAST_LIMIT = 1;
/** A dismissed toast is removed from the list this long after dismissal. ms */
export const TOAST_REMOVE_DELAY_MS = 5000;
/** How long a toast stays open before it dismisses itself (Radix's default). ms */
export const TOAST_DURATION_MS = 5000;

/** The profile query gives up after this long and the app continues without a profile. ms */
export const PROFILE_QUERY_TIMEOUT_MS = 5000;

/** Minimum password length (spec 01 §5). characters */
export const PASSWORD_MIN_LENGTH = 6;

/** Profile field ranges (spec 01 §5). */
export const PROFILE_RANGES = {
  age: { min: 1, max: 150, step: 1 },
  weight_kg: { min: 1, max: 999, step: 0.1 },
  target_weight_kg: { min: 1, max: 999, step: 0.1 },
  height_cm: { min: 1, max: 300, step: 1 },
} as const;
/** The database column's limit for the expectations text. characters */
export const EXPECTATIONS_MAX_LENGTH = 2000;

/** Browser storage key of the profile typed at sign-up while the one-time link is awaited. */
export const PENDING_PROFILE_STORAGE_KEY = 'pendingProfile';

/** Where a one-time link returns to, below the app's origin. */
export const AUTH_CALLBACK_PATH = '/auth/callback';
/** Where sign-in lands unless a redirect was asked for. */
export const AFTER_SIGN_IN_PATH = '/challenges';

/** PostgreSQL's unique-violation code: the address is on the waitlist already. */
export const UNIQUE_VIOLATION = '23505';
