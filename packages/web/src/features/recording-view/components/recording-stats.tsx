import type { ReactNode } from 'react';
import { CountOrHidden } from '../../../components/hidden-count';
import { formatDuration } from '../../../lib/duration';
import { RECORDING_VIEW } from '../constants';
import type { PublicRecording } from '../data/recording';
import { repsPerMinute } from '../recording-rules';

function Stat(props: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-line bg-surface p-4 text-center">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{props.label}</dt>
      <dd className="mt-1 text-3xl font-bold" data-testid={props.testId}>
        {props.children}
      </dd>
    </div>
  );
}

/** Valid reps, invalid reps, total time and reps per minute (spec 02 §2 "Recording view"). */
export function RecordingStats(props: { recording: PublicRecording }) {
  const { valid_reps: valid, invalid_reps: invalid, duration_seconds: seconds } = props.recording;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <Stat label={RECORDING_VIEW.validReps} testId="stat-valid">
        <CountOrHidden value={valid} className="text-gold-bright" />
      </Stat>
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
  );
}
