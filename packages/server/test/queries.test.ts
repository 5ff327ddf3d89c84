// The query shapes the web app uses (spec 01 §7, spec 02 §7), as supabase-js sends them, with the
// answers the screens need. Public leaderboards read leaderboard_entries (no e-mail addresses).

import { beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  anonClient,
  BUILTIN_PUSHUP_ID,
  createChallenge,
  createUser,
  recordingFor,
  sql,
  type TestUser,
  uniqueEmail,
  verifyAsWorker,
} from './helpers.js';

let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let challenge: { id: string; slug: string };

beforeAll(async () => {
  [alice, bob, carol] = await Promise.all([
    createUser({ label: 'alice' }),
    createUser({ label: 'bob' }),
    createUser({ label: 'carol' }),
  ]);
  challenge = await createChallenge({ name: 'Leaderboard challenge' });
  for (const [user, reps, gender] of [
    [alice, 30, 'female'],
    [bob, 45, 'male'],
    [carol, 30, 'female'],
  ] as const) {
    const { error } = await user.client.from('challenge_recordings').insert(
      await recordingFor(user, challenge.id, {
        valid_reps: reps,
        gender,
        name: user.email.split('@')[0],
      }),
    );
    expect(error).toBeNull();
  }
});

describe('landing and profile (spec 01)', () => {
  it('waitlist: insert {email, source}; a second time is 23505', async () => {
    const email = uniqueEmail('wl');
    expect(
      (await anonClient().from('waitlist').insert({ email, source: 'token2049' })).error,
    ).toBeNull();
    const duplicate = await anonClient()
      .from('waitlist')
      .insert({ email: ` ${email.toUpperCase()}`, source: 'other' });
    expect(duplicate.error?.code).toBe('23505');
  });
  it('profile: select * by id with maybeSingle, update a partial body, reload', async () => {
    const { data, error } = await alice.client
      .from('user_profiles')
      .select('*')
      .eq('id', alice.id)
      .maybeSingle();
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: alice.id, email: alice.email, goals: [] });
    const update = await alice.client
      .from('user_profiles')
      .update({ age: 30, goals: ['losing_weight', 'gaining_muscle'], expectations: null })
      .eq('id', alice.id);
    expect(update.error).toBeNull();
    const reloaded = await alice.client
      .from('user_profiles')
      .select('*')
      .eq('id', alice.id)
      .single();
    expect(reloaded.data).toMatchObject({ age: 30, goals: ['losing_weight', 'gaining_muscle'] });
  });
  it("profile: values outside the form's ranges and unknown goals are refused (23514, 22P02)", async () => {
    expect(
      (await alice.client.from('user_profiles').update({ age: 151 }).eq('id', alice.id)).error
        ?.code,
    ).toBe('23514');
    expect(
      (
        await alice.client
          .from('user_profiles')
          .update({ goals: ['flying'] })
          .eq('id', alice.id)
      ).error?.code,
    ).toBe('22P02');
    expect(
      (await alice.client.from('user_profiles').update({ gender: 'robot' }).eq('id', alice.id))
        .error?.code,
    ).toBe('22P02');
  });
  it('profile by id with .single() when there is none: PGRST116, then insert', async () => {
    const fresh = await createUser({ label: 'noprofile' });
    await sql('delete from public.user_profiles where id = $1', [fresh.id]);
    const missing = await fresh.client
      .from('user_profiles')
      .select('*')
      .eq('id', fresh.id)
      .single();
    expect(missing.error?.code).toBe('PGRST116');
    expect(
      (
        await fresh.client
          .from('user_profiles')
          .insert({ id: fresh.id, email: fresh.email, gender: 'male' })
      ).error,
    ).toBeNull();
  });
  it('definitions: list newest first, insert returning the row, update returning, delete (admin)', async () => {
    const adminUser = await admin();
    const document = { name: 'Plank', cameraPosition: 'side', angles: [], phases: {} };
    const created = await adminUser.client
      .from('exercise_definitions')
      .insert({ name: 'Plank', definition: document, author: adminUser.id })
      .select()
      .single();
    expect(created.error).toBeNull();
    const list = await adminUser.client
      .from('exercise_definitions')
      .select('*')
      .order('created_at', { ascending: false });
    expect(list.data![0]!.id).toBe(created.data!.id);
    const updated = await adminUser.client
      .from('exercise_definitions')
      .update({ name: 'Plank 2', definition: document, updated_at: new Date().toISOString() })
      .eq('id', created.data!.id)
      .select()
      .single();
    expect(updated.data!.name).toBe('Plank 2');
    expect(new Date(updated.data!.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(created.data!.updated_at).getTime(),
    );
    expect(
      (await adminUser.client.from('exercise_definitions').delete().eq('id', created.data!.id))
        .error,
    ).toBeNull();
    const byName = await anonClient().from('exercise_definitions').select('*').order('name');
    expect(byName.data!.some((row) => row.id === BUILTIN_PUSHUP_ID)).toBe(true);
  });
});

describe('challenges (spec 02)', () => {
  it('list: active, not hidden, with the definition name embedded, newest first', async () => {
    const hidden = await createChallenge({ is_hidden: true, name: 'Hidden one' });
    const { data, error } = await anonClient()
      .from('challenges')
      .select('*, exercise_definitions(name)')
      .eq('is_active', true)
      .eq('is_hidden', false)
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(data!.some((row) => row.id === hidden.id)).toBe(false);
    const mine = data!.find((row) => row.id === challenge.id)!;
    expect(mine.exercise_definitions).toEqual({ name: 'Push-up' });
  });
  it('one by id with the full definition; by slug; missing slug gives PGRST116', async () => {
    const byId = await anonClient()
      .from('challenges')
      .select('*, exercise_definitions(name, definition)')
      .eq('id', challenge.id)
      .single();
    expect(byId.data!.exercise_definitions.definition).toMatchObject({
      name: 'Push-up',
      cameraPosition: 'side',
    });
    const bySlug = await anonClient()
      .from('challenges')
      .select('*')
      .eq('slug', challenge.slug)
      .single();
    expect(bySlug.data!.id).toBe(challenge.id);
    const missing = await anonClient()
      .from('challenges')
      .select('*')
      .eq('slug', 'no-such-challenge')
      .single();
    expect(missing.error?.code).toBe('PGRST116');
  });
  it('the seeded demo challenges are there, one of each type', async () => {
    const { data } = await anonClient()
      .from('challenges')
      .select('challenge_type')
      .like('slug', 'demo-%');
    expect(new Set(data!.map((row) => row.challenge_type))).toEqual(
      new Set(['accountability', 'progression', 'duel']),
    );
  });
  it('a user creates a push-up challenge and gets its slug back', async () => {
    const { data, error } = await alice.client
      .from('challenges')
      .insert({
        name: 'PUSHUP CHALLENGE',
        description: null,
        exercise_definition_id: BUILTIN_PUSHUP_ID,
        challenge_type: 'duel',
        hide_results_until_finished: true,
        created_by: alice.id,
      })
      .select('slug')
      .single();
    expect(error).toBeNull();
    expect(data!.slug).toMatch(/^pushup-challenge-[0-9a-f]{6}$/);
  });
  it('admin list: all challenges newest first, with recording counts', async () => {
    const adminUser = await admin();
    const { data, error } = await adminUser.client
      .from('challenges')
      .select('id, is_active, created_at, challenge_recordings(count)')
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    const row = data!.find((entry) => entry.id === challenge.id)!;
    expect(row.challenge_recordings).toEqual([{ count: 3 }]);
  });
});

describe('leaderboards and recordings (spec 02)', () => {
  const columns =
    'id, challenge_id, user_id, name, gender, valid_reps, invalid_reps, duration_seconds, video_url, gif_url, created_at, referral_count';
  it('leaderboard: best first, earliest first among equals; detail page variant limited to 100', async () => {
    const { data, error } = await anonClient()
      .from('leaderboard_entries')
      .select(columns)
      .eq('challenge_id', challenge.id)
      .order('valid_reps', { ascending: false })
      .order('created_at', { ascending: true })
      .limit(100);
    expect(error).toBeNull();
    expect(data!.map((row) => row.user_id)).toEqual([bob.id, alice.id, carol.id]);
  });
  it('gender tab and participant count (exact, head only)', async () => {
    const female = await anonClient()
      .from('leaderboard_entries')
      .select(columns)
      .eq('challenge_id', challenge.id)
      .eq('gender', 'female')
      .order('valid_reps', { ascending: false });
    expect(female.data).toHaveLength(2);
    const { count, data, error } = await anonClient()
      .from('leaderboard_entries')
      .select('*', { count: 'exact', head: true })
      .eq('challenge_id', challenge.id);
    expect(error).toBeNull();
    expect(data).toBeNull();
    expect(count).toBe(3);
  });
  it('card summary: gender, valid reps and name per challenge', async () => {
    const { data } = await anonClient()
      .from('leaderboard_entries')
      .select('gender, valid_reps, name')
      .eq('challenge_id', challenge.id);
    expect(data).toHaveLength(3);
  });
  it('today tab: recordings since midnight', async () => {
    const midnight = new Date();
    midnight.setUTCHours(0, 0, 0, 0);
    const { data } = await anonClient()
      .from('leaderboard_entries')
      .select('id')
      .eq('challenge_id', challenge.id)
      .gte('created_at', midnight.toISOString());
    expect(data).toHaveLength(3);
  });
  it('one recording by id and challenge id; a missing one gives PGRST116', async () => {
    const [row] = await sql<{ id: string }>(
      'select id from public.challenge_recordings where user_id = $1',
      [bob.id],
    );
    const found = await anonClient()
      .from('leaderboard_entries')
      .select('*')
      .eq('id', row!.id)
      .eq('challenge_id', challenge.id)
      .single();
    expect(found.data).toMatchObject({ valid_reps: 45, total_reps: 47 });
    const missing = await anonClient()
      .from('leaderboard_entries')
      .select('*')
      .eq('id', row!.id)
      .eq('challenge_id', BUILTIN_PUSHUP_ID)
      .single();
    expect(missing.error?.code).toBe('PGRST116');
  });
  it('"already joined": a signed-in user finds their own recordings', async () => {
    const { data } = await alice.client
      .from('challenge_recordings')
      .select('id, user_id, email, created_at')
      .eq('challenge_id', challenge.id)
      .eq('user_id', alice.id);
    expect(data).toHaveLength(1);
    expect(data![0]!.email).toBe(alice.email);
  });
  it('insert then read back the id; totals are derived by the database', async () => {
    const dave = await createUser({ label: 'dave' });
    const { data, error } = await dave.client
      .from('challenge_recordings')
      .insert(
        await recordingFor(dave, challenge.id, { valid_reps: 5, invalid_reps: 1, total_reps: 999 }),
      )
      .select('id, total_reps')
      .single();
    expect(error).toBeNull();
    expect(data!.total_reps).toBe(6);
  });
  it('single-submission challenges take one recording per participant: 23505', async () => {
    const { error } = await alice.client
      .from('challenge_recordings')
      .insert(await recordingFor(alice, challenge.id));
    expect(error?.code).toBe('23505');
  });
  it('daily challenges take one recording a day: 23505 on the second the same day', async () => {
    const daily = await createChallenge({ is_daily: true });
    expect(
      (await alice.client.from('challenge_recordings').insert(await recordingFor(alice, daily.id)))
        .error,
    ).toBeNull();
    expect(
      (await alice.client.from('challenge_recordings').insert(await recordingFor(alice, daily.id)))
        .error?.code,
    ).toBe('23505');
    await sql(
      `update public.challenge_recordings set created_at = now() - interval '1 day' where challenge_id = $1`,
      [daily.id],
    );
    expect(
      (await alice.client.from('challenge_recordings').insert(await recordingFor(alice, daily.id)))
        .error,
    ).toBeNull();
  });
  it("referrals count once the referred person submits; the referrer's rows carry the count", async () => {
    const event = await createChallenge();
    const referrer = await createUser({ label: 'referrer' });
    await referrer.client
      .from('challenge_recordings')
      .insert(await recordingFor(referrer, event.id));
    for (const label of ['friend1', 'friend2']) {
      const friend = await createUser({ label });
      const submitted = await friend.client
        .from('challenge_recordings')
        .insert(
          await recordingFor(friend, event.id, {
            referred_by: referrer.email.toUpperCase(),
            referral_count: 50,
          }),
        )
        .select('id')
        .single();
      expect(submitted.error).toBeNull();
      // A referral counts once the referred person's session is verified with a valid rep.
      await verifyAsWorker(submitted.data!.id, { valid: 12 });
    }
    const { data } = await anonClient()
      .from('leaderboard_entries')
      .select('user_id, referral_count')
      .eq('challenge_id', event.id)
      .order('referral_count', { ascending: false });
    expect(data![0]).toEqual({ user_id: referrer.id, referral_count: 2 });
    expect(data!.slice(1).every((row) => row.referral_count === 0)).toBe(true);
  });
  it("a duel's 72 hours start at its first recording", async () => {
    const duel = await createChallenge({ challenge_type: 'duel' });
    await alice.client.from('challenge_recordings').insert(await recordingFor(alice, duel.id));
    const { data } = await anonClient()
      .from('challenges')
      .select('first_participant_joined_at')
      .eq('id', duel.id)
      .single();
    expect(data!.first_participant_joined_at).not.toBeNull();
  });
  it('admin analytics: every recording with e-mail, newest first; unique participants', async () => {
    const adminUser = await admin();
    const { data } = await adminUser.client
      .from('challenge_recordings')
      .select(
        'name, email, gender, valid_reps, invalid_reps, total_reps, duration_seconds, created_at',
      )
      .eq('challenge_id', challenge.id)
      .order('created_at', { ascending: false });
    expect(new Set(data!.map((row) => row.email)).size).toBe(data!.length);
    expect(data!.map((row) => row.email)).toContain(bob.email);
  });
  it('values outside the limits are refused: 23514', async () => {
    const erin = await createUser({ label: 'erin' });
    const other = await createChallenge();
    for (const change of [{ valid_reps: -1 }, { duration_seconds: 400 }]) {
      expect(
        (
          await erin.client
            .from('challenge_recordings')
            .insert(await recordingFor(erin, other.id, change))
        ).error?.code,
      ).toBe('23514');
    }
    // An address that is not the media API's: refused with what is expected (22023).
    const external = await erin.client
      .from('challenge_recordings')
      .insert(await recordingFor(erin, other.id, { video_url: 'javascript:alert(1)' }));
    expect(external.error?.code).toBe('22023');
  });
});
