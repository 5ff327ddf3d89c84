// Submit Challenge and Send video again (spec 02 §4, §8): runs the submission (logic/submit-attempt)
// with the real I/O, shows its phases, and turns its outcome into the flow's next step and toast.
// Also NEXT USER, which ends the visit.

import { useState } from 'react';
import { useAuth } from '../../../auth/auth-provider';
import { CHALLENGE_CLOSED } from '../../../constants/messages';
import {
  type ChallengeTimingFields,
  challengeTiming,
} from '../../../data/challenges/challenge-status';
import {
  type ChallengeWithDefinition,
  getChallengeById,
} from '../../../data/challenges/challenges';
import { errorToast, toast } from '../../../toast/toast-store';
import type { PendingAttempt } from '../data/pending-attempts';
import { signOutHere } from '../data/registration';
import { submitDeps } from '../data/submit-deps';
import type { Step } from '../logic/flow-steps';
import type { Participant } from '../logic/submission';
import {
  resendVideo,
  type SubmitOutcome,
  type SubmitPhase,
  submitAttempt,
} from '../logic/submit-attempt';
import { RECORD } from '../messages';

export function useSubmission(options: {
  challenge: ChallengeWithDefinition;
  refParam: string | null;
  sender: () => Participant | null;
  refreshDeviceAttempts: (userId: string) => Promise<void>;
  setStep: (step: Step) => void;
}) {
  const { challenge, refParam, setStep } = options;
  const { supabase } = useAuth();
  const [busy, setBusy] = useState(false);

  /** Why the database refused the row, in words: the challenge's state now (read again: it may
   * have been ended or deactivated since the page loaded), else the account. */
  async function refusedMessage(): Promise<string> {
    let current: ChallengeTimingFields = challenge;
    try {
      current = (await getChallengeById(supabase, challenge.id)) ?? challenge;
    } catch (error) {
      console.warn('Reading the challenge again failed', error);
    }
    const now = challengeTiming(current, new Date());
    return now.open || now.closedReason === null
      ? RECORD.recordingRefused
      : CHALLENGE_CLOSED[now.closedReason];
  }

  async function send(pending: PendingAttempt, videoOnly = false) {
    const from = options.sender();
    if (!from) return;
    setBusy(true);
    setStep({ kind: 'submitting', pending, phase: { kind: 'uploading', progress: 0 } });
    const target = {
      challenge: { id: challenge.id, name: challenge.name, is_daily: challenge.is_daily },
      participant: from,
      ref: refParam,
    };
    const onPhase = (phase: SubmitPhase) => setStep({ kind: 'submitting', pending, phase });
    const deps = submitDeps(supabase);
    let outcome: SubmitOutcome;
    try {
      outcome = videoOnly
        ? await resendVideo(deps, target, pending, onPhase)
        : await submitAttempt(deps, target, pending, onPhase);
    } catch (error) {
      outcome = { kind: 'failed', error };
    }
    setBusy(false);
    await options.refreshDeviceAttempts(from.userId);
    switch (outcome.kind) {
      case 'saved': {
        if (outcome.uploadError)
          errorToast(RECORD.savedWithoutVideo(outcome.uploadError), RECORD.savedWithoutVideoTitle);
        else if (videoOnly)
          toast({ title: RECORD.videoAttachedTitle, description: RECORD.videoAttached });
        const kept = outcome.videoSaved ? null : { ...pending, recordingId: outcome.recordingId };
        setStep({
          kind: 'complete',
          recordingId: outcome.recordingId,
          validReps: pending.attempt.validReps,
          videoSaved: outcome.videoSaved,
          pending: pending.video.size > 0 ? kept : null,
        });
        return;
      }
      case 'duplicate':
        errorToast(outcome.message, RECORD.alreadySubmittedTitle);
        setStep({ kind: 'stopped', title: RECORD.alreadySubmittedTitle, message: outcome.message });
        return;
      case 'refused': {
        const message = await refusedMessage();
        errorToast(message, RECORD.closedTitle);
        setStep({ kind: 'stopped', title: RECORD.closedTitle, message });
        return;
      }
      case 'failed':
        console.error('Submitting the attempt failed', outcome.error);
        errorToast(RECORD.submissionFailed, RECORD.submissionFailedTitle);
        setStep({
          kind: 'results',
          pending,
          videoUrl: URL.createObjectURL(pending.video),
          posterUrl: null,
        });
        return;
    }
  }

  /** NEXT USER (spec 02 §4): signs out this device only, clears local and session storage and
   * reloads. */
  async function nextUser() {
    setBusy(true);
    try {
      await signOutHere(supabase);
    } catch (error) {
      console.error('Signing out failed', error);
    }
    localStorage.clear();
    sessionStorage.clear();
    window.location.reload();
  }

  return { busy, send, nextUser };
}
