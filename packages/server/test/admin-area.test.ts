// The admin area and user-created challenges through the data API (docs/security.md): what a
// user's challenge may carry for its type, the admin-only count functions, and the admin area's
// own queries called directly by someone who is not an admin.

import { beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_PUSHUP_DEFINITION_ID } from '../src/constants.js';
import {
  admin,
  anonClient,
  BUILTIN_PUSHUP_ID,
  createChallenge,
  createUser,
  expectPermissionDenied,
  recordingFor,
  serviceClient,
  sql,
  type TestUser,
} from './helpers.js';

let user: TestUser;
let second: TestUser;
let adminUser: TestUser;

beforeAll(async () => {
  [user, second, adminUser] = await Promise.all([
    createUser({ label: 'creator' }),
    createUser({ label: 'second' }),
    admin(),
  ]);
});

describe('the built-in push-up definition', () => {
  // The web app's copy of the id is compared with the database in packages/web/e2e.
  it("the server's id is the one the database requires of a user's challenge, and is seeded", async () => {
    expect(
      await sql('select reptemple_private.builtin_pushup_definition_id()::text as id'),
    ).toEqual([{ id: BUILTIN_PUSHUP_DEFINITION_ID }]);
    expect(
      await sql('select author from public.exercise_definitions where id = $1', [
        BUILTIN_PUSHUP_DEFINITION_ID,
      ]),
    ).toEqual([{ author: null }]);
  });
});

describe('user-created challenges carry the fields of their type only (spec 02 §5)', () => {
  const base = () => ({
    name: 'Typed',
    exercise_definition_id: BUILTIN_PUSHUP_ID,
    created_by: user.id,
  });
  const accountability = {
    challenge_type: 'accountability',
    challenge_length_value: 7,
    challenge_length_unit: 'days',
    min_daily_reps: 10,
  };
  const progression = {
    ...accountability,
    challenge_type: 'progression',
    increment_value: 1,
    increment_cadence_value: 1,
    increment_cadence_unit: 'days',
  };

  it.each([
    ['accountability with length and daily reps', accountability],
    ['progression with increment and cadence', progression],
    ['a duel with nothing but its type', { challenge_type: 'duel' }],
    ['a duel hiding its results', { challenge_type: 'duel', hide_results_until_finished: true }],
  ])('allowed: %s', async (_label, fields) => {
    const { data, error } = await user.client
      .from('challenges')
      .insert({ ...base(), ...fields })
      .select('id, created_by')
      .single();
    expect(error).toBeNull();
    expect(data!.created_by).toBe(user.id);
  });

  it.each([
    ['a duel with a daily minimum', { challenge_type: 'duel', min_daily_reps: 10 }],
    [
      'a duel with a length',
      { challenge_type: 'duel', challenge_length_value: 7, challenge_length_unit: 'days' },
    ],
    ['a duel with an increment', { challenge_type: 'duel', increment_value: 1 }],
    ['accountability with an increment', { ...accountability, increment_value: 2 }],
    ['accountability with a cadence unit', { ...accountability, increment_cadence_unit: 'weeks' }],
    ['accountability without its daily minimum', { ...accountability, min_daily_reps: null }],
    ['accountability without its length unit', { ...accountability, challenge_length_unit: null }],
    ['progression without its cadence', { ...progression, increment_cadence_value: null }],
  ])('denied: %s', async (_label, fields) => {
    const { error } = await user.client.from('challenges').insert({ ...base(), ...fields });
    expectPermissionDenied(error);
  });

  it('denied: result hiding on a challenge that is not a duel', async () => {
    const { error } = await user.client
      .from('challenges')
      .insert({ ...base(), ...accountability, hide_results_until_finished: true });
    expect(error).not.toBeNull();
    expect(['42501', '23514']).toContain(error!.code);
  });

  it('nothing is half-saved: a refused insert leaves no row', async () => {
    const name = `Refused ${Date.now()}`;
    await user.client
      .from('challenges')
      .insert({ ...base(), name, challenge_type: 'duel', min_daily_reps: 10 });
    expect(await sql('select 1 from public.challenges where name = $1', [name])).toEqual([]);
  });

  it('admins are not bound by the user rules: a scheduled, daily, filtered challenge', async () => {
    const { error } = await adminUser.client.from('challenges').insert({
      name: 'Event',
      exercise_definition_id: BUILTIN_PUSHUP_ID,
      created_by: adminUser.id,
      challenge_type: 'accountability',
      is_daily: true,
      is_hidden: true,
      gender_filter: 'female',
      start_date: '2030-01-01T00:00:00Z',
      end_date: '2030-01-31T00:00:00Z',
    });
    expect(error).toBeNull();
  });
});

describe('admin count functions', () => {
  let counted: { id: string };
  beforeAll(async () => {
    // A daily challenge: one participant may submit on two days (2 recordings, 1 participant).
    counted = await createChallenge({ is_daily: true });
    await sql(
      `insert into public.challenge_recordings (challenge_id, user_id, name, email, created_at)
       values ($1, $2, 'Earlier', $3, now() - interval '2 days')`,
      [counted.id, user.id, user.email],
    );
    for (const participant of [user, second]) {
      const { error } = await participant.client
        .from('challenge_recordings')
        .insert(await recordingFor(participant, counted.id));
      expect(error).toBeNull();
    }
  });

  it('admin_challenge_stats: recordings and distinct e-mail addresses per challenge, for admins', async () => {
    const { data, error } = await adminUser.client
      .rpc('admin_challenge_stats')
      .eq('challenge_id', counted.id);
    expect(error).toBeNull();
    // The two sent through the data API carry a video and await verification; none is flagged.
    expect(data).toEqual([
      {
        challenge_id: counted.id,
        recording_count: 3,
        participant_count: 2,
        verifying_count: 2,
        flagged_count: 0,
      },
    ]);
  });

  it('admin_recording_totals: every recording and participant, for admins', async () => {
    const before = await sql<{ recordings: string; participants: string }>(
      'select count(*) as recordings, count(distinct email) as participants from public.challenge_recordings',
    );
    const { data, error } = await adminUser.client.rpc('admin_recording_totals').single();
    expect(error).toBeNull();
    const totals = data as { recording_count: number; participant_count: number };
    // Other test files insert recordings at the same time: at least what was there before.
    expect(totals.recording_count).toBeGreaterThanOrEqual(Number(before[0]!.recordings));
    expect(totals.participant_count).toBeGreaterThanOrEqual(Number(before[0]!.participants));
    expect(totals.recording_count).toBeGreaterThanOrEqual(3);
  });

  it.each(['admin_challenge_stats', 'admin_recording_totals'])(
    '%s refuses a signed-in user who is not an admin (42501) and anonymous callers',
    async (name) => {
      const refused = await user.client.rpc(name);
      expectPermissionDenied(refused.error);
      expect(refused.error!.message).toMatch(/Only admins/);
      expectPermissionDenied((await anonClient().rpc(name)).error);
    },
  );

  it('the service key may read them (server-side reports)', async () => {
    const { error } = await serviceClient().rpc('admin_challenge_stats');
    expect(error).toBeNull();
  });
});

describe("the admin area's queries, called by someone who is not an admin", () => {
  let target: { id: string; slug: string };
  beforeAll(async () => {
    target = await createChallenge({ challenge_type: 'duel' });
    for (const participant of [user, second]) {
      const { error } = await participant.client
        .from('challenge_recordings')
        .insert(await recordingFor(participant, target.id, { name: participant.email }));
      expect(error).toBeNull();
    }
  });

  it.each([
    { is_active: false },
    { is_hidden: true },
    { is_daily: true },
    { hide_results_until_finished: true },
  ])('the flag toggle %o changes nothing', async (flag) => {
    const { data, error } = await user.client
      .from('challenges')
      .update(flag)
      .eq('id', target.id)
      .select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const [row] = await sql(
      'select is_active, is_hidden, is_daily, hide_results_until_finished from public.challenges where id = $1',
      [target.id],
    );
    expect(row).toEqual({
      is_active: true,
      is_hidden: false,
      is_daily: false,
      hide_results_until_finished: false,
    });
  });

  it('the form update and delete change nothing', async () => {
    const update = await user.client
      .from('challenges')
      .update({ name: 'Taken over', slug: 'taken-over' })
      .eq('id', target.id)
      .select('id, slug');
    expect(update.data).toEqual([]);
    const removed = await user.client.from('challenges').delete().eq('id', target.id).select('id');
    expect(removed.data).toEqual([]);
    expect(await sql('select name from public.challenges where id = $1', [target.id])).toEqual([
      { name: 'Test challenge' },
    ]);
  });

  it("the analytics query shows the user their own recording only, never others' e-mails", async () => {
    const { data, error } = await user.client
      .from('challenge_recordings')
      .select(
        'id, name, email, gender, valid_reps, invalid_reps, total_reps, duration_seconds, created_at',
      )
      .eq('challenge_id', target.id);
    expect(error).toBeNull();
    expect(data!.map((row) => row.email)).toEqual([user.email]);
    const admins = await adminUser.client
      .from('challenge_recordings')
      .select('email')
      .eq('challenge_id', target.id);
    expect(admins.data!.map((row) => row.email).sort()).toEqual([user.email, second.email].sort());
  });

  it('the dashboard query of recent recordings shows a user their own only; anon is refused', async () => {
    const { data } = await second.client
      .from('challenge_recordings')
      .select('id, user_id, name, created_at, challenge_id, challenges(name)')
      .order('created_at', { ascending: false })
      .limit(5);
    expect(data!.length).toBeGreaterThan(0);
    expect(new Set(data!.map((row) => row.user_id))).toEqual(new Set([second.id]));
    expectPermissionDenied(
      (await anonClient().from('challenge_recordings').select('id, name').limit(5)).error,
    );
  });
});

describe('bad input on admin writes', () => {
  it('a slug taken meanwhile: 23505 and no row', async () => {
    const taken = await createChallenge();
    const name = `Second ${Date.now()}`;
    const { error } = await adminUser.client.from('challenges').insert({
      name,
      slug: taken.slug,
      exercise_definition_id: BUILTIN_PUSHUP_ID,
      created_by: adminUser.id,
    });
    expect(error?.code).toBe('23505');
    expect(await sql('select 1 from public.challenges where name = $1', [name])).toEqual([]);
  });

  it('an edit of a challenge deleted in another tab changes no row (the app then says so)', async () => {
    const gone = await createChallenge();
    await sql('delete from public.challenges where id = $1', [gone.id]);
    const { data, error } = await adminUser.client
      .from('challenges')
      .update({ name: 'Edited' })
      .eq('id', gone.id)
      .select('id, slug');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('a start after the end: 23514 and no change', async () => {
    const dated = await createChallenge();
    const { error } = await adminUser.client
      .from('challenges')
      .update({ start_date: '2030-02-01T00:00:00Z', end_date: '2030-01-01T00:00:00Z' })
      .eq('id', dated.id);
    expect(error?.code).toBe('23514');
    expect(
      await sql('select start_date, end_date from public.challenges where id = $1', [dated.id]),
    ).toEqual([{ start_date: null, end_date: null }]);
  });

  it('an empty name: 23514', async () => {
    const { error } = await adminUser.client.from('challenges').insert({
      name: '',
      exercise_definition_id: BUILTIN_PUSHUP_ID,
      created_by: adminUser.id,
    });
    expect(error?.code).toBe('23514');
  });
});

describe('an admin deletes a challenge that has recordings and participants', () => {
  it('through the data API: it succeeds and no row of the challenge or its recordings is left', async () => {
    const doomed = await createChallenge({ challenge_type: 'duel' });
    const recordingIds: string[] = [];
    for (const participant of [user, second]) {
      const { data, error } = await participant.client
        .from('challenge_recordings')
        .insert(await recordingFor(participant, doomed.id))
        .select('id')
        .single();
      expect(error).toBeNull();
      recordingIds.push(data!.id);
    }
    // What a verification writes (the worker, as the service role): a rep's evidence and image.
    await sql(
      `insert into public.recording_rep_evidence (recording_id, rep_number, start_ms, end_ms, angle_name, is_valid)
       values ($1, 1, 0, 900, 'elbow', true)`,
      [recordingIds[0]],
    );
    await sql(
      `insert into reptemple_private.recording_rep_images (recording_id, rep_number, jpeg)
       values ($1, 1, '\\xffd8ffd9'::bytea)`,
      [recordingIds[0]],
    );
    const event = await adminUser.client
      .from('challenge_events')
      .insert({ challenge_id: doomed.id, template: 'pushtober' });
    expect(event.error).toBeNull();

    // Every table that refers to a challenge or a recording by a column of that name, found in
    // the catalogue, so a table added later is checked too.
    const tables = await sql<{ schema: string; name: string; column: string }>(
      `select c.table_schema as schema, c.table_name as name, c.column_name as column
       from information_schema.columns c
       join information_schema.tables t using (table_schema, table_name)
       where t.table_type = 'BASE TABLE' and c.column_name in ('challenge_id', 'recording_id')
         and c.table_schema not in ('pg_catalog', 'information_schema')
       order by 1, 2`,
    );
    const rowsLeft = async () => {
      const counts: Record<string, number> = {
        'public.challenges': (
          await sql('select 1 from public.challenges where id = $1', [doomed.id])
        ).length,
      };
      for (const { schema, name, column } of tables) {
        const ids = column === 'challenge_id' ? [doomed.id] : recordingIds;
        const rows = await sql(
          `select 1 from "${schema}"."${name}" where "${column}"::text = any($1::text[])`,
          [ids],
        );
        counts[`${schema}.${name}`] = rows.length;
      }
      return counts;
    };

    // Before: the challenge has a row in each table this test means to cover.
    expect(await rowsLeft()).toMatchObject({
      'public.challenges': 1,
      'public.challenge_recordings': 2,
      'public.challenge_events': 1,
      'public.recording_rep_evidence': 1,
      'reptemple_private.challenge_participants': 2,
      'reptemple_private.challenge_participant_counts': 1,
      'reptemple_private.recording_rep_images': 1,
    });

    const { data, error } = await adminUser.client
      .from('challenges')
      .delete()
      .eq('id', doomed.id)
      .select('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: doomed.id }]);
    const after = await rowsLeft();
    expect(Object.keys(after).length).toBeGreaterThanOrEqual(7);
    expect(after).toEqual(Object.fromEntries(Object.keys(after).map((key) => [key, 0])));
    // A verification job queued for a recording stays in the queue (pgboss.job); the worker
    // finds the recording gone and ends it (verification_recording_gone).
  });
});
