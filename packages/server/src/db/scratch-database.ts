// A throw-away embedded PostgreSQL with the migrations applied, for tools that need the schema and
// nothing else (the type generator). It lives in a temporary directory and is removed afterwards.

import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../log.js';
import { startChildGuard } from '../process/child-guard.js';
import { findFreePort } from '../process/process-utils.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { applyMigrations, bootstrapDatabase } from './migrations.js';

export async function withMigratedScratchDatabase<T>(
  options: { migrationsDir: string; log: Logger },
  work: (pool: pg.Pool) => Promise<T>,
): Promise<T> {
  const root = await mkdtemp(path.join(tmpdir(), 'reptemple-scratch-db-'));
  // As root, PostgreSQL runs as the OS user postgres, which must be able to reach the cluster.
  await chmod(root, 0o755);
  const postgres = await startEmbeddedPostgres({
    clusterDir: path.join(root, 'postgres'),
    port: await findFreePort(),
    superuserPassword: randomBytes(18).toString('base64url'),
    log: options.log.child('postgres'),
    guard: startChildGuard(options.log),
  }).catch(async (error: unknown) => {
    await rm(root, { recursive: true, force: true });
    throw error;
  });
  const pool = new pg.Pool({ connectionString: postgres.connectionString, max: 4 });
  // An idle connection closed by the stop below is expected; any other is logged.
  pool.on('error', (error) => options.log.debug('scratch_pool_client_error', { error }));
  try {
    const client = await pool.connect();
    try {
      await bootstrapDatabase(client, randomBytes(18).toString('base64url'), options.log);
      await applyMigrations(client, options.migrationsDir, options.log);
    } finally {
      client.release();
    }
    return await work(pool);
  } finally {
    await pool.end();
    await postgres.stop();
    await rm(root, { recursive: true, force: true });
  }
}
