// Errors of the auth API, carrying Supabase Auth's error codes and statuses, which supabase-js
// maps to its error classes (AuthApiError, AuthWeakPasswordError, AuthSessionMissingError...).

import { AppError, type AppErrorDetails } from '../errors.js';

export class AuthApiError extends AppError {
  /** Extra top-level fields of the error body, e.g. weak_password: {reasons}. */
  readonly extra: Record<string, unknown>;
  /** s; sent as Retry-After for 429s. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    details: AppErrorDetails & { extra?: Record<string, unknown>; retryAfterSeconds?: number },
  ) {
    super(details);
    this.name = 'AuthApiError';
    this.extra = details.extra ?? {};
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

export const authErrors = {
  invalidCredentials: () =>
    new AuthApiError({
      code: 'invalid_credentials',
      status: 400,
      message: 'Invalid login credentials',
      expected: 'the e-mail and password of an existing account',
      hint: 'Check the password, or sign in with a one-time link.',
    }),
  validation: (message: string, expected: string, received?: string) =>
    new AuthApiError({
      code: 'validation_failed',
      status: 400,
      message,
      expected,
      ...(received === undefined ? {} : { received }),
    }),
  weakPassword: (minLength: number, received: number) =>
    new AuthApiError({
      code: 'weak_password',
      status: 422,
      message: `Password should be at least ${minLength} characters.`,
      expected: `at least ${minLength} characters`,
      received: `${received} characters`,
      extra: { weak_password: { reasons: ['length'] } },
    }),
  userAlreadyExists: () =>
    new AuthApiError({
      code: 'user_already_exists',
      status: 422,
      message: 'User already registered',
      expected: 'an e-mail address without an account',
      hint: 'Sign in, or ask for a one-time link.',
    }),
  otpSignupsDisabled: () =>
    new AuthApiError({
      code: 'otp_disabled',
      status: 422,
      message: 'Signups not allowed for otp',
      expected: 'an existing account when create_user is false',
    }),
  otpExpired: () =>
    new AuthApiError({
      code: 'otp_expired',
      status: 403,
      message: 'Token has expired or is invalid',
      expected: 'an unused link or code less than 1 hour old',
      hint: 'Ask for a new link.',
    }),
  refreshTokenNotFound: () =>
    new AuthApiError({
      code: 'refresh_token_not_found',
      status: 400,
      message: 'Invalid Refresh Token: Refresh Token Not Found',
      expected: 'a refresh token of a live session',
      hint: 'Sign in again.',
    }),
  refreshTokenAlreadyUsed: () =>
    new AuthApiError({
      code: 'refresh_token_already_used',
      status: 400,
      message: 'Invalid Refresh Token: Already Used',
      expected: 'the newest refresh token of the session',
      received: 'a token that was already exchanged; the session was ended to protect the account',
      hint: 'Sign in again.',
    }),
  noAuthorization: () =>
    new AuthApiError({
      code: 'no_authorization',
      status: 401,
      message: 'This endpoint requires a valid Bearer token',
      expected: 'Authorization: Bearer <access token>',
    }),
  sessionNotFound: () =>
    new AuthApiError({
      code: 'session_not_found',
      status: 403,
      message: 'Session from session_id claim in JWT does not exist',
      expected: 'an access token of a session that was not signed out',
      hint: 'Sign in again.',
    }),
  userNotFound: () =>
    new AuthApiError({
      code: 'user_not_found',
      status: 403,
      message: 'User from sub claim in JWT does not exist',
      expected: 'a token of an existing user',
    }),
  samePassword: () =>
    new AuthApiError({
      code: 'same_password',
      status: 422,
      message: 'New password should be different from the old password.',
      expected: 'a password different from the current one',
    }),
  rateLimited: (retryAfterSeconds: number, what: string) =>
    new AuthApiError({
      code: 'over_request_rate_limit',
      status: 429,
      message: 'Request rate limit reached',
      expected: `fewer ${what}`,
      hint: `Try again in ${retryAfterSeconds} seconds.`,
      retryAfterSeconds,
    }),
  emailRateLimited: (retryAfterSeconds: number) =>
    new AuthApiError({
      code: 'over_email_send_rate_limit',
      status: 429,
      message: `For security purposes, you can only request this after ${retryAfterSeconds} seconds.`,
      expected: 'one e-mail to an address per minute',
      retryAfterSeconds,
    }),
  flowStateNotFound: () =>
    new AuthApiError({
      code: 'flow_state_not_found',
      status: 404,
      message: 'invalid flow state, no valid flow state found',
      expected: 'an unused auth code less than 5 minutes old',
    }),
  badCodeVerifier: () =>
    new AuthApiError({
      code: 'bad_code_verifier',
      status: 400,
      message: 'code challenge does not match previously saved code verifier',
      expected: 'the code verifier of the browser that asked for the link',
    }),
};
