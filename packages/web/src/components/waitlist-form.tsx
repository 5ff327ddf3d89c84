import { type FormEvent, useState } from 'react';
import { useAuth } from '../auth/auth-provider';
import { WAITLIST } from '../constants/messages';
import { joinWaitlist } from '../data/waitlist/waitlist';
import {
  WAITLIST_SOURCE_LABELS,
  WAITLIST_SOURCES,
  type WaitlistSource,
} from '../data/waitlist/waitlist-sources';
import {
  isWaitlistSubmitDisabled,
  validateWaitlist,
  type WaitlistFormValues,
  waitlistSource,
} from '../forms/validation';
import { errorToast, toast } from '../toast/toast-store';
import { Button } from './ui/button';
import { Card } from './ui/card';
import { Field, Input } from './ui/field';
import { NativeSelect } from './ui/native-select';

const SOURCE_OPTIONS = WAITLIST_SOURCES.map((value) => ({
  value,
  label: WAITLIST_SOURCE_LABELS[value],
}));

const EMPTY: WaitlistFormValues = { email: '', source: '', otherSource: '' };

/** Waitlist form (spec 01 §4, §5, §8): idle, submitting ('Joining...'), success (fields cleared).
 * `defaultSource` preselects how the visitor heard of us (an event page knows). */
export function WaitlistForm(props: { emailInputId: string; defaultSource?: WaitlistSource }) {
  const { supabase } = useAuth();
  const empty: WaitlistFormValues = { ...EMPTY, source: props.defaultSource ?? '' };
  const [values, setValues] = useState<WaitlistFormValues>(empty);
  const [submitting, setSubmitting] = useState(false);
  const [succeeded, setSucceeded] = useState(false);

  const update = (patch: Partial<WaitlistFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setSucceeded(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateWaitlist(values);
    if (problem) {
      errorToast(problem, WAITLIST.toastErrorTitle);
      return;
    }
    setSubmitting(true);
    try {
      const result = await joinWaitlist(supabase, {
        email: values.email,
        source: waitlistSource(values),
      });
      if (result === 'already_registered') {
        toast({
          title: WAITLIST.toastDuplicateTitle,
          description: WAITLIST.toastDuplicate,
          variant: 'destructive',
        });
        return;
      }
      toast({ title: WAITLIST.toastSuccessTitle, description: WAITLIST.toastSuccess });
      setValues(empty);
      setSucceeded(true);
    } catch (error) {
      console.error('Joining the waitlist failed', error);
      errorToast(WAITLIST.toastError, WAITLIST.toastErrorTitle);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card>
      <form onSubmit={submit} className="grid gap-5" aria-label="Join the waitlist">
        <Field id={props.emailInputId} label="Email">
          <Input
            id={props.emailInputId}
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
            value={values.email}
            onChange={(event) => update({ email: event.target.value })}
            disabled={submitting}
          />
        </Field>
        <Field id="waitlist-source" label="How did you hear about us?">
          <NativeSelect
            id="waitlist-source"
            name="source"
            value={values.source}
            onChange={(event) => update({ source: event.target.value })}
            options={SOURCE_OPTIONS}
            placeholder="Select an option"
            required
            disabled={submitting}
          />
        </Field>
        {values.source === 'other' ? (
          <Field id="waitlist-other" label="Please specify">
            <Input
              id="waitlist-other"
              name="other"
              placeholder="Where did you learn about us?"
              required
              maxLength={200}
              value={values.otherSource}
              onChange={(event) => update({ otherSource: event.target.value })}
              disabled={submitting}
            />
          </Field>
        ) : null}
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={isWaitlistSubmitDisabled(values, submitting)}
        >
          {submitting ? WAITLIST.submitting : WAITLIST.submit}
        </Button>
        <p role="status" className="min-h-6 text-center text-sm font-medium text-success">
          {succeeded ? WAITLIST.success : ''}
        </p>
      </form>
    </Card>
  );
}
