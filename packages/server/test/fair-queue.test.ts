// The fair verification queue (issue 27) on the shared stack: jobs are taken round-robin by
// participant, oldest first, by the very worker loop the verification workers run
// (JobQueue.work with the verification queue's order), and a participant's pending
// verifications are bounded, refused beyond the bound with 429 by the data API and the upload
// endpoint. The order is exercised on a queue of the test's own (the shared stack runs no
// verification worker; other files' jobs stay out of it), with the jobs' data naming real
// recordings of real accounts, as the database queues them.

import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MAX_PENDING_VERIFICATIONS } from '@reptemple/definitions';
import {
  type JobQueue,
  type QueueDefinition,
  queuePosition,
  SILENT_LOGGER,
  startJobQueue,
  VERIFICATION_QUEUE,
} from '@reptemple/verifier';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChallenge,
  createUser,
  recordingFor,
  sql,
  stack,
  type TestUser,
  uploadedVideo,
} from './helpers.js';

/** The bound (reptemple_private.max_pending_verifications(), generated from this constant). */
const MAX_PENDING = MAX_PENDING_VERIFICATIONS;

let db: pg.Pool;
let queue: JobQueue;

beforeAll(async () => {
  db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
  queue = await startJobQueue({ databaseUrl: stack.databaseUrl, log: SILENT_LOGGER });
});

afterAll(async () => {
  await queue?.stop(5_000);
  await db?.end();
});

/** A challenge that takes any number of recordings per participant (an event's). */
async function eventChallenge(): Promise<string> {
  const { id } = await createChallenge();
  await sql(
    `insert into public.challenge_events (challenge_id, template) values ($1, 'token2049')`,
    [id],
  );
  return id;
}

/** A recording of the participant without a video (so the database queues no job of its own). */
async function recordingOf(user: TestUser, challengeId: string): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.challenge_recordings (challenge_id, user_id, name, email, gender,
       valid_reps, invalid_reps, duration_seconds)
     values ($1, $2, 'Fair', $3, 'male', 5, 0, 30) returning id`,
    [challengeId, user.id, user.email],
  );
  return row!.id;
}

/** A queue of the test's own with the verification queue's order. */
async function fairQueue(): Promise<QueueDefinition<{ recordingId: string }>> {
  const definition: QueueDefinition<{ recordingId: string }> = {
    name: `fair-test-${randomBytes(4).toString('hex')}`,
    retryLimit: 3,
    retryDelaySeconds: 10,
    expireInSeconds: 900,
    order: 'round-robin-by-participant',
  };
  await queue.ensureQueue(definition);
  return definition;
}

/** A job of `queueName` for the recording, queued now as enqueue_verification writes one (its
 * request token as its singleton key); answers the token. */
async function queueJob(queueName: string, recordingId: string): Promise<string> {
  const request = randomUUID();
  await sql(
    `insert into pgboss.job (name, data, singleton_key, retry_limit, expire_in)
     values ($1, jsonb_build_object('recordingId', $2::text, 'request', $3::text), $3, 3,
       interval '15 minutes')`,
    [queueName, recordingId, request],
  );
  return request;
}

/** 1 = next; 0 = running; undefined = not in the queue. */
async function positionOf(
  definition: QueueDefinition<unknown>,
  request: string,
): Promise<number | undefined> {
  const place = await queuePosition(db, definition, request);
  if (place.state === 'absent') return undefined;
  return place.state === 'running' ? 0 : place.ahead.length + 1;
}

describe('the verification queue takes jobs round-robin by participant', () => {
  it('one participant queuing 20 videos and nine queuing one each: every one of the nine starts before the first participant’s second', async () => {
    const definition = await fairQueue();
    const challengeId = await eventChallenge();
    const [heavy, ...light] = await Promise.all(
      Array.from({ length: 10 }, (_, index) => createUser({ label: `fair-${index}` })),
    );
    const owner = new Map<string, string>();
    const heavyRequests: string[] = [];
    for (let video = 0; video < 20; video++) {
      const id = await recordingOf(heavy!, challengeId);
      owner.set(id, 'heavy');
      heavyRequests.push(await queueJob(definition.name, id));
    }
    const lightRecordings: string[] = [];
    for (const [index, user] of light.entries()) {
      const id = await recordingOf(user, challengeId);
      owner.set(id, `light-${index}`);
      lightRecordings.push(id);
    }

    // One worker, as the server's default: it starts on the heavy participant's first video, and
    // the nine send theirs while it runs.
    const started: string[] = [];
    let releaseFirst: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const firstStarted = new Promise<void>((resolve) => {
      void queue.work(definition, 1, async (job) => {
        started.push(owner.get(job.data.recordingId) ?? 'unknown');
        if (started.length === 1) {
          resolve();
          await firstHeld;
        }
      });
    });
    await firstStarted;
    expect(started).toEqual(['heavy']);
    const lightRequests: string[] = [];
    for (const id of lightRecordings) lightRequests.push(await queueJob(definition.name, id));

    // Where each stands before the worker goes on (the participant's "position in the queue",
    // queuePosition): the nine next, then the heavy participant's rest, the last at 28.
    const places = async (requests: string[]) =>
      Promise.all(requests.map((request) => positionOf(definition, request)));
    expect(await places(lightRequests)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await places(heavyRequests)).toEqual([
      0,
      ...Array.from({ length: 19 }, (_, i) => 10 + i),
    ]);

    releaseFirst();
    const until = Date.now() + 20_000;
    while (started.length < 29 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(started).toHaveLength(29);
    const secondOfHeavy = started.indexOf('heavy', 1);
    for (let index = 0; index < 9; index++) {
      expect(started.indexOf(`light-${index}`)).toBeLessThan(secondOfHeavy);
    }
    // Oldest first among the nine, and the heavy participant's videos in the order they came.
    expect(started.slice(1, 10)).toEqual(Array.from({ length: 9 }, (_, index) => `light-${index}`));
    expect(started.slice(10)).toEqual(Array(19).fill('heavy'));
    // Each was completed in pg-boss, as its own workers complete theirs.
    const states = async () =>
      (
        await db.query<{ state: string; count: number }>(
          `select state::text, count(*)::integer from pgboss.job where name = $1 group by state`,
          [definition.name],
        )
      ).rows;
    while ((await states())[0]?.count !== 29 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await states()).toEqual([{ state: 'completed', count: 29 }]);
  });

  it('a participant served from their backlog goes after one who has waited, even if their videos are older', async () => {
    const definition = await fairQueue();
    const challengeId = await eventChallenge();
    const [first, second] = await Promise.all([createUser(), createUser()]);
    const owner = new Map<string, string>();
    // first: three videos; second: two, queued after all of first's.
    for (const [who, user, count] of [
      ['first', first!, 3],
      ['second', second!, 2],
    ] as const) {
      for (let video = 0; video < count; video++) {
        const id = await recordingOf(user, challengeId);
        owner.set(id, who);
        await queueJob(definition.name, id);
      }
    }
    const started: string[] = [];
    await queue.work(definition, 1, async (job) => {
      started.push(owner.get(job.data.recordingId)!);
    });
    const until = Date.now() + 20_000;
    while (started.length < 5 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(started).toEqual(['first', 'second', 'first', 'second', 'first']);
  });
});

describe('a participant’s pending verifications are bounded', () => {
  it(`takes ${MAX_PENDING} recordings with a video waiting for verification, refuses the next with 429 (data API, attach, upload), and takes it once one is verified`, async () => {
    const user = await createUser({ label: 'bounded' });
    const challengeId = await eventChallenge();
    // Each with an upload of the participant's own (issue 25: a recording carries only its own
    // participant's upload, once).
    const submit = async (overrides: Record<string, unknown> = {}) =>
      user.client
        .from('challenge_recordings')
        .insert(await recordingFor(user, challengeId, overrides))
        .select('id')
        .single();
    const accepted: string[] = [];
    for (let index = 0; index < MAX_PENDING; index++) {
      const { data, error } = await submit();
      expect(error).toBeNull();
      accepted.push(data!.id);
    }

    // The next recording with a video: refused, with the count, the limit and a message to show.
    const refused = await submit();
    expect(refused.error).toMatchObject({
      code: 'PT429',
      message: `You have ${MAX_PENDING} videos waiting to be verified. Send this one once one of them has been verified.`,
    });
    expect(JSON.parse(refused.error!.details)).toEqual({
      code: 'too_many_pending_verifications',
      pending: MAX_PENDING,
      limit: MAX_PENDING,
    });
    const status = await fetch(`${stack.url}/rest/v1/challenge_recordings`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${user.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(await recordingFor(user, challengeId)),
    });
    expect(status.status).toBe(429);

    // Without a video the attempt is saved (spec 02 §8); attaching the video later is refused alike.
    const { data: saved, error: savedError } = await submit({ video_url: null, gif_url: null });
    expect(savedError).toBeNull();
    const attach = await user.client.rpc('attach_recording_video', {
      target_recording_id: saved!.id,
      new_video_url: (await uploadedVideo(user)).videoUrl,
    });
    expect(attach.error?.code).toBe('PT429');

    // The upload endpoint refuses the video before storing it, with the same words.
    const form = new FormData();
    const video = await readFile(path.join(stack.fixturesDir, 'pushup-recording.webm'));
    form.set('video', new Blob([video], { type: 'video/webm' }), 'attempt.webm');
    form.set('sessionId', `bounded-${randomBytes(3).toString('hex')}`);
    form.set('totalPushups', '5');
    form.set('challengeName', 'Bounded');
    const upload = await fetch(`${stack.url}/api/upload-video`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}` },
      body: form,
    });
    expect(upload.status).toBe(429);
    expect(await upload.json()).toMatchObject({
      success: false,
      code: 'too_many_pending_verifications',
      error: `You have ${MAX_PENDING} videos waiting to be verified. Send this one once one of them has been verified.`,
    });

    // Each waiting recording has its place in the verification queue.
    const [{ request }] = (await sql(
      'select verification_request::text as request from public.challenge_recordings where id = $1',
      [accepted[0]],
    )) as [{ request: string }];
    expect(await positionOf(VERIFICATION_QUEUE, request)).toBeGreaterThan(0);

    // One verified: there is room again.
    await sql(
      `update public.challenge_recordings set verification_status = 'verified',
         verified_valid_reps = 12, verified_invalid_reps = 2, verified_total_reps = 14,
         verified_at = now() where id = $1`,
      [accepted[0]],
    );
    const again = await submit();
    expect(again.error).toBeNull();
    // Other participants are not counted against this one.
    const other = await createUser();
    const { error: otherError } = await other.client
      .from('challenge_recordings')
      .insert(await recordingFor(other, challengeId));
    expect(otherError).toBeNull();
  });
});
