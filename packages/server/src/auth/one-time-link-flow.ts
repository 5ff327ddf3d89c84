// One-time links and codes (POST /otp, /magiclink, /recover; GET and POST /verify): an e-mail with
// a link and a six-digit code, each good once for an hour. Opening the link or typing the code
// proves the address and starts a session (or, in the PKCE flow, hands back an auth code).

import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { ONE_TIME_LINK_TTL_SECONDS, PKCE_CODE_TTL_SECONDS } from '../constants.js';
import type { Logger } from '../log.js';
import { AuthApiError, authErrors } from './auth-error.js';
import { metadataObject, normalizeEmail } from './input.js';
import { composeOneTimeLinkMail, type Mailer } from './mailer.js';
import { newSixDigitCode, newToken, sha256 } from './opaque-tokens.js';
import type { ClientContext, SessionResponse, Sessions } from './sessions.js';
import type { AuthThrottle } from './throttle.js';
import { inTransaction } from './transaction.js';
import { type AuthUserRow, USER_COLUMNS } from './user-json.js';
import { createUser, findUserByEmail } from './users.js';

export type OneTimeLinkKind = 'magiclink' | 'recovery';

export interface OneTimeLinkFlowOptions {
  pool: pg.Pool;
  sessions: Sessions;
  throttle: AuthThrottle;
  mailer: Mailer;
  /** e.g. http://localhost:54321 */
  publicUrl: string;
  /** Turns a requested redirect into an allowed one (or the site URL). */
  resolveRedirect: (requested: string | undefined) => string;
  log: Logger;
}

interface ConsumedToken {
  user_id: string;
  token_type: string;
  redirect_to: string | null;
  code_challenge: string | null;
  code_challenge_method: string | null;
}

export class OneTimeLinkFlow {
  constructor(private readonly options: OneTimeLinkFlowOptions) {}

  /** Sends a one-time link and code. Unknown addresses get an account when createUser allows
   * (magic-link sign-up, spec 01 §4); recovery never creates one and never reveals whether the
   * address has an account. */
  async send(
    kind: OneTimeLinkKind,
    body: Record<string, unknown>,
    redirectTo: string | undefined,
    client: ClientContext,
  ): Promise<void> {
    const { pool, throttle, log } = this.options;
    await throttle.limitAddress('emailSendPerIp', client.ip, 'e-mails requested from this address');
    const email = normalizeEmail(body.email);
    await throttle.limitMailTo(email);

    let user = await findUserByEmail(pool, email);
    if (!user) {
      if (kind === 'recovery') return;
      if (body.create_user === false) throw authErrors.otpSignupsDisabled();
      try {
        user = await createUser(pool, {
          email,
          password: undefined,
          userMetadata: metadataObject(body.data, 'data'),
          emailConfirmed: false,
        });
        log.info('auth_signup_by_link', { userId: user.id });
      } catch (error) {
        if (!(error instanceof AuthApiError && error.code === 'user_already_exists')) throw error;
        user = await findUserByEmail(pool, email);
        if (!user) throw error;
      }
    }
    const codeChallenge =
      typeof body.code_challenge === 'string' && body.code_challenge ? body.code_challenge : null;
    const codeChallengeMethod = codeChallenge
      ? String(body.code_challenge_method ?? 's256').toLowerCase()
      : null;
    if (codeChallengeMethod && codeChallengeMethod !== 's256' && codeChallengeMethod !== 'plain') {
      throw authErrors.validation(
        'Unsupported code challenge method',
        's256 or plain',
        codeChallengeMethod,
      );
    }
    const token = newToken();
    const code = newSixDigitCode();
    const redirect = this.options.resolveRedirect(redirectTo);
    await pool.query(
      'delete from auth.one_time_tokens where user_id = $1 and token_type = $2 and used_at is null',
      [user.id, kind],
    );
    await pool.query(
      `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, otp_hash, redirect_to, code_challenge, code_challenge_method, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(secs => $9))`,
      [
        randomUUID(),
        user.id,
        kind,
        sha256(token),
        sha256(`${user.id}:${code}`),
        redirect,
        codeChallenge,
        codeChallengeMethod,
        ONE_TIME_LINK_TTL_SECONDS,
      ],
    );
    await pool.query(
      `update auth.users set ${kind === 'recovery' ? 'recovery_sent_at' : 'confirmation_sent_at'} = now() where id = $1`,
      [user.id],
    );
    const link = `${this.options.publicUrl}/auth/v1/verify?token=${token}&type=${kind}&redirect_to=${encodeURIComponent(redirect)}`;
    await this.options.mailer.send(composeOneTimeLinkMail(kind, email, link, code));
  }

  /** GET /verify from the e-mailed link: answers the URL to redirect the browser to, with the
   * session in the fragment (implicit flow) or an auth code in the query (PKCE flow). */
  async verifyLink(query: URLSearchParams, client: ClientContext): Promise<string> {
    const { pool, sessions, throttle, log } = this.options;
    const fallbackRedirect = this.options.resolveRedirect(query.get('redirect_to') ?? undefined);
    const token = query.get('token');
    const verdict = await throttle.countAddress('verifyPerIp', client.ip);
    const errorRedirect = (code: string, description: string) =>
      `${fallbackRedirect}#error=access_denied&error_code=${code}&error_description=${encodeURIComponent(description).replace(/%20/g, '+')}`;
    if (!verdict.allowed)
      return errorRedirect('over_request_rate_limit', 'Request rate limit reached');
    if (!token) return errorRedirect('otp_expired', 'Email link is invalid or has expired');
    return inTransaction(pool, log, async (db) => {
      let consumed: ConsumedToken;
      try {
        consumed = await consumeOneTimeToken(db, { tokenHash: sha256(token) });
      } catch (error) {
        await db.query('rollback');
        if (error instanceof AuthApiError)
          return errorRedirect('otp_expired', 'Email link is invalid or has expired');
        throw error;
      }
      const redirect = consumed.redirect_to ?? fallbackRedirect;
      const user = await confirmEmail(db, consumed.user_id);
      if (consumed.code_challenge && consumed.code_challenge_method) {
        const authCode = randomUUID();
        await db.query(
          `insert into auth.flow_state (id, user_id, auth_code_hash, code_challenge, code_challenge_method, authentication_method, expires_at)
           values ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
          [
            randomUUID(),
            user.id,
            sha256(authCode),
            consumed.code_challenge,
            consumed.code_challenge_method,
            consumed.token_type,
            PKCE_CODE_TTL_SECONDS,
          ],
        );
        await db.query('commit');
        const url = new URL(redirect);
        url.searchParams.set('code', authCode);
        return url.toString();
      }
      const session = await sessions.issue(user, 'otp', client, db);
      await db.query('commit');
      const fragment = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type: consumed.token_type,
      });
      return `${redirect.split('#')[0]}#${fragment.toString()}`;
    });
  }

  /** POST /verify: the six-digit code from the e-mail (or the link's token hash) for a session. */
  async verifyCode(body: Record<string, unknown>, client: ClientContext): Promise<SessionResponse> {
    const { pool, sessions, throttle, log } = this.options;
    await throttle.limitAddress(
      'verifyPerIp',
      client.ip,
      'verification attempts from this address',
    );
    const type = String(body.type ?? '');
    const types = type === 'recovery' ? ['recovery'] : ['magiclink'];
    if (!['email', 'magiclink', 'signup', 'recovery'].includes(type)) {
      throw authErrors.validation(
        'Verify requires a verification type',
        'email, magiclink, signup or recovery',
        type,
      );
    }
    return inTransaction(pool, log, async (db) => {
      let consumed: ConsumedToken;
      if (typeof body.token_hash === 'string' && body.token_hash) {
        consumed = await consumeOneTimeToken(db, { tokenHash: sha256(body.token_hash) });
      } else {
        const email = normalizeEmail(body.email);
        await throttle.refuseWhileLockedOut(
          'otp',
          email,
          client.ip,
          'wrong codes for this account',
        );
        const user = await findUserByEmail(db, email);
        try {
          if (!user || typeof body.token !== 'string' || !/^\d{6}$/.test(body.token))
            throw authErrors.otpExpired();
          consumed = await consumeOneTimeToken(db, {
            userId: user.id,
            code: body.token,
            types,
          });
        } catch (error) {
          await throttle.recordFailure('otp', email, client.ip);
          throw error;
        }
      }
      const user = await confirmEmail(db, consumed.user_id);
      const session = await sessions.issue(user, 'otp', client, db);
      await db.query('commit');
      return session;
    });
  }
}

/** Consumes a one-time token (by link hash or by e-mail and code) exactly once. */
async function consumeOneTimeToken(
  db: pg.ClientBase,
  match: { tokenHash: string } | { userId: string; code: string; types: string[] },
): Promise<ConsumedToken> {
  const { rows } =
    'tokenHash' in match
      ? await db.query<ConsumedToken>(
          `update auth.one_time_tokens set used_at = now()
           where token_hash = $1 and used_at is null and expires_at > now()
           returning user_id, token_type, redirect_to, code_challenge, code_challenge_method`,
          [match.tokenHash],
        )
      : await db.query<ConsumedToken>(
          `update auth.one_time_tokens set used_at = now()
           where id = (select id from auth.one_time_tokens
                       where user_id = $1 and otp_hash = $2 and token_type = any($3) and used_at is null and expires_at > now()
                       order by created_at desc limit 1)
           returning user_id, token_type, redirect_to, code_challenge, code_challenge_method`,
          [match.userId, sha256(`${match.userId}:${match.code}`), match.types],
        );
  if (!rows[0]) throw authErrors.otpExpired();
  return rows[0];
}

/** The owner proved the address: mark it verified. If it was not verified before, a password set
 * by whoever signed up first is dropped and their other sessions end, so nobody keeps access to
 * an account created with someone else's address. */
async function confirmEmail(db: pg.ClientBase, userId: string): Promise<AuthUserRow> {
  const before = await db.query<{ email_confirmed_at: Date | null }>(
    'select email_confirmed_at from auth.users where id = $1 for update',
    [userId],
  );
  const wasUnverified = before.rows[0]?.email_confirmed_at === null;
  const { rows } = await db.query<AuthUserRow>(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()),
       encrypted_password = case when $2 then '' else encrypted_password end, updated_at = now()
     where id = $1 returning ${USER_COLUMNS}`,
    [userId, wasUnverified],
  );
  if (wasUnverified) await db.query('delete from auth.sessions where user_id = $1', [userId]);
  if (!rows[0]) throw authErrors.otpExpired();
  return rows[0];
}
