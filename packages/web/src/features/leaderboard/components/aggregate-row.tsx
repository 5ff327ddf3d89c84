import { Flame } from 'lucide-react';
import { CountOrHidden } from '../../../components/hidden-count';
import type { AggregateEntry } from '../../../data/challenges/leaderboard';
import { AGGREGATE_COLUMNS, LEADERBOARD } from '../constants';
import { EntryName } from './entry-name';
import { RankBadge } from './rank-badge';

/** An Aggregate row (spec 02 §2): name, days logged, total reps, average per day, top day and
 * streak, per participant, of their verified recordings; claims still waiting for their
 * verification show apart ('+12 claimed'), added to nothing. */
export function AggregateRow(props: { entry: AggregateEntry }) {
  const { entry } = props;
  const cells = [
    [AGGREGATE_COLUMNS.daysLogged, entry.days_logged, 'days-logged'],
    [AGGREGATE_COLUMNS.totalReps, entry.total_reps, 'total-reps'],
    [AGGREGATE_COLUMNS.dailyAverage, entry.daily_average, 'daily-average'],
    [AGGREGATE_COLUMNS.topDaily, entry.top_daily, 'top-daily'],
  ] as const;
  return (
    <li
      className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl border border-line bg-surface p-3 sm:flex-nowrap sm:p-4 data-[own=true]:border-gold/60"
      data-own={entry.is_own}
      data-testid="aggregate-row"
    >
      <RankBadge rank={entry.rank} unranked={!entry.ranked} />
      <div className="min-w-0 flex-1">
        <EntryName name={entry.name} isOwn={entry.is_own} />
        {entry.pending_reps ? (
          <p className="mt-0.5 text-xs text-muted" data-testid="pending-reps">
            {LEADERBOARD.pendingReps(entry.pending_reps)}
          </p>
        ) : null}
      </div>
      <dl className="grid w-full grid-cols-5 gap-2 text-center text-sm sm:w-auto sm:gap-5">
        {cells.map(([label, value, testId]) => (
          <div key={label}>
            <dt className="text-[0.7rem] leading-tight text-muted sm:text-xs">{label}</dt>
            <dd className="font-semibold" data-testid={testId}>
              <CountOrHidden value={value} />
            </dd>
          </div>
        ))}
        <div>
          <dt className="text-[0.7rem] leading-tight text-muted sm:text-xs">
            {AGGREGATE_COLUMNS.streak}
          </dt>
          <dd
            className="inline-flex items-center gap-1 font-semibold text-gold-bright"
            data-testid="streak"
          >
            <Flame aria-hidden="true" className="size-3.5" />
            <CountOrHidden value={entry.streak_length} />
          </dd>
        </div>
      </dl>
    </li>
  );
}
