import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Flame } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../auth/auth-provider';
import { buttonClasses } from '../../../components/ui/button';
import { PRODUCT_NAME } from '../../../constants/messages';
import type { AggregateEntry } from '../../../data/challenges/leaderboard';
import { leaderboardQueries } from '../../../data/challenges/queries';
import { browserTimeZone } from '../../../lib/time-zone';
import { errorToast } from '../../../toast/toast-store';
import {
  BulletList,
  EventSection,
  Faq,
  NumberedSteps,
  WaitlistSection,
} from '../components/page-sections';
import { PUSHTOBER, PUSHTOBER_LEADERS_SHOWN, PUSHTOBER_SLUG } from '../constants';
import { eventQueries } from '../data/queries';
import {
  beginnerMonthTotal,
  beginnerTargets,
  pushtoberStatus,
  pushtoberYear,
} from '../event-rules';
import { PushtoberBoard } from './pushtober-board';
import { PUSHTOBER_COPY } from './pushtober-content';
import { PushtoberShare } from './pushtober-share';

const CHALLENGE_PATH = `/challenge/${PUSHTOBER_SLUG}`;

function YourProgress(props: { entry: AggregateEntry }) {
  const { entry } = props;
  const cells = [
    ['Streak', entry.streak_length, 'own-streak'],
    ['Days logged', entry.days_logged, 'own-days'],
    ['Total reps', entry.total_reps, 'own-total'],
    ['Best day', entry.top_daily, 'own-top'],
  ] as const;
  return (
    <section
      aria-labelledby="progress-title"
      className="mx-auto mt-8 max-w-5xl rounded-xl border border-gold/40 bg-surface p-6"
    >
      <h2 id="progress-title" className="flex items-center gap-2 text-xl font-semibold">
        <Flame aria-hidden="true" className="size-6 text-gold" />
        {PUSHTOBER.progressTitle}: {PUSHTOBER.streak(entry.streak_length ?? 0)}
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {cells.map(([label, value, testId]) => (
          <div key={label} className="rounded-lg bg-page p-3 text-center">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="mt-1 text-2xl font-bold" data-testid={testId}>
              {value ?? 0}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** /pushtober (spec 02 §2 "Pushtober landing", §4, §9): October 1-31 in local time; Join, Log
 * Today's Reps and See Leaderboard go to /challenge/pushtober; the visitor's streak, the global
 * leaderboard, how it works, why, daily targets, FAQ, Share and the waitlist. */
export function PushtoberPage() {
  const { supabase, user } = useAuth();
  const now = useMemo(() => new Date(), []);
  const timeZone = useMemo(browserTimeZone, []);
  const challenge = useQuery(eventQueries.pushtober(supabase, PUSHTOBER_SLUG));
  const challengeId = challenge.data?.id ?? null;
  const board = useQuery({
    ...leaderboardQueries.aggregatePage(
      supabase,
      {
        challengeId: challengeId ?? '',
        gender: 'all',
        timeZone,
        offset: 0,
        pageSize: PUSHTOBER_LEADERS_SHOWN,
      },
      user?.id ?? null,
    ),
    enabled: challengeId !== null,
  });
  const year = pushtoberYear(challenge.data?.end_date ?? null, now);
  const status = pushtoberStatus(now, year);

  useEffect(() => {
    document.title = `Pushtober ${year} · ${PRODUCT_NAME}`;
  }, [year]);
  useEffect(() => {
    const error = challenge.error ?? board.error;
    if (error) {
      console.error('Loading Pushtober failed', error);
      errorToast(PUSHTOBER.loadFailed);
    }
  }, [challenge.error, board.error]);

  const targets = beginnerTargets(PUSHTOBER_COPY.targetDays);
  const monthTotal = beginnerMonthTotal();

  return (
    <div className="pb-12">
      <section
        aria-labelledby="pushtober-title"
        className="border-b border-line bg-[radial-gradient(ellipse_at_top,rgba(232,184,74,0.16),transparent_60%)] px-4 py-14 text-center sm:py-20"
      >
        <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-widest text-gold uppercase">
          <CalendarDays aria-hidden="true" className="size-4" />
          October 1–31 · your local time
        </p>
        <h1 id="pushtober-title" className="mt-3 font-display text-5xl font-semibold sm:text-7xl">
          Pushtober {year}
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-ink/90">{PUSHTOBER_COPY.tagline}</p>
        <p className="mt-3 text-gold-bright" data-testid="pushtober-status">
          {status.phase === 'before'
            ? PUSHTOBER_COPY.before(status.daysToGo)
            : status.phase === 'during'
              ? PUSHTOBER_COPY.during(status.day)
              : PUSHTOBER_COPY.after(status.year)}
        </p>
        <div className="mx-auto mt-8 flex max-w-md flex-col gap-3 sm:max-w-none sm:flex-row sm:justify-center">
          <Link to={CHALLENGE_PATH} className={buttonClasses('primary', 'lg')}>
            {PUSHTOBER.join}
          </Link>
          <Link to={CHALLENGE_PATH} className={buttonClasses('outline', 'lg')}>
            {PUSHTOBER.logToday}
          </Link>
          <Link to={CHALLENGE_PATH} className={buttonClasses('secondary', 'lg')}>
            {PUSHTOBER.seeLeaderboard}
          </Link>
          <PushtoberShare />
        </div>
      </section>

      {board.data?.own_entry ? (
        <div className="px-4">
          <YourProgress entry={board.data.own_entry} />
        </div>
      ) : null}

      <EventSection id="leaderboard" title={PUSHTOBER.leaderboardTitle}>
        <PushtoberBoard
          board={board.data}
          challengeId={challengeId}
          failed={challenge.isError || board.isError}
        />
      </EventSection>

      <EventSection id="how" title={PUSHTOBER_COPY.howTitle}>
        <NumberedSteps steps={PUSHTOBER_COPY.how} />
      </EventSection>

      <EventSection id="why" title={PUSHTOBER_COPY.whyTitle}>
        <BulletList items={PUSHTOBER_COPY.why} />
      </EventSection>

      <EventSection id="targets" title={PUSHTOBER_COPY.targetsTitle}>
        <p className="text-muted">{PUSHTOBER_COPY.targetsIntro}</p>
        <table className="mt-4 w-full max-w-md text-left text-sm">
          <caption className="sr-only">Beginner targets by day</caption>
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-2">
                Day
              </th>
              <th scope="col" className="py-2">
                Reps
              </th>
            </tr>
          </thead>
          <tbody>
            {targets.map((target) => (
              <tr key={target.day} className="border-t border-line">
                <td className="py-2">Day {target.day}</td>
                <td className="py-2 font-semibold">
                  {target.min}–{target.max}
                </td>
              </tr>
            ))}
            <tr className="border-t border-line">
              <td className="py-2">The whole month</td>
              <td className="py-2 font-semibold">
                {monthTotal.min}–{monthTotal.max}
              </td>
            </tr>
          </tbody>
        </table>
      </EventSection>

      <EventSection id="faq" title={PUSHTOBER_COPY.faqTitle}>
        <Faq items={PUSHTOBER_COPY.faq} />
      </EventSection>

      <WaitlistSection
        id="pushtober-waitlist"
        title={PUSHTOBER_COPY.waitlistTitle}
        text={PUSHTOBER_COPY.waitlistText}
      />
    </div>
  );
}
