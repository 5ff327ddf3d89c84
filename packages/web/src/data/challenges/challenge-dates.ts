// A challenge's dates as every screen shows them (issue 26): ONE function decides what they are,
// so the leaderboard, the cards, the detail page and the admin table agree. A running duel's dates
// are its 72 hours from the first participant (it has no start_date or end_date); a window that
// opens at local midnight where the day starts first (UTC+14) and closes at local midnight where
// it ends last (UTC-12), as Pushtober's does, is whole calendar days in every zone and reads as
// those days ('October 1-31'), not as its instants in the viewer's zone (Sep 30 - Nov 1). Pure.

import { challengeTiming } from './challenge-status';
import type { Challenge } from './challenges';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Where a calendar day starts first and ends last (the server seeds Pushtober with them). hours */
export const EARLIEST_ZONE_OFFSET_HOURS = 14;
export const LATEST_ZONE_OFFSET_HOURS = -12;

export type ChallengeDates =
  /** No dates: open until an admin closes it. */
  | { kind: 'open' }
  /** A duel nobody has joined: its 72 hours start with the first participant. */
  | { kind: 'duel-waiting' }
  | { kind: 'duel'; startedAt: Date; endsAt: Date; ended: boolean }
  /** Instants, shown in the viewer's zone; either may be missing. */
  | { kind: 'window'; start: Date | null; end: Date | null }
  /** Whole calendar days in every zone: the first and the last day (their UTC midnights). */
  | { kind: 'local-days'; firstDay: Date; lastDay: Date };

type DateFields = Pick<
  Challenge,
  'challenge_type' | 'start_date' | 'end_date' | 'first_participant_joined_at' | 'is_active'
>;

/** The calendar days of a window that spans them in every zone; null when it does not. */
function everyZoneDays(start: Date, end: Date): { firstDay: Date; lastDay: Date } | null {
  const firstDay = start.getTime() + EARLIEST_ZONE_OFFSET_HOURS * HOUR_MS;
  const afterLastDay = end.getTime() + LATEST_ZONE_OFFSET_HOURS * HOUR_MS;
  if (firstDay % DAY_MS !== 0 || afterLastDay % DAY_MS !== 0 || afterLastDay <= firstDay)
    return null;
  return { firstDay: new Date(firstDay), lastDay: new Date(afterLastDay - DAY_MS) };
}

export function challengeDates(challenge: DateFields, now: Date): ChallengeDates {
  if (challenge.challenge_type === 'duel' && !challenge.start_date && !challenge.end_date) {
    const timing = challengeTiming(challenge, now);
    if (!challenge.first_participant_joined_at || !timing.duelEndsAt)
      return { kind: 'duel-waiting' };
    return {
      kind: 'duel',
      startedAt: new Date(challenge.first_participant_joined_at),
      endsAt: timing.duelEndsAt,
      ended: timing.duelExpired,
    };
  }
  const start = challenge.start_date ? new Date(challenge.start_date) : null;
  const end = challenge.end_date ? new Date(challenge.end_date) : null;
  if (!start && !end) return { kind: 'open' };
  const days = start && end ? everyZoneDays(start, end) : null;
  if (days) return { kind: 'local-days', ...days };
  return { kind: 'window', start, end };
}

/** The dates as two labelled values (the leaderboard's Start and End) and as one line (cards,
 * the detail page, the admin table). */
export interface DatesText {
  start: string;
  end: string;
  line: string;
}

export const DATES_TEXT = {
  // The spec's words for a challenge without dates (spec 02 §2 "Leaderboard").
  noStartDate: 'No start date',
  ongoing: 'Ongoing',
  noDates: 'No dates',
  duelWaitingStart: 'With the first participant',
  duelWaitingEnd: '72 hours later',
  duelWaitingLine: 'Starts with the first participant, lasts 72 hours',
  localTime: 'your local time',
} as const;

export function datesText(dates: ChallengeDates, locale?: string): DatesText {
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  switch (dates.kind) {
    case 'open':
      return { start: DATES_TEXT.noStartDate, end: DATES_TEXT.ongoing, line: DATES_TEXT.noDates };
    case 'duel-waiting':
      return {
        start: DATES_TEXT.duelWaitingStart,
        end: DATES_TEXT.duelWaitingEnd,
        line: DATES_TEXT.duelWaitingLine,
      };
    case 'duel':
      return {
        start: dateTime.format(dates.startedAt),
        end: dateTime.format(dates.endsAt),
        line: dateTime.formatRange(dates.startedAt, dates.endsAt),
      };
    case 'window':
      return {
        start: dates.start ? dateTime.format(dates.start) : DATES_TEXT.noStartDate,
        end: dates.end ? dateTime.format(dates.end) : DATES_TEXT.ongoing,
        line:
          dates.start && dates.end
            ? date.formatRange(dates.start, dates.end)
            : `${dates.start ? date.format(dates.start) : 'Now'} – ${dates.end ? date.format(dates.end) : DATES_TEXT.ongoing}`,
      };
    case 'local-days': {
      // The days themselves, whatever the viewer's zone: formatted as UTC calendar dates.
      const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
      return {
        start: `${day.format(dates.firstDay)} (${DATES_TEXT.localTime})`,
        end: `${day.format(dates.lastDay)} (${DATES_TEXT.localTime})`,
        line: `${day.formatRange(dates.firstDay, dates.lastDay)}, ${DATES_TEXT.localTime}`,
      };
    }
  }
}
