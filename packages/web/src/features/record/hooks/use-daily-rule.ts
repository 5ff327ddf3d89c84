// The daily rule before the camera (issue 26): a daily challenge's participant may record only
// when today's attempt is still open. Asked of the database (daily_attempt_status, the rule the
// insert enforces) when the participant arrives, again right before the countdown (another tab
// may have submitted meanwhile), and after a submission.

import { useCallback } from 'react';
import { useAuth } from '../../../auth/auth-provider';
import {
  attemptsUnlimited,
  type ChallengeWithDefinition,
} from '../../../data/challenges/challenges';
import { getDailyAttemptStatus } from '../../../data/recordings/recordings';
import { browserTimeZone } from '../../../lib/time-zone';
import type { NextAttempt } from '../logic/next-attempt';

export function useDailyRule(challenge: ChallengeWithDefinition) {
  const { supabase } = useAuth();
  const applies = challenge.is_daily && !attemptsUnlimited(challenge);

  /** When the participant's next attempt opens if today's is in; null when they may record now
   * (or the rule does not apply here). */
  const nextAttempt = useCallback(async (): Promise<NextAttempt | null> => {
    if (!applies) return null;
    try {
      const status = await getDailyAttemptStatus(supabase, challenge.id, browserTimeZone());
      if (!status.taken) return null;
      return {
        opensAt: status.dayEndsAt,
        timeZone: status.timeZone,
        endsAt: challenge.end_date ? new Date(challenge.end_date) : null,
      };
    } catch (error) {
      // Not knowing is no reason to stop a participant: the database still decides at
      // submission, and a finished attempt stays on the device until it is saved.
      console.warn('Asking whether today’s attempt is still open failed', error);
      return null;
    }
  }, [applies, supabase, challenge.id, challenge.end_date]);

  return { applies, nextAttempt };
}
