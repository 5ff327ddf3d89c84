import type { LiveSnapshot } from '../logic/live-session';
import type { SessionVerdict } from '../logic/session-rules';
import { formatDuration } from '../logic/session-rules';
import { RECORD } from '../messages';

const PHASE_LABELS: Record<string, string> = {
  up: 'Up',
  down: 'Down',
  transition: 'Moving',
  start: 'Start',
  end: 'Bottom',
  unknown: '–',
};

/** What the participant reads from two metres during the attempt: the counts in very large type,
 * the phase, whether the camera sees them in position, the last invalid rep's reason, the time
 * and the warning before the attempt ends by itself. */
export function LiveCounter(props: {
  snapshot: LiveSnapshot | null;
  verdict: SessionVerdict;
  elapsedMs: number;
  modelReady: boolean;
}) {
  const snapshot = props.snapshot;
  const inPosition = snapshot?.isValidPosition ?? false;
  return (
    <div className="pointer-events-none flex w-full flex-col items-center gap-3 text-center">
      {props.verdict.kind === 'warning' ? (
        <p
          role="alert"
          data-testid="session-warning"
          className="rounded-xl bg-gold px-5 py-3 text-[clamp(1.25rem,4.5vw,2.25rem)] font-bold text-page shadow-2xl"
        >
          {props.verdict.reason === 'rest'
            ? RECORD.restWarning(Math.max(1, Math.ceil(props.verdict.remainingMs / 1000)))
            : RECORD.limitWarning(Math.ceil(props.verdict.remainingMs / 1000))}
        </p>
      ) : null}
      <div className="flex items-end justify-center gap-6 sm:gap-10">
        <div className="flex flex-col items-center rounded-2xl bg-black/70 px-5 py-2">
          <span
            data-testid="live-valid"
            className="font-display text-[clamp(5rem,22vw,11rem)] leading-none font-bold text-success tabular-nums"
          >
            {snapshot?.validReps ?? 0}
          </span>
          <span className="text-lg font-semibold tracking-wide uppercase">Valid</span>
          <span className="sr-only"> valid reps</span>
        </div>
        <div className="flex flex-col items-center rounded-2xl bg-black/70 px-4 py-2">
          <span
            data-testid="live-invalid"
            className="font-display text-[clamp(3rem,12vw,6rem)] leading-none font-bold text-danger tabular-nums"
          >
            {snapshot?.invalidReps ?? 0}
          </span>
          <span className="text-base font-semibold tracking-wide uppercase">Invalid</span>
          <span className="sr-only"> invalid reps</span>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-center gap-3 text-[clamp(1.1rem,3.5vw,1.75rem)] font-semibold">
        <span
          data-testid="position-indicator"
          data-in-position={inPosition}
          className={`inline-flex items-center gap-2 rounded-full px-4 py-1.5 ${inPosition ? 'bg-success/90 text-page' : 'bg-danger-deep text-ink'}`}
        >
          <span aria-hidden="true" className="size-4 rounded-full bg-current" />
          {props.modelReady
            ? inPosition
              ? 'In position'
              : 'Get into position'
            : RECORD.loadingModel}
        </span>
        <span className="rounded-full bg-black/70 px-4 py-1.5" data-testid="live-phase">
          {PHASE_LABELS[snapshot?.phase ?? 'unknown'] ?? snapshot?.phase}
        </span>
        <span className="rounded-full bg-black/70 px-4 py-1.5 tabular-nums" data-testid="elapsed">
          {formatDuration(props.elapsedMs / 1000)}
        </span>
      </div>
      {snapshot?.lastInvalidReason ? (
        <p
          data-testid="last-invalid-reason"
          className="max-w-3xl rounded-xl bg-danger-deep/90 px-5 py-2 text-[clamp(1.1rem,4vw,2rem)] font-semibold"
        >
          {snapshot.lastInvalidReason}
        </p>
      ) : null}
    </div>
  );
}
