import { Flame } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { AggregatePage } from '../../../data/challenges/leaderboard';
import { PUSHTOBER } from '../constants';

/** The global Pushtober leaderboard (the challenge's Aggregate: total reps, streaks), top 10. */
export function PushtoberBoard(props: {
  board: AggregatePage | undefined;
  challengeId: string | null;
  failed: boolean;
}) {
  const { board } = props;
  return (
    <div>
      {props.failed ? (
        <p role="alert" className="text-danger">
          {PUSHTOBER.loadFailed}
        </p>
      ) : !board ? (
        <Spinner label="Loading the leaderboard..." />
      ) : board.entries.length === 0 ? (
        <p className="text-muted">{PUSHTOBER.leaderboardEmpty}</p>
      ) : (
        <ol className="grid gap-2" aria-label={PUSHTOBER.leaderboardTitle}>
          {board.entries.map((entry) => (
            <li
              key={`${entry.rank}-${entry.name}`}
              className="flex items-center gap-3 rounded-lg border border-line bg-surface px-4 py-3 data-[own=true]:border-gold/60"
              data-own={entry.is_own}
              data-testid="pushtober-row"
            >
              <span className="w-8 font-bold text-gold-bright">#{entry.rank}</span>
              <span className="min-w-0 flex-1 truncate font-semibold">{entry.name}</span>
              <span className="inline-flex items-center gap-1 text-sm text-gold-bright">
                <Flame aria-hidden="true" className="size-4" />
                {entry.streak_length ?? 0}
              </span>
              <span className="w-24 text-right text-sm">
                <strong>{entry.total_reps ?? 0}</strong> <span className="text-muted">reps</span>
              </span>
            </li>
          ))}
        </ol>
      )}
      {props.challengeId ? (
        <Link
          to={`/challenge/${props.challengeId}/leaderboard?period=aggregate`}
          className={`${buttonClasses('secondary', 'sm')} mt-4`}
        >
          Full leaderboard
        </Link>
      ) : null}
    </div>
  );
}
