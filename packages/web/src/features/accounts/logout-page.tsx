import { isAuthError } from '@supabase/supabase-js';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-provider';
import { Spinner } from '../../components/ui/spinner';
import { AUTH_TOASTS, LOGOUT } from '../../constants/messages';
import { signOut } from '../../data/auth/auth';
import { errorToast, toast } from '../../toast/toast-store';

/** Signs out, then goes to / (spec 01 §2). */
export function LogoutPage() {
  const { supabase } = useAuth();
  const navigate = useNavigate();
  // Once per visit, even when React runs the effect twice in development.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        await signOut(supabase);
        toast({ title: AUTH_TOASTS.signedOutTitle, description: AUTH_TOASTS.signedOut });
      } catch (error) {
        console.error('Sign-out failed', error);
        errorToast(
          isAuthError(error) ? AUTH_TOASTS.signOutFailed : AUTH_TOASTS.logoutWentWrong,
          AUTH_TOASTS.errorTitle,
        );
      }
      navigate('/', { replace: true });
    })();
  }, [supabase, navigate]);

  return (
    <div className="flex min-h-[60svh] items-center justify-center">
      <Spinner label={LOGOUT.signingOut} className="size-8" />
    </div>
  );
}
