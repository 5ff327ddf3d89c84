/** The zone the database counts leaderboard days in when the browser's is unknown to it. */
export const FALLBACK_TIME_ZONE = 'UTC';

/** The viewer's IANA time zone (Europe/Berlin), as the browser knows it. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE;
  } catch (error) {
    console.warn('The browser reports no time zone; days are counted in UTC', error);
    return FALLBACK_TIME_ZONE;
  }
}
