import { AUTH_CALLBACK_PATH } from '../constants/limits';

/** Where a one-time link returns: {origin}/auth/callback, carrying the page to go on to when the
 * sign-in was asked for by one (e.g. a challenge's record page). */
export function callbackUrl(origin: string, redirect?: string): string {
  const url = `${origin}${AUTH_CALLBACK_PATH}`;
  return redirect ? `${url}?redirect=${encodeURIComponent(redirect)}` : url;
}
