// The signed-in user's own endpoints: GET /user, PUT /user (password and metadata) and
// POST /logout (this session, the others, or all).

import type pg from 'pg';
import type { Logger } from '../log.js';
import { AuthApiError, authErrors } from './auth-error.js';
import { checkPasswordStrength, metadataObject, normalizeEmail } from './input.js';
import { hashPassword, passwordMatches } from './password-hashing.js';
import type { Sessions } from './sessions.js';
import { type AuthUserRow, USER_COLUMNS, userJson } from './user-json.js';

export type LogoutScope = 'global' | 'local' | 'others';
const LOGOUT_SCOPES: readonly string[] = ['global', 'local', 'others'] satisfies LogoutScope[];

export class UserEndpoint {
  constructor(
    private readonly pool: pg.Pool,
    private readonly sessions: Sessions,
    private readonly log: Logger,
  ) {}

  async getUser(authorization: string | undefined): Promise<Record<string, unknown>> {
    const { user } = await this.sessions.authenticate(authorization);
    return userJson(user);
  }

  /** PUT /user: password and user metadata. The e-mail address cannot be changed (spec 01 §2). */
  async updateUser(
    authorization: string | undefined,
    body: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const { user } = await this.sessions.authenticate(authorization);
    if (body.email !== undefined && normalizeEmail(body.email) !== user.email) {
      throw new AuthApiError({
        code: 'email_change_not_supported',
        status: 422,
        message: 'The e-mail address of an account cannot be changed. Please contact support.',
        expected: 'no email field, or the current address',
        received: 'a different address',
      });
    }
    if (body.phone !== undefined && body.phone !== '') {
      throw authErrors.validation('Phone numbers are not supported', 'no phone field');
    }
    const metadata = body.data === undefined ? undefined : metadataObject(body.data, 'data');
    let hash: string | undefined;
    if (body.password !== undefined) {
      const password = checkPasswordStrength(body.password);
      if (user.encrypted_password && (await passwordMatches(password, user.encrypted_password)))
        throw authErrors.samePassword();
      hash = await hashPassword(password);
    }
    const { rows } = await this.pool.query<AuthUserRow>(
      `update auth.users set
         encrypted_password = coalesce($2, encrypted_password),
         raw_user_meta_data = case when $3::jsonb is null then raw_user_meta_data
                                   else coalesce(raw_user_meta_data, '{}'::jsonb) || $3::jsonb end,
         updated_at = now()
       where id = $1 returning ${USER_COLUMNS}`,
      [user.id, hash ?? null, metadata === undefined ? null : JSON.stringify(metadata)],
    );
    return userJson(rows[0]!);
  }

  async logout(authorization: string | undefined, scopeParam: string | null): Promise<void> {
    const scope = scopeParam ?? 'global';
    if (!LOGOUT_SCOPES.includes(scope)) {
      throw authErrors.validation('Unsupported logout scope', 'global, local or others', scope);
    }
    const { claims, user } = await this.sessions.authenticate(authorization);
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null;
    if (scope === 'global' || !sessionId) {
      await this.pool.query('delete from auth.sessions where user_id = $1', [user.id]);
    } else if (scope === 'local') {
      await this.pool.query('delete from auth.sessions where id = $1', [sessionId]);
    } else {
      await this.pool.query('delete from auth.sessions where user_id = $1 and id <> $2', [
        user.id,
        sessionId,
      ]);
    }
    this.log.info('auth_logout', { userId: user.id, scope });
  }
}
