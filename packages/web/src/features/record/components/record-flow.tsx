import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../auth/auth-provider';
import { buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { CHALLENGE_CLOSED } from '../../../constants/messages';
import {
  type ChallengeTimingFields,
  challengeTiming,
  genderAllowed,
  type ParticipantGender,
} from '../../../data/challenges/challenge-status';
import {
  attemptsUnlimited,
  type ChallengeWithDefinition,
  getChallengeById,
  JoinRefusedError,
  joinChallenge,
} from '../../../data/challenges/challenges';
import { hasOwnRecording } from '../../../data/recordings/recordings';
import { errorToast, toast } from '../../../toast/toast-store';
import {
  listPendingAttempts,
  type PendingAttempt,
  removePendingAttempt,
  savePendingAttempt,
} from '../data/pending-attempts';
import {
  registerParticipant,
  saveParticipantGender,
  sendRecordLink,
  signOutHere,
} from '../data/registration';
import { submitDeps } from '../data/submit-deps';
import { ConfigurationError, type LiveCounting, liveCountingFor } from '../logic/live-analyzer';
import { nameFromEmail } from '../logic/registration';
import type { Participant } from '../logic/submission';
import {
  resendVideo,
  type SubmitOutcome,
  type SubmitPhase,
  submitAttempt,
} from '../logic/submit-attempt';
import { RECORD, RECORDING_INTERFACE_TIMEOUT_MS } from '../messages';
import { recordPath, recordSignInPath } from '../record-paths';
import type { FinishedRecording } from '../recording-controller';
import { CameraStage } from './camera-stage';
import { ChallengeCompleteDialog } from './challenge-complete-dialog';
import { CheckEmailCard } from './check-email-card';
import { FallbackCard } from './fallback-card';
import { MessageCard } from './message-card';
import { PendingAttemptCard } from './pending-attempt-card';
import { RegistrationCard, type RegistrationValues } from './registration-card';
import { ResultsCard } from './results-card';
import { UploadScreen } from './upload-screen';
import { WelcomeBackCard } from './welcome-back-card';

type Step =
  | { kind: 'account' }
  | { kind: 'check-email'; email: string }
  | { kind: 'camera' }
  | { kind: 'results'; pending: PendingAttempt; videoUrl: string }
  | { kind: 'submitting'; pending: PendingAttempt; phase: SubmitPhase }
  | {
      kind: 'complete';
      validReps: number;
      videoSaved: boolean;
      pending: PendingAttempt | null;
    }
  | { kind: 'stopped'; title: string; message: string };

/** Lines the diagnostics log keeps. */
const LOG_LIMIT = 50;

/** The record flow of a loaded challenge (spec 02 §4): account step, camera, results, submission
 * and Challenge Complete, one step at a time. */
export function RecordFlow(props: { challenge: ChallengeWithDefinition; refParam: string | null }) {
  const { challenge, refParam } = props;
  const auth = useAuth();
  const { supabase, user, profile } = auth;
  const isDuel = challenge.challenge_type === 'duel';
  // The state at arrival decides; a challenge closing mid-attempt is refused at submission.
  const timing = useMemo(() => challengeTiming(challenge, new Date()), [challenge]);
  const counting = useMemo((): LiveCounting | ConfigurationError => {
    try {
      return liveCountingFor(challenge.exercise_definitions);
    } catch (error) {
      return error instanceof ConfigurationError ? error : new ConfigurationError(String(error));
    }
  }, [challenge.exercise_definitions]);

  const [step, setStep] = useState<Step>({ kind: 'account' });
  const [participant, setParticipant] = useState<Participant | null>(null);
  const [busy, setBusy] = useState(false);
  const [pendingList, setPendingList] = useState<PendingAttempt[]>([]);
  const [diagnosticsOpen, setDiagnosticsOpen] = useState(false);
  const [log, setLog] = useState<string[]>([]);
  const [stageKey, setStageKey] = useState(0);
  const [fallback, setFallback] = useState(false);
  const fallbackTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const addLog = useCallback((line: string) => {
    setLog((lines) => [
      ...lines.slice(-(LOG_LIMIT - 1)),
      `${new Date().toLocaleTimeString()} ${line}`,
    ]);
  }, []);

  const refreshPending = useCallback(
    async (userId: string) => {
      try {
        setPendingList(await listPendingAttempts(challenge.id, userId));
      } catch (error) {
        console.error('Reading attempts kept on this device failed', error);
      }
    },
    [challenge.id],
  );

  // The signed-in user's attempts on this device, also before (or without) joining: an attempt
  // saved without its video is offered from every screen, the closed and the already-submitted
  // ones too (the database attaches a late video for days after the row).
  const pendingOwner = participant?.userId ?? user?.id ?? null;
  useEffect(() => {
    if (pendingOwner) void refreshPending(pendingOwner);
  }, [pendingOwner, refreshPending]);
  const videoToResend = pendingList.find((pending) => pending.recordingId !== null) ?? null;

  // The fallback card: no camera picture in time after the recording card appeared.
  const armFallback = useCallback(() => {
    clearTimeout(fallbackTimer.current);
    setFallback(false);
    fallbackTimer.current = setTimeout(() => setFallback(true), RECORDING_INTERFACE_TIMEOUT_MS);
  }, []);
  useEffect(() => {
    if (step.kind === 'camera') armFallback();
    else clearTimeout(fallbackTimer.current);
    return () => clearTimeout(fallbackTimer.current);
  }, [step.kind, armFallback]);
  const onPreviewReady = useCallback(() => {
    clearTimeout(fallbackTimer.current);
    setFallback(false);
  }, []);

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
    setStep({ kind: 'camera' });
  }

  async function register(values: RegistrationValues) {
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

  async function onRecordingFinished(recording: FinishedRecording) {
    const pending: PendingAttempt = {
      attempt: recording.attempt,
      video: recording.video,
      mimeType: recording.mimeType,
      recordingId: null,
    };
    try {
      await savePendingAttempt(pending);
    } catch (error) {
      // Private windows may refuse IndexedDB; the attempt is still in memory for Submit.
      console.warn('Keeping the attempt on this device failed', error);
    }
    setStep({ kind: 'results', pending, videoUrl: URL.createObjectURL(recording.video) });
  }

  const deps = submitDeps(supabase);

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

  /** Where Challenge Complete leads: the camera again only where more attempts count. */
  function afterComplete(): Step {
    if (attemptsUnlimited(challenge)) return { kind: 'camera' };
    return {
      kind: 'stopped',
      title: RECORD.alreadySubmittedTitle,
      message: challenge.is_daily ? RECORD.alreadySubmittedToday : RECORD.alreadySubmitted,
    };
  }

  async function send(pending: PendingAttempt, videoOnly = false) {
    const from = sender();
    if (!from) return;
    setBusy(true);
    setStep({ kind: 'submitting', pending, phase: { kind: 'uploading', progress: 0 } });
    const target = {
      challenge: { id: challenge.id, name: challenge.name, is_daily: challenge.is_daily },
      participant: from,
      ref: refParam,
    };
    const onPhase = (phase: SubmitPhase) => setStep({ kind: 'submitting', pending, phase });
    let outcome: SubmitOutcome;
    try {
      outcome = videoOnly
        ? await resendVideo(deps, target, pending, onPhase)
        : await submitAttempt(deps, target, pending, onPhase);
    } catch (error) {
      outcome = { kind: 'failed', error };
    }
    setBusy(false);
    await refreshPending(from.userId);
    switch (outcome.kind) {
      case 'saved': {
        if (outcome.uploadError)
          errorToast(RECORD.savedWithoutVideo(outcome.uploadError), RECORD.savedWithoutVideoTitle);
        else if (videoOnly)
          toast({ title: RECORD.videoAttachedTitle, description: RECORD.videoAttached });
        const kept = outcome.videoSaved ? null : { ...pending, recordingId: outcome.recordingId };
        setStep({
          kind: 'complete',
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
        setStep({ kind: 'results', pending, videoUrl: URL.createObjectURL(pending.video) });
        return;
    }
  }

  async function discard(pending: PendingAttempt) {
    await removePendingAttempt(pending.attempt.id).catch((error: unknown) => console.warn(error));
    if (pendingOwner) await refreshPending(pendingOwner);
  }

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

  // Revoke the preview URL of a results card that is left.
  const resultsUrl = step.kind === 'results' ? step.videoUrl : null;
  useEffect(
    () => () => {
      if (resultsUrl) URL.revokeObjectURL(resultsUrl);
    },
    [resultsUrl],
  );

  if (counting instanceof ConfigurationError) {
    return (
      <MessageCard title={RECORD.configurationErrorTitle} tone="danger" role="alert">
        <p>{RECORD.configurationError}</p>
        <p className="font-mono text-xs">{counting.message}</p>
      </MessageCard>
    );
  }
  const resendCard =
    videoToResend && user ? (
      <PendingAttemptCard
        pending={videoToResend}
        busy={busy}
        onSend={() => void send(videoToResend, true)}
        onDiscard={() => void discard(videoToResend)}
      />
    ) : null;

  if (!timing.open && step.kind !== 'complete' && step.kind !== 'submitting') {
    return (
      <>
        {resendCard}
        <MessageCard
          title={RECORD.closedTitle}
          role="alert"
          actions={
            <>
              <Link to="/challenges" className={buttonClasses('primary')}>
                {RECORD.backToChallenges}
              </Link>
              <Link
                to={`/challenge/${challenge.id}/leaderboard`}
                className={buttonClasses('secondary')}
              >
                {RECORD.viewLeaderboard}
              </Link>
            </>
          }
        >
          <p data-testid="closed-reason">{CHALLENGE_CLOSED[timing.closedReason!]}</p>
        </MessageCard>
      </>
    );
  }
  if (!auth.initialized || auth.loading) {
    return (
      <div className="flex min-h-[30svh] items-center justify-center">
        <Spinner label="Loading..." />
      </div>
    );
  }

  switch (step.kind) {
    case 'stopped':
      return (
        <>
          {resendCard}
          <MessageCard
            title={step.title}
            role="alert"
            actions={
              <>
                <Link
                  to={`/challenge/${challenge.id}/leaderboard`}
                  className={buttonClasses('primary')}
                >
                  {RECORD.viewLeaderboard}
                </Link>
                <Link to="/challenges" className={buttonClasses('secondary')}>
                  {RECORD.backToChallenges}
                </Link>
              </>
            }
          >
            <p data-testid="stopped-message">{step.message}</p>
          </MessageCard>
        </>
      );
    case 'check-email':
      return (
        <CheckEmailCard
          email={step.email}
          busy={busy}
          onResend={() => void resendLink(step.email)}
          onDifferentEmail={() => setStep({ kind: 'account' })}
        />
      );
    case 'account':
      if (user?.email) {
        const initialName = profile?.full_name?.trim() || nameFromEmail(user.email);
        const initialGender: ParticipantGender = profile?.gender === 'female' ? 'female' : 'male';
        return (
          <WelcomeBackCard
            email={user.email}
            initialName={initialName}
            initialGender={initialGender}
            busy={busy}
            onContinue={(values) => void continueAsSignedIn(values)}
            onSwitchParticipant={() => void switchParticipant()}
          />
        );
      }
      return (
        <RegistrationCard
          isDuel={isDuel}
          signInPath={recordSignInPath(challenge.id)}
          busy={busy}
          onSubmit={(values) => void register(values)}
        />
      );
    case 'camera':
      return (
        <>
          {pendingList[0] ? (
            <PendingAttemptCard
              pending={pendingList[0]}
              busy={busy}
              onSend={() => void send(pendingList[0]!, pendingList[0]!.recordingId !== null)}
              onDiscard={() => void discard(pendingList[0]!)}
            />
          ) : null}
          {fallback ? (
            <FallbackCard
              onForceLoad={() => {
                setStageKey((key) => key + 1);
                armFallback();
              }}
              onDebug={() => setDiagnosticsOpen(true)}
            />
          ) : null}
          <CameraStage
            key={stageKey}
            counting={counting}
            challengeId={challenge.id}
            userId={participant!.userId}
            exerciseName={challenge.exercise_definitions?.name ?? 'Push-up'}
            onPreviewReady={onPreviewReady}
            onFinished={(recording) => void onRecordingFinished(recording)}
            onDiagnosticsLog={addLog}
            diagnosticsOpen={diagnosticsOpen}
            onToggleDiagnostics={() => setDiagnosticsOpen((open) => !open)}
            diagnosticsLog={log}
          />
        </>
      );
    case 'results':
      return (
        <ResultsCard
          attempt={step.pending.attempt}
          videoUrl={step.videoUrl}
          busy={busy}
          onSubmit={() => void send(step.pending)}
          onRecordAgain={() => {
            void discard(step.pending);
            setStep({ kind: 'camera' });
          }}
        />
      );
    case 'submitting':
      return <UploadScreen phase={step.phase} />;
    case 'complete':
      return (
        <>
          <MessageCard title={RECORD.completeTitle} role="status">
            <p>{step.validReps} valid reps submitted.</p>
          </MessageCard>
          <ChallengeCompleteDialog
            open
            validReps={step.validReps}
            challengeId={challenge.id}
            videoSaved={step.videoSaved}
            canResendVideo={step.pending !== null}
            busy={busy}
            onResendVideo={() => step.pending && void send(step.pending, true)}
            onNextUser={() => void nextUser()}
            onClose={() => setStep(afterComplete())}
          />
        </>
      );
  }
}
