import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import * as LabelPrimitive from '@radix-ui/react-label';
import { Check } from 'lucide-react';

/** A labelled checkbox; `description` is a line under the label that the box is described by. */
export function Checkbox(props: {
  id: string;
  label: string;
  description?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const descriptionId = props.description ? `${props.id}-description` : undefined;
  return (
    <div className={props.description ? 'flex gap-3 py-1.5' : 'flex min-h-10 items-center gap-3'}>
      <CheckboxPrimitive.Root
        id={props.id}
        checked={props.checked}
        onCheckedChange={(value) => props.onCheckedChange(value === true)}
        disabled={props.disabled}
        aria-describedby={descriptionId}
        className="flex size-5 shrink-0 items-center justify-center rounded border border-line bg-page hover:border-gold/60 data-[state=checked]:border-gold data-[state=checked]:bg-gold"
      >
        <CheckboxPrimitive.Indicator>
          <Check aria-hidden="true" className="size-3.5 text-page" strokeWidth={3} />
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      {props.description ? (
        <div className="grid gap-0.5">
          <LabelPrimitive.Root htmlFor={props.id} className="cursor-pointer text-sm text-ink">
            {props.label}
          </LabelPrimitive.Root>
          <p id={descriptionId} className="text-xs text-muted">
            {props.description}
          </p>
        </div>
      ) : (
        <LabelPrimitive.Root htmlFor={props.id} className="cursor-pointer text-sm text-ink">
          {props.label}
        </LabelPrimitive.Root>
      )}
    </div>
  );
}
