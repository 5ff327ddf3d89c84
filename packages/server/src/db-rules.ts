#!/usr/bin/env node
// pnpm db:rules: keeps supabase/rules (the database's rules, one file per family) and the
// migrations that apply them in step. See supabase/README.md.

import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './config.js';
import {
  constantsSql,
  describeDrift,
  findRuleDrift,
  hasDrift,
  RULES_COMMAND,
  RULES_DIR,
  readRuleFiles,
  replaceRulesSection,
  rulesSection,
} from './db/rules.js';
import { runTool } from './db/run-tool.js';
import { withMigratedScratchDatabase } from './db/scratch-database.js';
import { createLogger } from './log.js';

const USAGE = `Usage: ${RULES_COMMAND} [--check] | new <name> | refresh <migration file>

  (no argument)          write supabase/rules/constants.sql from @reptemple/definitions
  new <name>             write supabase/migrations/<timestamp>_<name>.sql: room for schema changes,
                         then the rule files as they are now
  refresh <file>         rewrite the rule files' section of a migration (one not applied anywhere
                         that matters yet) after editing them
  --check                write nothing; exit 1 when constants.sql is stale or a database migrated
                         from supabase/migrations differs from supabase/rules
`;

const CONSTANTS_FILE = path.join(REPO_ROOT, RULES_DIR, 'constants.sql');
const MIGRATIONS_DIR = process.env.MIGRATIONS_DIR ?? path.join(REPO_ROOT, 'supabase', 'migrations');

async function readIfPresent(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** 20261128093000: the next migration's version, after every existing one. */
async function nextVersion(): Promise<string> {
  const now = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const existing = (await readdir(MIGRATIONS_DIR)).map((file) => file.split('_')[0]!).sort();
  const last = existing.at(-1);
  return last && last >= now ? String(BigInt(last) + 100n) : now;
}

async function check(): Promise<number> {
  let failed = false;
  if ((await readIfPresent(CONSTANTS_FILE)) !== constantsSql()) {
    process.stderr.write(
      `supabase/rules/constants.sql does not match @reptemple/definitions. Run \`${RULES_COMMAND}\`.\n`,
    );
    failed = true;
  }
  const files = await readRuleFiles(REPO_ROOT);
  const log = createLogger({ level: 'error' });
  const drift = await withMigratedScratchDatabase(
    { migrationsDir: MIGRATIONS_DIR, log },
    async (pool) => {
      const client = await pool.connect();
      try {
        return await findRuleDrift(client, files);
      } finally {
        client.release();
      }
    },
  );
  if (hasDrift(drift)) {
    process.stderr.write(
      `The migrated database and supabase/rules differ:\n${describeDrift(drift)}\nEdit the rule file, then \`${RULES_COMMAND} new <name>\` (or \`refresh\` an unapplied migration).\n`,
    );
    failed = true;
  }
  if (!failed) process.stdout.write('supabase/rules and supabase/migrations agree.\n');
  return failed ? 1 : 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, argument, ...rest] = argv;
  if (command === '--help' || rest.length > 0) {
    process.stdout.write(USAGE);
    return command === '--help' ? 0 : 2;
  }
  if (command === '--check' && argument === undefined) return check();
  if (command === undefined) {
    await writeFile(CONSTANTS_FILE, constantsSql());
    process.stdout.write('Wrote supabase/rules/constants.sql.\n');
    return 0;
  }
  if (command === 'new' && argument && /^[a-z0-9_]+$/.test(argument)) {
    await writeFile(CONSTANTS_FILE, constantsSql());
    const file = path.join(MIGRATIONS_DIR, `${await nextVersion()}_${argument}.sql`);
    const header = `-- ${argument.replace(/_/g, ' ')}: why, in a sentence or two.\n--\n-- Schema changes (tables, columns, indexes, data) go here, before the rule files; functions,\n-- policies, views and triggers are the rule files' (supabase/rules), copied below.\n\n`;
    await writeFile(file, `${header}${rulesSection(await readRuleFiles(REPO_ROOT))}`);
    process.stdout.write(`Wrote ${path.relative(REPO_ROOT, file)}.\n`);
    return 0;
  }
  if (command === 'refresh' && argument) {
    await writeFile(CONSTANTS_FILE, constantsSql());
    // pnpm runs the script in the package's directory; the path is the caller's.
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), argument);
    const migration = await readFile(file, 'utf8');
    await writeFile(file, replaceRulesSection(migration, await readRuleFiles(REPO_ROOT)));
    process.stdout.write(`Rewrote the rules section of ${path.relative(REPO_ROOT, file)}.\n`);
    return 0;
  }
  process.stderr.write(`Unknown arguments: ${argv.join(' ')}\n\n${USAGE}`);
  return 2;
}

runTool('db:rules', () => main(process.argv.slice(2)));
