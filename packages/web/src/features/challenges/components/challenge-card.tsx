import { CalendarDays, Crown, Repeat, TrendingUp, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { challengeTiming, resultsHidden } from '../../../data/challenges/challenge-status';
import type { Challenge, ChallengeSummary, Leader } from '../../../data/challenges/challenges';
import { challengeTerms, dateFormat, plural, TYPE_LABELS } from '../challenge-terms';
import { CHALLENGES, DETAIL } from '../messages';

export interface ChallengeCardData {
  challenge: Challenge;
  summary: ChallengeSummary;
}

function LeaderLine(props: { label: string; leader: Leader | null; hideReps: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <Crown aria-hidden="true" className="size-4 shrink-0 text-gold" />
      <span className="text-muted">{props.label}:</span>
      {props.leader ? (
        <span className="truncate text-ink">
          {props.leader.name}
          {props.hideReps ? null : (
            <span className="text-muted"> · {plural(props.leader.validReps, 'rep', 'reps')}</span>
          )}
        </span>
      ) : (
        <span className="text-muted">none yet</span>
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

export function ChallengeCard(props: { data: ChallengeCardData; now: Date }) {
  const { challenge, summary } = props.data;
  const timing = challengeTiming(challenge, props.now);
  const hideReps = resultsHidden(challenge, props.now);
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
          {challenge.start_date || challenge.end_date ? (
            <li className="flex items-center gap-2 text-muted">
              <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-gold" />
              {challenge.start_date ? dateFormat.format(new Date(challenge.start_date)) : 'Now'}
              {' – '}
              {challenge.end_date ? dateFormat.format(new Date(challenge.end_date)) : 'Ongoing'}
            </li>
          ) : null}
          <li className="flex items-center gap-2" data-testid="participant-count">
            <Users aria-hidden="true" className="size-4 shrink-0 text-gold" />
            {plural(summary.participantCount, 'participant', 'participants')}
          </li>
        </ul>
        <div className="mt-4 grid gap-1.5 border-t border-line pt-4">
          <LeaderLine label="Top man" leader={summary.topMale} hideReps={hideReps} />
          <LeaderLine label="Top woman" leader={summary.topFemale} hideReps={hideReps} />
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
