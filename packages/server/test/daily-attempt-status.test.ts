// daily_attempt_status() (issue 26): the record page asks it before the camera. It must answer as
// the insert decides (prepare_recording's daily rule), in the participant's own days, about the
// caller only.

import { describe, expect, it } from 'vitest';
import { anonClient, createChallenge, createUser, recordingFor, sql } from './helpers.js';

interface Status {
  taken: boolean;
  time_zone: string;
  day_ends_at: string;
}

/** The next local midnight in `zone` after now, as the database computes it. */
async function nextMidnight(zone: string): Promise<number> {
  const [row] = await sql<{ at: Date }>(
    `select (date_trunc('day', now() at time zone $1) + interval '1 day') at time zone $1 as at`,
    [zone],
  );
  return row!.at.getTime();
}

describe('daily_attempt_status: the daily rule, asked before recording', () => {
  it('open before the first attempt, taken after it, in the zone the first attempt fixed', async () => {
    const { id } = await createChallenge({ is_daily: true });
    const user = await createUser({ label: 'daily-status' });
    const ask = async (zone: string) => {
      const { data, error } = await user.client.rpc('daily_attempt_status', {
        target_challenge_id: id,
        requested_time_zone: zone,
      });
      expect(error).toBeNull();
      return data as unknown as Status;
    };

    const before = await ask('Pacific/Auckland');
    expect(before.taken).toBe(false);
    expect(before.time_zone).toBe('Pacific/Auckland');
    expect(Date.parse(before.day_ends_at)).toBe(await nextMidnight('Pacific/Auckland'));

    const inserted = await user.client
      .from('challenge_recordings')
      .insert(await recordingFor(user, id, { time_zone: 'Pacific/Auckland' }));
    expect(inserted.error).toBeNull();

    // Asked from another zone: the first attempt's zone counts, as at the insert.
    const after = await ask('America/Los_Angeles');
    expect(after).toMatchObject({ taken: true, time_zone: 'Pacific/Auckland' });
    expect(Date.parse(after.day_ends_at)).toBe(await nextMidnight('Pacific/Auckland'));
    // And the insert refuses what the status calls taken.
    const second = await user.client
      .from('challenge_recordings')
      .insert(await recordingFor(user, id, { time_zone: 'America/Los_Angeles' }));
    expect(second.error?.code).toBe('23505');
  });

  it('answers as the insert decides on a day that has passed: open again', async () => {
    const { id } = await createChallenge({ is_daily: true });
    const user = await createUser({ label: 'daily-yesterday' });
    const first = await user.client
      .from('challenge_recordings')
      .insert(await recordingFor(user, id, { time_zone: 'UTC' }))
      .select('id')
      .single();
    expect(first.error).toBeNull();
    await sql(
      `update public.challenge_recordings set created_at = now() - interval '1 day' where id = $1`,
      [first.data!.id],
    );
    const { data } = await user.client.rpc('daily_attempt_status', {
      target_challenge_id: id,
      requested_time_zone: 'UTC',
    });
    expect((data as unknown as Status).taken).toBe(false);
    const again = await user.client
      .from('challenge_recordings')
      .insert(await recordingFor(user, id, { time_zone: 'UTC' }));
    expect(again.error).toBeNull();
  });

  it("answers about the caller only: another participant's attempt does not take their day", async () => {
    const { id } = await createChallenge({ is_daily: true });
    const [one, two] = await Promise.all([
      createUser({ label: 'daily-one' }),
      createUser({ label: 'daily-two' }),
    ]);
    expect(
      (await one.client.from('challenge_recordings').insert(await recordingFor(one, id))).error,
    ).toBeNull();
    const { data } = await two.client.rpc('daily_attempt_status', {
      target_challenge_id: id,
      requested_time_zone: 'UTC',
    });
    expect((data as unknown as Status).taken).toBe(false);
  });

  it('a zone it does not know counts in UTC; visitors and unknown challenges are refused', async () => {
    const { id } = await createChallenge({ is_daily: true });
    const user = await createUser({ label: 'daily-mars' });
    const { data } = await user.client.rpc('daily_attempt_status', {
      target_challenge_id: id,
      requested_time_zone: 'Mars/Base',
    });
    expect((data as unknown as Status).time_zone).toBe('UTC');
    const visitor = await anonClient().rpc('daily_attempt_status', {
      target_challenge_id: id,
      requested_time_zone: 'UTC',
    });
    expect(visitor.error?.code).toBe('42501');
    const unknown = await user.client.rpc('daily_attempt_status', {
      target_challenge_id: '00000000-0000-4000-8000-00000000dead',
      requested_time_zone: 'UTC',
    });
    // Not found answers 404 (issue 25's rule for every function), never a 500.
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe('PT404');
  });
});
