// Brings a database to the schema: first what hosted Supabase already has (sql/bootstrap.sql),
// then each file of supabase/migrations once, in name order, each in its own transaction.

import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { PACKAGE_ROOT } from '../config.js';
import { describeError, StartupError } from '../errors.js';
import type { Logger } from '../log.js';

/** Serialises schema changes when two servers start on one database. */
const MIGRATION_LOCK_KEY = 7_405_001;

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

export async function listMigrations(dir: string): Promise<MigrationFile[]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    throw new StartupError({
      code: 'migrations_missing',
      message: `The migrations directory ${dir} cannot be read.`,
      expected: 'supabase/migrations with <version>_<name>.sql files',
      received: describeError(error),
      hint: 'Set MIGRATIONS_DIR or start the server from the repository.',
      cause: error,
    });
  }
  return entries
    .filter((entry) => entry.endsWith('.sql'))
    .sort()
    .map((entry) => {
      const match = /^(\d+)_(.+)\.sql$/.exec(entry);
      if (!match) {
        throw new StartupError({
          code: 'migration_name_invalid',
          message: `Migration ${entry} is not named <version>_<name>.sql.`,
          expected: '20251121000100_foundations.sql',
          received: entry,
        });
      }
      return { version: match[1]!, name: match[2]!, file: path.join(dir, entry) };
    });
}

export async function bootstrapDatabase(
  client: pg.ClientBase,
  authenticatorPassword: string,
  log: Logger,
): Promise<void> {
  const sql = await readFile(path.join(PACKAGE_ROOT, 'sql', 'bootstrap.sql'), 'utf8');
  await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    await client.query(sql);
    await client.query(
      `alter role authenticator with login password ${client.escapeLiteral(authenticatorPassword)}`,
    );
  } catch (error) {
    throw new StartupError({
      code: 'bootstrap_failed',
      message: 'Preparing the database (roles, auth schema) failed.',
      expected: 'a connection as a superuser (DATABASE_URL must name one)',
      received: describeError(error),
      cause: error,
    });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  }
  log.info('database_bootstrapped');
}

function checksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

/** Applies the migrations not applied yet; returns the versions it applied. */
export async function applyMigrations(
  client: pg.ClientBase,
  dir: string,
  log: Logger,
): Promise<string[]> {
  const migrations = await listMigrations(dir);
  const applied: string[] = [];
  await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    const { rows } = await client.query<{ version: string; statements: string[] | null }>(
      'select version, statements from supabase_migrations.schema_migrations',
    );
    const done = new Map(rows.map((row) => [row.version, row.statements?.join('\n') ?? '']));
    for (const migration of migrations) {
      const sql = await readFile(migration.file, 'utf8');
      const previous = done.get(migration.version);
      if (previous !== undefined) {
        if (previous && checksum(previous) !== checksum(sql)) {
          log.warn('migration_changed_after_apply', {
            version: migration.version,
            name: migration.name,
            hint: 'Applied migrations are never re-run; put the change in a new migration.',
          });
        }
        continue;
      }
      try {
        await client.query('begin');
        await client.query(sql);
        await client.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [migration.version, migration.name, [sql]],
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new StartupError({
          code: 'migration_failed',
          message: `Migration ${path.basename(migration.file)} failed and was rolled back.`,
          expected: 'SQL that applies to the schema of the migrations before it',
          received: describeError(error),
          cause: error,
        });
      }
      applied.push(migration.version);
      log.info('migration_applied', { version: migration.version, name: migration.name });
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  }
  return applied;
}
