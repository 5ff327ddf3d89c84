// The database's rules live in supabase/rules, one file per family (issue 25): a database migrated
// from supabase/migrations must be exactly those files (every function, policy, view and trigger
// of the app's schemas, with its privileges), so no migration drifts from them and a reader finds
// each rule in one file. The shared constants come from @reptemple/definitions.

import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  BUILTIN_PUSHUP_DEFINITION_ID,
  DUEL_DURATION_HOURS,
  LATE_VIDEO_DAYS,
  LEADERBOARD_MAX_PAGE_SIZE,
  MAX_RECORDING_SECONDS,
} from '@reptemple/definitions';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT, REPO_ROOT } from '../src/config.js';
import { applyMigrations } from '../src/db/migrations.js';
import {
  constantsSql,
  describeDrift,
  findRuleDrift,
  hasDrift,
  RULE_FILES,
  RULES_DIR,
  readRuleFiles,
} from '../src/db/rules.js';
import { createLogger } from '../src/log.js';
import { sql, stack } from './helpers.js';

/** A database of its own in the stack's cluster, with bootstrap.sql and every migration applied:
 * the rule files take table locks when applied, which the shared test database must not see. */
const checkDatabase = `rules_check_${randomBytes(4).toString('hex')}`;
let client: pg.Client;

beforeAll(async () => {
  await sql(`create database ${checkDatabase}`);
  const url = new URL(stack.databaseUrl);
  url.pathname = `/${checkDatabase}`;
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(await readFile(path.join(PACKAGE_ROOT, 'sql', 'bootstrap.sql'), 'utf8'));
  await applyMigrations(
    client,
    path.join(REPO_ROOT, 'supabase', 'migrations'),
    createLogger({ level: 'error' }),
  );
}, 120_000);

afterAll(async () => {
  await client?.end();
  await sql(`drop database if exists ${checkDatabase} with (force)`);
});

describe('supabase/rules: the one home of each database rule', () => {
  it('a database migrated from supabase/migrations is exactly the rule files', async () => {
    const drift = await findRuleDrift(client, await readRuleFiles(REPO_ROOT));
    expect(hasDrift(drift), describeDrift(drift)).toBe(false);
  });

  it('the check finds a migration that changes a rule outside its file, and an object no file has', async () => {
    // What an old-style migration did: copy a function whole to change it; and a function and a
    // dropped policy the rule files do not know. (The database is this file's own.)
    await client.query(`
      create or replace function reptemple_private.recording_standing(status public.recording_verification_status)
      returns smallint language sql immutable parallel safe
      as $$ select (case status when 'failed' then 0 else 2 end)::smallint $$`);
    await client.query(
      'create function reptemple_private.stray_rule() returns integer language sql as $$ select 1 $$',
    );
    await client.query('drop policy "anyone reads events" on public.challenge_events');
    const drift = await findRuleDrift(client, await readRuleFiles(REPO_ROOT));
    expect(drift.differs.map((entry) => entry.name)).toEqual([
      'function reptemple_private.recording_standing(recording_verification_status)',
    ]);
    expect(drift.notInRules).toEqual(['function reptemple_private.stray_rule()']);
    expect(drift.notMigrated).toEqual(['policy "anyone reads events" on challenge_events']);
    expect(describeDrift(drift)).toContain(
      'function reptemple_private.stray_rule(): in the migrated database, in no rule file',
    );
  });

  it('constants.sql is what @reptemple/definitions makes it', async () => {
    const file = await readFile(path.join(REPO_ROOT, RULES_DIR, 'constants.sql'), 'utf8');
    expect(
      file === constantsSql(),
      'supabase/rules/constants.sql is stale: run `pnpm db:rules`',
    ).toBe(true);
  });

  it('the database reads the shared constants', async () => {
    const [row] = await sql<Record<string, string | number>>(
      `select reptemple_private.builtin_pushup_definition_id()::text as builtin,
         extract(epoch from reptemple_private.duel_duration()) / 3600 as duel_hours,
         extract(epoch from reptemple_private.late_video_window()) / 86400 as late_video_days,
         reptemple_private.leaderboard_max_page_size() as page_size,
         reptemple_private.max_recording_seconds() as max_seconds`,
    );
    expect({
      builtin: row!.builtin,
      duelHours: Number(row!.duel_hours),
      lateVideoDays: Number(row!.late_video_days),
      pageSize: row!.page_size,
      maxSeconds: row!.max_seconds,
    }).toEqual({
      builtin: BUILTIN_PUSHUP_DEFINITION_ID,
      duelHours: DUEL_DURATION_HOURS,
      lateVideoDays: LATE_VIDEO_DAYS,
      pageSize: LEADERBOARD_MAX_PAGE_SIZE,
      maxSeconds: MAX_RECORDING_SECONDS,
    });
    // The recordings' length limit reads the constant.
    const [constraint] = await sql<{ definition: string }>(
      `select pg_get_constraintdef(oid) as definition from pg_constraint
       where conname = 'challenge_recordings_duration_seconds_check'`,
    );
    expect(constraint!.definition).toContain('reptemple_private.max_recording_seconds()');
  });

  it('each function, policy, view and trigger is defined in one file only', async () => {
    const homes = new Map<string, string[]>();
    const patterns = [
      /create or replace function ([\w.]+)\(/g,
      /create policy "([^"]+)"\s+on ([\w.]+)/g,
      /create or replace view ([\w.]+)/g,
      /create or replace trigger (\w+)\s+[^;]*? on ([\w.]+)/g,
    ];
    for (const name of RULE_FILES) {
      const text = await readFile(path.join(REPO_ROOT, RULES_DIR, name), 'utf8');
      for (const pattern of patterns)
        for (const match of text.matchAll(pattern)) {
          const object = match.slice(1).join(' on ');
          homes.set(object, [...(homes.get(object) ?? []), name]);
        }
    }
    expect(homes.size).toBeGreaterThan(80);
    expect([...homes].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
