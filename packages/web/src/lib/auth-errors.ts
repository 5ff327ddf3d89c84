import { isAuthApiError } from '@supabase/supabase-js';
import { AUTH_TOASTS } from '../constants/messages';

/** HTTP 429: the auth service asks the visitor to wait; its message says how long. */
const TOO_MANY_REQUESTS = 429;

/** The toast text for a failed password sign-in: wrong credentials and other refusals read
 * 'Invalid email or password.' (it does not tell which part was wrong); being rate-limited says
 * so; anything that is not an answer of the auth service is 'Something went wrong'. */
export function signInErrorMessage(error: unknown): string {
  if (!isAuthApiError(error)) return AUTH_TOASTS.somethingWentWrong;
  if (error.status === TOO_MANY_REQUESTS) return error.message;
  return AUTH_TOASTS.invalidCredentials;
}

/** The toast text for a failed sign-up: the auth service's own message when it gave one (e.g.
 * the address is taken, the password too weak), otherwise the generic one. */
export function signUpErrorMessage(error: unknown): string {
  if (isAuthApiError(error) && error.message) return error.message;
  return AUTH_TOASTS.createAccountFailed;
}
