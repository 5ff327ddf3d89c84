// The opaque secrets of the auth flows: refresh tokens, link tokens and codes are random and
// stored only as SHA-256 hashes; PKCE verifiers are checked against their challenge.

import { createHash, randomBytes, randomInt } from 'node:crypto';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A refresh token or link token: 32 random bytes, base64url. */
export const newToken = () => randomBytes(32).toString('base64url');

/** The six-digit code sent with a one-time link. */
export const newSixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** RFC 7636: S256 is base64url(sha256(verifier)); plain is the verifier itself. */
export function pkceChallengeMatches(verifier: string, challenge: string, method: string): boolean {
  if (method.toLowerCase() === 'plain') return verifier === challenge;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}
