// The auth service's logic: accounts in auth.users with bcrypt hashes, sessions with rotating
// refresh tokens (reuse detection), one-time links and codes, and HS256 access tokens with the
// claims Supabase Auth issues. HTTP concerns live in auth/routes.ts.

import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type pg from 'pg';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  type AuthRateLimits,
  BCRYPT_COST,
  EMAIL_SEND_INTERVAL_SECONDS,
  ONE_TIME_LINK_TTL_SECONDS,
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN_LENGTH,
  PKCE_CODE_TTL_SECONDS,
  REFRESH_TOKEN_REUSE_INTERVAL_SECONDS,
} from '../constants.js';
import type { Logger } from '../log.js';
import { AuthApiError, authErrors } from './auth-error.js';
import { type JwtClaims, signJwt, verifyJwt } from './jwt.js';
import { composeOneTimeLinkMail, type Mailer } from './mailer.js';
import type { RateLimiter } from './rate-limit.js';
import { type AuthUserRow, USER_COLUMNS, userJson } from './user-json.js';

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

export type OneTimeLinkKind = 'magiclink' | 'recovery';
export type LogoutScope = 'global' | 'local' | 'others';

export interface AuthServiceOptions {
  pool: pg.Pool;
  jwtSecret: string;
  /** e.g. http://localhost:54321 */
  publicUrl: string;
  mailer: Mailer;
  limiter: RateLimiter;
  rateLimits: AuthRateLimits;
  /** Turns a requested redirect into an allowed one (or the site URL). */
  resolveRedirect: (requested: string | undefined) => string;
  log: Logger;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

function normalizeEmail(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.trim()) {
    throw authErrors.validation('An email address is required', 'an e-mail address', typeof raw);
  }
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) {
    throw authErrors.validation(
      'Unable to validate email address: invalid format',
      'name@example.com',
      raw,
    );
  }
  return email;
}

function checkPasswordStrength(password: unknown): string {
  if (typeof password !== 'string' || password.length === 0) {
    throw authErrors.validation('Signup requires a valid password', 'a password', typeof password);
  }
  if (password.length < PASSWORD_MIN_LENGTH)
    throw authErrors.weakPassword(PASSWORD_MIN_LENGTH, password.length);
  if (Buffer.byteLength(password) > PASSWORD_MAX_BYTES) {
    throw new AuthApiError({
      code: 'validation_failed',
      status: 422,
      message: `Password cannot be longer than ${PASSWORD_MAX_BYTES} characters`,
      expected: `at most ${PASSWORD_MAX_BYTES} bytes`,
      received: `${Buffer.byteLength(password)} bytes`,
    });
  }
  return password;
}

function metadataObject(raw: unknown, field: string): Record<string, unknown> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw authErrors.validation(
      `${field} must be an object`,
      'a JSON object',
      Array.isArray(raw) ? 'array' : typeof raw,
    );
  }
  if (JSON.stringify(raw).length > 16_000) {
    throw authErrors.validation(`${field} is too large`, 'at most 16,000 characters of JSON');
  }
  return raw as Record<string, unknown>;
}

/** RFC 7636: S256 is base64url(sha256(verifier)); plain is the verifier itself. */
function pkceChallengeMatches(verifier: string, challenge: string, method: string): boolean {
  if (method.toLowerCase() === 'plain') return verifier === challenge;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}

export class AuthService {
  private readonly dummyHash: string;

  constructor(private readonly options: AuthServiceOptions) {
    // Compared against when the e-mail is unknown, so timing does not reveal which accounts exist.
    this.dummyHash = bcrypt.hashSync(randomBytes(16).toString('hex'), BCRYPT_COST);
  }

  get issuer(): string {
    return `${this.options.publicUrl}/auth/v1`;
  }

  private limit(key: string, rule: keyof AuthRateLimits, what: string): void {
    const verdict = this.options.limiter.hit(key, this.options.rateLimits[rule]);
    if (!verdict.allowed) {
      this.options.log.warn('auth_rate_limited', {
        rule,
        key: key.replace(/:[^:]*@.*/, ':<email>'),
      });
      throw authErrors.rateLimited(verdict.retryAfterSeconds, what);
    }
  }

  private async findUserByEmail(
    email: string,
    client: pg.ClientBase | pg.Pool = this.options.pool,
  ): Promise<AuthUserRow | undefined> {
    const { rows } = await client.query<AuthUserRow>(
      `select ${USER_COLUMNS} from auth.users where email = $1 and deleted_at is null`,
      [email],
    );
    return rows[0];
  }

  private async findUserById(id: string): Promise<AuthUserRow | undefined> {
    const { rows } = await this.options.pool.query<AuthUserRow>(
      `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`,
      [id],
    );
    return rows[0];
  }

  /** Creates an account; emailConfirmed when the address was proven (link) or is trusted (seed). */
  async createUser(input: {
    email: string;
    password: string | undefined;
    userMetadata: Record<string, unknown>;
    emailConfirmed: boolean;
  }): Promise<AuthUserRow> {
    const hash = input.password === undefined ? '' : await bcrypt.hash(input.password, BCRYPT_COST);
    try {
      const { rows } = await this.options.pool.query<AuthUserRow>(
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

  /** Password sign-up. The account is signed in at once (spec 02 §4); the address is marked
   * unverified until its owner opens a one-time link, which then drops this password. */
  async signUp(body: Record<string, unknown>, client: ClientContext): Promise<SessionResponse> {
    this.limit(`signup:${client.ip}`, 'signUpPerIp', 'sign-ups from this address');
    const email = normalizeEmail(body.email);
    const password = checkPasswordStrength(body.password);
    const userMetadata = metadataObject(body.data, 'data');
    const user = await this.createUser({ email, password, userMetadata, emailConfirmed: false });
    this.options.log.info('auth_signup', { userId: user.id });
    return this.issueSession(user, 'password', client);
  }

  async signInWithPassword(
    body: Record<string, unknown>,
    client: ClientContext,
  ): Promise<SessionResponse> {
    this.limit(`signin:${client.ip}`, 'signInPerIp', 'sign-in attempts from this address');
    const email = normalizeEmail(body.email);
    if (typeof body.password !== 'string' || !body.password) {
      throw authErrors.validation(
        'Signin requires a valid password',
        'a password',
        typeof body.password,
      );
    }
    const failureKey = `signin-failed:${email}`;
    const blocked = this.options.limiter.isBlocked(
      failureKey,
      this.options.rateLimits.failedSignInPerEmail,
    );
    if (!blocked.allowed)
      throw authErrors.rateLimited(blocked.retryAfterSeconds, 'failed sign-ins for this account');
    const user = await this.findUserByEmail(email);
    const storedHash = user?.encrypted_password || this.dummyHash;
    const matches = await bcrypt.compare(body.password, storedHash);
    if (!user?.encrypted_password || !matches) {
      this.options.limiter.hit(failureKey, this.options.rateLimits.failedSignInPerEmail);
      this.options.log.info('auth_signin_failed', { known: Boolean(user) });
      throw authErrors.invalidCredentials();
    }
    this.options.limiter.reset(failureKey);
    return this.issueSession(user, 'password', client);
  }

  private async issueSession(
    user: AuthUserRow,
    method: string,
    client: ClientContext,
    db: pg.ClientBase | pg.Pool = this.options.pool,
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
    return this.sessionResponse(
      signedIn,
      sessionId,
      method,
      Math.floor(Date.now() / 1000),
      refreshToken,
    );
  }

  private sessionResponse(
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
      access_token: signJwt(claims, this.options.jwtSecret),
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      expires_at: exp,
      refresh_token: refreshToken,
      user: json,
    };
  }

  /** Rotates a refresh token. Using an exchanged token again ends the whole session (it was
   * stolen, or replayed), except within a few seconds, when two tabs refreshed at once. */
  async refresh(body: Record<string, unknown>, client: ClientContext): Promise<SessionResponse> {
    this.limit(`refresh:${client.ip}`, 'refreshPerIp', 'token refreshes from this address');
    if (typeof body.refresh_token !== 'string' || !body.refresh_token) {
      throw authErrors.validation(
        'Refresh token is required',
        'refresh_token in the body',
        typeof body.refresh_token,
      );
    }
    const tokenHash = sha256(body.refresh_token);
    const db = await this.options.pool.connect();
    try {
      await db.query('begin');
      const { rows } = await db.query<{
        id: string;
        user_id: string;
        session_id: string;
        revoked: boolean;
        updated_at: Date;
        amr_method: string;
        session_created_at: Date;
      }>(
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
          this.options.log.warn('auth_refresh_token_reused', {
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
      return this.sessionResponse(
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

  /** Sends a one-time link and code. Unknown addresses get an account when createUser allows
   * (magic-link sign-up, spec 01 §4); recovery never creates one and never reveals whether the
   * address has an account. */
  async sendOneTimeLink(
    kind: OneTimeLinkKind,
    body: Record<string, unknown>,
    redirectTo: string | undefined,
    client: ClientContext,
  ): Promise<void> {
    this.limit(`email-send:${client.ip}`, 'emailSendPerIp', 'e-mails requested from this address');
    const email = normalizeEmail(body.email);
    const perAddress = this.options.limiter.hit(`email-to:${email}`, {
      limit: 1,
      windowMs: EMAIL_SEND_INTERVAL_SECONDS * 1000,
    });
    if (!perAddress.allowed) throw authErrors.emailRateLimited(perAddress.retryAfterSeconds);

    let user = await this.findUserByEmail(email);
    if (!user) {
      if (kind === 'recovery') return;
      if (body.create_user === false) throw authErrors.otpSignupsDisabled();
      try {
        user = await this.createUser({
          email,
          password: undefined,
          userMetadata: metadataObject(body.data, 'data'),
          emailConfirmed: false,
        });
        this.options.log.info('auth_signup_by_link', { userId: user.id });
      } catch (error) {
        if (!(error instanceof AuthApiError && error.code === 'user_already_exists')) throw error;
        user = await this.findUserByEmail(email);
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
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const redirect = this.options.resolveRedirect(redirectTo);
    await this.options.pool.query(
      'delete from auth.one_time_tokens where user_id = $1 and token_type = $2 and used_at is null',
      [user.id, kind],
    );
    await this.options.pool.query(
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
    await this.options.pool.query(
      `update auth.users set ${kind === 'recovery' ? 'recovery_sent_at' : 'confirmation_sent_at'} = now() where id = $1`,
      [user.id],
    );
    const link = `${this.options.publicUrl}/auth/v1/verify?token=${token}&type=${kind}&redirect_to=${encodeURIComponent(redirect)}`;
    await this.options.mailer.send(composeOneTimeLinkMail(kind, email, link, code));
  }

  /** Consumes a one-time token (by link hash or by e-mail and code) exactly once. */
  private async consumeOneTimeToken(
    db: pg.ClientBase,
    match: { tokenHash: string } | { userId: string; code: string; types: string[] },
  ): Promise<{
    user_id: string;
    token_type: string;
    redirect_to: string | null;
    code_challenge: string | null;
    code_challenge_method: string | null;
  }> {
    const { rows } =
      'tokenHash' in match
        ? await db.query(
            `update auth.one_time_tokens set used_at = now()
             where token_hash = $1 and used_at is null and expires_at > now()
             returning user_id, token_type, redirect_to, code_challenge, code_challenge_method`,
            [match.tokenHash],
          )
        : await db.query(
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
  private async confirmEmail(db: pg.ClientBase, userId: string): Promise<AuthUserRow> {
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

  /** GET /verify from the e-mailed link: answers the URL to redirect the browser to, with the
   * session in the fragment (implicit flow) or an auth code in the query (PKCE flow). */
  async verifyLink(query: URLSearchParams, client: ClientContext): Promise<string> {
    const fallbackRedirect = this.options.resolveRedirect(query.get('redirect_to') ?? undefined);
    const token = query.get('token');
    const verdict = this.options.limiter.hit(
      `verify:${client.ip}`,
      this.options.rateLimits.verifyPerIp,
    );
    const errorRedirect = (code: string, description: string) =>
      `${fallbackRedirect}#error=access_denied&error_code=${code}&error_description=${encodeURIComponent(description).replace(/%20/g, '+')}`;
    if (!verdict.allowed)
      return errorRedirect('over_request_rate_limit', 'Request rate limit reached');
    if (!token) return errorRedirect('otp_expired', 'Email link is invalid or has expired');
    return this.inTransaction(async (db) => {
      let consumed: Awaited<ReturnType<AuthService['consumeOneTimeToken']>>;
      try {
        consumed = await this.consumeOneTimeToken(db, { tokenHash: sha256(token) });
      } catch (error) {
        await db.query('rollback');
        if (error instanceof AuthApiError)
          return errorRedirect('otp_expired', 'Email link is invalid or has expired');
        throw error;
      }
      const redirect = consumed.redirect_to ?? fallbackRedirect;
      const user = await this.confirmEmail(db, consumed.user_id);
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
      const session = await this.issueSession(user, 'otp', client, db);
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
    this.limit(`verify:${client.ip}`, 'verifyPerIp', 'verification attempts from this address');
    const type = String(body.type ?? '');
    const types = type === 'recovery' ? ['recovery'] : ['magiclink'];
    if (!['email', 'magiclink', 'signup', 'recovery'].includes(type)) {
      throw authErrors.validation(
        'Verify requires a verification type',
        'email, magiclink, signup or recovery',
        type,
      );
    }
    return this.inTransaction(async (db) => {
      let consumed: Awaited<ReturnType<AuthService['consumeOneTimeToken']>>;
      if (typeof body.token_hash === 'string' && body.token_hash) {
        consumed = await this.consumeOneTimeToken(db, { tokenHash: sha256(body.token_hash) });
      } else {
        const email = normalizeEmail(body.email);
        const failureKey = `otp-failed:${email}`;
        const blocked = this.options.limiter.isBlocked(
          failureKey,
          this.options.rateLimits.failedSignInPerEmail,
        );
        if (!blocked.allowed)
          throw authErrors.rateLimited(blocked.retryAfterSeconds, 'wrong codes for this account');
        const user = await this.findUserByEmail(email, db);
        try {
          if (!user || typeof body.token !== 'string' || !/^\d{6}$/.test(body.token))
            throw authErrors.otpExpired();
          consumed = await this.consumeOneTimeToken(db, {
            userId: user.id,
            code: body.token,
            types,
          });
        } catch (error) {
          this.options.limiter.hit(failureKey, this.options.rateLimits.failedSignInPerEmail);
          throw error;
        }
      }
      const user = await this.confirmEmail(db, consumed.user_id);
      const session = await this.issueSession(user, 'otp', client, db);
      await db.query('commit');
      return session;
    });
  }

  /** PKCE: the auth code from the redirect plus the browser's code verifier, for a session. */
  async exchangeAuthCode(
    body: Record<string, unknown>,
    client: ClientContext,
  ): Promise<SessionResponse> {
    this.limit(`verify:${client.ip}`, 'verifyPerIp', 'code exchanges from this address');
    const { auth_code: authCode, code_verifier: codeVerifier } = body;
    if (typeof authCode !== 'string' || typeof codeVerifier !== 'string') {
      throw authErrors.validation(
        'invalid request: both auth code and code verifier should be non-empty',
        'auth_code and code_verifier',
      );
    }
    return this.inTransaction(async (db) => {
      const { rows } = await db.query<{
        id: string;
        user_id: string;
        code_challenge: string;
        code_challenge_method: string;
        authentication_method: string;
      }>(
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
      const session = await this.issueSession(user.rows[0], 'otp', client, db);
      await db.query('commit');
      return session;
    });
  }

  /**
   * Runs `work` in a transaction on its own connection. `work` commits (some flows commit before
   * answering, e.g. an error redirect); whatever it throws rolls the transaction back first.
   */
  private async inTransaction<T>(work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
    const db = await this.options.pool.connect();
    try {
      await db.query('begin');
      return await work(db);
    } catch (error) {
      await db
        .query('rollback')
        .catch((rollbackError: unknown) =>
          this.options.log.warn('auth_rollback_failed', { error: rollbackError }),
        );
      throw error;
    } finally {
      db.release();
    }
  }

  /** Verifies an access token for the auth API: a user's token of a live session. */
  async authenticate(
    authorization: string | undefined,
  ): Promise<{ claims: JwtClaims; user: AuthUserRow }> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match) throw authErrors.noAuthorization();
    const claims = verifyJwt(match[1]!, this.options.jwtSecret);
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
      const { rowCount } = await this.options.pool.query(
        'select 1 from auth.sessions where id = $1',
        [claims.session_id],
      );
      if (!rowCount) throw authErrors.sessionNotFound();
    }
    const user = await this.findUserById(claims.sub);
    if (!user) throw authErrors.userNotFound();
    return { claims, user };
  }

  async getUser(authorization: string | undefined): Promise<Record<string, unknown>> {
    const { user } = await this.authenticate(authorization);
    return userJson(user);
  }

  /** PUT /user: password and user metadata. The e-mail address cannot be changed (spec 01 §2). */
  async updateUser(
    authorization: string | undefined,
    body: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const { user } = await this.authenticate(authorization);
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
      if (user.encrypted_password && (await bcrypt.compare(password, user.encrypted_password)))
        throw authErrors.samePassword();
      hash = await bcrypt.hash(password, BCRYPT_COST);
    }
    const { rows } = await this.options.pool.query<AuthUserRow>(
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
    const scope = (scopeParam ?? 'global') as LogoutScope;
    if (!['global', 'local', 'others'].includes(scope)) {
      throw authErrors.validation('Unsupported logout scope', 'global, local or others', scope);
    }
    const { claims, user } = await this.authenticate(authorization);
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null;
    if (scope === 'global' || !sessionId) {
      await this.options.pool.query('delete from auth.sessions where user_id = $1', [user.id]);
    } else if (scope === 'local') {
      await this.options.pool.query('delete from auth.sessions where id = $1', [sessionId]);
    } else {
      await this.options.pool.query('delete from auth.sessions where user_id = $1 and id <> $2', [
        user.id,
        sessionId,
      ]);
    }
    this.options.log.info('auth_logout', { userId: user.id, scope });
  }
}
