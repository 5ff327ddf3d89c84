// The verification worker's reads and writes (SQL, as the database owner: the data API never
// writes verified fields). Every write is conditional on the job's request token still being the
// recording's, so a stale job (the video was replaced, or a rescore asked again) writes nothing,
// and a job run twice (two workers, a kill after the commit) writes the same values twice:
// counts are set, never added.

import type pg from 'pg';
import type { VideoVerification } from '../verify/verify-video.js';

export type Queryable = pg.Pool | pg.PoolClient;

export interface VerificationContext {
  recordingId: string;
  userId: string | null;
  videoUrl: string | null;
  request: string | null;
  status: 'no_video' | 'verifying' | 'verified' | 'failed';
  claimedTotal: number;
  /** The current request has been verified already (a job run again after its commit). */
  verifiedForRequest: boolean;
  model: 'lite' | 'full' | 'heavy';
  definitionId: string;
  definitionName: string;
  definition: unknown;
}

export async function loadVerificationContext(
  db: Queryable,
  recordingId: string,
): Promise<VerificationContext | undefined> {
  const { rows } = await db.query<VerificationContext>(
    `select r.id as "recordingId", r.user_id as "userId", r.video_url as "videoUrl",
       r.verification_request::text as request, r.verification_status::text as status,
       r.claimed_total_reps as "claimedTotal", c.verification_model::text as model,
       coalesce(r.verified_at >= r.verification_requested_at, false) as "verifiedForRequest",
       d.id as "definitionId", d.name as "definitionName", d.definition
     from public.challenge_recordings r
     join public.challenges c on c.id = r.challenge_id
     join public.exercise_definitions d on d.id = c.exercise_definition_id
     where r.id = $1`,
    [recordingId],
  );
  return rows[0];
}

/** Who uploaded a video file through the media API (reptemple_private.video_uploads, the record
 * the database's submission rules read); null when no upload has that name. */
export async function uploaderOf(db: Queryable, videoFile: string): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>(
    'select user_id from reptemple_private.video_uploads where video_url = $1',
    [`/media/videos/${videoFile}`],
  );
  return rows[0]?.user_id ?? null;
}

export interface VerificationDetails {
  model: string;
  fps: number | null;
  analyser: string;
  frames: number;
  durationMs: number;
  wallMs: number;
  inferenceMs: number;
  worker: string;
  decodeWarnings: string[];
}

/** Writes counts, evidence and contact sheets together; false when the request is stale. The
 * evidence goes first: the counts' update computes the verified form score from it (the
 * tie-breaker, supabase/rules/verification.sql). */
export async function recordVerification(
  pool: pg.Pool,
  target: { recordingId: string; request: string },
  result: VideoVerification,
  details: VerificationDetails,
): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { analysis } = result;
    const current = await client.query(
      `select 1 from public.challenge_recordings
       where id = $1 and verification_request = $2 for update`,
      [target.recordingId, target.request],
    );
    if (current.rowCount === 0) {
      await client.query('rollback');
      return false;
    }
    await client.query('delete from public.recording_rep_evidence where recording_id = $1', [
      target.recordingId,
    ]);
    for (const rep of analysis.reps) {
      await client.query(
        `insert into public.recording_rep_evidence (recording_id, rep_number, start_ms, end_ms,
           angle_name, bottom_angle, bottom_ms, top_angle, top_ms, phase_path, is_valid,
           invalid_reason, measurements, checks)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          target.recordingId,
          rep.repNumber,
          rep.startMs,
          rep.endMs,
          rep.angleName,
          rep.bottomAngle,
          rep.bottomMs,
          rep.topAngle,
          rep.topMs,
          rep.phasePath,
          rep.isValid,
          rep.invalidReason,
          rep.measurements,
          // node-postgres sends a JS array as a PostgreSQL array: the checks go as JSON text.
          JSON.stringify(rep.checks),
        ],
      );
      const sheet = result.contactSheets.get(rep.repNumber);
      if (sheet) {
        await client.query(
          `insert into reptemple_private.recording_rep_images (recording_id, rep_number, jpeg)
           values ($1, $2, $3)`,
          [target.recordingId, rep.repNumber, sheet],
        );
      }
    }
    await client.query(
      `update public.challenge_recordings set
         verified_valid_reps = $3, verified_invalid_reps = $4,
         verified_total_reps = $3::integer + $4::integer,
         valid_reps = $3, invalid_reps = $4, total_reps = $3::integer + $4::integer,
         verification_status = 'verified', verification_error = null, verified_at = now(),
         verification_details = $5
       where id = $1 and verification_request = $2`,
      [target.recordingId, target.request, analysis.validReps, analysis.invalidReps, details],
    );
    await client.query('commit');
    return true;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * A try failed. `final`: no try is left (or none could help), so the recording is marked failed
 * with the reason, unless an earlier verification of the same video stands (a rescore that failed
 * keeps the verified counts). Otherwise the reason is kept while it stays verifying.
 */
export async function recordFailure(
  db: Queryable,
  target: { recordingId: string; request: string },
  reason: string,
  final: boolean,
): Promise<void> {
  await db.query(
    `update public.challenge_recordings set
       verification_error = left($3, 2000),
       verification_status = case
         when $4 and verified_total_reps is null then 'failed'::public.recording_verification_status
         else verification_status end
     where id = $1 and verification_request = $2`,
    [target.recordingId, target.request, reason, final],
  );
}

/**
 * Asks for a new verification of recordings with a video (a rescore): a new request token, which
 * queues a job through the table's trigger and makes older jobs stale. A verified recording keeps
 * its counts standing until the new result; others show as verifying.
 */
export async function requestVerification(db: Queryable, recordingIds: string[]): Promise<number> {
  const { rowCount } = await db.query(
    `update public.challenge_recordings set
       verification_request = gen_random_uuid(), verification_requested_at = now(),
       verification_status = case when verification_status = 'verified'
         then verification_status else 'verifying'::public.recording_verification_status end,
       verification_error = null
     where id = any($1::uuid[]) and video_url is not null`,
    [recordingIds],
  );
  return rowCount ?? 0;
}

/**
 * Recordings left verifying by the queue: those whose request has no job at all (saved before the
 * queue existed, or on a hosted database whose first worker started after them) are queued now;
 * those whose job the queue gave up on without the worker writing a reason (every try's worker
 * was killed, or ran past the expiry) are marked failed with that reason.
 */
export async function settleForgottenRequests(
  db: Queryable,
): Promise<{ queued: number; failed: number }> {
  const { rows: failed } = await db.query<{ id: string }>(
    `update public.challenge_recordings r set
       verification_status = case when r.verified_total_reps is null
         then 'failed'::public.recording_verification_status else 'verified' end,
       verification_error = 'Every try stopped before it finished (its worker was killed, or it ' ||
         'ran past the 15-minute limit). Run reptemple rescore to try again.'
     where r.verification_status = 'verifying' and r.verification_request is not null
       and exists (select 1 from pgboss.job j where j.name = 'verification'
                   and j.singleton_key = r.verification_request::text and j.state = 'failed')
       and not exists (select 1 from pgboss.job j where j.name = 'verification'
                   and j.singleton_key = r.verification_request::text
                   and j.state in ('created', 'retry', 'active', 'completed'))
     returning r.id`,
  );
  const { rows: queued } = await db.query(
    `select r.id, reptemple_private.enqueue_verification(r.id, r.verification_request)::text
     from public.challenge_recordings r
     where r.verification_status = 'verifying' and r.verification_request is not null
       and not exists (select 1 from pgboss.job j where j.name = 'verification'
                       and j.singleton_key = r.verification_request::text)`,
  );
  return { queued: queued.length, failed: failed.length };
}
