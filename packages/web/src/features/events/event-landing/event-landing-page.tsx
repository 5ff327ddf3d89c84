import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useAuth } from '../../../auth/auth-provider';
import { AppLayout } from '../../../components/layout/app-layout';
import { NotFoundPage } from '../../../components/layout/not-found-page';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { PRODUCT_NAME } from '../../../constants/messages';
import { errorToast } from '../../../toast/toast-store';
import { EVENT } from '../constants';
import { couldBeEventHash, type EventChallenge, type EventTemplate } from '../data/events';
import { eventQueries } from '../data/queries';
import { PushtoberPage } from '../pushtober/pushtober-page';
import { Token2049Landing } from './token2049-landing';

const TEMPLATES: Record<EventTemplate, (props: { event: EventChallenge }) => React.ReactNode> = {
  token2049: Token2049Landing,
  // Pushtober's own page (also at /pushtober) finds its challenge by slug.
  pushtober: () => <PushtoberPage />,
};

/** /{hash} (spec 02 §2 "Event landing"): a challenge with an event row renders its event page
 * without the top bar; any other one-segment path is the 404 page, with the top bar. */
export function EventLandingPage() {
  const { hash } = useParams();
  const { supabase } = useAuth();
  const possible = couldBeEventHash(hash);
  const event = useQuery({ ...eventQueries.event(supabase, hash ?? ''), enabled: possible });

  useEffect(() => {
    if (event.data) document.title = `${event.data.name} · ${PRODUCT_NAME}`;
  }, [event.data]);
  useEffect(() => {
    if (event.error) {
      console.error('Loading the event failed', event.error);
      errorToast(EVENT.loadFailed);
    }
  }, [event.error]);

  const notFound = (
    <AppLayout>
      <NotFoundPage />
    </AppLayout>
  );
  if (!possible) return notFound;
  if (event.isPending) return <PageSpinner label={EVENT.loading} />;
  if (event.isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <div role="alert" className="rounded-xl border border-danger/50 bg-danger-deep/30 p-6">
          <p>{EVENT.loadFailed}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void event.refetch()}>
            {EVENT.tryAgain}
          </Button>
        </div>
      </div>
    );
  if (!event.data) return notFound;
  const Landing = TEMPLATES[event.data.challenge_events.template];
  return <Landing event={event.data} />;
}
