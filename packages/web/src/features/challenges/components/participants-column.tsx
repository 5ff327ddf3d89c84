import { EyeOff, Trophy, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import type { LeaderboardEntry } from '../../../data/challenges/leaderboard';
import { VerificationBadge } from '../../verification/components/verification-badge';
import { plural } from '../challenge-terms';
import { DETAIL, DETAIL_TOP_COUNT } from '../messages';

/** The participants column (spec 02 §2): the count, Join Challenge, View Leaderboard when anyone
 * took part, and the top three as the leaderboard ranks them (no e-mail addresses: they are
 * private, docs/security.md). While the database hides a duel's results there is no top three to
 * show, as the leaderboard shows no ranks: the column says so instead. */
export function ParticipantsColumn(props: {
  challengeId: string;
  /** null while it loads */
  participantCount: number | null;
  top: readonly LeaderboardEntry[];
  resultsHidden: boolean;
  canJoin: boolean;
  closedLabel: string;
  joining: boolean;
  onJoin: () => void;
}) {
  const { challengeId, participantCount } = props;
  // Only verified counts rank: claims waiting for their verification are no top three.
  const top = props.top.filter((entry) => entry.ranked);
  return (
    <section
      aria-labelledby="participants-title"
      className="rounded-xl border border-line bg-surface p-6"
    >
      <h2 id="participants-title" className="text-lg font-semibold">
        Participants
      </h2>
      <p className="mt-2 flex items-center gap-2 text-sm" data-testid="participant-count">
        <Users aria-hidden="true" className="size-4 text-gold" />
        {participantCount === null
          ? DETAIL.participantsLoading
          : plural(participantCount, 'participant', 'participants')}
      </p>
      {/* Side by side only while both labels fit on one line; else one above the other. */}
      <div className="mt-5 grid grid-cols-[repeat(auto-fit,minmax(14rem,1fr))] gap-3 [&>*]:whitespace-nowrap">
        {props.canJoin ? (
          <Button size="lg" onClick={props.onJoin} disabled={props.joining}>
            {props.joining ? DETAIL.joining : DETAIL.join}
          </Button>
        ) : (
          <Button size="lg" disabled>
            {props.closedLabel}
          </Button>
        )}
        {(participantCount ?? 0) > 0 ? (
          <Link
            to={`/challenge/${challengeId}/leaderboard`}
            className={buttonClasses('secondary', 'lg')}
          >
            {DETAIL.viewLeaderboard}
          </Link>
        ) : null}
      </div>
      {props.resultsHidden && (participantCount ?? 0) > 0 ? (
        <p
          className="mt-6 flex items-center gap-3 rounded-lg border border-line bg-surface-raised p-3 text-sm text-muted"
          data-testid="top-hidden"
        >
          <EyeOff aria-hidden="true" className="size-5 shrink-0 text-gold" />
          {DETAIL.topHidden}
        </p>
      ) : top.length > 0 ? (
        <ol className="mt-6 grid gap-3" aria-label="Top participants">
          {top.slice(0, DETAIL_TOP_COUNT).map((entry, index) => (
            <li
              key={entry.recording_id ?? entry.name}
              className="flex items-center gap-3 rounded-lg border border-line bg-surface-raised p-3"
            >
              <span className="w-6 text-center font-display text-lg font-semibold text-gold">
                {entry.rank ?? index + 1}
              </span>
              {entry.gif_url ? (
                <img
                  src={entry.gif_url}
                  alt=""
                  loading="lazy"
                  className="size-12 rounded-md object-cover"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex size-12 items-center justify-center rounded-md bg-surface"
                >
                  <Trophy className="size-5 text-muted" />
                </span>
              )}
              <span className="min-w-0 flex-1 truncate">{entry.name}</span>
              <span className="flex flex-col items-end gap-1">
                <span className="font-semibold" data-testid="entry-reps">
                  {plural(entry.valid_reps ?? 0, 'rep', 'reps')}
                </span>
                {entry.verification_status ? (
                  <VerificationBadge status={entry.verification_status} compact />
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      {participantCount !== null && participantCount > DETAIL_TOP_COUNT ? (
        <Link
          to={`/challenge/${challengeId}/leaderboard`}
          className="mt-4 inline-block text-sm font-semibold text-gold hover:text-gold-bright"
        >
          {DETAIL.viewAll(participantCount)}
        </Link>
      ) : null}
    </section>
  );
}
