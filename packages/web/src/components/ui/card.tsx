import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        'rounded-xl border border-line bg-surface/95 p-6 shadow-[0_20px_60px_-30px_rgba(0,0,0,0.8)] sm:p-8',
        className,
      )}
      {...props}
    />
  );
}
