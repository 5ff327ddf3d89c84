// The database's two statements of the date rule, its acceptance rule
// (reptemple_private.challenge_accepts_recording, which the row policy on challenge_recordings
// applies) and join_challenge (which refuses a closed challenge with a reason), agree with the web
// app's challengeTiming()/acceptsRecording() on every case of test/challenge-status-cases.ts,
// boundaries included. The challenges are made inside one transaction, whose now() is fixed, and
// rolled back; each join runs in a savepoint, since its refusal aborts what it runs in.

import pg from 'pg';
import { expect, it } from 'vitest';
import { acceptsRecording, challengeTiming } from '../src/data/challenges/challenge-status';
import { STATUS_CASES } from '../src/data/challenges/challenge-status-cases';
import { stack } from './helpers.js';

const BUILTIN_PUSHUP_ID = '00000000-0000-4000-8000-000000000001';

interface Row {
  now: Date;
  is_active: boolean;
  challenge_type: 'accountability' | 'progression' | 'duel';
  start_date: Date | null;
  end_date: Date | null;
  first_participant_joined_at: Date | null;
  gender_filter: 'all' | 'male' | 'female' | 'other' | null;
}

/** join_challenge's refusal details (migration 20261125100000), as challengeTiming's reasons. */
const JOIN_REFUSAL_REASON: Record<string, string> = {
  challenge_inactive: 'inactive',
  challenge_not_started: 'upcoming',
  challenge_ended: 'ended',
  duel_expired: 'duel-expired',
};

it('the database accepts a recording, and a join, exactly when challengeTiming says the challenge is open', async () => {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  const mismatches: string[] = [];
  try {
    await client.query('begin');
    // join_challenge needs a signed-in user: any id will do, it only reads auth.uid().
    await client.query(
      `select set_config('request.jwt.claims', json_build_object('sub', gen_random_uuid())::text, true)`,
    );
    for (const [index, entry] of STATUS_CASES.entries()) {
      const at = (offset: number | null) =>
        offset === null ? null : `now() + (${offset} * interval '1 millisecond')`;
      const { rows } = await client.query<Row>(
        `with made as (
           insert into public.challenges (slug, name, exercise_definition_id, challenge_type, is_active,
             gender_filter, start_date, end_date, first_participant_joined_at)
           values ($1, $2, $3, $4, $5, $6, ${at(entry.challenge.start) ?? 'null'},
             ${at(entry.challenge.end) ?? 'null'}, ${at(entry.challenge.firstJoined) ?? 'null'})
           returning *)
         select now() as now, made.* from made`,
        [
          `agreement-${index}`,
          entry.label,
          BUILTIN_PUSHUP_ID,
          entry.challenge.challenge_type,
          entry.challenge.is_active,
          entry.challenge.gender_filter,
        ],
      );
      const row = rows[0]!;
      const [{ accepts }] = (
        await client.query<{ accepts: boolean }>(
          `select reptemple_private.challenge_accepts_recording(c.id, $2) as accepts
           from public.challenges c where c.slug = $1`,
          [`agreement-${index}`, entry.gender],
        )
      ).rows as [{ accepts: boolean }];
      const challenge = {
        is_active: row.is_active,
        challenge_type: row.challenge_type,
        start_date: row.start_date?.toISOString() ?? null,
        end_date: row.end_date?.toISOString() ?? null,
        first_participant_joined_at: row.first_participant_joined_at?.toISOString() ?? null,
        gender_filter: row.gender_filter,
      };
      const web = acceptsRecording(challenge, entry.gender, row.now);
      if (web !== accepts) mismatches.push(`${entry.label}: web ${web}, database ${accepts}`);
      // Joining ignores the gender (that rule is the recording's): refused exactly when closed,
      // with the same reason.
      await client.query('savepoint join_case');
      let joinRefusal: string | null = null;
      try {
        await client.query(
          `select public.join_challenge(c.id) from public.challenges c where c.slug = $1`,
          [`agreement-${index}`],
        );
        await client.query('release savepoint join_case');
      } catch (error) {
        await client.query('rollback to savepoint join_case');
        const detail = (error as { detail?: string }).detail ?? String(error);
        joinRefusal = JOIN_REFUSAL_REASON[detail] ?? `unexpected: ${detail}`;
      }
      const webClosed = challengeTiming(challenge, row.now).closedReason;
      if (joinRefusal !== webClosed)
        mismatches.push(`${entry.label}: web closed ${webClosed}, join refused ${joinRefusal}`);
      // Both agree with the case's own expectation, so neither can drift alone.
      expect(accepts, entry.label).toBe(entry.expected.accepts);
      expect(challengeTiming(challenge, row.now).closedReason, entry.label).toBe(
        entry.expected.closedReason,
      );
    }
  } finally {
    await client.query('rollback');
    await client.end();
  }
  expect(mismatches).toEqual([]);
});
