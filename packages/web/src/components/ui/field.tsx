import * as LabelPrimitive from '@radix-ui/react-label';
import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '../../lib/cn';

const CONTROL =
  'w-full rounded-md border border-line bg-page px-3 text-base text-ink placeholder:text-muted/70 ' +
  'transition-colors hover:border-gold/40 focus:border-gold focus:outline-none ' +
  'disabled:opacity-60 read-only:bg-surface-raised read-only:text-muted aria-invalid:border-danger';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function Input({ className, ...props }, ref) {
    return <input ref={ref} className={cn(CONTROL, 'h-11', className)} {...props} />;
  },
);

export const Textarea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement>
>(function Textarea({ className, ...props }, ref) {
  return <textarea ref={ref} className={cn(CONTROL, 'min-h-24 py-2', className)} {...props} />;
});

export function Label(props: { htmlFor?: string; children: ReactNode; className?: string }) {
  return (
    <LabelPrimitive.Root
      htmlFor={props.htmlFor}
      className={cn('mb-1.5 block text-sm font-medium text-ink', props.className)}
    >
      {props.children}
    </LabelPrimitive.Root>
  );
}

/** A label, its control, an optional hint and an optional error under it. Give the control
 * `fieldControlProps(id, error, hint)` so both are linked by aria-describedby. */
export function Field(props: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={props.className}>
      <Label htmlFor={props.id}>{props.label}</Label>
      {props.children}
      {props.hint ? (
        <p id={`${props.id}-hint`} className="mt-1.5 text-xs text-muted">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${props.id}-error`} className="mt-1.5 text-sm text-danger">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** The id and accessibility attributes of a control inside <Field>: invalid while it has an
 * error, described by the error and the hint. */
export function fieldControlProps(id: string, error: string | undefined, hasHint = false) {
  const describedBy = [error ? `${id}-error` : undefined, hasHint ? `${id}-hint` : undefined]
    .filter(Boolean)
    .join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}
