import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { PendingAttempt } from '../data/pending-attempts';
import { RECORD } from '../messages';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An attempt kept on this device that was not saved (a reload during upload, a failed upload). */
export function PendingAttemptCard(props: {
  pending: PendingAttempt;
  busy: boolean;
  onSend: () => void;
  onDiscard: () => void;
}) {
  const { attempt } = props.pending;
  const recorded = when.format(new Date(attempt.recordedAt));
  return (
    <Card role="status" className="border-gold/50" data-testid="pending-attempt">
      <h2 className="font-display text-xl font-semibold">{RECORD.pendingTitle}</h2>
      <p className="mt-2 text-muted">
        {props.pending.recordingId
          ? RECORD.pendingVideoIntro(attempt.validReps, recorded)
          : RECORD.pendingIntro(attempt.validReps, recorded)}
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Button onClick={props.onSend} disabled={props.busy}>
          {props.pending.recordingId ? RECORD.resendVideo : RECORD.sendNow}
        </Button>
        <Button variant="secondary" onClick={props.onDiscard} disabled={props.busy}>
          {RECORD.discard}
        </Button>
      </div>
    </Card>
  );
}
