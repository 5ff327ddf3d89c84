import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/field';
import type { ParticipantGender } from '../../../data/challenges/challenge-status';
import { NAME_MAX_LENGTH } from '../logic/registration';
import { RECORD } from '../messages';
import { GenderChoice } from './gender-choice';

/** A signed-in participant confirms the name and gender their attempt carries (spec 02 §2). */
export function WelcomeBackCard(props: {
  email: string;
  initialName: string;
  initialGender: ParticipantGender;
  busy: boolean;
  onContinue: (values: { name: string; gender: ParticipantGender }) => void;
  onSwitchParticipant: () => void;
}) {
  const [name, setName] = useState(props.initialName);
  const [gender, setGender] = useState<ParticipantGender>(props.initialGender);
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    props.onContinue({ name: name.trim() || props.initialName, gender });
  }
  return (
    <Card>
      <h2 className="font-display text-2xl font-semibold">
        {RECORD.welcomeBackTitle(props.initialName)}
      </h2>
      <p className="mt-2 text-muted">{RECORD.welcomeBack}</p>
      <p className="mt-2 text-sm text-muted">{props.email}</p>
      <form className="mt-6 grid gap-4" onSubmit={submit}>
        <Field id={`${id}-name`} label="Name">
          <Input
            id={`${id}-name`}
            value={name}
            maxLength={NAME_MAX_LENGTH}
            onChange={(event) => setName(event.target.value)}
            disabled={props.busy}
          />
        </Field>
        <GenderChoice value={gender} onChange={setGender} disabled={props.busy} />
        <Button type="submit" size="lg" disabled={props.busy}>
          {RECORD.continue}
        </Button>
      </form>
      <button
        type="button"
        onClick={props.onSwitchParticipant}
        className="mt-6 text-sm font-semibold text-gold hover:text-gold-bright"
      >
        {RECORD.notYou}
      </button>
    </Card>
  );
}
