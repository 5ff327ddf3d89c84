import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { LEADERBOARD } from '../constants';

/** A participant's name on a leaderboard row, 'You' on the viewer's own, and any badges after. */
export function EntryName(props: {
  name: string;
  isOwn: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <p className={cn('flex items-center gap-2', props.className)}>
      <span className="truncate font-semibold" data-testid="entry-name">
        {props.name}
      </span>
      {props.isOwn ? (
        <span className="rounded-full bg-gold/15 px-2 py-0.5 text-xs font-semibold text-gold-bright">
          {LEADERBOARD.you}
        </span>
      ) : null}
      {props.children}
    </p>
  );
}
