// When a daily challenge's next attempt opens, in words (issue 26): the moment in the zone the
// participant's days are counted in (their first attempt's), that moment in the browser's zone
// when it differs, how long until then, and whether the challenge ends first. Pure: the clock and
// the zones come in.

import { RECORD } from '../messages';

export interface NextAttempt {
  /** The participant's next day starts (local midnight in `timeZone`). */
  opensAt: Date;
  timeZone: string;
  /** The challenge's end, if it has one. */
  endsAt: Date | null;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** '6 h 12 min', '45 min', 'less than a minute' (the parts never broken across lines). */
export function timeUntil(from: Date, to: Date): string {
  const ms = to.getTime() - from.getTime();
  if (ms < MINUTE_MS) return RECORD.lessThanAMinute;
  const hours = Math.floor(ms / HOUR_MS);
  const minutes = Math.floor((ms % HOUR_MS) / MINUTE_MS);
  return hours > 0 ? `${hours}\u00a0h ${minutes}\u00a0min` : `${minutes}\u00a0min`;
}

/** 'Saturday 29 November, 00:00' in `timeZone`, in the browser's language. */
export function momentIn(at: Date, timeZone: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

export interface NextAttemptText {
  /** The challenge ends before the participant's next day starts. */
  lastDay: boolean;
  /** 'Next attempt in 6 h 12 min' (null on the last day). */
  until: string | null;
  /** When it opens in the participant's zone, or when the challenge ends. */
  opens: string;
  /** The same moment in the browser's zone, when it differs. */
  local: string | null;
}

/** The card's sentences: how long until the next attempt, when and where it opens; or that the
 * challenge ends before the participant's next day starts. */
export function nextAttemptText(
  next: NextAttempt,
  now: Date,
  browserZone: string,
  locale?: string,
): NextAttemptText {
  if (next.endsAt !== null && next.endsAt.getTime() < next.opensAt.getTime())
    return {
      lastDay: true,
      until: null,
      opens: RECORD.lastDayOver(momentIn(next.endsAt, next.timeZone, locale)),
      local: null,
    };
  return {
    lastDay: false,
    until: RECORD.nextAttemptIn(timeUntil(now, next.opensAt)),
    opens: RECORD.nextAttemptOpens(momentIn(next.opensAt, next.timeZone, locale), next.timeZone),
    local:
      browserZone !== next.timeZone
        ? RECORD.nextAttemptLocal(momentIn(next.opensAt, browserZone, locale), browserZone)
        : null,
  };
}
