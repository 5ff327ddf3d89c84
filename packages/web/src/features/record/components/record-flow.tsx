import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAuth } from '../../../auth/auth-provider';
import { Spinner } from '../../../components/ui/spinner';
import { CHALLENGE_CLOSED } from '../../../constants/messages';
import { challengeTiming, type ParticipantGender } from '../../../data/challenges/challenge-status';
import type { ChallengeWithDefinition } from '../../../data/challenges/challenges';
import type { PendingAttempt } from '../data/pending-attempts';
import { useDailyRule } from '../hooks/use-daily-rule';
import { useDeviceAttempts } from '../hooks/use-device-attempts';
import { useDiagnosticsLog } from '../hooks/use-diagnostics-log';
import { useInterfaceWatch } from '../hooks/use-interface-watch';
import { useParticipation } from '../hooks/use-participation';
import { useSubmission } from '../hooks/use-submission';
import { type Step, stepAfterComplete } from '../logic/flow-steps';
import { ConfigurationError, type LiveCounting, liveCountingFor } from '../logic/live-analyzer';
import { nameFromEmail } from '../logic/registration';
import { RECORD } from '../messages';
import { recordSignInPath } from '../record-paths';
import type { FinishedRecording } from '../recording-controller';
import { CameraStage } from './camera-stage';
import { ChallengeCompleteDialog } from './challenge-complete-dialog';
import { ChallengeExits } from './challenge-exits';
import { CheckEmailCard } from './check-email-card';
import { FallbackCard } from './fallback-card';
import { MessageCard } from './message-card';
import { NextAttemptCard } from './next-attempt-card';
import { PendingAttemptCard } from './pending-attempt-card';
import { RegistrationCard } from './registration-card';
import { ResultsCard } from './results-card';
import { UploadScreen } from './upload-screen';
import { WelcomeBackCard } from './welcome-back-card';

/** A challenge that takes no attempt now: why, and where to go instead. */
function ClosedCard(props: {
  challengeId: string;
  message: string;
  testId: string;
  title: string;
}) {
  return (
    <MessageCard
      title={props.title}
      role="alert"
      actions={<ChallengeExits challengeId={props.challengeId} />}
    >
      <p data-testid={props.testId}>{props.message}</p>
    </MessageCard>
  );
}

/** The record flow of a loaded challenge (spec 02 §4): account step, camera, results, submission
 * and Challenge Complete, one step at a time. Each concern is a hook of its own (hooks/); this
 * component holds the step and shows it. */
export function RecordFlow(props: { challenge: ChallengeWithDefinition; refParam: string | null }) {
  const { challenge, refParam } = props;
  const auth = useAuth();
  const { user, profile } = auth;
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
  const daily = useDailyRule(challenge);
  const participation = useParticipation({
    challenge,
    refParam,
    setStep,
    nextAttempt: daily.nextAttempt,
  });
  const { participant } = participation;
  const device = useDeviceAttempts(challenge.id, participant?.userId ?? user?.id ?? null);
  const submission = useSubmission({
    challenge,
    refParam,
    sender: participation.sender,
    refreshDeviceAttempts: device.refresh,
    setStep,
  });
  const busy = participation.busy || submission.busy;
  const [diagnosticsOpen, setDiagnosticsOpen] = useState(false);
  const { log, addLog } = useDiagnosticsLog();
  const [stageKey, setStageKey] = useState(0);
  const watch = useInterfaceWatch(step.kind === 'camera');

  /** Right before the countdown: the daily rule is asked again (another tab may have submitted),
   * so no attempt is recorded that cannot be submitted. */
  const confirmCanRecord = useCallback(async (): Promise<boolean> => {
    const next = await daily.nextAttempt();
    if (next) setStep({ kind: 'next-day', next });
    return next === null;
  }, [daily.nextAttempt]);

  /** The next attempt's moment has come: asked again, then the camera. */
  const reopen = useCallback(async () => {
    const next = await daily.nextAttempt();
    setStep(next ? { kind: 'next-day', next } : { kind: 'camera' });
  }, [daily.nextAttempt]);

  /** After Challenge Complete: a daily challenge says when the next attempt opens. */
  async function afterComplete() {
    if (!daily.applies) {
      setStep(stepAfterComplete(challenge));
      return;
    }
    const next = await daily.nextAttempt();
    setStep(next ? { kind: 'next-day', next } : { kind: 'camera' });
  }

  async function onRecordingFinished(recording: FinishedRecording) {
    const pending: PendingAttempt = {
      attempt: recording.attempt,
      video: recording.video,
      mimeType: recording.mimeType,
      recordingId: null,
    };
    await device.keep(pending);
    setStep({
      kind: 'results',
      pending,
      videoUrl: URL.createObjectURL(recording.video),
      posterUrl: recording.poster ? URL.createObjectURL(recording.poster) : null,
    });
  }

  // Revoke the preview URLs of a results card that is left.
  const resultsUrl = step.kind === 'results' ? step.videoUrl : null;
  const posterUrl = step.kind === 'results' ? step.posterUrl : null;
  useEffect(
    () => () => {
      if (resultsUrl) URL.revokeObjectURL(resultsUrl);
      if (posterUrl) URL.revokeObjectURL(posterUrl);
    },
    [resultsUrl, posterUrl],
  );

  if (counting instanceof ConfigurationError) {
    return (
      <MessageCard title={RECORD.configurationErrorTitle} tone="danger" role="alert">
        <p>{RECORD.configurationError}</p>
        <p className="font-mono text-xs">{counting.message}</p>
      </MessageCard>
    );
  }
  const { videoToResend } = device;
  const resendCard =
    videoToResend && user ? (
      <PendingAttemptCard
        pending={videoToResend}
        busy={busy}
        onSend={() => void submission.send(videoToResend, true)}
        onDiscard={() => void device.discard(videoToResend)}
      />
    ) : null;

  if (!timing.open && step.kind !== 'complete' && step.kind !== 'submitting') {
    return (
      <>
        {resendCard}
        <MessageCard
          title={RECORD.closedTitle}
          role="alert"
          actions={<ChallengeExits challengeId={challenge.id} first="challenges" />}
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
          <ClosedCard
            challengeId={challenge.id}
            title={step.title}
            message={step.message}
            testId="stopped-message"
          />
        </>
      );
    case 'next-day':
      return (
        <>
          {resendCard}
          <NextAttemptCard
            challengeId={challenge.id}
            next={step.next}
            onOpen={() => void reopen()}
          />
        </>
      );
    case 'check-email':
      return (
        <CheckEmailCard
          email={step.email}
          busy={busy}
          onResend={() => void participation.resendLink(step.email)}
          onDifferentEmail={() => setStep({ kind: 'account' })}
          onSignedIn={() => setStep({ kind: 'account' })}
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
            onContinue={(values) => void participation.continueAsSignedIn(values)}
            onSwitchParticipant={() => void participation.switchParticipant()}
          />
        );
      }
      return (
        <RegistrationCard
          isDuel={challenge.challenge_type === 'duel'}
          signInPath={recordSignInPath(challenge.id)}
          busy={busy}
          onSubmit={(values) => void participation.register(values)}
        />
      );
    case 'camera': {
      const kept = device.pendingList[0];
      return (
        <>
          {kept ? (
            <PendingAttemptCard
              pending={kept}
              busy={busy}
              onSend={() => void submission.send(kept, kept.recordingId !== null)}
              onDiscard={() => void device.discard(kept)}
            />
          ) : null}
          {watch.fallback ? (
            <FallbackCard
              onForceLoad={() => {
                setStageKey((key) => key + 1);
                watch.arm();
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
            onPreviewReady={watch.onPreviewReady}
            confirmCanRecord={confirmCanRecord}
            onFinished={(recording) => void onRecordingFinished(recording)}
            onDiagnosticsLog={addLog}
            diagnosticsOpen={diagnosticsOpen}
            onToggleDiagnostics={() => setDiagnosticsOpen((open) => !open)}
            diagnosticsLog={log}
          />
        </>
      );
    }
    case 'results':
      return (
        <ResultsCard
          attempt={step.pending.attempt}
          videoUrl={step.videoUrl}
          posterUrl={step.posterUrl}
          busy={busy}
          onSubmit={() => void submission.send(step.pending)}
          onRecordAgain={() => {
            void device.discard(step.pending);
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
            <p>{RECORD.submittedCountedLive(step.validReps)}</p>
          </MessageCard>
          <ChallengeCompleteDialog
            open
            validReps={step.validReps}
            challengeId={challenge.id}
            recordingId={step.recordingId}
            videoSaved={step.videoSaved}
            canResendVideo={step.pending !== null}
            busy={busy}
            onResendVideo={() => step.pending && void submission.send(step.pending, true)}
            onNextUser={() => void submission.nextUser()}
            onClose={() => void afterComplete()}
          />
        </>
      );
  }
}
