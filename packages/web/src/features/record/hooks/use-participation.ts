// The record flow's account step (spec 02 §4): registration or the welcome back of a signed-in
// visitor, joining the challenge, and who takes part in this visit.

import { useState } from 'react';
import { useAuth } from '../../../auth/auth-provider';
import { CHALLENGE_CLOSED } from '../../../constants/messages';
import { genderAllowed, type ParticipantGender } from '../../../data/challenges/challenge-status';
import {
  attemptsUnlimited,
  type ChallengeWithDefinition,
  JoinRefusedError,
  joinChallenge,
} from '../../../data/challenges/challenges';
import { hasOwnRecording } from '../../../data/recordings/recordings';
import { errorToast, toast } from '../../../toast/toast-store';
import {
  registerParticipant,
  saveParticipantGender,
  sendRecordLink,
  signOutHere,
} from '../data/registration';
import type { Step } from '../logic/flow-steps';
import type { NextAttempt } from '../logic/next-attempt';
import { nameFromEmail } from '../logic/registration';
import type { Participant } from '../logic/submission';
import { RECORD } from '../messages';
import { recordPath } from '../record-paths';

export function useParticipation(options: {
  challenge: ChallengeWithDefinition;
  refParam: string | null;
  setStep: (step: Step) => void;
  /** The daily rule: when the next attempt opens if today's is in (use-daily-rule). */
  nextAttempt: () => Promise<NextAttempt | null>;
}) {
  const { challenge, refParam, setStep } = options;
  const { supabase, user, profile } = useAuth();
  const [participant, setParticipant] = useState<Participant | null>(null);
  const [busy, setBusy] = useState(false);
  const isDuel = challenge.challenge_type === 'duel';
  const returnUrl = `${window.location.origin}${recordPath(challenge.id, refParam)}`;

  async function beginParticipation(next: Participant): Promise<void> {
    if (!genderAllowed(challenge, next.gender)) {
      errorToast(
        RECORD.genderNotAllowed(challenge.gender_filter === 'female' ? 'female' : 'male'),
        RECORD.closedTitle,
      );
      return;
    }
    try {
      await joinChallenge(supabase, challenge.id);
    } catch (error) {
      if (error instanceof JoinRefusedError) {
        setStep({
          kind: 'stopped',
          title: RECORD.closedTitle,
          message: CHALLENGE_CLOSED[error.reason],
        });
        return;
      }
      console.error('Joining the challenge failed', error);
      errorToast(RECORD.joinFailed);
      return;
    }
    if (
      !challenge.is_daily &&
      !attemptsUnlimited(challenge) &&
      (await hasOwnRecording(supabase, challenge.id, next.userId))
    ) {
      // Known now, so that a video still to send can be sent from the stopped screen.
      setParticipant(next);
      setStep({
        kind: 'stopped',
        title: RECORD.alreadySubmittedTitle,
        message: RECORD.alreadySubmitted,
      });
      return;
    }
    setParticipant(next);
    // A daily challenge says before the camera when today's attempt is in (issue 26).
    const nextDay = await options.nextAttempt();
    setStep(nextDay ? { kind: 'next-day', next: nextDay } : { kind: 'camera' });
  }

  async function register(values: { name: string; email: string; gender: ParticipantGender }) {
    setBusy(true);
    try {
      const outcome = await registerParticipant(supabase, {
        ...values,
        challengeId: challenge.id,
        returnUrl,
      });
      if (outcome.kind === 'link-sent') {
        setStep({ kind: 'check-email', email: values.email });
        return;
      }
      await beginParticipation({ userId: outcome.userId, ...values });
    } catch (error) {
      if (isDuel) console.warn('Duel registration failed', error);
      else console.error('Registration failed', error);
      errorToast(RECORD.accountFailed);
    } finally {
      setBusy(false);
    }
  }

  async function resendLink(email: string) {
    setBusy(true);
    try {
      await sendRecordLink(supabase, email, returnUrl);
      toast({ title: RECORD.linkResentTitle, description: RECORD.linkResent });
    } catch (error) {
      console.error('Sending the link failed', error);
      errorToast(RECORD.accountFailed);
    } finally {
      setBusy(false);
    }
  }

  async function continueAsSignedIn(values: { name: string; gender: ParticipantGender }) {
    if (!user?.email) return;
    setBusy(true);
    try {
      if (profile?.gender !== values.gender) {
        await saveParticipantGender(supabase, user.id, user.email, values.gender).catch(
          (error: unknown) => console.warn('Saving the gender on the profile failed', error),
        );
      }
      await beginParticipation({ userId: user.id, email: user.email, ...values });
    } finally {
      setBusy(false);
    }
  }

  async function switchParticipant() {
    try {
      await signOutHere(supabase);
    } catch (error) {
      console.error('Signing out failed', error);
    }
    setParticipant(null);
    setStep({ kind: 'account' });
  }

  /** Who sends: the participant of this visit, or the signed-in user when the flow stopped before
   * the camera (a closed challenge) with a video still to send. */
  function sender(): Participant | null {
    if (participant) return participant;
    if (!user?.email) return null;
    return {
      userId: user.id,
      email: user.email,
      name: profile?.full_name?.trim() || nameFromEmail(user.email),
      gender: profile?.gender === 'female' ? 'female' : 'male',
    };
  }

  return {
    participant,
    busy,
    register,
    resendLink,
    continueAsSignedIn,
    switchParticipant,
    sender,
  };
}
