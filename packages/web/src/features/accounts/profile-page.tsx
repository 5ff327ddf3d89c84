import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../auth/auth-provider';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input } from '../../components/ui/field';
import { AUTH_TOASTS, PRODUCT_NAME, PROFILE } from '../../constants/messages';
import {
  type ProfileFieldError,
  type ProfileFormValues,
  profileFormFromProfile,
  toProfileUpdate,
  validateProfileForm,
} from '../../forms/validation';
import { errorToast, toast } from '../../toast/toast-store';
import { ProfileFields } from './components/profile-fields';

/** The signed-in user's profile (spec 01 §2). Reached only through <RequireAuth>. */
export function ProfilePage() {
  const { user, profile, store } = useAuth();
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormFromProfile(profile));
  const [dirty, setDirty] = useState(false);
  const [fieldError, setFieldError] = useState<ProfileFieldError | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    document.title = `Profile · ${PRODUCT_NAME}`;
  }, []);

  // The stored profile fills the form until the user starts editing.
  useEffect(() => {
    if (!dirty) setValues(profileFormFromProfile(profile));
  }, [profile, dirty]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateProfileForm(values);
    setFieldError(problem);
    if (problem) {
      errorToast(problem.message, AUTH_TOASTS.errorTitle);
      return;
    }
    setSaving(true);
    const { error } = await store.updateProfile(toProfileUpdate(values));
    setSaving(false);
    if (error) {
      console.error('Saving the profile failed', error);
      errorToast(AUTH_TOASTS.updateProfileFailed, AUTH_TOASTS.errorTitle);
      return;
    }
    setDirty(false);
    toast({ title: AUTH_TOASTS.profileUpdatedTitle, description: AUTH_TOASTS.profileUpdated });
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="font-display text-3xl font-semibold">Your Profile</h1>
      <p className="mt-2 text-muted">
        Tell us about yourself so your coaching fits you. Every field is optional.
      </p>
      <Card className="mt-8">
        <form onSubmit={submit} className="grid gap-6" noValidate aria-label="Profile">
          <Field
            id="profile-email"
            label="Email"
            hint="Your email cannot be changed. Please contact support if you need to update it."
          >
            <Input
              id="profile-email"
              type="email"
              value={user?.email ?? ''}
              readOnly
              aria-describedby="profile-email-hint"
            />
          </Field>
          <ProfileFields
            idPrefix="profile"
            values={values}
            onChange={(next) => {
              setValues(next);
              setDirty(true);
            }}
            error={fieldError}
            disabled={saving}
          />
          <div className="flex justify-end">
            <Button type="submit" size="lg" disabled={saving} className="w-full sm:w-auto">
              {saving ? 'Saving...' : PROFILE.save}
            </Button>
          </div>
        </form>
      </Card>
      {/* The spec's navigation bar has no entry for video analysis; signed-in users reach it here. */}
      <Card className="mt-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-lg font-semibold">{PROFILE.analysisTitle}</h2>
            <p className="mt-1 text-muted">{PROFILE.analysisDescription}</p>
          </div>
          <Link to="/analyze" className={buttonClasses('secondary')}>
            {PROFILE.analysisLink}
          </Link>
        </div>
      </Card>
    </div>
  );
}
