// The auth flows that consume a token and start a session do both in one transaction.

import type pg from 'pg';
import type { Logger } from '../log.js';

/**
 * Runs `work` in a transaction on its own connection. `work` commits (some flows commit before
 * answering, e.g. an error redirect); whatever it throws rolls the transaction back first.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  log: Logger,
  work: (db: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const db = await pool.connect();
  try {
    await db.query('begin');
    return await work(db);
  } catch (error) {
    await db
      .query('rollback')
      .catch((rollbackError: unknown) =>
        log.warn('auth_rollback_failed', { error: rollbackError }),
      );
    throw error;
  } finally {
    db.release();
  }
}
