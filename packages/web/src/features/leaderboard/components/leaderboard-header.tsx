import { ArrowLeft, CalendarDays, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { challengeDates, datesText } from '../../../data/challenges/challenge-dates';
import {
  type ChallengeClosedReason,
  challengeTiming,
} from '../../../data/challenges/challenge-status';
import type { Challenge } from '../../../data/challenges/challenges';
import { LEADERBOARD } from '../constants';

/** Take Challenge's label when the challenge takes no attempt (as on the list and detail pages). */
function closedLabel(reason: ChallengeClosedReason | null): string {
  if (reason === 'upcoming') return LEADERBOARD.comingSoon;
  if (reason === 'duel-expired') return LEADERBOARD.expired;
  return LEADERBOARD.ended;
}

/** Name, participant count, 'Daily Challenge', Take Challenge, description and dates. */
export function LeaderboardHeader(props: {
  challenge: Challenge;
  participantCount: number | null;
  now: Date;
}) {
  const { challenge } = props;
  const timing = challengeTiming(challenge, props.now);
  const dates = datesText(challengeDates(challenge, props.now));
  return (
    <header>
      <Link
        to="/challenges"
        className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {LEADERBOARD.backToChallenges}
      </Link>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="font-display text-3xl font-semibold break-words sm:text-4xl">
            {challenge.name}
          </h1>
          <div className="mt-3 flex flex-wrap items-center gap-2 text-xs font-semibold tracking-wide uppercase">
            <span
              className="inline-flex items-center gap-1.5 rounded-full bg-gold/10 px-2.5 py-1 text-gold-bright"
              data-testid="participant-count"
            >
              <Users aria-hidden="true" className="size-3.5" />
              {props.participantCount === null
                ? '…'
                : LEADERBOARD.participants(props.participantCount)}
            </span>
            {challenge.is_daily ? (
              <span className="rounded-full bg-surface-raised px-2.5 py-1 text-muted">
                {LEADERBOARD.dailyChallenge}
              </span>
            ) : null}
          </div>
        </div>
        {timing.open ? (
          <Link
            to={`/challenge/${challenge.id}/record`}
            className={`${buttonClasses('primary')} shrink-0`}
          >
            {LEADERBOARD.takeChallenge}
          </Link>
        ) : (
          <Button disabled className="shrink-0">
            {closedLabel(timing.closedReason)}
          </Button>
        )}
      </div>
      {challenge.description ? (
        <p className="mt-4 max-w-3xl whitespace-pre-line text-muted">{challenge.description}</p>
      ) : null}
      <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <div className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-4 text-gold" />
          <dt className="text-muted">Start:</dt>
          <dd data-testid="start-date">{dates.start}</dd>
        </div>
        <div className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-4 text-gold" />
          <dt className="text-muted">End:</dt>
          <dd data-testid="end-date">{dates.end}</dd>
        </div>
      </dl>
    </header>
  );
}
