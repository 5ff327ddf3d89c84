import { useQuery } from '@tanstack/react-query';
import {
  Activity,
  Film,
  LayoutList,
  PlusCircle,
  SlidersHorizontal,
  Trophy,
  UserRound,
  Users,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../auth/auth-provider';
import { buttonClasses } from '../../../components/ui/button';
import { PRODUCT_NAME } from '../../../constants/messages';
import { StatCard } from '../components/stat-card';
import { DASHBOARD } from '../constants';
import { adminQueries } from '../data/queries';
import { recentActivity } from './recent-activity';

const QUICK_ACTIONS = [
  {
    to: '/admin/challenges/create',
    title: 'Create Challenge',
    text: 'Set up a new challenge or event.',
    Icon: PlusCircle,
  },
  {
    to: '/admin/challenges',
    title: 'Manage Challenges',
    text: 'Edit, hide, pause or delete challenges.',
    Icon: LayoutList,
  },
  {
    to: '/exercise-definition-editor',
    title: 'Exercise Definition Editor',
    text: 'Build and tune the exercises the coach judges.',
    Icon: SlidersHorizontal,
  },
] as const;

/** Ages are recomputed this often while the page is open. ms */
const AGE_REFRESH_MS = 30_000;

/** The admin area's home (spec 02 §2): four cards, Quick Actions, Recent Activity, Profile. Load
 * errors are only logged (spec 02 §8); the cards then show '—'. */
export function AdminDashboardPage() {
  const { supabase } = useAuth();
  const [now, setNow] = useState(() => new Date());
  const query = useQuery(adminQueries.dashboard(supabase));

  useEffect(() => {
    document.title = `Admin · ${PRODUCT_NAME}`;
    const timer = setInterval(() => setNow(new Date()), AGE_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (query.error) console.error('Loading the admin dashboard failed', query.error);
  }, [query.error]);

  const data = query.data;
  const activity = data ? recentActivity(data, now) : [];

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-semibold">{DASHBOARD.title}</h1>
          <p className="mt-2 text-muted">Run challenges and keep the temple in order.</p>
        </div>
        <Link to="/profile" className={buttonClasses('secondary', 'sm')}>
          <UserRound aria-hidden="true" className="size-4" />
          {DASHBOARD.profile}
        </Link>
      </div>

      <section aria-labelledby="totals-title" aria-busy={query.isPending} className="mt-8">
        <h2 id="totals-title" className="sr-only">
          Totals
        </h2>
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          <StatCard
            title={DASHBOARD.totalChallenges}
            value={data?.challengeCount}
            note={data ? DASHBOARD.activeCount(data.activeChallengeCount) : undefined}
            Icon={Trophy}
          />
          <StatCard
            title={DASHBOARD.activeChallenges}
            value={data?.activeChallengeCount}
            Icon={Activity}
          />
          <StatCard title={DASHBOARD.totalRecordings} value={data?.recordingCount} Icon={Film} />
          <StatCard title={DASHBOARD.participants} value={data?.participantCount} Icon={Users} />
        </div>
      </section>

      <h2 className="mt-10 text-lg font-semibold">{DASHBOARD.quickActions}</h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-3">
        {QUICK_ACTIONS.map(({ to, title, text, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full gap-4 rounded-xl border border-line bg-surface p-5 transition-colors hover:border-gold/50"
            >
              <Icon aria-hidden="true" className="size-6 shrink-0 text-gold" />
              <span>
                <span className="block font-semibold text-ink">{title}</span>
                <span className="mt-1 block text-sm text-muted">{text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>

      <section aria-labelledby="recent-activity-title" className="mt-10">
        <h2 id="recent-activity-title" className="text-lg font-semibold">
          {DASHBOARD.recentActivity}
        </h2>
        {data && activity.length === 0 ? (
          <p className="mt-4 text-muted">{DASHBOARD.noActivity}</p>
        ) : (
          <ul
            aria-label={DASHBOARD.recentActivity}
            className="mt-4 divide-y divide-line rounded-xl border border-line bg-surface"
          >
            {activity.map((item) => (
              <li key={item.key} className="flex items-start gap-3 px-5 py-4">
                {item.kind === 'challenge' ? (
                  <PlusCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold" />
                ) : (
                  <Film aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold" />
                )}
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words text-ink">{item.title}</p>
                  {item.detail ? (
                    <p className="truncate text-sm text-muted">{item.detail}</p>
                  ) : null}
                </div>
                <span className="shrink-0 text-xs text-muted">{item.age}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
