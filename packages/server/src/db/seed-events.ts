// Seed data for the leaderboards' companions: the time-zone names the leaderboard functions
// accept, the Pushtober challenge (spec 02 §2 "Pushtober") and a demo event page (spec 02 §2
// "Event landing").

import type pg from 'pg';
import {
  BUILTIN_PUSHUP_DEFINITION_ID,
  DEMO_EVENT_SLUG,
  DEMO_EVENT_TEMPLATE,
  PUSHTOBER_DAYS,
  PUSHTOBER_EARLIEST_ZONE_OFFSET_HOURS,
  PUSHTOBER_LATEST_ZONE_OFFSET_HOURS,
  PUSHTOBER_MIN_DAILY_REPS,
  PUSHTOBER_SLUG,
  PUSHTOBER_TEMPLATE,
} from '../constants.js';

const HOUR_MS = 3_600_000;
const OCTOBER = 9; // Date.UTC months count from 0

/** Adds the zone names of this PostgreSQL (a newer one may know new zones); never removes one. */
export async function refreshTimeZoneNames(pool: pg.Pool): Promise<void> {
  await pool.query(
    `insert into reptemple_private.time_zone_names (name)
     select z.name from pg_catalog.pg_timezone_names z
     where z.name not in ('Factory', 'localtime', 'posixrules') and z.name !~ '^(posix|right)/'
     on conflict do nothing`,
  );
}

export interface PushtoberWindow {
  year: number;
  /** 1 October 00:00 where October starts first (UTC+14). */
  startsAt: Date;
  /** 31 October 24:00 where October ends last (UTC-12). */
  endsAt: Date;
}

/** The October that is running at `now` in some zone, or the next one. */
export function pushtoberWindow(now: Date): PushtoberWindow {
  const window = (year: number): PushtoberWindow => ({
    year,
    startsAt: new Date(Date.UTC(year, OCTOBER, 1) - PUSHTOBER_EARLIEST_ZONE_OFFSET_HOURS * HOUR_MS),
    endsAt: new Date(
      Date.UTC(year, OCTOBER, PUSHTOBER_DAYS + 1) - PUSHTOBER_LATEST_ZONE_OFFSET_HOURS * HOUR_MS,
    ),
  });
  const thisYear = window(now.getUTCFullYear());
  return now < thisYear.endsAt ? thisYear : window(now.getUTCFullYear() + 1);
}

/** The Pushtober challenge: accountability, daily, at least one rep a day for 31 days. Its event
 * row (template pushtober) lets a day take several sessions, which add up. */
export async function seedPushtober(pool: pg.Pool, createdBy: string | null, now: Date) {
  const { year, startsAt, endsAt } = pushtoberWindow(now);
  await pool.query(
    `with challenge as (
       insert into public.challenges (slug, name, description, exercise_definition_id, challenge_type, is_daily,
         created_by, start_date, end_date, challenge_length_value, challenge_length_unit, min_daily_reps)
       values ($1, $2, $3, $4, 'accountability', true, $5, $6, $7, $8, 'days', $9)
       on conflict (slug) do nothing
       returning id
     )
     insert into public.challenge_events (challenge_id, template)
     select id, $10 from challenge`,
    [
      PUSHTOBER_SLUG,
      `Pushtober ${year}`,
      'Push-ups every day of October, wherever you are. One clean rep a day keeps your streak alive; a missed day resets the streak, never your progress.',
      BUILTIN_PUSHUP_DEFINITION_ID,
      createdBy,
      startsAt,
      endsAt,
      PUSHTOBER_DAYS,
      PUSHTOBER_MIN_DAILY_REPS,
      PUSHTOBER_TEMPLATE,
    ],
  );
}

/** A demo event at /token2049: a challenge without dates and its event row. A challenge that
 * already has the slug is left alone (it is not made an event). */
export async function seedDemoEvent(pool: pg.Pool, createdBy: string | null) {
  await pool.query(
    `with challenge as (
       insert into public.challenges (slug, name, description, exercise_definition_id, challenge_type, is_daily, created_by)
       values ($1, $2, $3, $4, 'accountability', false, $5)
       on conflict (slug) do nothing
       returning id
     )
     insert into public.challenge_events (challenge_id, template)
     select id, $6 from challenge
     on conflict (challenge_id) do nothing`,
    [
      DEMO_EVENT_SLUG,
      'TOKEN2049 Push-up Challenge',
      'The most clean push-ups in one session wins 66.6 USDT (Rep King); the most friends brought in wins 33.3 USDT (Referral King).',
      BUILTIN_PUSHUP_DEFINITION_ID,
      createdBy,
      DEMO_EVENT_TEMPLATE,
    ],
  );
}
