// A verification's progress in words: its place in the queue and the time left (issue 26). Pure.

import type { VerificationProgress } from '../data/verification-progress';
import { VERIFICATION } from '../messages';

/** '4 min', '40 s', '1 h 5 min' (parts never broken across lines). */
export function durationText(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${Math.max(5, Math.round(whole / 5) * 5)}\u00a0s`;
  const minutes = Math.round(whole / 60);
  if (minutes < 60) return `${minutes}\u00a0min`;
  return `${Math.floor(minutes / 60)}\u00a0h ${minutes % 60}\u00a0min`;
}

export interface ProgressText {
  /** 'Verifying your video now' or '2nd in the queue'. */
  headline: string;
  /** 'about 4 min left', 'any moment now', the stall, or null without an estimate. */
  detail: string | null;
  /** How the estimate was made, or why there is none. */
  basis: string | null;
}

export function progressText(progress: VerificationProgress): ProgressText | null {
  const { queue, estimate } = progress;
  if (progress.status !== 'verifying' || queue.state === 'absent') return null;
  const headline =
    queue.state === 'running' ? VERIFICATION.verifyingNow : VERIFICATION.inQueue(queue.position);
  if (queue.state === 'waiting' && queue.stalled)
    return { headline, detail: VERIFICATION.stalled, basis: null };
  if (!estimate) return { headline, detail: null, basis: VERIFICATION.noEstimateYet };
  return {
    headline,
    detail:
      estimate.remainingSeconds < 1
        ? VERIFICATION.anyMoment
        : VERIFICATION.aboutLeft(durationText(estimate.remainingSeconds)),
    basis: VERIFICATION.estimateBasis(estimate.secondsPerVideoSecond, estimate.samples),
  };
}
