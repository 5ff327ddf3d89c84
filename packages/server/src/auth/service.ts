// The auth service: Supabase Auth's behaviour over auth.users, composed from one module per grant
// or flow. HTTP concerns live in auth/routes.ts.
//   password-flow.ts       sign-up and the password grant
//   refresh-grant.ts       the refresh_token grant (rotation, reuse detection)
//   pkce-grant.ts          the pkce grant (auth code + verifier)
//   one-time-link-flow.ts  magic links, recovery links and six-digit codes
//   user-endpoint.ts       GET/PUT /user and logout
//   sessions.ts            sessions, access tokens and checking them
//   throttle.ts            every rate limit; users.ts the auth.users table; input.ts body checks

import type pg from 'pg';
import type { AuthRateLimits } from '../constants.js';
import type { Logger } from '../log.js';
import type { Mailer } from './mailer.js';
import { OneTimeLinkFlow, type OneTimeLinkKind } from './one-time-link-flow.js';
import { PasswordFlow } from './password-flow.js';
import { PkceGrant } from './pkce-grant.js';
import type { RateLimiter } from './rate-limit.js';
import { RefreshGrant } from './refresh-grant.js';
import { type ClientContext, type SessionResponse, Sessions } from './sessions.js';
import { AuthThrottle } from './throttle.js';
import { UserEndpoint } from './user-endpoint.js';
import type { AuthUserRow } from './user-json.js';
import { createUser, type NewUser } from './users.js';

export type { OneTimeLinkKind } from './one-time-link-flow.js';
export type { ClientContext, SessionResponse } from './sessions.js';
export type { LogoutScope } from './user-endpoint.js';

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

export class AuthService {
  private readonly sessions: Sessions;
  private readonly passwords: PasswordFlow;
  private readonly refreshGrant: RefreshGrant;
  private readonly pkceGrant: PkceGrant;
  private readonly oneTimeLinks: OneTimeLinkFlow;
  private readonly userEndpoint: UserEndpoint;

  constructor(private readonly options: AuthServiceOptions) {
    const { pool, log } = options;
    const throttle = new AuthThrottle(options.limiter, options.rateLimits, log);
    this.sessions = new Sessions(pool, options.jwtSecret, this.issuer);
    this.passwords = new PasswordFlow(pool, this.sessions, throttle, log);
    this.refreshGrant = new RefreshGrant(pool, this.sessions, throttle, log);
    this.pkceGrant = new PkceGrant(pool, this.sessions, throttle, log);
    this.oneTimeLinks = new OneTimeLinkFlow({
      pool,
      sessions: this.sessions,
      throttle,
      mailer: options.mailer,
      publicUrl: options.publicUrl,
      resolveRedirect: options.resolveRedirect,
      log,
    });
    this.userEndpoint = new UserEndpoint(pool, this.sessions, log);
  }

  get issuer(): string {
    return `${this.options.publicUrl}/auth/v1`;
  }

  /** Creates an account directly (the seeded admin); sign-ups go through the flows. */
  createUser(input: NewUser): Promise<AuthUserRow> {
    return createUser(this.options.pool, input);
  }

  signUp(body: Record<string, unknown>, client: ClientContext): Promise<SessionResponse> {
    return this.passwords.signUp(body, client);
  }

  signInWithPassword(
    body: Record<string, unknown>,
    client: ClientContext,
  ): Promise<SessionResponse> {
    return this.passwords.signIn(body, client);
  }

  refresh(body: Record<string, unknown>, client: ClientContext): Promise<SessionResponse> {
    return this.refreshGrant.refresh(body, client);
  }

  exchangeAuthCode(body: Record<string, unknown>, client: ClientContext): Promise<SessionResponse> {
    return this.pkceGrant.exchangeAuthCode(body, client);
  }

  sendOneTimeLink(
    kind: OneTimeLinkKind,
    body: Record<string, unknown>,
    redirectTo: string | undefined,
    client: ClientContext,
  ): Promise<void> {
    return this.oneTimeLinks.send(kind, body, redirectTo, client);
  }

  verifyLink(query: URLSearchParams, client: ClientContext): Promise<string> {
    return this.oneTimeLinks.verifyLink(query, client);
  }

  verifyCode(body: Record<string, unknown>, client: ClientContext): Promise<SessionResponse> {
    return this.oneTimeLinks.verifyCode(body, client);
  }

  /** Verifies a user's access token of a live session (the auth API and the media API use it). */
  authenticate(authorization: string | undefined) {
    return this.sessions.authenticate(authorization);
  }

  getUser(authorization: string | undefined): Promise<Record<string, unknown>> {
    return this.userEndpoint.getUser(authorization);
  }

  updateUser(
    authorization: string | undefined,
    body: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    return this.userEndpoint.updateUser(authorization, body);
  }

  logout(authorization: string | undefined, scope: string | null): Promise<void> {
    return this.userEndpoint.logout(authorization, scope);
  }
}
