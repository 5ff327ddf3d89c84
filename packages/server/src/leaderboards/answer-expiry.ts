// How long a leaderboard answer stays true when nothing is announced: the clock alone changes it
// at the end of its period (Today, This Week), when hidden results become final (and a challenge
// ends: streaks stop being cut), and for the Aggregate at the end of its day in its zone (a
// streak counts while its last day is today or yesterday). Answers to the two functions carry
// these moments (period_end, results_final_at, today with time_zone).

interface AnswerMoments {
  period_end?: unknown;
  results_final_at?: unknown;
  today?: unknown;
  time_zone?: unknown;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of `instant` (ms) in `zone`, as YYYY-MM-DD. Throws for a zone Intl lacks. */
function localDay(instant: number, zone: string): string {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(zone, format);
  }
  return format.format(instant);
}

const HOUR_MS = 3_600_000;

/** The first instant (ms) whose calendar day in `zone` comes after `day` (YYYY-MM-DD): the next
 * local midnight, DST days included. Undefined for a zone Intl does not know. */
export function endOfLocalDay(day: string, zone: string): number | undefined {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  // Every zone's next midnight lies between these (offsets are within -12 and +14 hours).
  let before = Date.UTC(year, month - 1, date) - 15 * HOUR_MS;
  let after = Date.UTC(year, month - 1, date + 1) + 15 * HOUR_MS;
  try {
    while (after - before > 1) {
      const middle = Math.floor((before + after) / 2);
      if (localDay(middle, zone) > day) after = middle;
      else before = middle;
    }
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
  return after;
}

/** When an answer given at `now` (ms) stops being true without any change: the earliest of its
 * moments still ahead, and `now + maxAgeMs`. `now` itself when it cannot tell (a zone Intl does
 * not know): such an answer is not kept. */
export function answerExpiry(answer: AnswerMoments, now: number, maxAgeMs: number): number {
  let expiry = now + maxAgeMs;
  const consider = (moment: number) => {
    if (moment > now) expiry = Math.min(expiry, moment);
  };
  for (const field of [answer.period_end, answer.results_final_at]) {
    if (typeof field === 'string') consider(Date.parse(field));
  }
  if (typeof answer.today === 'string' && typeof answer.time_zone === 'string') {
    const end = endOfLocalDay(answer.today, answer.time_zone);
    if (end === undefined) return now;
    consider(end);
  }
  return expiry;
}
