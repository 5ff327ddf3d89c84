// The refresh_token grant (POST /token?grant_type=refresh_token): rotates a session's refresh
// token. Using an exchanged token again ends the whole session (it was stolen, or replayed),
// except within a few seconds, when two tabs refreshed at once.

import type pg from 'pg';
import { REFRESH_TOKEN_REUSE_INTERVAL_SECONDS } from '../constants.js';
import type { Logger } from '../log.js';
import { AuthApiError, authErrors } from './auth-error.js';
import { newToken, sha256 } from './opaque-tokens.js';
import type { ClientContext, SessionResponse, Sessions } from './sessions.js';
import type { AuthThrottle } from './throttle.js';
import { type AuthUserRow, USER_COLUMNS } from './user-json.js';

interface RefreshTokenRow {
  id: string;
  user_id: string;
  session_id: string;
  revoked: boolean;
  updated_at: Date;
  amr_method: string;
  session_created_at: Date;
}

export class RefreshGrant {
  constructor(
    private readonly pool: pg.Pool,
    private readonly sessions: Sessions,
    private readonly throttle: AuthThrottle,
    private readonly log: Logger,
  ) {}

  async refresh(body: Record<string, unknown>, client: ClientContext): Promise<SessionResponse> {
    await this.throttle.limitAddress(
      'refreshPerIp',
      client.ip,
      'token refreshes from this address',
    );
    if (typeof body.refresh_token !== 'string' || !body.refresh_token) {
      throw authErrors.validation(
        'Refresh token is required',
        'refresh_token in the body',
        typeof body.refresh_token,
      );
    }
    const tokenHash = sha256(body.refresh_token);
    const db = await this.pool.connect();
    try {
      await db.query('begin');
      const { rows } = await db.query<RefreshTokenRow>(
        `select t.id, t.user_id, t.session_id, t.revoked, t.updated_at, s.amr_method, s.created_at as session_created_at
         from auth.refresh_tokens t join auth.sessions s on s.id = t.session_id
         where t.token_hash = $1 for update of t, s`,
        [tokenHash],
      );
      const token = rows[0];
      if (!token) {
        await db.query('rollback');
        throw authErrors.refreshTokenNotFound();
      }
      if (token.revoked) {
        const ageSeconds = (Date.now() - token.updated_at.getTime()) / 1000;
        if (ageSeconds > REFRESH_TOKEN_REUSE_INTERVAL_SECONDS) {
          await db.query('delete from auth.sessions where id = $1', [token.session_id]);
          await db.query('commit');
          this.log.warn('auth_refresh_token_reused', {
            userId: token.user_id,
            sessionId: token.session_id,
          });
          throw authErrors.refreshTokenAlreadyUsed();
        }
      } else {
        await db.query(
          'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1',
          [token.id],
        );
      }
      const nextToken = newToken();
      await db.query(
        'insert into auth.refresh_tokens (token_hash, user_id, session_id, parent_hash) values ($1, $2, $3, $4)',
        [sha256(nextToken), token.user_id, token.session_id, tokenHash],
      );
      await db.query(
        'update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1',
        [token.session_id],
      );
      const user = await db.query<AuthUserRow>(
        `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`,
        [token.user_id],
      );
      if (!user.rows[0]) {
        await db.query('rollback');
        throw authErrors.refreshTokenNotFound();
      }
      await db.query('commit');
      return this.sessions.respond(
        user.rows[0],
        token.session_id,
        token.amr_method,
        Math.floor(token.session_created_at.getTime() / 1000),
        nextToken,
      );
    } catch (error) {
      if (!(error instanceof AuthApiError)) await db.query('rollback');
      throw error;
    } finally {
      db.release();
    }
  }
}
