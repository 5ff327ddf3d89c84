import type { ComponentType } from 'react';

/** A number with its title and icon (the dashboard's and the analytics page's cards). */
export function StatCard(props: {
  title: string;
  value: string | number | undefined;
  note?: string;
  Icon: ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>;
}) {
  return (
    <div className="rounded-xl border border-line bg-surface p-5">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-muted">{props.title}</h3>
        <props.Icon aria-hidden="true" className="size-5 shrink-0 text-gold" />
      </div>
      <p className="mt-3 text-3xl font-semibold text-ink tabular-nums">{props.value ?? '—'}</p>
      {props.note ? <p className="mt-1 text-xs text-muted">{props.note}</p> : null}
    </div>
  );
}
