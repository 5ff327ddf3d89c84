// Accounts in auth.users: look-ups and creation. Passwords are stored as bcrypt hashes.

import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { authErrors } from './auth-error.js';
import { hashPassword } from './password-hashing.js';
import { type AuthUserRow, USER_COLUMNS } from './user-json.js';

export type Queryable = pg.ClientBase | pg.Pool;

export interface NewUser {
  email: string;
  /** undefined for an account made by a one-time link, which has no password. */
  password: string | undefined;
  userMetadata: Record<string, unknown>;
  /** The address was proven (a link) or is trusted (the seeded admin). */
  emailConfirmed: boolean;
}

export async function findUserByEmail(
  db: Queryable,
  email: string,
): Promise<AuthUserRow | undefined> {
  const { rows } = await db.query<AuthUserRow>(
    `select ${USER_COLUMNS} from auth.users where email = $1 and deleted_at is null`,
    [email],
  );
  return rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<AuthUserRow | undefined> {
  const { rows } = await db.query<AuthUserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`,
    [id],
  );
  return rows[0];
}

/** Creates an account; a second account for one address is refused (user_already_exists). */
export async function createUser(db: Queryable, input: NewUser): Promise<AuthUserRow> {
  const hash = input.password === undefined ? '' : await hashPassword(input.password);
  try {
    const { rows } = await db.query<AuthUserRow>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
         case when $4 then now() end, $5, $6, now(), now(), false)
       returning ${USER_COLUMNS}`,
      [
        randomUUID(),
        input.email,
        hash,
        input.emailConfirmed,
        { provider: 'email', providers: ['email'] },
        input.userMetadata,
      ],
    );
    return rows[0]!;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw authErrors.userAlreadyExists();
    throw error;
  }
}
