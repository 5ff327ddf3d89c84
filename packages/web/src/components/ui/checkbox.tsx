import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import * as LabelPrimitive from '@radix-ui/react-label';
import { Check } from 'lucide-react';

export function Checkbox(props: {
  id: string;
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <div className="flex min-h-10 items-center gap-3">
      <CheckboxPrimitive.Root
        id={props.id}
        checked={props.checked}
        onCheckedChange={(value) => props.onCheckedChange(value === true)}
        disabled={props.disabled}
        className="flex size-5 shrink-0 items-center justify-center rounded border border-line bg-page hover:border-gold/60 data-[state=checked]:border-gold data-[state=checked]:bg-gold"
      >
        <CheckboxPrimitive.Indicator>
          <Check aria-hidden="true" className="size-3.5 text-page" strokeWidth={3} />
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      <LabelPrimitive.Root htmlFor={props.id} className="cursor-pointer text-sm text-ink">
        {props.label}
      </LabelPrimitive.Root>
    </div>
  );
}
