import { useQuery } from '@tanstack/react-query';
import { EyeOff, Loader2 } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useAuth } from '../../auth/auth-provider';
import { Button } from '../../components/ui/button';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { PRODUCT_NAME } from '../../constants/messages';
import type { Challenge } from '../../data/challenges/challenges';
import type {
  AggregateEntry,
  GenderTab,
  LeaderboardEntry,
} from '../../data/challenges/leaderboard';
import { challengeQueries } from '../../data/challenges/queries';
import { browserTimeZone } from '../../lib/time-zone';
import { isUuid } from '../../lib/uuid';
import { errorToast } from '../../toast/toast-store';
import { AggregateRow } from './components/aggregate-row';
import { ChallengeNotFound } from './components/challenge-not-found';
import { LeaderboardHeader } from './components/leaderboard-header';
import { RecordingRow } from './components/recording-row';
import { ViewTabs } from './components/view-tabs';
import { GENDER_TAB_LABELS, LEADERBOARD, PERIOD_LABELS } from './constants';
import {
  availableViews,
  GENDER_TABS,
  isGenderTab,
  isLeaderboardView,
  type LeaderboardView,
  resolveView,
  viewParams,
} from './leaderboard-view';
import { type BoardPage, useBoard } from './use-board';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function LoadFailed(props: { onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-danger/50 bg-danger-deep/30 p-6">
      <p>{LEADERBOARD.loadFailed}</p>
      <Button variant="secondary" className="mt-4" onClick={props.onRetry}>
        {LEADERBOARD.tryAgain}
      </Button>
    </div>
  );
}

/** The viewer's own entry when it is not among the rows shown (rank 4,512 of a big board). */
function OwnEntry(props: { challengeId: string; pages: BoardPage[] }) {
  const first = props.pages[0];
  if (!first?.own_entry) return null;
  const shown = props.pages.some((page) =>
    page.view === 'aggregate'
      ? page.entries.some((entry) => entry.is_own)
      : page.entries.some((entry) => entry.is_own),
  );
  if (shown) return null;
  return (
    <div className="mb-4">
      <p className="mb-2 text-sm font-semibold text-gold">{LEADERBOARD.yourPosition}</p>
      <ol aria-label={LEADERBOARD.yourPosition}>
        {first.view === 'aggregate' ? (
          <AggregateRow entry={first.own_entry} />
        ) : (
          <RecordingRow challengeId={props.challengeId} entry={first.own_entry} />
        )}
      </ol>
    </div>
  );
}

/** One list of rows, the recording rows or the Aggregate's. */
function Rows(props: { challengeId: string; rows: BoardRow[]; label: string }) {
  return (
    <ol className="grid gap-3" aria-label={props.label}>
      {props.rows.map((row) =>
        row.view === 'aggregate' ? (
          <AggregateRow key={row.key} entry={row.entry} />
        ) : (
          <RecordingRow key={row.key} challengeId={props.challengeId} entry={row.entry} />
        ),
      )}
    </ol>
  );
}

/** A row and its key: its place in the pages loaded (pages only append, so places are stable;
 * aggregate entries have no id, and hidden recording entries withhold theirs). */
type BoardRow =
  | { view: 'aggregate'; key: string; entry: AggregateEntry }
  | { view: 'recording'; key: string; entry: LeaderboardEntry };

/** The ranked entries, then those that do not rank yet (only verified counts rank: a claim
 * waiting for its verification or its video is listed apart, under them). While results are
 * hidden nothing ranks and the list stays in order of submission, in one piece. */
function BoardEntries(props: { challengeId: string; pages: BoardPage[]; gender: GenderTab }) {
  const first = props.pages[0];
  if (!first || first.entries.length === 0)
    return (
      <p className="rounded-xl border border-line bg-surface p-8 text-center text-muted">
        {LEADERBOARD.emptyTab(props.gender)}
      </p>
    );
  const rows: BoardRow[] = props.pages.flatMap((page, pageNumber): BoardRow[] =>
    page.view === 'aggregate'
      ? page.entries.map((entry, place) => ({
          view: 'aggregate',
          key: `${pageNumber}-${place}`,
          entry,
        }))
      : page.entries.map((entry, place) => ({
          view: 'recording',
          key: entry.recording_id ?? `${pageNumber}-${place}`,
          entry,
        })),
  );
  const apart = !first.results_hidden;
  const ranked = apart ? rows.filter((row) => row.entry.ranked) : rows;
  const waiting = apart ? rows.filter((row) => !row.entry.ranked) : [];
  return (
    <>
      <OwnEntry challengeId={props.challengeId} pages={props.pages} />
      {ranked.length > 0 ? (
        <Rows challengeId={props.challengeId} rows={ranked} label="Leaderboard" />
      ) : null}
      {waiting.length > 0 ? (
        <section aria-labelledby="waiting-title" className={ranked.length > 0 ? 'mt-8' : ''}>
          <h3 id="waiting-title" className="flex items-center gap-2 font-semibold">
            <Loader2 aria-hidden="true" className="size-4 text-gold" />
            {LEADERBOARD.waitingTitle}
          </h3>
          <p className="mt-1 mb-3 text-sm text-muted">{LEADERBOARD.waitingText}</p>
          <Rows challengeId={props.challengeId} rows={waiting} label={LEADERBOARD.waitingTitle} />
        </section>
      ) : null}
    </>
  );
}

function LeaderboardBody(props: { challenge: Challenge }) {
  const { challenge } = props;
  const [params, setParams] = useSearchParams();
  const timeZone = useMemo(browserTimeZone, []);
  const { view, gender, notices } = resolveView(params, challenge);
  const views = availableViews(challenge);
  const board = useBoard(challenge.id, view, gender, timeZone);
  const first = board.data?.pages[0];

  useEffect(() => {
    document.title = `${challenge.name} Leaderboard · ${PRODUCT_NAME}`;
  }, [challenge.name]);

  useEffect(() => {
    if (board.error) {
      console.error('Loading the leaderboard failed', board.error);
      errorToast(LEADERBOARD.loadFailed);
    }
  }, [board.error]);

  const show = (nextView: LeaderboardView, nextGender: GenderTab) =>
    setParams(viewParams(nextView, nextGender), { replace: true });

  const genderTabs = GENDER_TABS.map((tab) => ({
    value: tab,
    label: (
      <>
        {GENDER_TAB_LABELS[tab]}{' '}
        <span className="font-normal text-muted" data-testid={`count-${tab}`}>
          ({first ? first.counts[tab] : '…'})
        </span>
      </>
    ),
  }));

  const boardContent = (
    <ViewTabs
      label="Participants"
      tabs={genderTabs}
      value={gender}
      onValueChange={(value) => {
        if (isGenderTab(value)) show(view, value);
      }}
      size="sm"
    >
      {board.isError ? (
        <LoadFailed onRetry={() => void board.refetch()} />
      ) : board.data ? (
        <>
          <BoardEntries challengeId={challenge.id} pages={board.data.pages} gender={gender} />
          {board.hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <Button
                variant="secondary"
                onClick={() => void board.fetchNextPage()}
                disabled={board.isFetchingNextPage}
              >
                {board.isFetchingNextPage ? LEADERBOARD.loadingMore : LEADERBOARD.showMore}
              </Button>
            </div>
          ) : null}
        </>
      ) : (
        <div className="flex justify-center py-10">
          <Spinner label={LEADERBOARD.loading} />
        </div>
      )}
    </ViewTabs>
  );

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <LeaderboardHeader
        challenge={challenge}
        participantCount={first?.participant_count ?? null}
        now={new Date()}
      />
      <section aria-label="Leaderboard" className="mt-8">
        {notices.map((notice) => (
          <p
            key={notice}
            role="status"
            className="mb-4 rounded-lg border border-gold/40 bg-gold/10 p-3 text-sm"
          >
            {notice}
          </p>
        ))}
        {first?.results_hidden ? (
          <div className="mb-4 flex gap-3 rounded-lg border border-line bg-surface-raised p-4 text-sm">
            <EyeOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold" />
            <div>
              <p className="font-semibold">{LEADERBOARD.hiddenTitle}</p>
              <p className="mt-1 text-muted">
                {LEADERBOARD.hiddenText(
                  first.results_final_at
                    ? dateFormat.format(new Date(first.results_final_at))
                    : null,
                )}
              </p>
            </div>
          </div>
        ) : null}
        {views.length > 1 ? (
          <ViewTabs
            label="Period"
            tabs={views.map((value) => ({ value, label: PERIOD_LABELS[value] }))}
            value={view}
            onValueChange={(value) => {
              if (isLeaderboardView(value)) show(value, gender);
            }}
          >
            {boardContent}
          </ViewTabs>
        ) : (
          boardContent
        )}
        {first && views.length > 1 ? (
          <p className="mt-6 text-xs text-muted">
            {first.time_zone === timeZone
              ? LEADERBOARD.timeZoneNote(first.time_zone)
              : LEADERBOARD.timeZoneFallbackNote(first.time_zone)}
          </p>
        ) : null}
      </section>
    </div>
  );
}

/** /challenge/{id}/leaderboard (spec 02 §2 "Leaderboard"). Everything ranked is computed by the
 * database; this page asks for one view and gender tab at a time. */
export function LeaderboardPage() {
  const { id } = useParams();
  const { supabase } = useAuth();
  const valid = isUuid(id);
  const challenge = useQuery({ ...challengeQueries.byId(supabase, id ?? ''), enabled: valid });

  useEffect(() => {
    if (challenge.error) {
      console.error('Loading the challenge failed', challenge.error);
      errorToast(LEADERBOARD.loadFailed);
    }
  }, [challenge.error]);

  if (!valid) return <ChallengeNotFound />;
  if (challenge.isPending) return <PageSpinner label={LEADERBOARD.loading} />;
  if (challenge.isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <LoadFailed onRetry={() => void challenge.refetch()} />
      </div>
    );
  if (!challenge.data) return <ChallengeNotFound />;
  return <LeaderboardBody challenge={challenge.data} />;
}
