import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Crown, Repeat, TrendingUp, Users } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '../../../auth/auth-provider';
import { HiddenValue } from '../../../components/hidden-count';
import { Button, buttonClasses } from '../../../components/ui/button';
import { challengeDates, datesText } from '../../../data/challenges/challenge-dates';
import { challengeTiming } from '../../../data/challenges/challenge-status';
import type { ChallengeSummary, Leader } from '../../../data/challenges/challenge-summaries';
import type { Challenge } from '../../../data/challenges/challenges';
import { challengeQueries } from '../../../data/challenges/queries';
import { VerificationBadge } from '../../verification/components/verification-badge';
import { challengeTerms, plural, TYPE_LABELS } from '../challenge-terms';
import { CHALLENGES, DETAIL } from '../messages';

function LeaderLine(props: {
  label: string;
  summary: ChallengeSummary | undefined;
  leader: Leader | null;
}) {
  const { summary, leader } = props;
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <Crown aria-hidden="true" className="size-4 shrink-0 text-gold" />
      <span className="text-muted">{props.label}:</span>
      {!summary ? (
        <span className="text-muted">…</span>
      ) : summary.resultsHidden && summary.participantCount > 0 ? (
        // As on the leaderboard: who leads is part of the hidden result.
        <HiddenValue standIn={CHALLENGES.hiddenLeader} className="text-muted" />
      ) : leader ? (
        <span className="flex min-w-0 items-center gap-1.5">
          <span className="truncate text-ink">
            {leader.name}
            <span className="text-muted"> · {plural(leader.validReps, 'rep', 'reps')}</span>
          </span>
          {leader.verificationStatus ? (
            <VerificationBadge status={leader.verificationStatus} compact />
          ) : null}
        </span>
      ) : (
        <span className="text-muted">{CHALLENGES.noLeader}</span>
      )}
    </div>
  );
}

/** The label of Take Challenge when it cannot be taken (spec 02 §2): Coming Soon before the start,
 * Ended after the end; a duel past its 72 hours reads 'Challenge Expired'. */
export function closedLabel(reason: ReturnType<typeof challengeTiming>['closedReason']): string {
  if (reason === 'upcoming') return CHALLENGES.comingSoon;
  if (reason === 'duel-expired') return DETAIL.expired;
  return CHALLENGES.ended;
}

/** One challenge of the list. Its leaderboard summary loads on its own, so the list shows at
 * once however many challenges there are. */
export function ChallengeCard(props: { challenge: Challenge; now: Date }) {
  const { challenge } = props;
  const { supabase, user } = useAuth();
  // By viewer: an admin (and a participant, for their own entry) may see hidden results.
  const summaryQuery = useQuery(challengeQueries.summary(supabase, challenge.id, user?.id ?? null));
  const summary = summaryQuery.data;
  const timing = challengeTiming(challenge, props.now);
  const dates = challengeDates(challenge, props.now);
  const TypeIcon =
    challenge.challenge_type === 'progression'
      ? TrendingUp
      : challenge.challenge_type === 'duel'
        ? Crown
        : Repeat;
  const titleId = `challenge-${challenge.id}-title`;

  return (
    <li>
      <article
        aria-labelledby={titleId}
        data-testid="challenge-card"
        className="flex h-full flex-col rounded-xl border border-line bg-surface p-6 transition-colors hover:border-gold/40"
      >
        <div className="flex flex-wrap items-center gap-2 text-xs font-semibold tracking-wide uppercase">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-gold/10 px-2.5 py-1 text-gold-bright">
            <TypeIcon aria-hidden="true" className="size-3.5" />
            {TYPE_LABELS[challenge.challenge_type]}
          </span>
          {challenge.is_daily ? (
            <span className="rounded-full bg-surface-raised px-2.5 py-1 text-muted">Daily</span>
          ) : null}
          {challenge.exercise_definitions?.name ? (
            <span className="rounded-full bg-surface-raised px-2.5 py-1 text-muted">
              {challenge.exercise_definitions.name}
            </span>
          ) : null}
        </div>
        <h2 id={titleId} className="mt-4 text-xl font-semibold text-ink">
          {challenge.name}
        </h2>
        {challenge.description ? (
          <p className="mt-2 line-clamp-3 text-sm text-muted">{challenge.description}</p>
        ) : null}
        <ul className="mt-4 grid gap-2 text-sm text-ink/90">
          {challengeTerms(challenge).map((term) => (
            <li key={term} className="flex items-center gap-2">
              <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-gold" />
              {term}
            </li>
          ))}
          {dates.kind === 'open' ? null : (
            <li className="flex items-center gap-2 text-muted" data-testid="challenge-dates">
              <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-gold" />
              {datesText(dates).line}
            </li>
          )}
          <li className="flex items-center gap-2" data-testid="participant-count">
            <Users aria-hidden="true" className="size-4 shrink-0 text-gold" />
            {summary
              ? plural(summary.participantCount, 'participant', 'participants')
              : summaryQuery.isError
                ? CHALLENGES.summaryFailed
                : '…'}
          </li>
        </ul>
        <div className="mt-4 grid gap-1.5 border-t border-line pt-4">
          <LeaderLine label="Top man" summary={summary} leader={summary?.topMale ?? null} />
          <LeaderLine label="Top woman" summary={summary} leader={summary?.topFemale ?? null} />
        </div>
        <div className="mt-auto grid gap-2 pt-6 sm:grid-cols-2">
          <Link
            to={`/challenge/${challenge.slug}`}
            className={buttonClasses('secondary', 'sm')}
            aria-label={`${CHALLENGES.viewDetails}: ${challenge.name}`}
          >
            {CHALLENGES.viewDetails}
          </Link>
          <Link
            to={`/challenge/${challenge.id}/leaderboard`}
            className={buttonClasses('secondary', 'sm')}
            aria-label={`${CHALLENGES.leaderboard}: ${challenge.name}`}
          >
            {CHALLENGES.leaderboard}
          </Link>
          {timing.open ? (
            <Link
              to={`/challenge/${challenge.id}/record`}
              className={`${buttonClasses('primary', 'sm')} sm:col-span-2`}
              aria-label={`${CHALLENGES.takeChallenge}: ${challenge.name}`}
            >
              {CHALLENGES.takeChallenge}
            </Link>
          ) : (
            <Button size="sm" disabled className="sm:col-span-2">
              {closedLabel(timing.closedReason)}
            </Button>
          )}
        </div>
      </article>
    </li>
  );
}
