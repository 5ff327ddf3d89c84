// Nothing is reachable beyond the permission table: the exact privileges the API roles hold on
// every table, view, column and function of the exposed schema, and RLS on every table. A new
// table, column grant or function fails here until docs/security.md and this list say so.

import { describe, expect, it } from 'vitest';
import { sql } from './helpers.js';

const TABLE_PRIVILEGES: Record<string, string[]> = {
  'anon:challenge_events': ['SELECT'],
  'anon:challenges': ['SELECT'],
  'anon:exercise_definitions': ['SELECT'],
  'anon:leaderboard_entries': ['SELECT'],
  'anon:recording_rep_evidence': ['SELECT'],
  'authenticated:challenge_events': ['DELETE', 'SELECT'],
  'authenticated:challenge_recordings': ['DELETE', 'SELECT'],
  'authenticated:challenges': ['DELETE', 'SELECT'],
  'authenticated:exercise_definitions': ['DELETE', 'SELECT'],
  'authenticated:leaderboard_entries': ['SELECT'],
  'authenticated:recording_rep_evidence': ['SELECT'],
  'authenticated:user_profiles': ['SELECT'],
  'authenticated:waitlist': ['DELETE', 'SELECT'],
};

const COLUMN_PRIVILEGES: Record<string, string[]> = {
  'anon:waitlist:INSERT': ['email', 'source'],
  'authenticated:waitlist:INSERT': ['email', 'source'],
  'authenticated:user_profiles:INSERT': [
    'age',
    'email',
    'expectations',
    'full_name',
    'gender',
    'goals',
    'height_cm',
    'id',
    'target_weight_kg',
    'weight_kg',
  ],
  'authenticated:user_profiles:UPDATE': [
    'age',
    'expectations',
    'full_name',
    'gender',
    'goals',
    'height_cm',
    'target_weight_kg',
    'updated_at',
    'weight_kg',
  ],
  'authenticated:challenge_events:INSERT': ['challenge_id', 'template'],
  'authenticated:challenge_events:UPDATE': ['template'],
  'authenticated:exercise_definitions:INSERT': ['author', 'definition', 'name'],
  'authenticated:exercise_definitions:UPDATE': ['definition', 'name', 'updated_at'],
  'authenticated:challenges:INSERT': [
    'challenge_length_unit',
    'challenge_length_value',
    'challenge_type',
    'created_by',
    'description',
    'end_date',
    'exercise_definition_id',
    'gender_filter',
    'hide_results_until_finished',
    'increment_cadence_unit',
    'increment_cadence_value',
    'increment_value',
    'is_active',
    'is_daily',
    'is_hidden',
    'min_daily_reps',
    'name',
    'slug',
    'start_date',
  ],
  'authenticated:challenges:UPDATE': [
    'challenge_length_unit',
    'challenge_length_value',
    'challenge_type',
    'description',
    'end_date',
    'exercise_definition_id',
    'first_participant_joined_at',
    'gender_filter',
    'hide_results_until_finished',
    'increment_cadence_unit',
    'increment_cadence_value',
    'increment_value',
    'is_active',
    'is_daily',
    'is_hidden',
    'min_daily_reps',
    'name',
    'slug',
    'start_date',
  ],
  'authenticated:challenge_recordings:INSERT': [
    'analysis_data',
    'challenge_id',
    'duration_seconds',
    'email',
    'gender',
    'gif_url',
    'invalid_reps',
    'name',
    'referral_count',
    'referred_by',
    'time_zone',
    'total_reps',
    'user_id',
    'valid_reps',
    'video_url',
  ],
  // Counts, media and verification are not writable after insert (issue 18): admins correct a
  // name or a gender; counts change only by verifying again.
  'authenticated:challenge_recordings:UPDATE': ['gender', 'name'],
};

describe('privileges of anon and authenticated in the exposed schema', () => {
  it('table-level privileges are exactly those of the permission table', async () => {
    const rows = await sql<{ key: string; privileges: string[] }>(
      `select grantee || ':' || table_name as key, array_agg(privilege_type::text order by privilege_type) as privileges
       from information_schema.role_table_grants
       where table_schema = 'public' and grantee in ('anon', 'authenticated')
       group by grantee, table_name order by 1`,
    );
    expect(Object.fromEntries(rows.map((row) => [row.key, row.privileges]))).toEqual(
      TABLE_PRIVILEGES,
    );
  });
  it('column-level privileges are exactly those of the permission table', async () => {
    const rows = await sql<{ key: string; columns: string[] }>(
      `select acl.grantee::regrole::text || ':' || c.relname || ':' || acl.privilege_type as key, array_agg(a.attname::text order by a.attname) as columns
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
       cross join lateral aclexplode(a.attacl) acl
       where a.attacl is not null and acl.grantee in ('anon'::regrole, 'authenticated'::regrole)
       group by 1 order by 1`,
    );
    expect(Object.fromEntries(rows.map((row) => [row.key, row.columns]))).toEqual(
      COLUMN_PRIVILEGES,
    );
  });
  it('every table has row-level security on', async () => {
    const rows = await sql<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    );
    expect(rows).toEqual(
      [
        'challenge_events',
        'challenge_recordings',
        'challenges',
        'exercise_definitions',
        'recording_rep_evidence',
        'user_profiles',
        'waitlist',
      ].map((relname) => ({ relname, relrowsecurity: true })),
    );
  });
  it('the only functions the API roles can call are those of the permission table', async () => {
    const rows = await sql<{ role: string; name: string }>(
      `select r.rolname as role, p.proname as name
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace and n.nspname = 'public'
       cross join (values ('anon'), ('authenticated')) as r(rolname)
       where has_function_privilege(r.rolname, p.oid, 'execute') order by 1, 2`,
    );
    expect(rows).toEqual([
      { role: 'anon', name: 'challenge_leaderboard' },
      { role: 'anon', name: 'challenge_leaderboard_aggregate' },
      { role: 'anon', name: 'is_admin' },
      { role: 'anon', name: 'record_recording_share' },
      { role: 'authenticated', name: 'admin_challenge_stats' },
      { role: 'authenticated', name: 'admin_recording_totals' },
      { role: 'authenticated', name: 'attach_recording_video' },
      { role: 'authenticated', name: 'challenge_leaderboard' },
      { role: 'authenticated', name: 'challenge_leaderboard_aggregate' },
      { role: 'authenticated', name: 'daily_attempt_status' },
      { role: 'authenticated', name: 'is_admin' },
      { role: 'authenticated', name: 'join_challenge' },
      { role: 'authenticated', name: 'record_recording_share' },
    ]);
  });
  it('the API roles cannot reach the internal schemas', async () => {
    const rows = await sql<{ role: string; schema: string }>(
      `select r.rolname as role, s.nspname as schema
       from pg_namespace s cross join (values ('anon'), ('authenticated')) as r(rolname)
       where s.nspname in ('auth', 'reptemple_private', 'supabase_migrations', 'reptemple_local', 'pgboss')
         and exists (select 1 from pg_class c where c.relnamespace = s.oid and c.relkind in ('r', 'v')
                     and has_table_privilege(r.rolname, c.oid, 'select, insert, update, delete'))`,
    );
    expect(rows).toEqual([]);
    // The job queue's schema exists (the media jobs use it) and the API roles cannot even use it.
    const queue = await sql<{ anon: boolean; authenticated: boolean }>(
      `select has_schema_privilege('anon', 'pgboss', 'usage') as anon,
              has_schema_privilege('authenticated', 'pgboss', 'usage') as authenticated`,
    );
    expect(queue).toEqual([{ anon: false, authenticated: false }]);
  });
});
