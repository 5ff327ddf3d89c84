import { Trophy, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import type { LeaderboardEntry } from '../../../data/recordings/recordings';
import { VerificationBadge } from '../../verification/verification-badge';
import { plural } from '../challenge-terms';
import { DETAIL, DETAIL_TOP_COUNT } from '../messages';

/** The participants column (spec 02 §2): the count, Join Challenge, View Leaderboard when anyone
 * took part, and the top three (no e-mail addresses: they are private, docs/security.md). */
export function ParticipantsColumn(props: {
  challengeId: string;
  participantCount: number;
  top: readonly LeaderboardEntry[];
  hideReps: boolean;
  canJoin: boolean;
  closedLabel: string;
  joining: boolean;
  onJoin: () => void;
}) {
  const { challengeId, participantCount, top } = props;
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
        {plural(participantCount, 'participant', 'participants')}
      </p>
      <div className="mt-5 grid gap-3 sm:grid-cols-2">
        {props.canJoin ? (
          <Button size="lg" onClick={props.onJoin} disabled={props.joining}>
            {props.joining ? DETAIL.joining : DETAIL.join}
          </Button>
        ) : (
          <Button size="lg" disabled>
            {props.closedLabel}
          </Button>
        )}
        {participantCount > 0 ? (
          <Link
            to={`/challenge/${challengeId}/leaderboard`}
            className={buttonClasses('secondary', 'lg')}
          >
            {DETAIL.viewLeaderboard}
          </Link>
        ) : null}
      </div>
      {top.length > 0 ? (
        <ol className="mt-6 grid gap-3" aria-label="Top participants">
          {top.slice(0, DETAIL_TOP_COUNT).map((entry, index) => (
            <li
              key={entry.id}
              className="flex items-center gap-3 rounded-lg border border-line bg-surface-raised p-3"
            >
              <span className="w-6 text-center font-display text-lg font-semibold text-gold">
                {index + 1}
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
              {props.hideReps ? (
                <span className="text-sm text-muted">
                  <span aria-hidden="true" className="blur-sm select-none">
                    00
                  </span>
                  <span className="sr-only">Hidden until the challenge ends</span> reps
                </span>
              ) : (
                <span className="flex flex-col items-end gap-1">
                  <span className="font-semibold" data-testid="entry-reps">
                    {entry.valid_reps} reps
                  </span>
                  {entry.verification_status === 'verified' ? null : (
                    <VerificationBadge status={entry.verification_status} />
                  )}
                </span>
              )}
            </li>
          ))}
        </ol>
      ) : null}
      {participantCount > DETAIL_TOP_COUNT ? (
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
