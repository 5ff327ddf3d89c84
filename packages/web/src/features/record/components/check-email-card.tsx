import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { OneTimeCodeForm } from '../../accounts/components/one-time-code-form';
import { RECORD } from '../messages';

/** After a one-time link was sent to an address that has an account (spec 02 §4), with a retry. */
export function CheckEmailCard(props: {
  email: string;
  busy: boolean;
  onResend: () => void;
  onDifferentEmail: () => void;
  /** Signed in with the e-mail's code, in this browser. */
  onSignedIn: () => void;
}) {
  return (
    <Card role="status">
      <h2 className="font-display text-2xl font-semibold">{RECORD.checkEmailTitle}</h2>
      <p className="mt-3 text-muted">{RECORD.checkEmail(props.email)}</p>
      <OneTimeCodeForm email={props.email} onSignedIn={props.onSignedIn} />
      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={props.onResend} disabled={props.busy}>
          {RECORD.resendLink}
        </Button>
        <Button variant="secondary" onClick={props.onDifferentEmail} disabled={props.busy}>
          {RECORD.differentEmail}
        </Button>
      </div>
    </Card>
  );
}
