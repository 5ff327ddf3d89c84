import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAuth } from '../../../auth/auth-provider';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { PRODUCT_NAME } from '../../../constants/messages';
import { challengeTiming } from '../../../data/challenges/challenge-status';
import { attemptsUnlimited } from '../../../data/challenges/challenges';
import { challengeQueries } from '../../../data/challenges/queries';
import { errorToast } from '../../../toast/toast-store';
import { TYPE_LABELS } from '../challenge-terms';
import { closedLabel } from '../components/challenge-card';
import { DetailsColumn } from '../components/details-column';
import { ParticipantsColumn } from '../components/participants-column';
import { ShareActions } from '../components/share-actions';
import { DETAIL, DETAIL_BACK_PATH, DETAIL_TOP_COUNT } from '../messages';
import { useJoinChallenge } from '../use-join-challenge';

function CenteredMessage(props: { title: string; message?: string; children?: React.ReactNode }) {
  return (
    <div className="mx-auto flex min-h-[60svh] max-w-lg flex-col items-center justify-center px-4 text-center">
      <h1 className="font-display text-3xl font-semibold">{props.title}</h1>
      {props.message ? <p className="mt-3 text-muted">{props.message}</p> : null}
      {props.children}
    </div>
  );
}

function NotFound() {
  return (
    <CenteredMessage title={DETAIL.notFoundTitle} message={DETAIL.notFoundMessage}>
      <Link to="/challenges" className={`${buttonClasses('primary')} mt-8`}>
        {DETAIL.browseChallenges}
      </Link>
    </CenteredMessage>
  );
}

/** /challenge/{slug} (spec 02 §2 "Challenge detail"). A `?ref=` (a referral link) is carried on
 * to the record page. */
export function ChallengeDetailPage() {
  const { slug } = useParams();
  if (!slug) return <CenteredMessage title={DETAIL.noIdentifier} />;
  return <ChallengeDetail slug={slug} />;
}

function ChallengeDetail(props: { slug: string }) {
  const { supabase, user } = useAuth();
  const [searchParams] = useSearchParams();
  const ref = searchParams.get('ref');

  const challengeQuery = useQuery(challengeQueries.bySlug(supabase, props.slug));
  const challenge = challengeQuery.data;
  // The top three and the participant count, ranked by the database as on the leaderboard.
  const challengeId = challenge?.id;
  const participantsQuery = useQuery({
    // By viewer: an admin (and a participant, for their own entry) may see hidden results.
    ...challengeQueries.topEntries(supabase, challengeId ?? '', DETAIL_TOP_COUNT, user?.id ?? null),
    enabled: challengeId !== undefined,
  });
  const { join, joining } = useJoinChallenge(
    challenge?.id ?? '',
    ref,
    challenge ? attemptsUnlimited(challenge) : false,
  );

  useEffect(() => {
    document.title = `${challenge?.name ?? 'Challenge'} · ${PRODUCT_NAME}`;
  }, [challenge?.name]);

  useEffect(() => {
    const error = challengeQuery.error ?? participantsQuery.error;
    if (error) {
      console.error('Loading the challenge failed', error);
      errorToast(DETAIL.loadFailed);
    }
  }, [challengeQuery.error, participantsQuery.error]);

  if (challengeQuery.isPending) {
    return (
      <div className="flex min-h-[60svh] items-center justify-center">
        <Spinner label={DETAIL.loading} className="size-8" />
      </div>
    );
  }
  if (challengeQuery.isError) {
    return (
      <CenteredMessage title={DETAIL.notFoundTitle} message={DETAIL.loadFailed}>
        <Button className="mt-8" onClick={() => void challengeQuery.refetch()}>
          Try again
        </Button>
      </CenteredMessage>
    );
  }
  if (!challenge) return <NotFound />;

  const now = new Date();
  const timing = challengeTiming(challenge, now);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <Link
        to={DETAIL_BACK_PATH}
        className="inline-flex items-center gap-2 text-sm text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {DETAIL.back}
      </Link>
      <div className="mt-6 flex flex-col gap-6 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-gold-bright uppercase">
            {TYPE_LABELS[challenge.challenge_type]}
            {challenge.exercise_definitions?.name
              ? ` · ${challenge.exercise_definitions.name}`
              : ''}
          </p>
          <h1 className="mt-2 font-display text-3xl font-semibold break-words sm:text-4xl">
            {challenge.name}
          </h1>
          {challenge.description ? (
            <p className="mt-3 max-w-2xl whitespace-pre-line text-muted">{challenge.description}</p>
          ) : null}
        </div>
        <ShareActions name={challenge.name} slug={challenge.slug} />
      </div>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <DetailsColumn challenge={challenge} timing={timing} />
        <ParticipantsColumn
          challengeId={challenge.id}
          participantCount={
            participantsQuery.data?.participant_count ?? (participantsQuery.isPending ? null : 0)
          }
          top={participantsQuery.data?.entries ?? []}
          resultsHidden={participantsQuery.data?.results_hidden ?? false}
          canJoin={timing.open}
          closedLabel={closedLabel(timing.closedReason)}
          joining={joining}
          onJoin={() => void join()}
        />
      </div>
    </div>
  );
}
