// Where a job stands in its queue: the ONE place that knows the order in which workers take jobs,
// for anything that tells a waiting user their place (the verification's 'Position in queue').
// A queue taken round-robin by participant (the verification queue, issue 27) is ranked by
// fair-order.ts, the statement its workers take jobs with; any other queue as pg-boss 10 hands out
// its jobs: by priority (highest first), then creation time, then id (its fetchNextJob). A job
// waiting for a retry (state 'retry', start_after ahead) keeps its place and runs once its delay
// is over. Should the order in which workers take jobs change, this function changes with it.

import type pg from 'pg';
import { fairlyAheadOf } from './fair-order.js';
import { QUEUE_SCHEMA, type QueueDefinition } from './job-queue.js';

type Queryable = Pick<pg.Pool, 'query'>;

/** A job that runs now, as the estimate of what is ahead needs it. */
export interface RunningJob {
  /** The job's data (whatever its queue puts there). */
  data: unknown;
  /** s it has run so far. */
  runningSeconds: number;
}

export type QueuePosition =
  /** Not in the queue (never queued, finished, or given up on). */
  | { state: 'absent' }
  | { state: 'running'; runningSeconds: number; running: RunningJob[] }
  | {
      state: 'waiting';
      /** Waiting jobs a worker takes before this one, in that order (their data). */
      ahead: unknown[];
      /** Jobs that run now. */
      running: RunningJob[];
      /** s since a worker could have taken it (its creation, or the end of its retry delay);
       * negative while it may not be taken yet. */
      takeableForSeconds: number;
    };

/** The place of the newest job of the queue with this singleton key. */
export async function queuePosition(
  db: Queryable,
  definition: Pick<QueueDefinition<unknown>, 'name' | 'order'>,
  singletonKey: string,
): Promise<QueuePosition> {
  const queue = definition.name;
  const { rows } = await db.query<{
    id: string;
    state: string;
    priority: number;
    created_on: Date;
    takeable_s: number;
    started_s: number | null;
  }>(
    `select id, state, priority, created_on,
       extract(epoch from now() - greatest(created_on, start_after))::float8 as takeable_s,
       extract(epoch from now() - started_on)::float8 as started_s
     from ${QUEUE_SCHEMA}.job
     where name = $1 and singleton_key = $2 and state in ('created', 'retry', 'active')
     order by created_on desc limit 1`,
    [queue, singletonKey],
  );
  const job = rows[0];
  if (!job) return { state: 'absent' };
  const { rows: running } = await db.query<{ data: unknown; running_s: number }>(
    `select data, extract(epoch from now() - started_on)::float8 as running_s
     from ${QUEUE_SCHEMA}.job where name = $1 and state = 'active' order by started_on`,
    [queue],
  );
  const runningJobs = running.map((row) => ({ data: row.data, runningSeconds: row.running_s }));
  if (job.state === 'active')
    return { state: 'running', runningSeconds: job.started_s ?? 0, running: runningJobs };
  // Ahead: waiting jobs that come first in the order workers take them.
  if (definition.order === 'round-robin-by-participant') {
    return {
      state: 'waiting',
      ahead: await fairlyAheadOf(db, queue, job.id),
      running: runningJobs,
      takeableForSeconds: job.takeable_s,
    };
  }
  const { rows: ahead } = await db.query<{ data: unknown }>(
    `select data from ${QUEUE_SCHEMA}.job
     where name = $1 and state in ('created', 'retry') and id <> $2
       and (priority > $3 or (priority = $3 and (created_on, id) < ($4::timestamptz, $2::uuid)))
     order by priority desc, created_on, id`,
    [queue, job.id, job.priority, job.created_on],
  );
  return {
    state: 'waiting',
    ahead: ahead.map((row) => row.data),
    running: runningJobs,
    takeableForSeconds: job.takeable_s,
  };
}
