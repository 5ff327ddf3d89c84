// Protected and admin pages (spec 01 §4): a spinner until the session is known; visitors who are
// not signed in go to /login (and come back after signing in); admin pages also need is_admin.

import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AdminDenied, SignedOutDenied } from '../components/access-screens';
import { PageSpinner } from '../components/ui/spinner';
import { loginPathFor } from '../lib/safe-redirect';
import { useAuth } from './auth-provider';

export function RequireAuth(props: { children: ReactNode }) {
  const { user, loading, initialized } = useAuth();
  const location = useLocation();
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (user) wasSignedIn.current = true;
  }, [user]);

  if (!initialized || loading) return <PageSpinner />;
  const loginPath = loginPathFor(`${location.pathname}${location.search}`);
  if (!user) {
    // Signed out while looking at the page (another tab signed out, the session was revoked):
    // say so in place instead of pulling the page away.
    if (wasSignedIn.current) return <SignedOutDenied loginPath={loginPath} />;
    return <Navigate to={loginPath} replace />;
  }
  return props.children;
}

export function RequireAdmin(props: { children: ReactNode }) {
  const { isAdmin } = useAuth();
  return <RequireAuth>{isAdmin ? props.children : <AdminDenied />}</RequireAuth>;
}
