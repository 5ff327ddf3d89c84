// Joining and late videos through the data API: join_challenge refuses a closed challenge with a
// reason the app can show, and attach_recording_video adds a video only to the caller's own
// recording that has none.

import { beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createChallenge,
  createUser,
  recordingFor,
  sql,
  type TestUser,
  uploadedVideo,
} from './helpers.js';

let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  [owner, other] = await Promise.all([
    createUser({ label: 'joiner' }),
    createUser({ label: 'other' }),
  ]);
});

const HOUR_MS = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('join_challenge refuses closed challenges', () => {
  const cases = [
    {
      label: 'an ended challenge',
      overrides: { end_date: iso(-HOUR_MS) },
      detail: 'challenge_ended',
    },
    {
      label: 'a challenge not started yet',
      overrides: { start_date: iso(HOUR_MS) },
      detail: 'challenge_not_started',
    },
    {
      label: 'an inactive challenge',
      overrides: { is_active: false },
      detail: 'challenge_inactive',
    },
  ];
  for (const { label, overrides, detail } of cases) {
    it(`refuses ${label} with detail ${detail}`, async () => {
      const challenge = await createChallenge(overrides);
      const { error } = await owner.client.rpc('join_challenge', {
        target_challenge_id: challenge.id,
      });
      expect(error?.code).toBe('P0001');
      expect(error?.details).toBe(detail);
      expect(error?.message.length).toBeGreaterThan(10);
    });
  }

  it('refuses a duel whose 72 hours are over, and joins one at its 72nd hour minus a minute', async () => {
    const expired = await createChallenge({ challenge_type: 'duel' });
    await sql(
      `update public.challenges set first_participant_joined_at = now() - interval '72 hours 1 second' where id = $1`,
      [expired.id],
    );
    const refused = await owner.client.rpc('join_challenge', { target_challenge_id: expired.id });
    expect(refused.error?.details).toBe('duel_expired');

    const running = await createChallenge({ challenge_type: 'duel' });
    await sql(
      `update public.challenges set first_participant_joined_at = now() - interval '71 hours 59 minutes' where id = $1`,
      [running.id],
    );
    const joined = await owner.client.rpc('join_challenge', { target_challenge_id: running.id });
    expect(joined.error).toBeNull();
  });

  it('joins an open challenge (null for a non-duel) and answers 404 (PT404) for none', async () => {
    const open = await createChallenge({ start_date: iso(-HOUR_MS), end_date: iso(HOUR_MS) });
    const joined = await owner.client.rpc('join_challenge', { target_challenge_id: open.id });
    expect(joined.error).toBeNull();
    expect(joined.data).toBeNull();
    const missing = await owner.client.rpc('join_challenge', {
      target_challenge_id: '00000000-0000-4000-8000-00000000dead',
    });
    expect(missing.status).toBe(404);
    expect(missing.error?.code).toBe('PT404');
  });
});

describe('attach_recording_video', () => {
  async function recordingWithoutVideo(user: TestUser): Promise<string> {
    const challenge = await createChallenge();
    const { data, error } = await user.client
      .from('challenge_recordings')
      .insert(await recordingFor(user, challenge.id, { video_url: null, gif_url: null }))
      .select('id')
      .single();
    expect(error).toBeNull();
    return (data as { id: string }).id;
  }

  it("adds a video once, to the owner's recording only", async () => {
    const id = await recordingWithoutVideo(owner);
    const othersUpload = await uploadedVideo(other);
    const byOther = await other.client.rpc('attach_recording_video', {
      target_recording_id: id,
      new_video_url: othersUpload.videoUrl,
      new_gif_url: null,
    });
    expect(byOther.error?.code).toBe('42501');
    const late = await uploadedVideo(owner);
    const byAnon = await anonClient().rpc('attach_recording_video', {
      target_recording_id: id,
      new_video_url: late.videoUrl,
      new_gif_url: null,
    });
    expect(byAnon.error).not.toBeNull();

    const first = await owner.client.rpc('attach_recording_video', {
      target_recording_id: id,
      new_video_url: late.videoUrl,
      new_gif_url: late.gifUrl,
    });
    expect(first.error).toBeNull();
    const [row] = await sql<{ video_url: string; gif_url: string; valid_reps: number }>(
      'select video_url, gif_url, valid_reps from public.challenge_recordings where id = $1',
      [id],
    );
    expect(row).toEqual({ video_url: late.videoUrl, gif_url: late.gifUrl, valid_reps: 12 });

    const again = await owner.client.rpc('attach_recording_video', {
      target_recording_id: id,
      new_video_url: (await uploadedVideo(owner)).videoUrl,
      new_gif_url: null,
    });
    expect(again.error?.code).toBe('42501');
  });

  it('takes only URLs of the media API', async () => {
    const id = await recordingWithoutVideo(owner);
    for (const url of [
      'https://evil.example/x.webm',
      '/media/gifs/x.gif',
      '/media/videos/../x.webm',
    ]) {
      const { error } = await owner.client.rpc('attach_recording_video', {
        target_recording_id: id,
        new_video_url: url,
        new_gif_url: null,
      });
      expect(error?.code, url).toBe('22023');
    }
  });

  it('refuses a recording older than 7 days', async () => {
    const id = await recordingWithoutVideo(owner);
    await sql(
      `update public.challenge_recordings set created_at = now() - interval '8 days' where id = $1`,
      [id],
    );
    const { error } = await owner.client.rpc('attach_recording_video', {
      target_recording_id: id,
      new_video_url: (await uploadedVideo(owner)).videoUrl,
      new_gif_url: null,
    });
    expect(error?.code).toBe('42501');
    expect(error?.message).toContain('from the last 7 days');
  });
});
