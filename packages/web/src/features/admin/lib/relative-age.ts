// Ages of the dashboard's recent activity (spec 02 §2): 'Just now', 'Nm ago', 'Nh ago', 'Nd ago'.

import { AGE_TEXT } from '../constants';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Under a minute (or a time slightly ahead of this clock) is 'Just now'; then whole minutes,
 * hours and days, rounded down. */
export function relativeAge(at: Date, now: Date): string {
  const elapsed = now.getTime() - at.getTime();
  if (!(elapsed >= MINUTE_MS)) return AGE_TEXT.justNow;
  if (elapsed < HOUR_MS) return AGE_TEXT.minutes(Math.floor(elapsed / MINUTE_MS));
  if (elapsed < DAY_MS) return AGE_TEXT.hours(Math.floor(elapsed / HOUR_MS));
  return AGE_TEXT.days(Math.floor(elapsed / DAY_MS));
}
