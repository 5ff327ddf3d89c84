import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { cn } from '../../lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'outline' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-gold text-page hover:bg-gold-bright shadow-[0_0_0_1px_rgba(0,0,0,0.2)]',
  secondary: 'bg-surface-raised text-ink border border-line hover:border-gold/60',
  ghost: 'text-ink hover:bg-surface-raised',
  outline: 'border border-gold/70 text-gold hover:bg-gold/10',
  danger: 'bg-danger-deep text-ink hover:bg-red-800',
};

/** Heights are minimums: a label that has to wrap (a narrow column, a long translation) makes the
 * button taller instead of spilling out of it. */
const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 py-1 text-sm',
  md: 'min-h-11 px-5 py-1.5 text-sm',
  lg: 'min-h-12 px-7 py-2 text-base',
};

/** The classes of a button, for links that look like one. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md text-center font-semibold tracking-wide transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
    VARIANTS[variant],
    SIZES[size],
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className, type = 'button', ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cn(buttonClasses(variant, size), className)}
      {...props}
    />
  );
});
