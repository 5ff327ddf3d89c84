// Every rate limit of the auth API in one place: per client address for each kind of request, per
// account for failed sign-ins and wrong codes, and one e-mail per address per minute. The counters
// are the RateLimiter's; the rules come from configuration (AUTH_RATE_LIMITS).

import { type AuthRateLimits, EMAIL_SEND_INTERVAL_SECONDS } from '../constants.js';
import type { Logger } from '../log.js';
import { authErrors } from './auth-error.js';
import type { RateLimiter, RateLimitVerdict } from './rate-limit.js';

/** The per-address rules, by the kind of request they count. */
export type AddressRule = Exclude<keyof AuthRateLimits, 'failedSignInPerEmail'>;

/** What failed attempts are counted against an account (both under failedSignInPerEmail). */
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
  limitAddress(rule: AddressRule, ip: string, what: string): void {
    const verdict = this.countAddress(rule, ip);
    if (!verdict.allowed) {
      this.log.warn('auth_rate_limited', { rule, key: `${ADDRESS_KEY_PREFIX[rule]}:${ip}` });
      throw authErrors.rateLimited(verdict.retryAfterSeconds, what);
    }
  }

  /** Counts one request from the address and answers the verdict, for flows that answer a
   * refusal otherwise than with an error (the e-mailed link redirects). */
  countAddress(rule: AddressRule, ip: string): RateLimitVerdict {
    return this.limiter.hit(`${ADDRESS_KEY_PREFIX[rule]}:${ip}`, this.rules[rule]);
  }

  /** Throws 429 while the account has had too many failures of this kind, without counting. */
  refuseWhileLockedOut(kind: FailureKind, email: string, what: string): void {
    const blocked = this.limiter.isBlocked(
      this.failureKey(kind, email),
      this.rules.failedSignInPerEmail,
    );
    if (!blocked.allowed) throw authErrors.rateLimited(blocked.retryAfterSeconds, what);
  }

  recordFailure(kind: FailureKind, email: string): void {
    this.limiter.hit(this.failureKey(kind, email), this.rules.failedSignInPerEmail);
  }

  clearFailures(kind: FailureKind, email: string): void {
    this.limiter.reset(this.failureKey(kind, email));
  }

  /** One e-mail to an address per interval, as Supabase; throws its 429 otherwise. */
  limitMailTo(email: string): void {
    const verdict = this.limiter.hit(`email-to:${email}`, {
      limit: 1,
      windowMs: EMAIL_SEND_INTERVAL_SECONDS * 1000,
    });
    if (!verdict.allowed) throw authErrors.emailRateLimited(verdict.retryAfterSeconds);
  }

  private failureKey(kind: FailureKind, email: string): string {
    return `${kind}-failed:${email}`;
  }
}
