import { type FormEvent, useId, useState } from 'react';
import { useAuth } from '../../../auth/auth-provider';
import { Button } from '../../../components/ui/button';
import { Field, fieldControlProps, Input } from '../../../components/ui/field';
import { ONE_TIME_CODE } from '../../../constants/messages';
import { verifyEmailCode } from '../../../data/auth/auth';
import { completeOneTimeSignIn } from '../one-time-sign-in';

/** Length of the code in the one-time sign-in e-mail. digits */
const CODE_LENGTH = 6;

/** The code of the one-time sign-in e-mail, typed here: it signs in this browser, where the link
 * opens in whichever browser the mail app picks (a phone's in-app browser, say). */
export function OneTimeCodeForm(props: { email: string; onSignedIn?: () => void }) {
  const { supabase, store } = useAuth();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(digits)) {
      setError(ONE_TIME_CODE.invalidFormat);
      return;
    }
    setBusy(true);
    try {
      const user = await verifyEmailCode(supabase, props.email, digits);
      await completeOneTimeSignIn(store, user);
      props.onSignedIn?.();
    } catch (caught) {
      console.warn('The one-time code was refused', caught);
      const status = (caught as { status?: number }).status;
      // Too many tries: the service says how long to wait.
      setError(status === 429 && caught instanceof Error ? caught.message : ONE_TIME_CODE.refused);
    } finally {
      setBusy(false);
    }
  };

  const inputId = `${id}-code`;
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="mx-auto mt-6 grid w-full max-w-xs gap-3 text-left"
    >
      <Field id={inputId} label={ONE_TIME_CODE.label} error={error}>
        <Input
          {...fieldControlProps(inputId, error)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH + 2}
          placeholder="123456"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
          className="text-center font-mono text-xl tracking-[0.4em]"
          disabled={busy}
        />
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? ONE_TIME_CODE.checking : ONE_TIME_CODE.submit}
      </Button>
    </form>
  );
}
