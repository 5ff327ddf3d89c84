import type { ReactNode } from 'react';
import { CountOrHidden } from '../../../components/hidden-count';
import { formatDuration } from '../../../lib/duration';
import { CountVerification } from '../../verification/components/count-verification';
import { VerificationProgressNote } from '../../verification/components/verification-progress-note';
import type { VerificationProgress } from '../../verification/data/verification-progress';
import type { LiveAttempt } from '../../verification/logic/live-attempt';
import { RECORDING_VIEW } from '../constants';
import type { PublicRecording } from '../data/recording';
import { repsPerMinute } from '../recording-rules';

function Stat(props: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="text-center">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{props.label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid={props.testId}>
        {props.children}
      </dd>
    </div>
  );
}

/** The result (spec 02 §2 "Recording view": valid reps, invalid reps, total time, reps per
 * minute): valid reps first and large, with whether it is the verified count and how it differs
 * from the live count, or where its verification stands. */
export function RecordingStats(props: {
  recording: PublicRecording;
  live: LiveAttempt | null;
  onVerificationSettled: (progress: VerificationProgress) => void;
}) {
  const { recording } = props;
  const { valid_reps: valid, invalid_reps: invalid, duration_seconds: seconds } = recording;
  const hidden = valid === null;
  return (
    <div className="rounded-xl border border-line bg-surface p-5 sm:p-6">
      <div className="text-center">
        <p className="text-xs font-semibold tracking-wide text-muted uppercase">
          {RECORDING_VIEW.validReps}
        </p>
        <p
          className="mt-1 font-display text-6xl leading-none font-bold text-gold-bright tabular-nums"
          data-testid="stat-valid"
        >
          <CountOrHidden value={valid} />
        </p>
        {hidden ? null : (
          <div className="mt-3">
            <CountVerification
              status={recording.verification_status}
              liveCount={props.live?.validReps ?? null}
              count={valid}
            />
          </div>
        )}
      </div>
      {recording.verification_status === 'verifying' && !hidden ? (
        <div className="mt-4">
          <VerificationProgressNote
            recordingId={recording.id}
            onSettled={props.onVerificationSettled}
          />
        </div>
      ) : null}
      <dl className="mt-5 grid grid-cols-3 gap-3 border-t border-line pt-4">
        <Stat label={RECORDING_VIEW.invalidReps} testId="stat-invalid">
          <CountOrHidden value={invalid} className="text-danger" />
        </Stat>
        <Stat label={RECORDING_VIEW.totalTime} testId="stat-time">
          {formatDuration(seconds)}
        </Stat>
        <Stat label={RECORDING_VIEW.repsPerMinute} testId="stat-rpm">
          <CountOrHidden value={valid === null ? null : repsPerMinute(valid, seconds)} />
        </Stat>
      </dl>
    </div>
  );
}
