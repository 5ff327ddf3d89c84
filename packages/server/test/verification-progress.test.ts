// GET /api/recordings/{id}/verification (issue 26): while a recording is verified, its place in
// the queue, in the order workers take jobs, and an estimate from the measured rate of recent
// verifications by the same model. The shared test stack runs no verification worker, so queued
// jobs stay where they are; this file's jobs are moved to the front of the queue (an old creation
// time) so other files' recordings cannot come between them.

import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createChallenge, sql, stack } from './helpers.js';

interface Progress {
  status: string;
  queue:
    | { state: 'absent' }
    | { state: 'running'; runningSeconds: number }
    | { state: 'waiting'; position: number; running: number; stalled: boolean };
  estimate: { remainingSeconds: number; secondsPerVideoSecond: number; samples: number } | null;
}

const created: string[] = [];

afterAll(async () => {
  await sql(
    `delete from pgboss.job where name = 'verification' and data->>'recordingId' = any($1::text[])`,
    [created],
  );
  await sql('delete from public.challenge_recordings where id = any($1::uuid[])', [created]);
});

async function progressOf(recordingId: string): Promise<{ status: number; body: Progress }> {
  const response = await fetch(`${stack.url}/api/recordings/${recordingId}/verification`);
  return { status: response.status, body: (await response.json()) as Progress };
}

/** A recording with a video (queued for verification by the database), of `seconds` of video;
 * a video of its own, since an upload backs one recording (issue 25). */
async function recordingWithVideo(challengeId: string, seconds: number): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.challenge_recordings (challenge_id, name, email, gender, valid_reps,
       invalid_reps, duration_seconds, video_url)
     values ($1, 'Queued', $2, 'male', 10, 0, $3, $4) returning id`,
    [
      challengeId,
      `queued-${created.length}-${challengeId.slice(0, 8)}@example.test`,
      seconds,
      `/media/videos/queued-${randomUUID()}.webm`,
    ],
  );
  created.push(row!.id);
  return row!.id;
}

/** A verified recording whose verification took `wallMs` for `videoMs` of video by `model`. */
async function verifiedRecording(
  challengeId: string,
  model: string,
  wallMs: number,
  videoMs: number,
) {
  const id = await recordingWithVideo(challengeId, videoMs / 1000);
  await sql(
    `update public.challenge_recordings set verification_status = 'verified', verified_at = now(),
       verified_valid_reps = 10, verified_invalid_reps = 0, verified_total_reps = 10,
       verification_request = gen_random_uuid(),
       verification_details = jsonb_build_object('model', $2::text, 'wallMs', $3::int, 'durationMs', $4::int)
     where id = $1`,
    [id, model, wallMs, videoMs],
  );
}

/** Moves the recording's job to the front of the queue: created (and takeable) `order` seconds
 * after 2001. */
async function toFrontOfQueue(recordingId: string, order: number) {
  await sql(
    `update pgboss.job set created_on = timestamptz '2001-01-01' + $2 * interval '1 second',
       start_after = timestamptz '2001-01-01' + $2 * interval '1 second'
     where name = 'verification' and data->>'recordingId' = $1`,
    [recordingId, order],
  );
}

describe('a verification in the queue: its place and an estimate', () => {
  it('positions follow the order workers take jobs; the estimate adds the videos ahead by the measured rate', async () => {
    // 'heavy' keeps this test's rate apart from other files' verified recordings.
    const { id: challengeId } = await createChallenge();
    await sql(`update public.challenges set verification_model = 'heavy' where id = $1`, [
      challengeId,
    ]);
    // Measured: 3 s of wall per 1 s of video (60 s for 20 s, 30 s for 10 s).
    await verifiedRecording(challengeId, 'heavy', 60_000, 20_000);
    await verifiedRecording(challengeId, 'heavy', 30_000, 10_000);

    const first = await recordingWithVideo(challengeId, 40);
    const second = await recordingWithVideo(challengeId, 10);
    const third = await recordingWithVideo(challengeId, 20);
    await toFrontOfQueue(third, 3);
    await toFrontOfQueue(first, 1);
    await toFrontOfQueue(second, 2);

    const positions = async () => {
      const answers = await Promise.all([first, second, third].map(progressOf));
      for (const answer of answers) expect(answer.status).toBe(200);
      return answers.map((answer) => answer.body);
    };
    let [a, b, c] = await positions();
    expect([a, b, c].map((p) => p!.queue)).toEqual([
      { state: 'waiting', position: 1, running: 0, stalled: true },
      { state: 'waiting', position: 2, running: 0, stalled: true },
      { state: 'waiting', position: 3, running: 0, stalled: true },
    ]);
    // Takeable for years and nothing runs: no worker takes jobs, so no time is promised.
    expect(a!.estimate).toBeNull();

    // A worker takes another recording's job (10 s of video: 30 s at the measured rate).
    const other = await recordingWithVideo(challengeId, 10);
    const start = (recordingId: string, secondsAgo: number) =>
      sql(
        `update pgboss.job set state = 'active', started_on = now() - $2 * interval '1 second'
         where name = 'verification' and data->>'recordingId' = $1`,
        [recordingId, secondsAgo],
      );
    await start(other, 0);
    [a, b, c] = await positions();
    expect(a!.queue).toEqual({ state: 'waiting', position: 1, running: 1, stalled: false });
    expect(a!.estimate!.secondsPerVideoSecond).toBeCloseTo(3, 6);
    expect(a!.estimate!.samples).toBe(2);
    // After the running 30 s: 40 s of video, then 10, then 20, at 3 s a second of video.
    expect(a!.estimate!.remainingSeconds).toBeCloseTo(30 + 120, 0);
    expect(b!.estimate!.remainingSeconds).toBeCloseTo(30 + 120 + 30, 0);
    expect(c!.estimate!.remainingSeconds).toBeCloseTo(30 + 120 + 30 + 60, 0);

    // A second worker took the first 30 s ago: it runs (90 s left of 120); the second is next, to
    // the worker free first (in 30 s).
    await start(first, 30);
    const running = (await progressOf(first)).body;
    expect(running.queue).toMatchObject({ state: 'running' });
    expect(running.estimate!.remainingSeconds).toBeCloseTo(90, 0);
    const next = (await progressOf(second)).body;
    expect(next.queue).toEqual({ state: 'waiting', position: 1, running: 2, stalled: false });
    expect(next.estimate!.remainingSeconds).toBeCloseTo(30 + 30, 0);
  });

  it('a verified recording, one without a video and an unknown id', async () => {
    const { id: challengeId } = await createChallenge();
    const done = await recordingWithVideo(challengeId, 10);
    await sql(
      `update public.challenge_recordings set verification_status = 'verified', verified_at = now()
       where id = $1`,
      [done],
    );
    expect((await progressOf(done)).body).toEqual({
      status: 'verified',
      queue: { state: 'absent' },
      estimate: null,
    });
    const unknown = await progressOf('00000000-0000-4000-8000-00000000beef');
    expect(unknown.status).toBe(404);
    const malformed = await fetch(`${stack.url}/api/recordings/not-a-uuid/verification`);
    expect(malformed.status).toBe(404);
  });
});
