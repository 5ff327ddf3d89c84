// The pkce grant (POST /token?grant_type=pkce): the auth code a one-time link redirected with,
// plus the code verifier of the browser that asked for the link, for a session.

import type pg from 'pg';
import type { Logger } from '../log.js';
import { authErrors } from './auth-error.js';
import { pkceChallengeMatches, sha256 } from './opaque-tokens.js';
import type { ClientContext, SessionResponse, Sessions } from './sessions.js';
import type { AuthThrottle } from './throttle.js';
import { inTransaction } from './transaction.js';
import { type AuthUserRow, USER_COLUMNS } from './user-json.js';

interface FlowStateRow {
  id: string;
  user_id: string;
  code_challenge: string;
  code_challenge_method: string;
  authentication_method: string;
}

export class PkceGrant {
  constructor(
    private readonly pool: pg.Pool,
    private readonly sessions: Sessions,
    private readonly throttle: AuthThrottle,
    private readonly log: Logger,
  ) {}

  async exchangeAuthCode(
    body: Record<string, unknown>,
    client: ClientContext,
  ): Promise<SessionResponse> {
    await this.throttle.limitAddress('verifyPerIp', client.ip, 'code exchanges from this address');
    const { auth_code: authCode, code_verifier: codeVerifier } = body;
    if (typeof authCode !== 'string' || typeof codeVerifier !== 'string') {
      throw authErrors.validation(
        'invalid request: both auth code and code verifier should be non-empty',
        'auth_code and code_verifier',
      );
    }
    return inTransaction(this.pool, this.log, async (db) => {
      const { rows } = await db.query<FlowStateRow>(
        `update auth.flow_state set used_at = now()
         where auth_code_hash = $1 and used_at is null and expires_at > now()
         returning id, user_id, code_challenge, code_challenge_method, authentication_method`,
        [sha256(authCode)],
      );
      const flow = rows[0];
      if (!flow) throw authErrors.flowStateNotFound();
      if (!pkceChallengeMatches(codeVerifier, flow.code_challenge, flow.code_challenge_method))
        throw authErrors.badCodeVerifier();
      const user = await db.query<AuthUserRow>(
        `select ${USER_COLUMNS} from auth.users where id = $1`,
        [flow.user_id],
      );
      if (!user.rows[0]) throw authErrors.flowStateNotFound();
      const session = await this.sessions.issue(user.rows[0], 'otp', client, db);
      await db.query('commit');
      return session;
    });
  }
}
