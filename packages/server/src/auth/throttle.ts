// Every rate limit of the auth API in one place. The counters are the RateLimiter's (in
// PostgreSQL, so they outlast a restart); the rules come from configuration (AUTH_RATE_LIMITS).
//
// Failed sign-ins (and wrong six-digit codes) are counted by account and address together, so
// nobody can lock a known user out by failing on purpose, and a room behind one address is not
// blocked for one person's typos:
//   - an address that failed too often on one account is refused for that account (the right
//     password included: it is guessing);
//   - an account that failed too often from all addresses together only takes attempts from
//     addresses that have not failed on it, so its owner still signs in while a spread-out
//     guesser gets at most one try per address;
//   - an address that failed too often on any accounts (credential stuffing) is refused.
// Requests per address are limited by kind (sign-in, sign-up, e-mails, refreshes, verifications),
// and one e-mail goes to one address per minute.

import { type AuthRateLimits, EMAIL_SEND_INTERVAL_SECONDS } from '../constants.js';
import type { Logger } from '../log.js';
import { authErrors } from './auth-error.js';
import type { RateLimiter, RateLimitVerdict } from './rate-limit.js';

/** The per-address rules that count every request of a kind. */
export type AddressRule =
  | 'signInPerIp'
  | 'signUpPerIp'
  | 'emailSendPerIp'
  | 'refreshPerIp'
  | 'verifyPerIp';

/** What failed attempts are counted (each kind under the failed-sign-in rules). */
export type FailureKind = 'signin' | 'otp';

const ADDRESS_KEY_PREFIX: Record<AddressRule, string> = {
  signInPerIp: 'signin',
  signUpPerIp: 'signup',
  emailSendPerIp: 'email-send',
  refreshPerIp: 'refresh',
  verifyPerIp: 'verify',
};

export class AuthThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly rules: AuthRateLimits,
    private readonly log: Logger,
  ) {}

  /** Counts one request from the address; throws 429 over the rule. `what` names the requests
   * in the error ('sign-ups from this address'). */
  async limitAddress(rule: AddressRule, ip: string, what: string): Promise<void> {
    const verdict = await this.countAddress(rule, ip);
    if (!verdict.allowed) {
      this.log.warn('auth_rate_limited', { rule, key: `${ADDRESS_KEY_PREFIX[rule]}:${ip}` });
      throw authErrors.rateLimited(verdict.retryAfterSeconds, what);
    }
  }

  /** Counts one request from the address and answers the verdict, for flows that answer a
   * refusal otherwise than with an error (the e-mailed link redirects). */
  countAddress(rule: AddressRule, ip: string): Promise<RateLimitVerdict> {
    return this.limiter.hit(`${ADDRESS_KEY_PREFIX[rule]}:${ip}`, this.rules[rule]);
  }

  /** Throws 429 when this address may not try this account now (see the rules above), without
   * counting. */
  async refuseWhileLockedOut(
    kind: FailureKind,
    email: string,
    ip: string,
    what: string,
  ): Promise<void> {
    const keys = this.failureKeys(kind, email, ip);
    const [pair, account, address] = await Promise.all([
      this.limiter.peek(keys.pair, this.rules.failedSignInPerAccountAndIp),
      this.limiter.peek(keys.account, this.rules.failedSignInPerAccount),
      this.limiter.peek(keys.address, this.rules.failedSignInPerIp),
    ]);
    const refusedBy = !pair.allowed
      ? { rule: 'failedSignInPerAccountAndIp', verdict: pair }
      : !address.allowed
        ? { rule: 'failedSignInPerIp', verdict: address }
        : !account.allowed && pair.hits > 0
          ? { rule: 'failedSignInPerAccount', verdict: account }
          : undefined;
    if (refusedBy) {
      this.log.warn('auth_rate_limited', { rule: refusedBy.rule, kind });
      throw authErrors.rateLimited(refusedBy.verdict.retryAfterSeconds, what);
    }
  }

  async recordFailure(kind: FailureKind, email: string, ip: string): Promise<void> {
    const keys = this.failureKeys(kind, email, ip);
    await Promise.all([
      this.limiter.hit(keys.pair, this.rules.failedSignInPerAccountAndIp),
      this.limiter.hit(keys.account, this.rules.failedSignInPerAccount),
      this.limiter.hit(keys.address, this.rules.failedSignInPerIp),
    ]);
  }

  /** After a success: this address's failures on the account are forgiven. The account's and the
   * address's totals stay (a guesser that also knows one password is still a guesser). */
  async clearFailures(kind: FailureKind, email: string, ip: string): Promise<void> {
    await this.limiter.reset(this.failureKeys(kind, email, ip).pair);
  }

  /** One e-mail to an address per interval, as Supabase; throws its 429 otherwise. */
  async limitMailTo(email: string): Promise<void> {
    const verdict = await this.limiter.hit(`email-to:${email}`, {
      limit: 1,
      windowMs: EMAIL_SEND_INTERVAL_SECONDS * 1000,
    });
    if (!verdict.allowed) throw authErrors.emailRateLimited(verdict.retryAfterSeconds);
  }

  private failureKeys(kind: FailureKind, email: string, ip: string) {
    return {
      pair: `${kind}-failed:account-address:${email}|${ip}`,
      account: `${kind}-failed:account:${email}`,
      address: `${kind}-failed:address:${ip}`,
    };
  }
}
