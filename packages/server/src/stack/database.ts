// The stack's PostgreSQL: the embedded one in the data directory, or DATABASE_URL's. Either way
// it is bootstrapped (what hosted Supabase already has) and migrated before anything uses it.

import path from 'node:path';
import pg from 'pg';
import type { ServerConfig } from '../config.js';
import { type RunningEmbeddedPostgres, startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { applyMigrations, bootstrapDatabase } from '../db/migrations.js';
import { describeError, StartupError } from '../errors.js';
import type { Logger } from '../log.js';
import type { ChildGuard } from '../process/child-guard.js';
import { findFreePort } from '../process/process-utils.js';
import type { StackSecrets } from '../secrets.js';

/** Connections the server itself keeps (auth, media, seed, health); PostgREST has its own. */
const POOL_SIZE = 10;

export interface StackDatabase {
  /** Superuser connection string. */
  databaseUrl: string;
  pool: pg.Pool;
  /** The embedded server, when it is ours to supervise. */
  embedded: RunningEmbeddedPostgres | undefined;
  /** Closes the pool, then stops the embedded server. Logs failures instead of throwing. */
  stop(): Promise<void>;
}

export async function startDatabase(
  config: ServerConfig,
  secrets: StackSecrets,
  guard: ChildGuard,
  log: Logger,
): Promise<StackDatabase> {
  let embedded: RunningEmbeddedPostgres | undefined;
  let databaseUrl: string;
  if (config.databaseUrl) {
    databaseUrl = config.databaseUrl;
    log.info('database_external', {
      host: new URL(databaseUrl).host,
      database: new URL(databaseUrl).pathname.slice(1),
    });
  } else {
    embedded = await startEmbeddedPostgres({
      clusterDir: path.join(config.dataDir, 'postgres'),
      port: await findFreePort(),
      superuserPassword: secrets.postgresPassword,
      log: log.child('postgres'),
      guard,
    });
    databaseUrl = embedded.connectionString;
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  pool.on('error', (error) => log.warn('pool_client_error', { error: error.message }));
  const database: StackDatabase = {
    databaseUrl,
    pool,
    embedded,
    async stop() {
      await pool.end().catch((error: unknown) => log.error('pool_end_failed', { error }));
      await embedded
        ?.stop()
        .catch((error: unknown) => log.error('postgres_stop_failed', { error }));
    },
  };

  try {
    const client = await pool.connect().catch((error: unknown) => {
      throw new StartupError({
        code: 'database_unreachable',
        message: 'Cannot connect to the database.',
        expected: config.databaseUrl
          ? 'DATABASE_URL naming a reachable PostgreSQL superuser'
          : 'the embedded PostgreSQL',
        received: describeError(error),
        cause: error,
      });
    });
    try {
      await bootstrapDatabase(client, secrets.authenticatorPassword, log.child('db'));
      await applyMigrations(client, config.migrationsDir, log.child('db'));
    } finally {
      client.release();
    }
  } catch (error) {
    await database.stop();
    throw error;
  }
  return database;
}

/** The same database as another role (PostgREST logs in as authenticator). */
export function withCredentials(databaseUrl: string, user: string, password: string): string {
  const url = new URL(databaseUrl);
  url.username = encodeURIComponent(user);
  url.password = encodeURIComponent(password);
  return url.toString();
}
