import { ArrowLeft, UserRound } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../../auth/auth-provider';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, fieldControlProps, Input, Textarea } from '../../../components/ui/field';
import { PRODUCT_NAME } from '../../../constants/messages';
import {
  CHALLENGE_CREATION_DEFAULTS,
  CHALLENGE_FIELD_LIMITS,
} from '../../../data/challenges/challenge-fields';
import { errorToast, toast } from '../../../toast/toast-store';
import { ChallengeTypeFields } from '../components/challenge-type-fields';
import { CREATE_MESSAGES, TYPE_FIELD_LABELS } from '../constants';
import { createUserChallenge, creationErrorMessage } from '../data/create-user-challenge';
import {
  DEFAULT_USER_CHALLENGE_FORM,
  type UserChallengeFormErrors,
  type UserChallengeFormValues,
  userChallengeInsert,
} from '../user-challenge-form';

/** The user's creation form (spec 02 §2, §5): signed in only; on success 'Challenge created!' and
 * on to /challenge/{slug}. The database decides what a user's challenge may set. */
export function CreateChallengePage() {
  const { supabase, user, profile } = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState<UserChallengeFormValues>(DEFAULT_USER_CHALLENGE_FORM);
  const [errors, setErrors] = useState<UserChallengeFormErrors>({});
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    document.title = `${CREATE_MESSAGES.title} · ${PRODUCT_NAME}`;
  }, []);

  const change = (update: Partial<UserChallengeFormValues>) => {
    setValues((current) => ({ ...current, ...update }));
    // An error clears when its field is edited.
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(update)) delete next[key as keyof UserChallengeFormErrors];
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user || submitting) return;
    const result = userChallengeInsert(values, user.id);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setSubmitting(true);
    try {
      const created = await createUserChallenge(supabase, result.row);
      toast({
        title: CREATE_MESSAGES.createdTitle,
        description: CREATE_MESSAGES.createdDescription,
      });
      navigate(`/challenge/${created.slug}`);
    } catch (error) {
      console.error('Creating the challenge failed', error);
      errorToast(creationErrorMessage(error));
      setSubmitting(false);
    }
  };

  const creator = profile?.full_name?.trim() || user?.email || '';

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <Link
        to="/pushup-challenge"
        className="inline-flex items-center gap-2 text-sm text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {CREATE_MESSAGES.back}
      </Link>
      <h1 className="mt-4 font-display text-3xl font-semibold">{CREATE_MESSAGES.title}</h1>
      <Card className="mt-8">
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-6">
          <div className="flex items-center gap-3 rounded-lg border border-line bg-page px-4 py-3">
            <UserRound aria-hidden="true" className="size-5 text-gold" />
            <p className="text-sm">
              <span className="text-muted">{CREATE_MESSAGES.creator} </span>
              <span className="font-semibold text-ink" data-testid="creator">
                {creator}
              </span>
            </p>
          </div>
          <Field
            id="create-name"
            label={`${TYPE_FIELD_LABELS.name} (optional)`}
            error={errors.name}
          >
            <Input
              {...fieldControlProps('create-name', errors.name)}
              value={values.name}
              placeholder={CHALLENGE_CREATION_DEFAULTS.name}
              maxLength={CHALLENGE_FIELD_LIMITS.maxNameLength}
              onChange={(event) => change({ name: event.target.value })}
            />
          </Field>
          <Field
            id="create-description"
            label={`${TYPE_FIELD_LABELS.description} (optional)`}
            error={errors.description}
          >
            <Textarea
              {...fieldControlProps('create-description', errors.description)}
              value={values.description}
              maxLength={CHALLENGE_FIELD_LIMITS.maxDescriptionLength}
              onChange={(event) => change({ description: event.target.value })}
            />
          </Field>
          <ChallengeTypeFields
            idPrefix="create"
            values={values}
            errors={errors}
            onChange={change}
            disabled={submitting}
          />
          <Button type="submit" size="lg" disabled={submitting}>
            {submitting ? CREATE_MESSAGES.submitting : CREATE_MESSAGES.submit}
          </Button>
        </form>
      </Card>
    </div>
  );
}
