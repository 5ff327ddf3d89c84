import { cn } from '../../lib/cn';
import type { RepTimelineItem } from './timeline';

/** One button per rep: clicking plays the rep alone; hovering or focusing shows its phases. */
export function RepTimeline(props: {
  reps: readonly RepTimelineItem[];
  onPlayRep: (rep: RepTimelineItem) => void;
  /** The rep hovered or focused, or null when none is. */
  onHoverRep: (rep: RepTimelineItem | null) => void;
}) {
  return (
    <div className="mt-4">
      <h3 className="mb-2 text-sm font-semibold text-ink">Reps</h3>
      {props.reps.length === 0 ? (
        <p className="text-sm text-muted">No reps yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" data-testid="rep-timeline">
          {props.reps.map((rep) => (
            <li key={rep.repNumber}>
              <button
                type="button"
                className={cn(
                  'rounded-md border px-3 py-1 text-sm font-semibold',
                  rep.valid ? 'border-green-600 text-green-400' : 'border-red-600 text-red-400',
                )}
                title={rep.invalidReason ?? 'Valid rep'}
                onClick={() => props.onPlayRep(rep)}
                onMouseEnter={() => props.onHoverRep(rep)}
                onMouseLeave={() => props.onHoverRep(null)}
                onFocus={() => props.onHoverRep(rep)}
                onBlur={() => props.onHoverRep(null)}
              >
                Rep {rep.repNumber} {rep.valid ? '✓' : '✗'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
