// Password accounts: sign-up (POST /signup) and the password grant (POST /token?grant_type=password).

import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from '../log.js';
import { authErrors } from './auth-error.js';
import { checkPasswordStrength, metadataObject, normalizeEmail } from './input.js';
import { hashPassword, passwordMatches } from './password-hashing.js';
import type { ClientContext, SessionResponse, Sessions } from './sessions.js';
import type { AuthThrottle } from './throttle.js';
import { createUser, findUserByEmail } from './users.js';

export class PasswordFlow {
  /** Compared against when the e-mail is unknown, so timing does not reveal which accounts exist. */
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly sessions: Sessions,
    private readonly throttle: AuthThrottle,
    private readonly log: Logger,
  ) {}

  /** Password sign-up. The account is signed in at once (spec 02 §4); the address is marked
   * unverified until its owner opens a one-time link, which then drops this password. */
  async signUp(body: Record<string, unknown>, client: ClientContext): Promise<SessionResponse> {
    await this.throttle.limitAddress('signUpPerIp', client.ip, 'sign-ups from this address');
    const email = normalizeEmail(body.email);
    const password = checkPasswordStrength(body.password);
    const userMetadata = metadataObject(body.data, 'data');
    const user = await createUser(this.pool, {
      email,
      password,
      userMetadata,
      emailConfirmed: false,
    });
    this.log.info('auth_signup', { userId: user.id });
    return this.sessions.issue(user, 'password', client);
  }

  async signIn(body: Record<string, unknown>, client: ClientContext): Promise<SessionResponse> {
    await this.throttle.limitAddress(
      'signInPerIp',
      client.ip,
      'sign-in attempts from this address',
    );
    const email = normalizeEmail(body.email);
    if (typeof body.password !== 'string' || !body.password) {
      throw authErrors.validation(
        'Signin requires a valid password',
        'a password',
        typeof body.password,
      );
    }
    await this.throttle.refuseWhileLockedOut(
      'signin',
      email,
      client.ip,
      'failed sign-ins for this account',
    );
    const user = await findUserByEmail(this.pool, email);
    this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    const storedHash = user?.encrypted_password || (await this.dummyHash);
    const matches = await passwordMatches(body.password, storedHash);
    if (!user?.encrypted_password || !matches) {
      await this.throttle.recordFailure('signin', email, client.ip);
      this.log.info('auth_signin_failed', { known: Boolean(user) });
      throw authErrors.invalidCredentials();
    }
    await this.throttle.clearFailures('signin', email, client.ip);
    return this.sessions.issue(user, 'password', client);
  }
}
