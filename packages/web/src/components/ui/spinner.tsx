import { cn } from '../../lib/cn';

/** A spinning ring. Decorative: the text beside it (or `label`) says what is happening. */
export function Spinner(props: { className?: string; label?: string }) {
  return (
    <span role={props.label ? 'status' : undefined} className="inline-flex items-center gap-3">
      <span
        aria-hidden="true"
        className={cn(
          'inline-block size-6 animate-spin rounded-full border-2 border-gold/25 border-t-gold',
          props.className,
        )}
      />
      {props.label ? <span className="text-muted">{props.label}</span> : null}
    </span>
  );
}

/** A page-sized loading state that keeps the page's height, so nothing jumps when it ends. */
export function PageSpinner(props: { label?: string }) {
  return (
    <div className="flex min-h-[60svh] items-center justify-center px-4">
      <Spinner label={props.label ?? 'Loading...'} className="size-8" />
    </div>
  );
}
