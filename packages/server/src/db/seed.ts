// Data a fresh installation needs: the built-in push-up definition (refreshed on every start, so
// it follows @reptemple/definitions), and once: an admin account whose generated password is
// printed once, a demo challenge of each type, Pushtober and a demo event.

import { randomBytes } from 'node:crypto';
import { builtinDefinitions } from '@reptemple/definitions';
import type pg from 'pg';
import type { AuthService } from '../auth/service.js';
import { BUILTIN_PUSHUP_DEFINITION_ID, CHALLENGE_CREATION_DEFAULTS } from '../constants.js';
import type { Logger } from '../log.js';
import { refreshTimeZoneNames, seedDemoEvent, seedPushtober } from './seed-events.js';

export interface SeedResult {
  /** Set only on the start that created the admin account. */
  adminPassword: string | undefined;
  adminEmail: string;
}

/** The single place the built-in definition comes from. */
function builtinPushupDocument(): { name: string; definition: unknown } {
  const definition = builtinDefinitions.pushup;
  return { name: definition.name, definition };
}

async function runOnce(pool: pg.Pool, step: string, work: () => Promise<void>): Promise<boolean> {
  const { rowCount } = await pool.query(
    'select 1 from reptemple_local.seed_state where step = $1',
    [step],
  );
  if (rowCount) return false;
  await work();
  await pool.query(
    'insert into reptemple_local.seed_state (step) values ($1) on conflict do nothing',
    [step],
  );
  return true;
}

export async function seedDatabase(
  pool: pg.Pool,
  auth: AuthService,
  adminEmail: string,
  log: Logger,
): Promise<SeedResult> {
  const pushup = builtinPushupDocument();
  await pool.query(
    `insert into public.exercise_definitions (id, name, definition, author) values ($1, $2, $3, null)
     on conflict (id) do update set name = excluded.name, definition = excluded.definition
       where exercise_definitions.definition is distinct from excluded.definition or exercise_definitions.name is distinct from excluded.name`,
    [BUILTIN_PUSHUP_DEFINITION_ID, pushup.name, JSON.stringify(pushup.definition)],
  );

  let adminPassword: string | undefined;
  await runOnce(pool, 'admin_account', async () => {
    const existing = await pool.query<{ id: string }>(
      'select id from auth.users where email = $1',
      [adminEmail],
    );
    let adminId = existing.rows[0]?.id;
    if (!adminId) {
      adminPassword = randomBytes(15).toString('base64url');
      const user = await auth.createUser({
        email: adminEmail,
        password: adminPassword,
        userMetadata: { full_name: 'RepTemple Admin' },
        emailConfirmed: true,
      });
      adminId = user.id;
    }
    await pool.query('update public.user_profiles set is_admin = true where id = $1', [adminId]);
    log.info('seed_admin_account', { email: adminEmail, created: adminPassword !== undefined });
  });

  await runOnce(pool, 'demo_challenges', async () => {
    const admin = await pool.query<{ id: string }>('select id from auth.users where email = $1', [
      adminEmail,
    ]);
    const createdBy = admin.rows[0]?.id ?? null;
    const d = CHALLENGE_CREATION_DEFAULTS;
    const demos = [
      {
        slug: 'demo-daily-accountability',
        name: 'Daily Push-up Accountability (demo)',
        description: `Do at least ${d.minDailyReps} clean push-ups every day for ${d.challengeLengthValue} ${d.challengeLengthUnit}. One submission a day.`,
        type: 'accountability',
        isDaily: true,
        length: [d.challengeLengthValue, d.challengeLengthUnit],
        minDailyReps: d.minDailyReps,
        increment: [null, null, null],
      },
      {
        slug: 'demo-progression',
        name: 'Push-up Progression (demo)',
        description: `Start at ${d.minDailyReps} push-ups a day and add ${d.incrementValue} every ${d.incrementCadenceValue} day.`,
        type: 'progression',
        isDaily: false,
        length: [30, 'days'],
        minDailyReps: d.minDailyReps,
        increment: [d.incrementValue, d.incrementCadenceValue, d.incrementCadenceUnit],
      },
      {
        slug: 'demo-winner-takes-it-all',
        name: 'Winner Takes It All (demo)',
        description:
          '72 hours from the first participant: the most clean push-ups in one session wins.',
        type: 'duel',
        isDaily: false,
        length: [null, null],
        minDailyReps: null,
        increment: [null, null, null],
      },
    ] as const;
    for (const demo of demos) {
      await pool.query(
        `insert into public.challenges (slug, name, description, exercise_definition_id, challenge_type, is_daily,
           hide_results_until_finished, created_by, challenge_length_value, challenge_length_unit, min_daily_reps,
           increment_value, increment_cadence_value, increment_cadence_unit)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
         on conflict (slug) do nothing`,
        [
          demo.slug,
          demo.name,
          demo.description,
          BUILTIN_PUSHUP_DEFINITION_ID,
          demo.type,
          demo.isDaily,
          demo.type === 'duel',
          createdBy,
          demo.length[0],
          demo.length[1],
          demo.minDailyReps,
          demo.increment[0],
          demo.increment[1],
          demo.increment[2],
        ],
      );
    }
    log.info('seed_demo_challenges', { count: demos.length });
  });

  await refreshTimeZoneNames(pool);
  const adminId = async () =>
    (await pool.query<{ id: string }>('select id from auth.users where email = $1', [adminEmail]))
      .rows[0]?.id ?? null;
  await runOnce(pool, 'pushtober_challenge', async () => {
    await seedPushtober(pool, await adminId(), new Date());
    log.info('seed_pushtober');
  });
  await runOnce(pool, 'demo_event', async () => {
    await seedDemoEvent(pool, await adminId());
    log.info('seed_demo_event');
  });

  return { adminPassword, adminEmail };
}
