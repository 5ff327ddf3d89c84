import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/field';
import type { ParticipantGender } from '../../../data/challenges/challenge-status';
import { errorToast } from '../../../toast/toast-store';
import { checkRegistration, nameFromEmail } from '../logic/registration';
import { RECORD } from '../messages';
import { GenderChoice } from './gender-choice';

export interface RegistrationValues {
  name: string;
  email: string;
  gender: ParticipantGender;
}

/** The sign-in or registration card (spec 02 §2, §4, §5). A duel asks name, e-mail and gender,
 * without a password; other challenges ask the e-mail, the name defaulting to its local part. */
export function RegistrationCard(props: {
  isDuel: boolean;
  signInPath: string;
  busy: boolean;
  onSubmit: (values: RegistrationValues) => void;
}) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [gender, setGender] = useState<ParticipantGender>('male');
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkRegistration({ isDuel: props.isDuel, name, email, gender });
    if (!check.ok) {
      errorToast(check.message, check.title);
      return;
    }
    props.onSubmit({ name: check.name, email: check.email, gender: check.gender });
  }

  return (
    <Card>
      <h2 className="font-display text-2xl font-semibold">{RECORD.registerTitle}</h2>
      <p className="mt-2 text-muted">
        {props.isDuel ? RECORD.duelRegisterIntro : RECORD.registerIntro}
      </p>
      <form className="mt-6 grid gap-4" onSubmit={submit} noValidate>
        <Field id={`${id}-email`} label="Email">
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value.toLowerCase())}
            disabled={props.busy}
          />
        </Field>
        <Field
          id={`${id}-name`}
          label={props.isDuel ? 'Name' : 'Name (optional)'}
          hint={
            props.isDuel
              ? 'Shown on the leaderboard.'
              : `Shown on the leaderboard${email ? `; "${nameFromEmail(email)}" if left empty` : ''}.`
          }
        >
          <Input
            id={`${id}-name`}
            autoComplete="name"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            disabled={props.busy}
            aria-describedby={`${id}-name-hint`}
          />
        </Field>
        <GenderChoice value={gender} onChange={setGender} disabled={props.busy} />
        <Button type="submit" size="lg" disabled={props.busy}>
          {props.busy ? RECORD.creatingAccount : RECORD.continue}
        </Button>
      </form>
      <p className="mt-6 text-sm text-muted">
        {RECORD.haveAccount}{' '}
        <Link to={props.signInPath} className="font-semibold text-gold hover:text-gold-bright">
          {RECORD.signIn}
        </Link>
      </p>
    </Card>
  );
}
