// Typed errors of the admin area's writes.

/** A write that reached the database but changed no row: the challenge was deleted meanwhile (in
 * another tab, by another admin), or the caller is not an admin and row security hid it. */
export class ChallengeGoneError extends Error {
  readonly code = 'CHALLENGE_GONE';
  constructor(
    readonly action: 'update' | 'delete',
    readonly challengeId: string,
  ) {
    super(
      `Expected to ${action} challenge ${challengeId}, but no row changed: it was deleted meanwhile or this account is not an admin. Reload the list.`,
    );
    this.name = 'ChallengeGoneError';
  }
}

/** The PostgreSQL error code of a failed query (23505 unique violation, 23514 check), if any. */
export function errorCode(error: unknown): string | undefined {
  if (error !== null && typeof error === 'object' && 'code' in error)
    return typeof error.code === 'string' ? error.code : undefined;
  return undefined;
}
