#!/usr/bin/env node
// pnpm db:types: applies supabase/migrations to a throw-away embedded PostgreSQL and writes the
// database's TypeScript types to the checked-in file. With --check it writes nothing and exits 1
// when the file differs from what the migrations give (CI's server suite checks the same).

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './config.js';
import {
  DATABASE_TYPES_COMMAND,
  DATABASE_TYPES_FILE,
  generateDatabaseTypes,
} from './db/database-types.js';
import { runTool } from './db/run-tool.js';
import { withMigratedScratchDatabase } from './db/scratch-database.js';
import { createLogger } from './log.js';

const USAGE = `Usage: pnpm db:types [--check]

Applies supabase/migrations to a temporary PostgreSQL and writes the database's TypeScript types
to ${DATABASE_TYPES_FILE}.
  --check   write nothing; exit 1 when the file is out of date
`;

async function readIfPresent(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function main(argv: string[]): Promise<number> {
  const unknown = argv.filter((arg) => arg !== '--check' && arg !== '--help');
  if (argv.includes('--help') || unknown.length > 0) {
    if (unknown.length > 0) process.stderr.write(`Unknown option: ${unknown.join(' ')}\n\n`);
    process.stdout.write(USAGE);
    return unknown.length > 0 ? 2 : 0;
  }
  const check = argv.includes('--check');
  // Errors only: the scratch database's start and stop lines are noise here, and a failure to
  // start it is thrown with its reason.
  const log = createLogger({ level: 'error' });
  const migrationsDir =
    process.env.MIGRATIONS_DIR ?? path.join(REPO_ROOT, 'supabase', 'migrations');
  const generated = await withMigratedScratchDatabase({ migrationsDir, log }, (pool) =>
    generateDatabaseTypes(pool),
  );
  const file = path.join(REPO_ROOT, DATABASE_TYPES_FILE);
  const current = await readIfPresent(file);
  if (current === generated) {
    process.stdout.write(`${DATABASE_TYPES_FILE} is up to date.\n`);
    return 0;
  }
  if (check) {
    process.stderr.write(
      `${DATABASE_TYPES_FILE} does not match supabase/migrations. Run \`${DATABASE_TYPES_COMMAND}\` and commit the result.\n`,
    );
    return 1;
  }
  await writeFile(file, generated);
  process.stdout.write(`Wrote ${DATABASE_TYPES_FILE}.\n`);
  return 0;
}

runTool('db:types', () => main(process.argv.slice(2)));
