import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../auth/auth-provider';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { Tabs } from '../../components/ui/tabs';
import { PASSWORD_MIN_LENGTH } from '../../constants/limits';
import { AUTH_TOASTS, CALLBACK, PRODUCT_NAME, SIGNUP } from '../../constants/messages';
import { sendMagicLink, signUpWithPassword } from '../../data/auth/auth';
import { removePendingProfile, storePendingProfile } from '../../data/profiles/pending-profile';
import {
  EMPTY_PROFILE_FORM,
  hasAnyProfileValue,
  type ProfileFieldError,
  type ProfileFormValues,
  toProfileUpdate,
  validateMagicLinkEmail,
  validatePasswordSignUp,
  validateProfileForm,
} from '../../forms/validation';
import { signUpErrorMessage } from '../../lib/auth-errors';
import { callbackUrl } from '../../lib/callback-url';
import { safeRedirectPath } from '../../lib/safe-redirect';
import { errorToast, toast } from '../../toast/toast-store';
import { AuthCard, CheckEmailPanel, EmailField } from './components/auth-card';
import { ProfileFields } from './components/profile-fields';

type SignupTab = 'password' | 'magic-link';

const PASSWORD_TAB_PROFILE_FIELDS = ['age', 'gender'] as const;

export function SignupPage() {
  const { supabase, store } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = safeRedirectPath(searchParams.get('redirect'));
  const [tab, setTab] = useState<SignupTab>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [passwordProfile, setPasswordProfile] = useState<ProfileFormValues>(EMPTY_PROFILE_FORM);
  const [linkProfile, setLinkProfile] = useState<ProfileFormValues>(EMPTY_PROFILE_FORM);
  const [fieldError, setFieldError] = useState<ProfileFieldError | null>(null);
  const [busy, setBusy] = useState(false);
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);

  useEffect(() => {
    document.title = `Sign up · ${PRODUCT_NAME}`;
  }, []);

  /** Range problems are shown at the field and in a toast; answers whether the form may go on. */
  const checkProfile = (values: ProfileFormValues): boolean => {
    const problem = validateProfileForm(values);
    setFieldError(problem);
    if (problem) errorToast(problem.message, AUTH_TOASTS.errorTitle);
    return problem === null;
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePasswordSignUp({ email, password, confirmPassword });
    if (problem) {
      errorToast(problem, AUTH_TOASTS.errorTitle);
      return;
    }
    if (!checkProfile(passwordProfile)) return;
    setBusy(true);
    try {
      const { user, session } = await signUpWithPassword(supabase, { email, password });
      if (!user || !session) {
        // A project that wants the address confirmed first sends a link instead of a session.
        toast({
          title: AUTH_TOASTS.magicLinkSentTitle,
          description: AUTH_TOASTS.magicLinkSentSignUp,
        });
        setLinkSentTo(email.trim());
        return;
      }
      await store.signedIn(user);
      if (hasAnyProfileValue(passwordProfile)) {
        const { error } = await store.updateProfile(toProfileUpdate(passwordProfile));
        if (error) {
          console.error('Saving the sign-up profile failed', error);
          errorToast(CALLBACK.profileIncomplete, CALLBACK.profileIncompleteTitle);
          navigate('/profile');
          return;
        }
      }
      toast({ title: AUTH_TOASTS.successTitle, description: AUTH_TOASTS.accountCreated });
      navigate('/profile');
    } catch (error) {
      console.warn('Sign-up failed', error);
      errorToast(signUpErrorMessage(error), AUTH_TOASTS.errorTitle);
    } finally {
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
    if (!checkProfile(linkProfile)) return;
    setBusy(true);
    // Kept until /auth/callback saves it, in whichever tab the link is opened.
    if (hasAnyProfileValue(linkProfile))
      storePendingProfile(window.localStorage, toProfileUpdate(linkProfile));
    try {
      await sendMagicLink(supabase, email, callbackUrl(window.location.origin, redirect));
      toast({
        title: AUTH_TOASTS.magicLinkSentTitle,
        description: AUTH_TOASTS.magicLinkSentSignUp,
      });
      setLinkSentTo(email.trim());
    } catch (error) {
      console.warn('Sending the sign-up link failed', error);
      removePendingProfile(window.localStorage);
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
      title="Create your account"
      subtitle={`Start your practice at ${PRODUCT_NAME}.`}
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'}
            className="font-semibold text-gold hover:text-gold-bright"
          >
            Sign in
          </Link>
        </>
      }
    >
      {linkSentTo ? (
        <CheckEmailPanel email={linkSentTo} onUseDifferentEmail={() => setLinkSentTo(null)} />
      ) : (
        <Tabs
          label="Sign-up method"
          value={tab}
          onValueChange={(value) => {
            setTab(value as SignupTab);
            setFieldError(null);
          }}
          tabs={[
            {
              value: 'password',
              label: SIGNUP.tabPassword,
              content: (
                <form onSubmit={submitPassword} className="grid gap-5" noValidate>
                  {emailField('signup-email')}
                  <Field
                    id="signup-password"
                    label="Password"
                    hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
                  >
                    <Input
                      id="signup-password"
                      type="password"
                      autoComplete="new-password"
                      aria-describedby="signup-password-hint"
                      value={password}
                      onChange={(event) => setPassword(event.target.value)}
                      disabled={busy}
                    />
                  </Field>
                  <Field id="signup-confirm-password" label="Confirm password">
                    <Input
                      id="signup-confirm-password"
                      type="password"
                      autoComplete="new-password"
                      value={confirmPassword}
                      onChange={(event) => setConfirmPassword(event.target.value)}
                      disabled={busy}
                    />
                  </Field>
                  <ProfileFields
                    idPrefix="signup-password-profile"
                    values={passwordProfile}
                    onChange={setPasswordProfile}
                    error={fieldError}
                    fields={PASSWORD_TAB_PROFILE_FIELDS}
                    optionalNote
                    disabled={busy}
                  />
                  <Button type="submit" size="lg" disabled={busy}>
                    {busy ? 'Creating account...' : 'Create Account'}
                  </Button>
                </form>
              ),
            },
            {
              value: 'magic-link',
              label: SIGNUP.tabMagicLink,
              content: (
                <form onSubmit={submitMagicLink} className="grid gap-5" noValidate>
                  {emailField('signup-magic-email')}
                  <ProfileFields
                    idPrefix="signup-link-profile"
                    values={linkProfile}
                    onChange={setLinkProfile}
                    error={fieldError}
                    genderLabel="Sex"
                    disabled={busy}
                  />
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
