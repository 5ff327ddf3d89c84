import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Crown, Repeat, TrendingUp, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../auth/auth-provider';
import { Button, buttonClasses } from '../components/ui/button';
import { CHALLENGES, PRODUCT_NAME } from '../constants/messages';
import { CHALLENGE_TYPE_LABELS } from '../data/challenges/challenge-labels';
import {
  type Challenge,
  type ChallengeSummary,
  challengeDateStatus,
  type Leader,
  listChallenges,
  loadChallengeSummaries,
} from '../data/challenges/challenges';
import { DUEL_DURATION_HOURS, isDuelExpired } from '../data/challenges/duel';
import { errorToast } from '../toast/toast-store';

interface ChallengeCardData {
  challenge: Challenge;
  summary: ChallengeSummary;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function unitText(value: number, unit: string | null): string {
  const base = (unit ?? 'days').replace(/s$/, '');
  return plural(value, base, `${base}s`);
}

/** What a challenge asks, in a line: '72 hours', '7 days · 10 reps a day', '+1 every 1 day'. */
function challengeTerms(challenge: Challenge): string[] {
  if (challenge.challenge_type === 'duel') return [`${DUEL_DURATION_HOURS} hours, most reps wins`];
  const terms: string[] = [];
  if (challenge.challenge_length_value)
    terms.push(unitText(challenge.challenge_length_value, challenge.challenge_length_unit));
  if (challenge.min_daily_reps) terms.push(`${challenge.min_daily_reps} reps a day`);
  if (
    challenge.challenge_type === 'progression' &&
    challenge.increment_value &&
    challenge.increment_cadence_value
  )
    terms.push(
      `+${challenge.increment_value} every ${unitText(challenge.increment_cadence_value, challenge.increment_cadence_unit)}`,
    );
  return terms;
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

function ChallengeCard(props: { data: ChallengeCardData; now: Date }) {
  const { challenge, summary } = props.data;
  const status = challengeDateStatus(challenge, props.now);
  const expired = isDuelExpired(challenge, props.now);
  const open = status === 'active' && !expired;
  const closedLabel = status === 'upcoming' ? CHALLENGES.comingSoon : CHALLENGES.ended;
  const hideReps =
    challenge.hide_results_until_finished &&
    (!challenge.end_date || props.now <= new Date(challenge.end_date));
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
        className="flex h-full flex-col rounded-xl border border-line bg-surface p-6 transition-colors hover:border-gold/40"
      >
        <div className="flex flex-wrap items-center gap-2 text-xs font-semibold tracking-wide uppercase">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-gold/10 px-2.5 py-1 text-gold-bright">
            <TypeIcon aria-hidden="true" className="size-3.5" />
            {CHALLENGE_TYPE_LABELS[challenge.challenge_type]}
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
          <li className="flex items-center gap-2">
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
          {open ? (
            <Link
              to={`/challenge/${challenge.id}/record`}
              className={`${buttonClasses('primary', 'sm')} sm:col-span-2`}
              aria-label={`${CHALLENGES.takeChallenge}: ${challenge.name}`}
            >
              {CHALLENGES.takeChallenge}
            </Link>
          ) : (
            <Button size="sm" disabled className="sm:col-span-2">
              {closedLabel}
            </Button>
          )}
        </div>
      </article>
    </li>
  );
}

function CardSkeleton() {
  return (
    <li
      aria-hidden="true"
      className="h-[25rem] animate-pulse rounded-xl border border-line bg-surface"
    />
  );
}

/** The challenge list (spec 02 §2): active, listed challenges, newest first. */
export function ChallengesPage() {
  const { supabase } = useAuth();
  const query = useQuery({
    queryKey: ['challenges', 'list'],
    queryFn: async (): Promise<ChallengeCardData[]> => {
      const challenges = await listChallenges(supabase);
      const summaries = await loadChallengeSummaries(
        supabase,
        challenges.map((challenge) => challenge.id),
      );
      return challenges.map((challenge) => ({
        challenge,
        summary: summaries.get(challenge.id) ?? {
          participantCount: 0,
          topMale: null,
          topFemale: null,
        },
      }));
    },
  });

  useEffect(() => {
    document.title = `Challenges · ${PRODUCT_NAME}`;
  }, []);

  useEffect(() => {
    if (query.error) {
      console.error('Loading the challenges failed', query.error);
      errorToast(CHALLENGES.loadFailed);
    }
  }, [query.error]);

  const now = new Date();

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="font-display text-3xl font-semibold sm:text-4xl">{CHALLENGES.title}</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Pick a challenge, record your push-ups with your camera, and let the pose coach count every
        clean rep.
      </p>
      {query.isError ? (
        <div
          role="alert"
          className="mt-10 rounded-xl border border-danger/50 bg-danger-deep/30 p-6"
        >
          <p>{CHALLENGES.loadFailed}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : query.data && query.data.length === 0 ? (
        <p className="mt-10 rounded-xl border border-line bg-surface p-8 text-center text-muted">
          No challenges are open right now. Check back soon.
        </p>
      ) : (
        <ul
          className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3"
          aria-busy={query.isPending}
          aria-label="Challenges"
        >
          {query.data
            ? query.data.map((data) => (
                <ChallengeCard key={data.challenge.id} data={data} now={now} />
              ))
            : [0, 1, 2].map((index) => <CardSkeleton key={index} />)}
        </ul>
      )}
    </div>
  );
}
