import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDuration, repsPerMinute } from '../logic/session-rules';
import type { FinishedAttempt } from '../logic/submission';
import { RECORD } from '../messages';

const ENDED: Record<FinishedAttempt['endedBy'], string> = {
  user: RECORD.endedByUser,
  rest: RECORD.endedByRest,
  limit: RECORD.endedByLimit,
};

/** The results card after Finish Recording (spec 02 §2, §4), with Submit Challenge. */
export function ResultsCard(props: {
  attempt: FinishedAttempt;
  videoUrl: string | null;
  /** A still of the attempt, shown until the video plays (not its first, often black, frame). */
  posterUrl: string | null;
  busy: boolean;
  onSubmit: () => void;
  onRecordAgain: () => void;
}) {
  const { attempt } = props;
  const stats: [string, string, string][] = [
    ['Valid reps', String(attempt.validReps), 'result-valid'],
    ['Invalid reps', String(attempt.invalidReps), 'result-invalid'],
    ['Time', formatDuration(attempt.durationSeconds), 'result-time'],
    [
      'Reps per minute',
      String(repsPerMinute(attempt.validReps, attempt.durationSeconds)),
      'result-rpm',
    ],
  ];
  return (
    <Card>
      <h2 className="font-display text-2xl font-semibold">Your attempt</h2>
      <p className="mt-2 text-muted" data-testid="ended-by">
        {ENDED[attempt.endedBy]}
      </p>
      <p className="mt-1 text-sm text-muted" data-testid="counted-live-note">
        {RECORD.countedLiveNote}
      </p>
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {stats.map(([label, value, testId]) => (
          <div
            key={label}
            className="rounded-lg border border-line bg-surface-raised p-4 text-center"
          >
            <dt className="text-xs tracking-wide text-muted uppercase">{label}</dt>
            <dd data-testid={testId} className="mt-1 font-display text-3xl font-semibold">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {props.videoUrl ? (
        // biome-ignore lint/a11y/useMediaCaption: a silent recording of the attempt
        <video
          src={props.videoUrl}
          poster={props.posterUrl ?? undefined}
          controls
          playsInline
          data-testid="result-video"
          className="mt-6 w-full rounded-lg bg-black"
        />
      ) : null}
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <Button size="lg" className="h-14 text-lg" onClick={props.onSubmit} disabled={props.busy}>
          {RECORD.submitChallenge}
        </Button>
        <Button size="lg" variant="secondary" onClick={props.onRecordAgain} disabled={props.busy}>
          {RECORD.recordAgain}
        </Button>
      </div>
    </Card>
  );
}
