import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn';

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled single choice (Radix Select: keyboard, type-ahead, screen-reader roles). An empty
 * value shows the placeholder. */
export function Select(props: {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder: string;
  disabled?: boolean;
  required?: boolean;
  name?: string;
  'aria-describedby'?: string;
}) {
  return (
    <SelectPrimitive.Root
      value={props.value === '' ? undefined : props.value}
      onValueChange={props.onValueChange}
      disabled={props.disabled}
      required={props.required}
      name={props.name}
    >
      <SelectPrimitive.Trigger
        id={props.id}
        aria-describedby={props['aria-describedby']}
        className={cn(
          'flex h-11 w-full items-center justify-between rounded-md border border-line bg-page px-3 text-left text-base',
          'hover:border-gold/40 focus:border-gold focus:outline-none data-[placeholder]:text-muted/80 disabled:opacity-60',
        )}
      >
        <SelectPrimitive.Value placeholder={props.placeholder} />
        <SelectPrimitive.Icon>
          <ChevronDown aria-hidden="true" className="size-4 text-muted" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={6}
          className="z-50 max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-line bg-surface-raised shadow-xl"
        >
          <SelectPrimitive.Viewport className="p-1">
            {props.options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                className="relative flex h-10 cursor-pointer select-none items-center rounded pr-3 pl-8 text-sm text-ink outline-none data-[highlighted]:bg-gold/15 data-[highlighted]:text-gold-bright"
              >
                <SelectPrimitive.ItemIndicator className="absolute left-2 inline-flex">
                  <Check aria-hidden="true" className="size-4" />
                </SelectPrimitive.ItemIndicator>
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
