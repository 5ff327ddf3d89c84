// How far along a recording's verification is, for the participant waiting for it (issue 26):
// its place in the queue (queue/queue-position.ts, in the order workers take jobs: round-robin by
// participant, issue 27) and an estimate of when it is done, from the measured rate of recent
// verifications (wall seconds per second of video, by the same pose model) applied to the videos
// ahead, the ones running and its own.

import type pg from 'pg';
import { queuePosition } from '../queue/queue-position.js';
import { VERIFICATION_QUEUE, type VerificationJobData } from './verification-queue.js';

type Queryable = Pick<pg.Pool, 'query'>;

/** Recent verifications the rate is measured over. */
export const RATE_SAMPLE_SIZE = 20;
/** A job a worker could have taken this long ago, with nothing running, means no worker is
 * taking jobs (they poll every 0.5 s). s */
export const STALLED_AFTER_SECONDS = 60;

export interface VerificationProgress {
  status: 'no_video' | 'verifying' | 'verified' | 'failed';
  queue:
    | { state: 'absent' }
    | { state: 'running'; runningSeconds: number }
    | {
        state: 'waiting';
        /** 1 = next to be taken. */
        position: number;
        /** Verifications running now. */
        running: number;
        /** Nothing runs and the job has waited a while: no worker is taking jobs. */
        stalled: boolean;
      };
  /** null without measurements (no verification by this model yet), or when stalled. */
  estimate: {
    /** s from now until it is done (0: any moment now). */
    remainingSeconds: number;
    /** Wall seconds per second of video, measured. */
    secondsPerVideoSecond: number;
    /** How many verifications the rate was measured over. */
    samples: number;
  } | null;
}

/**
 * When the job that waits behind `aheadSeconds` (in order) ends, with `freeInSeconds` telling
 * when each busy worker is free (one entry per worker; 0 for an idle one): each job goes to the
 * worker free first. Answers s from now. Pure.
 */
export function estimateFinish(
  freeInSeconds: readonly number[],
  aheadSeconds: readonly number[],
  ownSeconds: number,
): number {
  const workers = freeInSeconds.length > 0 ? [...freeInSeconds] : [0];
  const takeEarliest = () => {
    let index = 0;
    for (let i = 1; i < workers.length; i++) if (workers[i]! < workers[index]!) index = i;
    return index;
  };
  for (const seconds of aheadSeconds) {
    const worker = takeEarliest();
    workers[worker] = workers[worker]! + seconds;
  }
  return workers[takeEarliest()]! + ownSeconds;
}

interface RecordingFacts {
  status: VerificationProgress['status'];
  request: string | null;
  model: string;
}

async function recordingFacts(
  db: Queryable,
  recordingId: string,
): Promise<RecordingFacts | undefined> {
  const { rows } = await db.query<RecordingFacts>(
    `select r.verification_status::text as status, r.verification_request::text as request,
       c.verification_model::text as model
     from public.challenge_recordings r join public.challenges c on c.id = r.challenge_id
     where r.id = $1`,
    [recordingId],
  );
  return rows[0];
}

/** The measured rate of the last verifications by `model` (any model when it has none yet). */
async function measuredRate(
  db: Queryable,
  model: string,
): Promise<{ secondsPerVideoSecond: number; samples: number } | null> {
  const { rows } = await db.query<{ wall_ms: string; video_ms: string; samples: number }>(
    `with recent as (
       select (verification_details->>'wallMs')::float8 as wall_ms,
              (verification_details->>'durationMs')::float8 as video_ms,
              verification_details->>'model' = $1 as same_model
       from public.challenge_recordings
       where verification_status = 'verified' and verified_at is not null
         and (verification_details->>'wallMs') is not null
         and (verification_details->>'durationMs')::float8 > 0
       order by verified_at desc limit 200
     ), chosen as (
       select * from recent
       where same_model or not exists (select 1 from recent where same_model)
       limit $2
     )
     select sum(wall_ms) as wall_ms, sum(video_ms) as video_ms, count(*)::int as samples from chosen`,
    [model, RATE_SAMPLE_SIZE],
  );
  const row = rows[0];
  if (!row || row.samples === 0) return null;
  return {
    secondsPerVideoSecond: Number(row.wall_ms) / Number(row.video_ms),
    samples: row.samples,
  };
}

/** Seconds of video of the recordings the jobs are for (0 for an unknown one). */
async function videoSeconds(db: Queryable, jobs: readonly unknown[]): Promise<number[]> {
  const ids = jobs.map((data) => (data as Partial<VerificationJobData>).recordingId ?? null);
  const { rows } = await db.query<{ id: string; seconds: string }>(
    `select id::text, duration_seconds as seconds from public.challenge_recordings
     where id = any($1::uuid[])`,
    [ids.filter((id): id is string => id !== null)],
  );
  const byId = new Map(rows.map((row) => [row.id, Number(row.seconds)]));
  return ids.map((id) => (id ? (byId.get(id) ?? 0) : 0));
}

/** The verification's place in the queue and estimate; undefined for no such recording. */
export async function verificationProgress(
  db: Queryable,
  recordingId: string,
): Promise<VerificationProgress | undefined> {
  const facts = await recordingFacts(db, recordingId);
  if (!facts) return undefined;
  if (facts.status !== 'verifying' || !facts.request)
    return { status: facts.status, queue: { state: 'absent' }, estimate: null };
  const place = await queuePosition(db, VERIFICATION_QUEUE, facts.request);
  if (place.state === 'absent')
    return { status: facts.status, queue: { state: 'absent' }, estimate: null };
  const rate = await measuredRate(db, facts.model);
  const [own = 0] = await videoSeconds(db, [{ recordingId }]);
  const runningVideo = await videoSeconds(
    db,
    place.running.map((job) => job.data),
  );
  // What each running job has left, by the measured rate (never below zero: a job taking longer
  // than its estimate is about to end, as far as anyone can tell).
  const freeIn = (perSecond: number) =>
    place.running.map((job, index) =>
      Math.max(0, runningVideo[index]! * perSecond - job.runningSeconds),
    );
  if (place.state === 'running') {
    return {
      status: facts.status,
      queue: { state: 'running', runningSeconds: place.runningSeconds },
      estimate: rate && {
        remainingSeconds: Math.max(0, own * rate.secondsPerVideoSecond - place.runningSeconds),
        ...rate,
      },
    };
  }
  const stalled = place.running.length === 0 && place.takeableForSeconds > STALLED_AFTER_SECONDS;
  const queue = {
    state: 'waiting' as const,
    position: place.ahead.length + 1,
    running: place.running.length,
    stalled,
  };
  if (!rate || stalled) return { status: facts.status, queue, estimate: null };
  const aheadVideo = await videoSeconds(db, place.ahead);
  const perSecond = rate.secondsPerVideoSecond;
  return {
    status: facts.status,
    queue,
    estimate: {
      remainingSeconds: estimateFinish(
        freeIn(perSecond),
        aheadVideo.map((seconds) => seconds * perSecond),
        own * perSecond,
      ),
      ...rate,
    },
  };
}
