import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAuth } from '../../../auth/auth-provider';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { PRODUCT_NAME } from '../../../constants/messages';
import { challengeQueries } from '../../../data/challenges/queries';
import { errorToast } from '../../../toast/toast-store';
import { MessageCard } from '../components/message-card';
import { RecordFlow } from '../components/record-flow';
import { RECORD } from '../messages';

/** /challenge/{id}/record?ref= (spec 02 §2 "Challenge record", §4). */
export function RecordPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const ref = searchParams.get('ref');
  const { supabase } = useAuth();
  const query = useQuery(challengeQueries.withDefinition(supabase, id));

  useEffect(() => {
    document.title = `${query.data?.name ?? 'Take the Challenge'} · ${PRODUCT_NAME}`;
  }, [query.data?.name]);
  useEffect(() => {
    if (query.error) {
      console.error('Loading the challenge failed', query.error);
      errorToast(RECORD.loadFailed);
    }
  }, [query.error]);

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <div className="flex min-h-[40svh] items-center justify-center">
        <Spinner label="Loading challenge..." className="size-8" />
      </div>
    );
  } else if (query.isError) {
    body = (
      <MessageCard
        title={RECORD.notFoundTitle}
        tone="danger"
        actions={<Button onClick={() => void query.refetch()}>Try again</Button>}
      >
        <p>{RECORD.loadFailed}</p>
      </MessageCard>
    );
  } else if (!query.data) {
    body = (
      <MessageCard
        title={RECORD.notFoundTitle}
        actions={
          <Link to="/challenges" className={buttonClasses('primary')}>
            {RECORD.backToChallenges}
          </Link>
        }
      >
        <p>{RECORD.notFoundMessage}</p>
      </MessageCard>
    );
  } else {
    body = <RecordFlow challenge={query.data} refParam={ref} />;
  }

  return (
    <div className="mx-auto max-w-4xl px-3 py-6 sm:px-6 sm:py-10">
      <Link
        to="/challenges"
        className="inline-flex items-center gap-2 text-sm text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {RECORD.backToChallenges}
      </Link>
      {query.data ? (
        <h1 className="mt-4 font-display text-2xl font-semibold break-words sm:text-3xl">
          {query.data.name}
        </h1>
      ) : null}
      <div className="mt-6 grid gap-6">{body}</div>
    </div>
  );
}
