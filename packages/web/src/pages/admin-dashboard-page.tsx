import { LayoutList, PlusCircle, SlidersHorizontal, UserRound } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { PRODUCT_NAME } from '../constants/messages';

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

/** The admin area's home (spec 02 §2). Statistics and recent activity come with the admin issue. */
export function AdminDashboardPage() {
  useEffect(() => {
    document.title = `Admin · ${PRODUCT_NAME}`;
  }, []);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-semibold">Admin Dashboard</h1>
          <p className="mt-2 text-muted">Run challenges and keep the temple in order.</p>
        </div>
        <Link to="/profile" className={buttonClasses('secondary', 'sm')}>
          <UserRound aria-hidden="true" className="size-4" />
          Profile
        </Link>
      </div>
      <h2 className="mt-10 text-lg font-semibold">Quick Actions</h2>
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
    </div>
  );
}
