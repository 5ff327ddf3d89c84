import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../../../auth/auth-provider';
import { Button } from '../../../components/ui/button';
import { PRODUCT_NAME } from '../../../constants/messages';
import { challengeQueries } from '../../../data/challenges/queries';
import { errorToast } from '../../../toast/toast-store';
import { ChallengeCard } from '../components/challenge-card';
import { CHALLENGES } from '../messages';

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
  const query = useQuery(challengeQueries.list(supabase));

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
            ? query.data.map((challenge) => (
                <ChallengeCard key={challenge.id} challenge={challenge} now={now} />
              ))
            : [0, 1, 2].map((index) => <CardSkeleton key={index} />)}
        </ul>
      )}
    </div>
  );
}
