import { cn } from '../../lib/cn';
import type { AnalysedFrame, DisplayPhase } from './analysis-run';

const PHASE_NAMES: Readonly<Record<DisplayPhase, string>> = {
  start: 'Start',
  transition: 'Transition',
  end: 'End',
  unknown: '—',
};

/** The counter state at the frame on screen: reps, phase and whether the person is in position. */
export function CounterBox(props: {
  /** The analysed frame at the current time; undefined before it has been analysed. */
  frame: AnalysedFrame | undefined;
}) {
  const { frame } = props;
  return (
    <dl
      className="grid grid-cols-2 gap-2 rounded-lg border border-line p-3 text-sm"
      data-testid="counter-box"
    >
      <dt className="text-muted">Valid reps</dt>
      <dd className="text-right text-2xl font-bold text-ink" data-testid="valid-count">
        {frame?.validReps ?? 0}
      </dd>
      <dt className="text-muted">Invalid reps</dt>
      <dd className="text-right text-2xl font-bold text-ink" data-testid="invalid-count">
        {frame?.invalidReps ?? 0}
      </dd>
      <dt className="text-muted">Phase</dt>
      <dd className="text-right text-ink" data-testid="current-phase">
        {PHASE_NAMES[frame?.phase ?? 'unknown']}
      </dd>
      <dt className="text-muted">Position</dt>
      <dd className="flex items-center justify-end gap-2 text-ink" data-testid="position-indicator">
        <span
          aria-hidden="true"
          className={cn(
            'size-3 rounded-full',
            frame?.isValidPosition ? 'bg-green-500' : 'bg-zinc-500',
          )}
        />
        {frame?.isValidPosition ? 'In position' : 'Not in position'}
      </dd>
    </dl>
  );
}
