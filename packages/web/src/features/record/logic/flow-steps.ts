// The record flow's steps (spec 02 §4), one at a time, and where Challenge Complete leads. Pure.

import { attemptsUnlimited, type EventLink } from '../../../data/challenges/challenges';
import type { PendingAttempt } from '../data/pending-attempts';
import { RECORD } from '../messages';
import type { NextAttempt } from './next-attempt';
import type { SubmitPhase } from './submit-attempt';

export type Step =
  | { kind: 'account' }
  | { kind: 'check-email'; email: string }
  | { kind: 'camera' }
  | {
      kind: 'results';
      pending: PendingAttempt;
      videoUrl: string;
      /** The video's poster (a still of the attempt), when there is one. */
      posterUrl: string | null;
    }
  | { kind: 'submitting'; pending: PendingAttempt; phase: SubmitPhase }
  | {
      kind: 'complete';
      recordingId: string;
      validReps: number;
      videoSaved: boolean;
      pending: PendingAttempt | null;
    }
  | { kind: 'stopped'; title: string; message: string }
  /** A daily challenge whose attempt of today is in: when the next one opens. */
  | { kind: 'next-day'; next: NextAttempt };

/** Where Challenge Complete leads outside the daily rule (a daily challenge shows when its next
 * attempt opens: hooks/use-daily-rule): the camera again where more attempts count (an event's
 * challenge), else 'Already submitted'. */
export function stepAfterComplete(challenge: EventLink): Step {
  if (attemptsUnlimited(challenge)) return { kind: 'camera' };
  return { kind: 'stopped', title: RECORD.alreadySubmittedTitle, message: RECORD.alreadySubmitted };
}
