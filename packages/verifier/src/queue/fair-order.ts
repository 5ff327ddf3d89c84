// The verification queue's order (issue 27): round-robin by participant, oldest first. One
// participant's twenty videos cannot delay another's first: every worker takes the oldest waiting
// job of the participant whose turn came least recently. This module is the order's one home:
// the workers' take (takeNextFairJob, through JobQueue.work) and the jobs ahead of a waiting one
// (fairlyAheadOf, with which queue-position.ts answers a participant's "position in the queue")
// read the same ranking.
//
// The ranking of the waiting jobs (created, or waiting for a retry):
//   1. by round: a participant's oldest waiting job is in round 1, their next in round 2, ...;
//   2. within a round, participants whose last turn came after their oldest waiting job was queued
//      (they have been served from this backlog already) go after those who have not, least
//      recently served first; the others (never served, or idle since their last turn) by how
//      long their oldest job has waited;
//   3. then by participant, for a total order.
// So with one participant queuing twenty videos and nine queuing one each, the nine start before
// the first participant's second video (test: packages/server/test/fair-queue.test.ts). A
// participant is the recording's account (challenge_recordings.user_id), or the recording itself
// when it has none. A participant's last turn is a row of reptemple_private.verification_turns
// (migration 20261128200200_fair_verification_queue.sql), written in the statement that takes the job.
//
// The SQL reads pg-boss 10's job table (pinned, as reptemple_private.enqueue_verification does)
// and takes a job exactly as pg-boss's own fetch does (state active, started_on, retry_count), so
// pg-boss completes, fails, retries and expires it as any other job.

import type pg from 'pg';

const UUID_PATTERN =
  '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** The waiting jobs of queue $1 with their rank (1 = next), as a CTE body. */
const RANKED_WAITING_JOBS = `
  select w.id, w.participant,
    row_number() over (
      order by w.round,
        case when t.last_started_at > w.first_queued then t.last_started_at end nulls first,
        w.first_queued, w.participant
    ) as rank
  from (
    select j.id, j.participant,
      row_number() over (partition by j.participant order by j.created_on, j.id) as round,
      min(j.created_on) over (partition by j.participant) as first_queued
    from (
      select j.id, j.created_on,
        coalesce(r.user_id::text, j.data ->> 'recordingId', j.id::text) as participant
      from pgboss.job j
      left join public.challenge_recordings r
        on r.id = case when j.data ->> 'recordingId' ~ '${UUID_PATTERN}'
                    then (j.data ->> 'recordingId')::uuid end
      where j.name = $1 and j.state < 'active'
    ) j
  ) w
  left join reptemple_private.verification_turns t
    on t.queue = $1 and t.participant = w.participant`;

/** Takes the first waiting job of queue $1 in the fair order that may start now and that no other
 * worker is taking, marks it active as pg-boss's fetch does, and records the participant's turn. */
export const TAKE_NEXT_FAIR_JOB_SQL = `
  with ranked as (${RANKED_WAITING_JOBS}),
  next as (
    select j.id, ranked.participant
    from pgboss.job j
    join ranked on ranked.id = j.id
    where j.name = $1 and j.state < 'active' and j.start_after < now()
    order by ranked.rank
    limit 1
    for update of j skip locked
  ),
  taken as (
    update pgboss.job j set
      state = 'active',
      started_on = now(),
      retry_count = case when j.started_on is not null then j.retry_count + 1 else j.retry_count end
    from next
    where j.name = $1 and j.id = next.id
    returning j.id, j.data, j.retry_count as "retryCount", j.retry_limit as "retryLimit",
      next.participant
  ),
  turn as (
    insert into reptemple_private.verification_turns (queue, participant, last_started_at)
    select $1, participant, now() from taken
    on conflict (queue, participant) do update set last_started_at = excluded.last_started_at
  )
  select id, data, "retryCount", "retryLimit", participant from taken`;

export interface FairlyTakenJob {
  id: string;
  data: unknown;
  retryCount: number;
  retryLimit: number;
  participant: string;
}

export interface SqlExecutor {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The next job of the queue in the fair order, now active; undefined when none may start. */
export async function takeNextFairJob(
  db: SqlExecutor,
  queue: string,
): Promise<FairlyTakenJob | undefined> {
  const { rows } = await db.executeSql(TAKE_NEXT_FAIR_JOB_SQL, [queue]);
  return rows[0] as FairlyTakenJob | undefined;
}

/**
 * The data of the waiting jobs of `queue` a worker takes before the job `jobId` (itself waiting),
 * in the fair order: what queue-position.ts counts for a recording's place in the queue. A job
 * waiting for a retry keeps its place (it may start later than its place says).
 */
export async function fairlyAheadOf(
  db: Pick<pg.Pool, 'query'>,
  queue: string,
  jobId: string,
): Promise<unknown[]> {
  const { rows } = await db.query<{ data: unknown }>(
    `with ranked as (${RANKED_WAITING_JOBS})
     select j.data from ranked
     join pgboss.job j on j.name = $1 and j.id = ranked.id
     where ranked.rank < (select rank from ranked where id = $2::uuid)
     order by ranked.rank`,
    [queue, jobId],
  );
  return rows.map((row) => row.data);
}
