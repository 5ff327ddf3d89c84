// Sessions and the tokens that carry them: a session row with its first refresh token, the HS256
// access token with the claims Supabase Auth issues, and the check of an access token on a request.

import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { ACCESS_TOKEN_TTL_SECONDS } from '../constants.js';
import { AuthApiError, authErrors } from './auth-error.js';
import { type JwtClaims, signJwt, verifyJwt } from './jwt.js';
import { newToken, sha256 } from './opaque-tokens.js';
import { type AuthUserRow, USER_COLUMNS, userJson } from './user-json.js';
import { findUserById, type Queryable } from './users.js';

export interface ClientContext {
  ip: string;
  userAgent: string | undefined;
}

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

export class Sessions {
  constructor(
    private readonly pool: pg.Pool,
    private readonly jwtSecret: string,
    /** The token issuer, {public URL}/auth/v1. */
    private readonly issuer: string,
  ) {}

  /** Starts a session for the user (signed in by `method`: password, otp) and answers its tokens. */
  async issue(
    user: AuthUserRow,
    method: string,
    client: ClientContext,
    db: Queryable = this.pool,
  ): Promise<SessionResponse> {
    const sessionId = randomUUID();
    const refreshToken = newToken();
    await db.query(
      `insert into auth.sessions (id, user_id, amr_method, user_agent, ip) values ($1, $2, $3, $4, $5)`,
      [sessionId, user.id, method, client.userAgent?.slice(0, 500) ?? null, client.ip],
    );
    await db.query(
      `insert into auth.refresh_tokens (token_hash, user_id, session_id) values ($1, $2, $3)`,
      [sha256(refreshToken), user.id, sessionId],
    );
    const { rows } = await db.query<AuthUserRow>(
      `update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning ${USER_COLUMNS}`,
      [user.id],
    );
    const signedIn = rows[0] ?? user;
    return this.respond(signedIn, sessionId, method, Math.floor(Date.now() / 1000), refreshToken);
  }

  /** The token answer for a session: a fresh access token and the given refresh token.
   * `authenticatedAt` (s since epoch) is when the session began. */
  respond(
    user: AuthUserRow,
    sessionId: string,
    method: string,
    authenticatedAt: number,
    refreshToken: string,
  ): SessionResponse {
    const iat = Math.floor(Date.now() / 1000);
    const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
    const json = userJson(user);
    const claims: JwtClaims = {
      iss: this.issuer,
      sub: user.id,
      aud: 'authenticated',
      exp,
      iat,
      email: user.email ?? '',
      phone: '',
      app_metadata: json.app_metadata,
      user_metadata: json.user_metadata,
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method, timestamp: authenticatedAt }],
      session_id: sessionId,
      is_anonymous: false,
    };
    return {
      access_token: signJwt(claims, this.jwtSecret),
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      expires_at: exp,
      refresh_token: refreshToken,
      user: json,
    };
  }

  /** Verifies an access token for the auth API: a user's token of a live session. */
  async authenticate(
    authorization: string | undefined,
  ): Promise<{ claims: JwtClaims; user: AuthUserRow }> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match) throw authErrors.noAuthorization();
    const claims = verifyJwt(match[1]!, this.jwtSecret);
    if (typeof claims.sub !== 'string' || !claims.sub) {
      throw new AuthApiError({
        code: 'bad_jwt',
        status: 403,
        message: 'invalid claim: missing sub claim',
        expected: "a user's access token",
        received: `a token with role ${String(claims.role)}`,
      });
    }
    if (typeof claims.session_id === 'string') {
      const { rowCount } = await this.pool.query('select 1 from auth.sessions where id = $1', [
        claims.session_id,
      ]);
      if (!rowCount) throw authErrors.sessionNotFound();
    }
    const user = await findUserById(this.pool, claims.sub);
    if (!user) throw authErrors.userNotFound();
    return { claims, user };
  }
}
