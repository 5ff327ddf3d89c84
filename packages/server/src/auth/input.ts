// What the auth API accepts in a request body, checked the way Supabase Auth checks it: e-mail
// addresses, passwords and user metadata. Pure: each answers the clean value or throws the error
// supabase-js expects.

import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from '../constants.js';
import { AuthApiError, authErrors } from './auth-error.js';

/** Supabase Auth's rule (it validates with github.com/badoux/checkmail's ValidateFormat, the
 * WHATWG form of an address): an ASCII local part of letters, digits and .!#$%&'*+/=?^_`{|}~-, and
 * a host name of letter-digit-hyphen labels. So no quote, bracket, semicolon, space, control
 * character or non-ASCII letter (after NFKC: a full-width letter is its ASCII one). */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** An address is at most this long (RFC 5321; the profiles' column holds no more). characters */
const EMAIL_MAX_LENGTH = 254;
/** Largest user metadata object, as JSON. characters */
const METADATA_MAX_CHARS = 16_000;

export function normalizeEmail(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.trim()) {
    throw authErrors.validation('An email address is required', 'an e-mail address', typeof raw);
  }
  // As the database's reptemple_private.normalize_email: compatibility forms folded (NFKC), then
  // lower case, so 'UNI@' and 'uni@' (and a full-width 'Ａ') are one address.
  const email = raw.trim().normalize('NFKC').toLowerCase().normalize('NFKC');
  if (email.length > EMAIL_MAX_LENGTH) {
    throw authErrors.validation(
      'An email address is too long',
      `at most ${EMAIL_MAX_LENGTH} characters`,
      `${email.length} characters`,
    );
  }
  if (!EMAIL_PATTERN.test(email)) {
    throw authErrors.validation(
      'Unable to validate email address: invalid format',
      'name@example.com',
      JSON.stringify(raw.slice(0, 300)),
    );
  }
  return email;
}

export function checkPasswordStrength(password: unknown): string {
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

export function metadataObject(raw: unknown, field: string): Record<string, unknown> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw authErrors.validation(
      `${field} must be an object`,
      'a JSON object',
      Array.isArray(raw) ? 'array' : typeof raw,
    );
  }
  if (JSON.stringify(raw).length > METADATA_MAX_CHARS) {
    throw authErrors.validation(`${field} is too large`, 'at most 16,000 characters of JSON');
  }
  return raw as Record<string, unknown>;
}
