import { type FormEvent, useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useAuth } from '../../auth/auth-provider';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { PageSpinner } from '../../components/ui/spinner';
import { Tabs } from '../../components/ui/tabs';
import { AFTER_SIGN_IN_PATH } from '../../constants/limits';
import { AUTH_TOASTS, LOGIN, PRODUCT_NAME } from '../../constants/messages';
import { sendMagicLink, signInWithPassword } from '../../data/auth/auth';
import { validateMagicLinkEmail, validatePasswordSignIn } from '../../forms/validation';
import { signInErrorMessage } from '../../lib/auth-errors';
import { callbackUrl } from '../../lib/callback-url';
import { safeRedirectPath } from '../../lib/safe-redirect';
import { errorToast, toast } from '../../toast/toast-store';
import { AuthCard, CheckEmailPanel, EmailField } from './components/auth-card';

type LoginTab = 'password' | 'magic-link';

export function LoginPage() {
  const { user, initialized, loading, supabase, store } = useAuth();
  const [searchParams] = useSearchParams();
  const redirect = safeRedirectPath(searchParams.get('redirect'));
  const [tab, setTab] = useState<LoginTab>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);

  useEffect(() => {
    document.title = `Sign in · ${PRODUCT_NAME}`;
  }, []);

  if (!initialized || loading) return <PageSpinner />;
  // Signed in (already, or just now): on to the page asked for, or the challenges.
  if (user) return <Navigate to={redirect ?? AFTER_SIGN_IN_PATH} replace />;

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePasswordSignIn({ email, password });
    if (problem) {
      errorToast(problem, AUTH_TOASTS.errorTitle);
      return;
    }
    setBusy(true);
    try {
      const { user: signedIn } = await signInWithPassword(supabase, { email, password });
      toast({ title: AUTH_TOASTS.successTitle, description: AUTH_TOASTS.signedIn });
      // The page re-renders signed in and redirects.
      await store.signedIn(signedIn);
    } catch (error) {
      console.warn('Password sign-in failed', error);
      errorToast(signInErrorMessage(error), AUTH_TOASTS.errorTitle);
      setBusy(false);
    }
  };

  const submitMagicLink = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateMagicLinkEmail(email);
    if (problem) {
      errorToast(problem, AUTH_TOASTS.errorTitle);
      return;
    }
    setBusy(true);
    try {
      await sendMagicLink(supabase, email, callbackUrl(window.location.origin, redirect));
      toast({
        title: AUTH_TOASTS.magicLinkSentTitle,
        description: AUTH_TOASTS.magicLinkSentSignIn,
      });
      setLinkSentTo(email.trim());
    } catch (error) {
      console.warn('Sending the sign-in link failed', error);
      errorToast(AUTH_TOASTS.magicLinkFailed, AUTH_TOASTS.errorTitle);
    } finally {
      setBusy(false);
    }
  };

  const emailField = (id: string) => (
    <EmailField id={id} value={email} onChange={setEmail} disabled={busy} />
  );

  return (
    <AuthCard
      title="Welcome back"
      subtitle={`Sign in to continue your practice at ${PRODUCT_NAME}.`}
      footer={
        <>
          Don't have an account?{' '}
          <Link
            to={redirect ? `/signup?redirect=${encodeURIComponent(redirect)}` : '/signup'}
            className="font-semibold text-gold hover:text-gold-bright"
          >
            Sign up
          </Link>
        </>
      }
    >
      {linkSentTo ? (
        <CheckEmailPanel email={linkSentTo} onUseDifferentEmail={() => setLinkSentTo(null)} />
      ) : (
        <Tabs
          label="Sign-in method"
          value={tab}
          onValueChange={(value) => setTab(value as LoginTab)}
          tabs={[
            {
              value: 'password',
              label: LOGIN.tabPassword,
              content: (
                <form onSubmit={submitPassword} className="grid gap-5" noValidate>
                  {emailField('login-email')}
                  <Field id="login-password" label="Password">
                    <Input
                      id="login-password"
                      type="password"
                      autoComplete="current-password"
                      value={password}
                      onChange={(event) => setPassword(event.target.value)}
                      disabled={busy}
                    />
                  </Field>
                  <Button type="submit" size="lg" disabled={busy}>
                    {busy ? 'Signing in...' : 'Sign In'}
                  </Button>
                </form>
              ),
            },
            {
              value: 'magic-link',
              label: LOGIN.tabMagicLink,
              content: (
                <form onSubmit={submitMagicLink} className="grid gap-5" noValidate>
                  {emailField('login-magic-email')}
                  <p className="text-sm text-muted">
                    We will email you a link that signs you in, no password needed.
                  </p>
                  <Button type="submit" size="lg" disabled={busy}>
                    {busy ? 'Sending...' : 'Send Magic Link'}
                  </Button>
                </form>
              ),
            },
          ]}
        />
      )}
    </AuthCard>
  );
}
