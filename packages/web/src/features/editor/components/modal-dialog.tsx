import { X } from 'lucide-react';

// The dialog moved to components/ui (the challenge pages use it too); ProblemList is the editor's own.
export { ModalDialog } from '../../../components/ui/modal-dialog';

/** A list of problems (one per line) in an alert box. */
export function ProblemList(props: {
  title: string;
  lines: readonly string[];
  onDismiss?: () => void;
}) {
  return (
    <div role="alert" className="rounded-lg border border-danger/50 bg-danger-deep/30 p-4 text-sm">
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold">{props.title}</p>
        {props.onDismiss ? (
          <button
            type="button"
            aria-label="Dismiss"
            onClick={props.onDismiss}
            className="rounded p-0.5 text-ink/70 hover:text-ink"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>
      <ul className="mt-2 list-disc space-y-1 pl-5 font-mono text-xs break-words">
        {props.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
