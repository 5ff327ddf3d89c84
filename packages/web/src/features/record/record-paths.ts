// Addresses of the record flow (spec 02 §2, §7).

/** The record page of a challenge, carrying the referrer's e-mail when there is one. */
export function recordPath(challengeId: string, ref: string | null | undefined): string {
  const base = `/challenge/${challengeId}/record`;
  return ref ? `${base}?ref=${encodeURIComponent(ref)}` : base;
}

/** The sign-in link of the record page (spec 02 §2). */
export function recordSignInPath(challengeId: string): string {
  // Unencoded, as the spec writes it: '/' is allowed in a query.
  return `/login?redirect=/challenge/${challengeId}/record`;
}
