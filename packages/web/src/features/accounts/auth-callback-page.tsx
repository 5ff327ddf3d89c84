import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-provider';
import { Spinner } from '../../components/ui/spinner';
import { AFTER_SIGN_IN_PATH } from '../../constants/limits';
import { CALLBACK } from '../../constants/messages';
import { completeSignInFromUrl } from '../../data/auth/auth';
import { safeRedirectPath } from '../../lib/safe-redirect';
import { errorToast } from '../../toast/toast-store';
import { completeOneTimeSignIn } from './one-time-sign-in';

/** Where a one-time link lands (spec 01 §2, §4, §8): takes the session from the URL, saves the
 * profile typed at sign-up, then goes on to /challenges (or the page the sign-in was for). */
export function AuthCallbackPage() {
  const { supabase, store } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const next =
      safeRedirectPath(new URLSearchParams(window.location.search).get('redirect')) ??
      AFTER_SIGN_IN_PATH;
    void (async () => {
      let session: Awaited<ReturnType<typeof completeSignInFromUrl>>;
      try {
        session = await completeSignInFromUrl(supabase);
      } catch (error) {
        console.warn('The sign-in link was refused', error);
        errorToast(error instanceof Error ? error.message : String(error), CALLBACK.failedTitle);
        navigate('/login', { replace: true });
        return;
      }
      try {
        if (!session) {
          errorToast(CALLBACK.noSession, CALLBACK.failedTitle);
          navigate('/login', { replace: true });
          return;
        }
        await completeOneTimeSignIn(store, session.user);
        navigate(next, { replace: true });
      } catch (error) {
        console.error('Completing the sign-in failed', error);
        errorToast(CALLBACK.wentWrong, CALLBACK.failedTitle);
        navigate('/login', { replace: true });
      }
    })();
  }, [supabase, store, navigate]);

  return (
    <div className="flex min-h-[60svh] items-center justify-center">
      <Spinner label={CALLBACK.completing} className="size-8" />
    </div>
  );
}
