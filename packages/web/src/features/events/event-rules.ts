// Event pages' rules without the DOM: the referral link (spec 02 §7) and Pushtober's calendar
// in the visitor's local time (spec 02 §9).

import {
  BEGINNER_DAILY_INCREMENT,
  BEGINNER_START_REPS,
  PUSHTOBER_DAYS,
  PUSHTOBER_MONTH_INDEX,
} from './constants';

/** `/challenge/{hash}?ref={email, URL-encoded}` on this site. E-mails are lower-cased and
 * trimmed on input (spec 02 §5); no format check (spec: none shown). */
export function referralLink(origin: string, hash: string, email: string): string {
  const ref = encodeURIComponent(email.trim().toLowerCase());
  return `${origin}/challenge/${encodeURIComponent(hash)}?ref=${ref}`;
}

/** The event's challenge page (`/challenge/{hash}`), carrying a referral the event page was
 * opened with (`?ref=`) on to Join, the record page and the recording. */
export function eventChallengePath(hash: string, ref: string | null): string {
  const path = `/challenge/${encodeURIComponent(hash)}`;
  return ref ? `${path}?ref=${encodeURIComponent(ref)}` : path;
}

export function canGenerateReferralLink(email: string): boolean {
  return email.trim().length > 0;
}

export type PushtoberStatus =
  | { phase: 'before'; year: number; daysToGo: number }
  | { phase: 'during'; year: number; day: number }
  | { phase: 'after'; year: number };

const DAY_MS = 86_400_000;

/** Where `now` is in Pushtober `year`, in the local time of the Date (the visitor's zone). */
export function pushtoberStatus(now: Date, year: number): PushtoberStatus {
  const start = new Date(year, PUSHTOBER_MONTH_INDEX, 1);
  const end = new Date(year, PUSHTOBER_MONTH_INDEX, PUSHTOBER_DAYS + 1);
  if (now < start) {
    const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    return {
      phase: 'before',
      year,
      daysToGo: Math.round((start.getTime() - today.getTime()) / DAY_MS),
    };
  }
  if (now >= end) return { phase: 'after', year };
  return { phase: 'during', year, day: now.getDate() };
}

/** The Pushtober a challenge runs: its window opens on 30 September somewhere (UTC+14) and
 * closes on 1 November (UTC-12), so the year of its end date is the October's. Without a
 * challenge, the October of this year, or of next year once this one is over locally. */
export function pushtoberYear(endDate: string | null, now: Date): number {
  if (endDate) return new Date(endDate).getUTCFullYear();
  const thisYear = now.getFullYear();
  return now >= new Date(thisYear, PUSHTOBER_MONTH_INDEX, PUSHTOBER_DAYS + 1)
    ? thisYear + 1
    : thisYear;
}

export interface DailyTarget {
  day: number;
  min: number;
  max: number;
}

/** Beginners: 5-10 reps on day 1, one more each day (spec 02 §9). */
export function beginnerTargets(days: readonly number[]): DailyTarget[] {
  return days.map((day) => ({
    day,
    min: BEGINNER_START_REPS.min + (day - 1) * BEGINNER_DAILY_INCREMENT,
    max: BEGINNER_START_REPS.max + (day - 1) * BEGINNER_DAILY_INCREMENT,
  }));
}

/** Reps over the whole month on the beginner plan, for the lower and upper start. */
export function beginnerMonthTotal(): { min: number; max: number } {
  const all = beginnerTargets(Array.from({ length: PUSHTOBER_DAYS }, (_, index) => index + 1));
  return {
    min: all.reduce((sum, target) => sum + target.min, 0),
    max: all.reduce((sum, target) => sum + target.max, 0),
  };
}
