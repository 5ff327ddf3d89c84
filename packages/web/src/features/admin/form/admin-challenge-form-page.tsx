import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../../auth/auth-provider';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { UNIQUE_VIOLATION } from '../../../constants/limits';
import { PRODUCT_NAME } from '../../../constants/messages';
import { adminFailure, adminSuccess, causeOf } from '../components/admin-toasts';
import { ADMIN_TOASTS, FORM } from '../constants';
import { createAdminChallenge, updateAdminChallenge } from '../data/admin-challenges';
import { ChallengeGoneError, errorCode } from '../data/errors';
import { adminKeys, adminQueries } from '../data/queries';
import {
  type AdminChallengeFormValues,
  type AdminFormErrors,
  adminFormFromChallenge,
  EMPTY_ADMIN_FORM,
  errorsClearedBy,
  readAdminChallengeForm,
} from '../lib/challenge-form';
import { ChallengeFormFields } from './challenge-form-fields';

const TABLE_PATH = '/admin/challenges';

export function AdminCreateChallengePage() {
  return <AdminChallengeForm mode="create" />;
}

/** /admin/challenges/edit/{id}: the challenge is loaded first; a missing one or a failed load
 * toasts and goes back to the table (spec 02 §8). */
export function AdminEditChallengePage() {
  const { id = '' } = useParams();
  const { supabase } = useAuth();
  const navigate = useNavigate();
  const query = useQuery({
    ...adminQueries.challenge(supabase, id),
    // The form is filled once; a refetch must not overwrite what is being typed.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    if (query.isError) {
      console.error('Loading the challenge failed', query.error);
      adminFailure(ADMIN_TOASTS.loadChallengeDetailsFailed, causeOf(query.error));
      navigate(TABLE_PATH, { replace: true });
    } else if (query.isSuccess && query.data === null) {
      adminFailure(ADMIN_TOASTS.loadChallengeFailed, ADMIN_TOASTS.notFound);
      navigate(TABLE_PATH, { replace: true });
    }
  }, [query.isError, query.isSuccess, query.data, query.error, navigate]);

  if (!query.data) return <PageSpinner />;
  return (
    <AdminChallengeForm
      key={query.data.id}
      mode="edit"
      challengeId={query.data.id}
      initial={adminFormFromChallenge(query.data)}
    />
  );
}

function AdminChallengeForm(props: {
  mode: 'create' | 'edit';
  challengeId?: string;
  initial?: AdminChallengeFormValues;
}) {
  const { supabase, user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<AdminChallengeFormValues>(props.initial ?? EMPTY_ADMIN_FORM);
  const [errors, setErrors] = useState<AdminFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [goneMeanwhile, setGoneMeanwhile] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const title = props.mode === 'create' ? FORM.createTitle : FORM.editTitle;
  const failureTitle =
    props.mode === 'create' ? ADMIN_TOASTS.createFailed : ADMIN_TOASTS.updateFailed;

  const definitions = useQuery(adminQueries.definitionChoices(supabase));
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
  useEffect(() => {
    if (definitions.error) {
      console.error('Loading the exercise definitions failed', definitions.error);
      adminFailure(ADMIN_TOASTS.loadDefinitionsFailed, causeOf(definitions.error));
    }
  }, [definitions.error]);

  const change = (update: Partial<AdminChallengeFormValues>) => {
    setValues((current) => ({ ...current, ...update }));
    const cleared = errorsClearedBy(Object.keys(update) as (keyof AdminChallengeFormValues)[]);
    setErrors((current) => {
      const next = { ...current };
      for (const field of cleared) delete next[field];
      return next;
    });
  };

  const showErrors = (found: AdminFormErrors) => {
    setErrors(found);
    // Move to the first field in trouble, so a long form on a phone does not hide it.
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!user) {
      adminFailure(FORM.mustBeLoggedIn);
      return;
    }
    const result = readAdminChallengeForm(values, props.mode);
    if (!result.ok) {
      showErrors(result.errors);
      return;
    }
    setSaving(true);
    try {
      if (props.mode === 'create') await createAdminChallenge(supabase, result.row, user.id);
      else await updateAdminChallenge(supabase, props.challengeId ?? '', result.row);
      adminSuccess(props.mode === 'create' ? ADMIN_TOASTS.created : ADMIN_TOASTS.updated);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      navigate(TABLE_PATH);
    } catch (error) {
      console.error(`Saving the challenge (${props.mode}) failed`, error);
      if (error instanceof ChallengeGoneError) {
        setGoneMeanwhile(true);
        adminFailure(failureTitle, ADMIN_TOASTS.goneMeanwhile);
      } else if (errorCode(error) === UNIQUE_VIOLATION && result.row.slug) {
        // The slug was free when the form opened and was taken meanwhile.
        const message = FORM.slugTaken(result.row.slug);
        showErrors({ slug: message });
        adminFailure(failureTitle, message);
      } else {
        adminFailure(failureTitle, causeOf(error));
      }
      setSaving(false);
    }
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <Link
        to={TABLE_PATH}
        className="inline-flex items-center gap-2 text-sm text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {FORM.back}
      </Link>
      <h1 className="mt-4 font-display text-3xl font-semibold">{title}</h1>
      {goneMeanwhile ? (
        <div role="alert" className="mt-6 rounded-xl border border-danger/50 bg-danger-deep/30 p-4">
          <p className="font-semibold">{ADMIN_TOASTS.updateFailed}</p>
          <p className="mt-1 text-sm">
            {ADMIN_TOASTS.goneMeanwhile} Nothing was saved; your changes are still in the form.
          </p>
        </div>
      ) : null}
      <Card className="mt-8">
        <form
          ref={formRef}
          noValidate
          onSubmit={(event) => void submit(event)}
          className="grid gap-8"
        >
          <ChallengeFormFields
            mode={props.mode}
            values={values}
            errors={errors}
            definitions={definitions.data}
            disabled={saving}
            onChange={change}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link
              to={TABLE_PATH}
              className="inline-flex h-11 items-center justify-center px-5 text-sm text-muted hover:text-ink"
            >
              Cancel
            </Link>
            <Button type="submit" size="lg" disabled={saving || goneMeanwhile}>
              {saving ? FORM.saving : props.mode === 'create' ? FORM.create : FORM.save}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
