// A participant's pending verifications against their bound (issue 27; the rule lives and is
// enforced in supabase/rules/verification.sql, the bound is @reptemple/definitions'
// MAX_PENDING_VERIFICATIONS): the upload
// endpoint refuses a video its recording could not be given (429, before anything is stored), so
// the record flow saves the attempt without it and keeps the video on the device to send later
// (spec 02 §8), instead of storing a video no recording may take.

import type pg from 'pg';
import { AppError } from '../errors.js';

export async function assertMayQueueVerification(db: pg.Pool, userId: string): Promise<void> {
  const { rows } = await db.query<{ pending: number; bound: number }>(
    `select reptemple_private.pending_verifications($1) as pending,
       reptemple_private.max_pending_verifications() as bound`,
    [userId],
  );
  const { pending, bound } = rows[0]!;
  if (pending < bound) return;
  throw new AppError({
    code: 'too_many_pending_verifications',
    status: 429,
    message: `You have ${pending} videos waiting to be verified. Send this one once one of them has been verified.`,
    expected: `at most ${bound} recordings waiting for verification at once`,
    received: `${pending} waiting`,
    hint: 'Keep the attempt; it can be sent again later.',
  });
}
