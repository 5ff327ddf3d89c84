// The checked-in database types are what the migrations give: the test stack's database has every
// migration applied, so its schema generates the file byte for byte, or a migration was added
// without `pnpm db:types`.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.js';
import {
  DATABASE_TYPES_COMMAND,
  DATABASE_TYPES_FILE,
  generateDatabaseTypes,
} from '../src/db/database-types.js';
import { stack } from './helpers.js';

describe('generated database types', () => {
  it(`${DATABASE_TYPES_FILE} matches supabase/migrations`, async () => {
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    let generated: string;
    try {
      generated = await generateDatabaseTypes(client);
    } finally {
      await client.end();
    }
    const checkedIn = await readFile(path.join(REPO_ROOT, DATABASE_TYPES_FILE), 'utf8');
    expect(
      checkedIn === generated,
      `${DATABASE_TYPES_FILE} is stale: run \`${DATABASE_TYPES_COMMAND}\` and commit it`,
    ).toBe(true);
  });

  it('carries every enum of the schema, with its values in declaration order', async () => {
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    try {
      const generated = await generateDatabaseTypes(client);
      const { rows } = await client.query<{ name: string; labels: string[] }>(
        `select t.typname as name, array_agg(e.enumlabel::text order by e.enumsortorder) as labels
         from pg_type t join pg_enum e on e.enumtypid = t.oid
         join pg_namespace n on n.oid = t.typnamespace
         where n.nspname = 'public' group by t.typname`,
      );
      expect(rows.length).toBeGreaterThan(0);
      // The formatter wraps long arrays and adds trailing commas; compare without either.
      const compact = generated.replace(/\s+/g, '').replace(/,\]/g, ']');
      for (const { name, labels } of rows) {
        expect(compact).toContain(`${name}:[${labels.map((label) => `"${label}"`).join(',')}]`);
      }
    } finally {
      await client.end();
    }
  });
});
