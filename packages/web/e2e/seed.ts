// Rows for the E2E tests, written straight into the database as the superuser (fast, and free of
// the rules under test): challenges with given dates and types, and recordings of test users.

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { stack } from './helpers.js';

export const BUILTIN_PUSHUP_ID = '00000000-0000-4000-8000-000000000001';

export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export interface SeededChallenge {
  id: string;
  slug: string;
  name: string;
}

export interface ChallengeSeed {
  name?: string;
  description?: string | null;
  challenge_type?: 'accountability' | 'progression' | 'duel';
  exercise_definition_id?: string;
  is_daily?: boolean;
  is_hidden?: boolean;
  is_active?: boolean;
  hide_results_until_finished?: boolean;
  start_date?: string | null;
  end_date?: string | null;
  first_participant_joined_at?: string | null;
  challenge_length_value?: number | null;
  challenge_length_unit?: 'days' | 'weeks' | 'months' | null;
  min_daily_reps?: number | null;
  increment_value?: number | null;
  increment_cadence_value?: number | null;
  increment_cadence_unit?: 'days' | 'weeks' | 'months' | null;
}

export async function seedChallenge(seed: ChallengeSeed = {}): Promise<SeededChallenge> {
  const suffix = randomBytes(4).toString('hex');
  const name = seed.name ?? `E2E challenge ${suffix}`;
  const [row] = await sql<SeededChallenge>(
    `insert into public.challenges (slug, name, description, exercise_definition_id, challenge_type,
       is_daily, is_hidden, is_active, hide_results_until_finished, start_date, end_date,
       first_participant_joined_at, challenge_length_value, challenge_length_unit, min_daily_reps,
       increment_value, increment_cadence_value, increment_cadence_unit)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
     returning id, slug, name`,
    [
      `e2e-${suffix}`,
      name,
      seed.description ?? null,
      seed.exercise_definition_id ?? BUILTIN_PUSHUP_ID,
      seed.challenge_type ?? 'accountability',
      seed.is_daily ?? false,
      seed.is_hidden ?? false,
      seed.is_active ?? true,
      seed.hide_results_until_finished ?? false,
      seed.start_date ?? null,
      seed.end_date ?? null,
      seed.first_participant_joined_at ?? null,
      seed.challenge_length_value ?? null,
      seed.challenge_length_unit ?? null,
      seed.min_daily_reps ?? null,
      seed.increment_value ?? null,
      seed.increment_cadence_value ?? null,
      seed.increment_cadence_unit ?? null,
    ],
  );
  return row!;
}

/** A recording by a made-up participant (no account), for counts and the top three: verified
 * as it claims, as the verification worker writes it (only verified counts rank). */
export async function seedRecording(
  challengeId: string,
  values: { name: string; gender?: 'male' | 'female'; validReps: number },
): Promise<void> {
  const [row] = await sql<{ id: string }>(
    `insert into public.challenge_recordings (challenge_id, name, email, gender, valid_reps, duration_seconds)
     values ($1, $2, $3, $4, $5, 60) returning id`,
    [
      challengeId,
      values.name,
      `${values.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(3).toString('hex')}@example.test`,
      values.gender ?? 'male',
      values.validReps,
    ],
  );
  await sql(
    `update public.challenge_recordings set verification_status = 'verified', verified_at = now(),
       verified_valid_reps = valid_reps, verified_invalid_reps = invalid_reps,
       verified_total_reps = total_reps
     where id = $1`,
    [row!.id],
  );
}

export const HOUR_MS = 3_600_000;
export const isoFromNow = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
