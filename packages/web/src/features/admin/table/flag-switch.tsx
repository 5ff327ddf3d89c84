import { cn } from '../../../lib/cn';

/** A flag toggled in the table row: a switch named after the flag ("Active", "Hidden"...), and
 * beside it the state in words (Active/Inactive, Visible/Hidden, Daily/Single). */
export function FlagSwitch(props: {
  name: string;
  checked: boolean;
  stateLabel: string;
  busy: boolean;
  onToggle: () => void;
}) {
  return (
    <div className="flex items-center gap-2 whitespace-nowrap">
      <button
        type="button"
        role="switch"
        aria-label={props.name}
        aria-checked={props.checked}
        aria-busy={props.busy || undefined}
        disabled={props.busy}
        onClick={props.onToggle}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition-colors disabled:opacity-50',
          props.checked ? 'border-gold bg-gold/80' : 'border-line bg-surface-raised',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block size-4 rounded-full bg-ink shadow transition-transform',
            props.checked ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </button>
      <span className="text-sm text-muted">{props.stateLabel}</span>
    </div>
  );
}
