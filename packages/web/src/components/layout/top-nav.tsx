import { Menu, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-provider';
import { NAV } from '../../constants/messages';
import { cn } from '../../lib/cn';
import { Button, buttonClasses } from '../ui/button';
import { BrandMark, BrandName } from './brand';

export interface NavItem {
  to: string;
  label: string;
  isActive: (pathname: string) => boolean;
}

/** The links a signed-in user sees; Challenges stays lit on every /challenge* page and Admin on
 * every /admin* page (spec 01 §2). */
export function navItems(isAdmin: boolean): NavItem[] {
  const items: NavItem[] = [
    { to: '/profile', label: NAV.profile, isActive: (pathname) => pathname === '/profile' },
    {
      to: '/challenges',
      label: NAV.challenges,
      isActive: (pathname) => pathname.startsWith('/challenge'),
    },
  ];
  if (isAdmin)
    items.push({
      to: '/admin',
      label: NAV.admin,
      isActive: (pathname) => pathname.startsWith('/admin'),
    });
  return items;
}

function NavLink(props: {
  item: NavItem;
  pathname: string;
  mobile?: boolean;
  onNavigate?: () => void;
}) {
  const active = props.item.isActive(props.pathname);
  return (
    <Link
      to={props.item.to}
      onClick={props.onNavigate}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'rounded-md font-medium transition-colors',
        props.mobile ? 'flex h-12 items-center px-3 text-base' : 'px-3 py-2 text-sm',
        active
          ? 'bg-gold/10 text-gold-bright'
          : 'text-muted hover:bg-surface-raised hover:text-ink',
      )}
    >
      {props.item.label}
    </Link>
  );
}

export function TopNav() {
  const { user, isAdmin, loading, initialized } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  // Following a link closes the mobile menu. Done on the click, not on the route change: the
  // route commits later (react-router navigates in a transition while the page's chunk loads)
  // and would close a menu opened in between.
  const closeMenu = () => setMenuOpen(false);

  const authLoading = loading || !initialized;
  const items = user ? navItems(isAdmin) : [];
  const email = user?.email ?? '';

  return (
    <header className="sticky top-0 z-40 border-b border-line/70 bg-page/90 backdrop-blur supports-[backdrop-filter]:bg-page/75">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6"
      >
        <Link
          to="/"
          onClick={closeMenu}
          className="flex items-center gap-2.5 rounded-md text-lg text-ink hover:text-gold-bright"
        >
          <BrandMark className="size-7" />
          <BrandName />
        </Link>

        {user && !authLoading ? (
          <ul className="ml-4 hidden items-center gap-1 sm:flex">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink item={item} pathname={pathname} />
              </li>
            ))}
          </ul>
        ) : null}

        <div className="ml-auto flex items-center gap-3">
          {authLoading ? (
            <span role="status" className="text-sm text-muted">
              {NAV.loading}
            </span>
          ) : user ? (
            <>
              <div className="hidden items-center gap-3 sm:flex">
                <span className="hidden max-w-[16rem] truncate text-sm text-muted md:inline">
                  {NAV.greeting(email)}
                </span>
                <Button variant="secondary" size="sm" onClick={() => navigate('/logout')}>
                  {NAV.logout}
                </Button>
              </div>
              <button
                type="button"
                className="inline-flex size-11 items-center justify-center rounded-md text-ink hover:bg-surface-raised sm:hidden"
                aria-expanded={menuOpen}
                aria-controls={menuId}
                aria-label={menuOpen ? 'Close menu' : 'Open menu'}
                onClick={() => setMenuOpen((open) => !open)}
              >
                {menuOpen ? (
                  <X aria-hidden="true" className="size-6" />
                ) : (
                  <Menu aria-hidden="true" className="size-6" />
                )}
              </button>
            </>
          ) : (
            <Link to="/login" className={buttonClasses('primary', 'sm')}>
              {NAV.login}
            </Link>
          )}
        </div>
      </nav>

      {user && !authLoading ? (
        <div
          id={menuId}
          hidden={!menuOpen}
          className="border-t border-line/70 bg-page px-4 pt-2 pb-4 sm:hidden"
        >
          <p className="truncate px-3 py-2 text-sm text-muted">{NAV.greeting(email)}</p>
          <ul className="flex flex-col gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink item={item} pathname={pathname} mobile onNavigate={closeMenu} />
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            className="mt-3 w-full"
            onClick={() => {
              setMenuOpen(false);
              navigate('/logout');
            }}
          >
            {NAV.logout}
          </Button>
        </div>
      ) : null}
    </header>
  );
}
