import { type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../ui/spinner';
import { TopNav } from './top-nav';

/** Every page but the landing pages: the top bar above the page (the route's, or `children` for
 * a page that decides itself whether it is a landing page, such as an event's /{hash}). */
export function AppLayout(props: { children?: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-gold focus:px-4 focus:py-2 focus:text-page"
      >
        Skip to content
      </a>
      <TopNav />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageSpinner />}>{props.children ?? <Outlet />}</Suspense>
      </main>
    </div>
  );
}
