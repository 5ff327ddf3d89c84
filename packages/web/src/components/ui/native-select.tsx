import { ChevronDown } from 'lucide-react';
import type { SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import type { SelectOption } from './select';

/** The browser's own select, styled like <Select>. Used on the landing page, where the Radix
 * select (with its positioning engine) would add about 25 KB to the first download, and where
 * phones show their native picker. The placeholder (an empty value) is optional. */
export function NativeSelect({
  options,
  placeholder,
  className,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & {
  options: readonly SelectOption[];
  placeholder?: string;
  value: string;
}) {
  return (
    <div className="relative">
      <select
        className={cn(
          'h-11 w-full appearance-none rounded-md border border-line bg-page pr-10 pl-3 text-base',
          'hover:border-gold/40 focus:border-gold focus:outline-none disabled:opacity-60 aria-invalid:border-danger',
          props.value === '' ? 'text-muted/80' : 'text-ink',
          className,
        )}
        {...props}
      >
        {placeholder === undefined ? null : (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value} className="text-ink">
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted"
      />
    </div>
  );
}
