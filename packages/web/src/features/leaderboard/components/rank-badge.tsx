import { Crown } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { LEADERBOARD, PODIUM_SIZE } from '../constants';

/** '#1' (with a crown on the podium), or a dash: while ranks are hidden, and for an entry that
 * does not rank (its claim waits for the verification). */
export function RankBadge(props: { rank: number | null; unranked?: boolean }) {
  const podium = props.rank !== null && props.rank <= PODIUM_SIZE;
  return (
    <span
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-bold',
        podium ? 'bg-gold/15 text-gold-bright' : 'bg-surface-raised text-muted',
      )}
      data-testid="rank"
    >
      {props.rank === 1 ? <Crown aria-hidden="true" className="mr-0.5 size-3.5" /> : null}
      <span aria-hidden="true">{props.rank === null ? '–' : `#${props.rank}`}</span>
      <span className="sr-only">
        {props.rank !== null
          ? `Rank ${props.rank}`
          : props.unranked
            ? LEADERBOARD.notRanked
            : LEADERBOARD.rankHidden}
      </span>
    </span>
  );
}
