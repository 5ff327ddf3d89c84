// The job queue: pg-boss (10.x, the last major that runs on Node 20) in the stack's own PostgreSQL,
// schema `pgboss`. Jobs are rows, so they survive restarts; a job whose worker died is retried
// after its expiry, or sooner: every running job holds a PostgreSQL advisory lock on a connection
// of its worker's process, which the database drops when that process dies, so any process can
// tell a job whose worker is gone (retryOrphanedJobs); retries back off exponentially. See
// docs/decisions.md ("Job queue").
//
// One module wires it for every user: the server's media jobs and the verification worker (in the
// server, and as `reptemple worker` on other machines with the same calls):
//   const queue = await startJobQueue({ databaseUrl, log });
//   await queue.ensureQueue(MEDIA_QUEUE);
//   await queue.work(MEDIA_QUEUE, concurrency, async (job) => { ... });   // throw = retry
//   await queue.send(MEDIA_QUEUE, data, { db: transactionClient });       // atomic with the rows
//   queue.wake(MEDIA_QUEUE);                                              // after the commit
//   await queue.stop();

import pg from 'pg';
import PgBoss from 'pg-boss';
import type { VerifierLogger as Logger } from '../log.js';
import { takeNextFairJob } from './fair-order.js';

/** A queue and the rules of its jobs. */
export interface QueueDefinition<Data> {
  name: string;
  /** Tries after the first. */
  retryLimit: number;
  /** s before the first retry; doubled (with jitter) for each further one. */
  retryDelaySeconds: number;
  /** s a job may run before it counts as failed (its worker is presumed dead) and is retried. */
  expireInSeconds: number;
  /** The order workers take jobs in: pg-boss's, oldest first (the default), or round-robin by the
   * participant of the job's recording, oldest first (fair-order.ts; the verification queue). */
  order?: 'oldest-first' | 'round-robin-by-participant';
  /** Only for the type: the shape of a job's data. */
  readonly data?: Data;
}

export interface QueuedJob<Data> {
  id: string;
  data: Data;
  /** Tries so far before this one (0 on the first). */
  retryCount: number;
  retryLimit: number;
  /** Whether a failure now is final (no try left). */
  isLastTry: boolean;
}

export interface JobQueue {
  /** Creates the queue, or updates its rules (idempotent; call before send and work). */
  ensureQueue(definition: QueueDefinition<unknown>): Promise<void>;
  /** Adds a job. With `db` (a client inside a transaction) the job exists only if that transaction
   * commits: a row and its job are written together or not at all. */
  send<Data extends object>(
    definition: QueueDefinition<Data>,
    data: Data,
    options?: { db?: pg.ClientBase; singletonKey?: string },
  ): Promise<string>;
  /** Runs `handler` for the queue's jobs, at most `concurrency` at once in this process. A handler
   * that throws fails the try; the job is retried while tries are left. */
  work<Data>(
    definition: QueueDefinition<Data>,
    concurrency: number,
    handler: (job: QueuedJob<Data>) => Promise<void>,
  ): Promise<void>;
  /** Wakes this process's workers of the queue now (after a local send), instead of at their next
   * poll. */
  wake(definition: QueueDefinition<unknown>): void;
  /** Jobs left running by a process that died (SIGKILL, a crash) are retried now rather than after
   * their expiry. Only for queues whose every worker runs in this process: a job running elsewhere
   * would be run twice. */
  retryInterruptedJobs(definition: QueueDefinition<unknown>): Promise<number>;
  /** Jobs running longer than `graceSeconds` whose worker process is gone (its job lock is free:
   * the process died, or lost its database connection) are retried now rather than after their
   * expiry. Safe with workers on other machines: a live worker holds its job's lock. */
  retryOrphanedJobs(definition: QueueDefinition<unknown>, graceSeconds?: number): Promise<number>;
  /** retryOrphanedJobs every `intervalMs` until stop() (for queues whose workers run in several
   * processes, e.g. media jobs of servers sharing a media store). */
  watchOrphanedJobs(definition: QueueDefinition<unknown>, intervalMs: number): void;
  /** Stops taking jobs, waits up to `timeoutMs` for running ones, and fails (so retries) the rest. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobQueueOptions {
  /** A PostgreSQL URL whose role may create the pgboss schema (the first time). */
  databaseUrl: string;
  log: Logger;
  /** Connections of the queue's own pool (polling and job updates). */
  poolSize?: number;
  /** s between polls of a worker that found nothing (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
}

export const QUEUE_SCHEMA = 'pgboss';
/** Defaults: 4 connections; a 0.5 s poll keeps a remote worker's pick-up under a second. */
const DEFAULT_POOL_SIZE = 4;
const DEFAULT_POLLING_INTERVAL_SECONDS = 0.5;
/** How long stop() waits for running jobs by default. ms */
const DEFAULT_STOP_TIMEOUT_MS = 30_000;

/** s a job runs before retryOrphanedJobs may judge it: its worker takes the job's lock first
 * thing, so a job younger than this may not hold it yet. */
const DEFAULT_ORPHAN_GRACE_SECONDS = 10;

/** The advisory lock a running job holds: one 64-bit key per job id. */
const JOB_LOCK_SQL = "hashtextextended('reptemple-job:' || $1, 0)";

/** pg-boss wants its `db` option to run SQL; a transaction's client does. */
function executorFor(client: pg.ClientBase) {
  return { executeSql: (text: string, values: unknown[]) => client.query(text, values) };
}

export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { log } = options;
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: QUEUE_SCHEMA,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    application_name: 'reptemple-queue',
    // No cron schedules: the clock-skew monitor and cron workers would only poll.
    schedule: false,
  });
  // An EventEmitter 'error' without a listener would throw; pg-boss reports worker and
  // maintenance errors there and carries on.
  boss.on('error', (error) => log.error('queue_error', { error }));
  await boss.start();
  // Connections that hold the locks of running jobs (one per running job) and look for orphans.
  const lockPool = new pg.Pool({
    connectionString: options.databaseUrl,
    application_name: 'reptemple-job-locks',
    max: 16,
  });
  lockPool.on('error', (error) => log.warn('queue_lock_connection_lost', { error }));
  const workerIds = new Map<string, string[]>();
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? DEFAULT_POLLING_INTERVAL_SECONDS;
  // Workers of queues whose jobs this module takes itself (a fair order): their wake-ups, and the
  // jobs they run now (failed, so retried, should stop() time out on them).
  const takerWakes = new Map<string, Array<() => void>>();
  const takerJobs = new Map<string, { queue: string }>();
  const takerLoops: Promise<void>[] = [];
  const orphanWatches: NodeJS.Timeout[] = [];
  let stopping = false;

  /** Runs one try of a job holding its lock, which the database frees should this process die. */
  const runLocked = async <Data>(
    job: { id: string; data: unknown; retryCount: number; retryLimit: number },
    handler: (job: QueuedJob<Data>) => Promise<void>,
  ) => {
    const lock = await lockPool.connect();
    try {
      await lock.query(`select pg_advisory_lock(${JOB_LOCK_SQL})`, [job.id]);
      await handler({
        id: job.id,
        data: job.data as Data,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
        isLastTry: job.retryCount >= job.retryLimit,
      });
    } finally {
      await lock.query(`select pg_advisory_unlock(${JOB_LOCK_SQL})`, [job.id]).then(
        () => lock.release(),
        (error: unknown) => lock.release(error as Error),
      );
    }
  };

  /** One worker slot of a fair queue: takes the next job in the fair order, runs it, completes or
   * fails it in pg-boss; polls (or is woken) when none is waiting. */
  const takeLoop = async <Data>(name: string, handler: (job: QueuedJob<Data>) => Promise<void>) => {
    const db = boss.getDb();
    while (!stopping) {
      let job: Awaited<ReturnType<typeof takeNextFairJob>>;
      try {
        job = await takeNextFairJob(db, name);
      } catch (error) {
        log.warn('queue_take_failed', { queue: name, error });
        job = undefined;
      }
      if (!job) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, pollingIntervalSeconds * 1000);
          const wakes = takerWakes.get(name) ?? [];
          takerWakes.set(name, wakes);
          function done() {
            clearTimeout(timer);
            const index = wakes.indexOf(done);
            if (index >= 0) wakes.splice(index, 1);
            resolve();
          }
          wakes.push(done);
        });
        continue;
      }
      takerJobs.set(job.id, { queue: name });
      try {
        await runLocked(job, handler);
        await boss.complete(name, job.id);
      } catch (error) {
        await boss
          .fail(name, job.id, error as object)
          .catch((failError: unknown) =>
            log.error('queue_fail_failed', { queue: name, failError }),
          );
      } finally {
        takerJobs.delete(job.id);
      }
    }
  };

  const api: JobQueue = {
    async ensureQueue(definition) {
      const rules = {
        name: definition.name,
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: definition.expireInSeconds,
      };
      if (await boss.getQueue(definition.name)) await boss.updateQueue(definition.name, rules);
      else await boss.createQueue(definition.name, rules);
    },

    async send(definition, data, sendOptions = {}) {
      const id = await boss.send(definition.name, data, {
        ...(sendOptions.db ? { db: executorFor(sendOptions.db) } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      });
      if (!id) throw new Error(`The queue ${definition.name} refused the job (a duplicate key?)`);
      return id;
    },

    async work(definition, concurrency, handler) {
      if (definition.order === 'round-robin-by-participant') {
        for (let slot = 0; slot < concurrency; slot++) {
          takerLoops.push(takeLoop(definition.name, handler));
        }
        return;
      }
      // pg-boss 10: one polling worker per work() call, each running one job at a time.
      for (let slot = 0; slot < concurrency; slot++) {
        const id = await boss.work<unknown>(
          definition.name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds },
          async ([job]) => {
            if (job) await runLocked(job, handler);
          },
        );
        workerIds.set(definition.name, [...(workerIds.get(definition.name) ?? []), id]);
      }
    },

    wake(definition) {
      for (const id of workerIds.get(definition.name) ?? []) boss.notifyWorker(id);
      for (const wake of [...(takerWakes.get(definition.name) ?? [])]) wake();
    },

    async retryInterruptedJobs(definition) {
      // pg-boss keeps no record of which process runs a job; its table says which are active.
      const { rows } = await boss
        .getDb()
        .executeSql(`select id from ${QUEUE_SCHEMA}.job where name = $1 and state = 'active'`, [
          definition.name,
        ]);
      const ids = rows.map((row: { id: string }) => row.id);
      for (const id of ids) {
        await boss.fail(definition.name, id, { message: 'the server stopped while it ran' });
      }
      if (ids.length > 0) {
        log.warn('queue_interrupted_jobs_retried', { queue: definition.name, jobs: ids.length });
      }
      return ids.length;
    },

    async retryOrphanedJobs(definition, graceSeconds = DEFAULT_ORPHAN_GRACE_SECONDS) {
      const { rows } = await lockPool.query<{ id: string }>(
        `select id from ${QUEUE_SCHEMA}.job where name = $1 and state = 'active'
           and started_on < now() - $2 * interval '1 second'`,
        [definition.name, graceSeconds],
      );
      if (rows.length === 0) return 0;
      const probe = await lockPool.connect();
      let retried = 0;
      try {
        for (const { id } of rows) {
          const { rows: taken } = await probe.query<{ free: boolean }>(
            `select pg_try_advisory_lock(${JOB_LOCK_SQL}) as free`,
            [id],
          );
          if (!taken[0]?.free) continue; // its worker is alive
          await probe.query(`select pg_advisory_unlock(${JOB_LOCK_SQL})`, [id]);
          await boss.fail(definition.name, id, {
            message: 'its worker stopped while it ran (process killed or connection lost)',
          });
          retried++;
        }
      } finally {
        probe.release();
      }
      if (retried > 0) {
        log.warn('queue_orphaned_jobs_retried', { queue: definition.name, jobs: retried });
      }
      return retried;
    },

    watchOrphanedJobs(definition, intervalMs) {
      let checking = false;
      const timer = setInterval(() => {
        if (checking || stopping) return;
        checking = true;
        api
          .retryOrphanedJobs(definition)
          .catch((error: unknown) =>
            log.warn('queue_orphan_check_failed', { queue: definition.name, error }),
          )
          .finally(() => {
            checking = false;
          });
      }, intervalMs);
      timer.unref();
      orphanWatches.push(timer);
    },

    async stop(timeoutMs = DEFAULT_STOP_TIMEOUT_MS) {
      stopping = true;
      for (const timer of orphanWatches) clearInterval(timer);
      for (const wakes of takerWakes.values()) for (const wake of [...wakes]) wake();
      // pg-boss stops its own workers meanwhile; its connections stay open for ours (closed below).
      const stoppedBoss = boss.stop({
        graceful: true,
        wait: true,
        timeout: timeoutMs,
        close: false,
      });
      // As pg-boss does with its own workers: jobs still running at the timeout are failed, so
      // another worker retries them.
      const timedOut = await Promise.race([
        Promise.all(takerLoops).then(() => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(true), timeoutMs).unref()),
      ]);
      if (timedOut) {
        for (const [id, { queue }] of takerJobs) {
          await boss
            .fail(queue, id, { message: 'the worker stopped while it ran' })
            .catch((error: unknown) => log.error('queue_fail_failed', { queue, error }));
        }
      }
      await stoppedBoss;
      await (boss.getDb() as { close?: () => Promise<void> }).close?.();
      await lockPool.end();
    },
  };
  return api;
}
