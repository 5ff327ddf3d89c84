// Re-verifies every recording with a video in one challenge (reptemple rescore): asks for a new
// verification of each (the table's trigger queues the jobs), lets any worker (this process's
// and others') take them, reports progress, and compares the ranking before and after.

import type pg from 'pg';
import { requestVerification } from './verification-store.js';

export interface RankedRecording {
  id: string;
  name: string;
  /** Null for a recording that does not rank (waiting for its verification, or failed). */
  rank: number | null;
  validReps: number;
  claimedValidReps: number;
  status: string;
}

/** The challenge's recordings in the leaderboard's order (their rank keys,
 * supabase/rules/ranking.sql): verified ones ranked, then those waiting, then failed ones. */
export async function rankingOf(db: pg.Pool, challengeId: string): Promise<RankedRecording[]> {
  const { rows } = await db.query<RankedRecording>(
    `select id, name, valid_reps as "validReps", claimed_valid_reps as "claimedValidReps",
       verification_status::text as status,
       case when ranked then (row_number() over (partition by ranked order by rank_key desc, id))::integer end as rank
     from public.challenge_recordings where challenge_id = $1
     order by rank_key desc, id`,
    [challengeId],
  );
  return rows;
}

export interface RankChange {
  name: string;
  id: string;
  /** Null: it did not rank. */
  before: number | null;
  after: number | null;
  validBefore: number;
  validAfter: number;
  status: string;
}

export function rankChanges(before: RankedRecording[], after: RankedRecording[]): RankChange[] {
  const earlier = new Map(before.map((row) => [row.id, row]));
  return after
    .filter((row) => earlier.get(row.id) && earlier.get(row.id)!.rank !== row.rank)
    .map((row) => ({
      name: row.name,
      id: row.id,
      before: earlier.get(row.id)!.rank,
      after: row.rank,
      validBefore: earlier.get(row.id)!.validReps,
      validAfter: row.validReps,
      status: row.status,
    }));
}

export interface RescoreProgress {
  done: number;
  total: number;
  failed: number;
}

/** Requests verification of the challenge's recordings with a video; answers their ids and the
 * request tokens to wait for. */
export async function requestChallengeRescore(
  db: pg.Pool,
  challengeId: string,
): Promise<Map<string, string>> {
  const { rows: ids } = await db.query<{ id: string }>(
    'select id from public.challenge_recordings where challenge_id = $1 and video_url is not null',
    [challengeId],
  );
  await requestVerification(
    db,
    ids.map((row) => row.id),
  );
  const { rows } = await db.query<{ id: string; request: string }>(
    `select id, verification_request::text as request from public.challenge_recordings
     where id = any($1::uuid[])`,
    [ids.map((row) => row.id)],
  );
  return new Map(rows.map((row) => [row.id, row.request]));
}

/** How many of the requests are finished (verified at or after the request, or failed). */
export async function rescoreProgress(
  db: pg.Pool,
  requests: Map<string, string>,
): Promise<RescoreProgress> {
  const { rows } = await db.query<{ done: number; failed: number }>(
    `select count(*) filter (where r.verification_request::text = q.request and (
              r.verification_status = 'failed'
              or r.verification_error is not null and r.verification_status = 'verified'
                 and r.verified_at < r.verification_requested_at
              or r.verified_at >= r.verification_requested_at))::integer as done,
            count(*) filter (where r.verification_status = 'failed')::integer as failed
     from unnest($1::uuid[], $2::text[]) as q(id, request)
     join public.challenge_recordings r on r.id = q.id`,
    [[...requests.keys()], [...requests.values()]],
  );
  return { done: rows[0]?.done ?? 0, failed: rows[0]?.failed ?? 0, total: requests.size };
}
