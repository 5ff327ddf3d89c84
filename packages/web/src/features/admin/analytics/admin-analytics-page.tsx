import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Download, Film, Gauge, Trophy, Users } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../../auth/auth-provider';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { PRODUCT_NAME } from '../../../constants/messages';
import { CHALLENGE_TYPE_LABELS } from '../../../data/challenges/challenge-labels';
import { FlaggedBadge } from '../../verification/components/verification-badge';
import { VERIFICATION } from '../../verification/messages';
import { adminFailure, causeOf } from '../components/admin-toasts';
import { StatCard } from '../components/stat-card';
import { ADMIN_TOASTS, ANALYTICS } from '../constants';
import { adminQueries } from '../data/queries';
import { flaggedOnly, newestFirst, recordingStats } from '../lib/analytics';
import { recordingsCsv, recordingsFileName } from '../lib/recordings-csv';
import { AnalyticsCharts } from './analytics-charts';
import { RecordingsTable } from './recordings-table';

const TABLE_PATH = '/admin/challenges';

/** All Recordings newest first; each sex's verified recordings as the database ranks them
 * (spec 02 §2). */
const TABS = [
  { value: 'all', label: ANALYTICS.tabs.all, ranked: false },
  { value: 'male', label: ANALYTICS.tabs.male, ranked: true },
  { value: 'female', label: ANALYTICS.tabs.female, ranked: true },
] as const;

/** Offers text as a file download (UTF-8). */
function downloadTextFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; give it a moment before releasing it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** /admin/analytics/{id} (spec 02 §2, §9): stats cards, charts, the three tabs with e-mails and
 * the CSV export. */
export function AdminAnalyticsPage() {
  const { id = '' } = useParams();
  const { supabase } = useAuth();
  const navigate = useNavigate();
  const [tab, setTab] = useState('all');
  const [flaggedFilter, setFlaggedFilter] = useState(false);

  const challenge = useQuery(adminQueries.challenge(supabase, id));
  const recordings = useQuery({
    ...adminQueries.recordings(supabase, id),
    enabled: Boolean(challenge.data),
  });
  const ranked = useQuery({
    ...adminQueries.rankedRecordings(supabase, id),
    enabled: Boolean(challenge.data),
  });

  useEffect(() => {
    if (challenge.isError) {
      console.error('Loading the challenge for analytics failed', challenge.error);
      adminFailure(ADMIN_TOASTS.loadAnalyticsFailed, causeOf(challenge.error));
      navigate(TABLE_PATH, { replace: true });
    } else if (challenge.isSuccess && challenge.data === null) {
      adminFailure(ADMIN_TOASTS.loadChallengeFailed, ADMIN_TOASTS.notFound);
      navigate(TABLE_PATH, { replace: true });
    }
  }, [challenge.isError, challenge.isSuccess, challenge.data, challenge.error, navigate]);
  const recordingsError = recordings.error ?? ranked.error;
  useEffect(() => {
    if (recordingsError) {
      console.error('Loading the recordings failed', recordingsError);
      adminFailure(ADMIN_TOASTS.loadRecordingsFailed, causeOf(recordingsError));
    }
  }, [recordingsError]);
  useEffect(() => {
    document.title = `${challenge.data?.name ?? 'Challenge'} ${ANALYTICS.titleSuffix} · ${PRODUCT_NAME}`;
  }, [challenge.data?.name]);

  const flaggedCount = recordings.data ? flaggedOnly(recordings.data).length : 0;
  const views = useMemo(() => {
    if (!recordings.data || !ranked.data) return undefined;
    const rows = flaggedFilter ? flaggedOnly(recordings.data) : recordings.data;
    return {
      stats: recordingStats(rows),
      all: newestFirst(rows),
      male: flaggedFilter ? flaggedOnly(ranked.data.male) : ranked.data.male,
      female: flaggedFilter ? flaggedOnly(ranked.data.female) : ranked.data.female,
    };
  }, [recordings.data, ranked.data, flaggedFilter]);

  if (!challenge.data) return <PageSpinner />;
  const name = challenge.data.name;

  // Every recording of the challenge, newest first, whatever the Flagged only filter shows: the
  // file goes to payouts and audits, where a silently partial export would be a wrong one.
  const exportCsv = () => {
    if (!recordings.data) return;
    downloadTextFile(
      recordingsFileName(name),
      recordingsCsv(newestFirst(recordings.data)),
      'text/csv;charset=utf-8',
    );
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <Link
        to={TABLE_PATH}
        className="inline-flex items-center gap-2 text-sm text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {ANALYTICS.back}
      </Link>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm text-gold">
            {CHALLENGE_TYPE_LABELS[challenge.data.challenge_type]} · {ANALYTICS.titleSuffix}
          </p>
          <h1 className="mt-1 font-display text-3xl font-semibold break-words">{name}</h1>
        </div>
        <Button variant="outline" size="sm" onClick={exportCsv} disabled={!recordings.data}>
          <Download aria-hidden="true" className="size-4" />
          {ANALYTICS.exportCsv}
        </Button>
      </div>

      {recordings.isError || ranked.isError ? (
        <div role="alert" className="mt-8 rounded-xl border border-danger/50 bg-danger-deep/30 p-6">
          <p>{ADMIN_TOASTS.loadRecordingsFailed}</p>
          <Button
            variant="secondary"
            className="mt-4"
            onClick={() => {
              void recordings.refetch();
              void ranked.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      ) : !views ? (
        <PageSpinner />
      ) : (
        <>
          <section
            aria-labelledby="statistics-title"
            className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4"
          >
            <h2 id="statistics-title" className="sr-only">
              Statistics
            </h2>
            <StatCard
              title={ANALYTICS.stats.recordings}
              value={views.stats.recordingCount}
              Icon={Film}
            />
            <StatCard
              title={ANALYTICS.stats.participants}
              value={views.stats.participantCount}
              Icon={Users}
            />
            <StatCard
              title={ANALYTICS.stats.averageValidReps}
              value={views.stats.averageValidReps}
              Icon={Gauge}
            />
            <StatCard
              title={ANALYTICS.stats.topScore}
              value={views.stats.topScore ?? '—'}
              Icon={Trophy}
            />
          </section>

          {views.all.length > 0 ? (
            <section aria-label="Charts" className="mt-8">
              <AnalyticsCharts recordings={views.all} />
            </section>
          ) : null}

          <section aria-label="Recordings" className="mt-8">
            <div className="mb-3 flex flex-wrap items-center gap-3 text-sm">
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={flaggedFilter}
                  onChange={(event) => setFlaggedFilter(event.target.checked)}
                />
                {VERIFICATION.flaggedOnly}
              </label>
              {flaggedCount > 0 ? <FlaggedBadge count={flaggedCount} /> : null}
            </div>
            <Tabs
              label="Recordings"
              value={tab}
              onValueChange={setTab}
              listClassName="grid-cols-1 sm:grid-cols-3"
              tabs={TABS.map(({ value, label, ranked }) => ({
                value,
                label,
                content: (
                  <RecordingsTable
                    label={label}
                    recordings={views[value]}
                    ranked={ranked}
                    client={supabase}
                    emptyText={value === 'all' ? ANALYTICS.empty : ANALYTICS.noParticipants(value)}
                  />
                ),
              }))}
            />
          </section>
        </>
      )}
    </div>
  );
}
