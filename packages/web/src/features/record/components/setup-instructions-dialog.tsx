import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { RECORD } from '../messages';

const STEPS = [
  'Put the phone or laptop on the floor about two metres away, side on to you.',
  'Check that your whole body, head to feet, is in the picture.',
  'Start Recording counts down from 5; get into the top of a push-up.',
  'Clean reps count: elbows bent to about 90° or lower, arms locked out at the top, body straight, knees off the floor.',
  'The attempt ends at 5 minutes, or when you rest more than 3 seconds after your first rep.',
];

/** The Setup Instructions dialog (spec 02 §2, §4), opened by Start Challenge. */
export function SetupInstructionsDialog(props: {
  open: boolean;
  onClose: () => void;
  onStart: () => void;
}) {
  return (
    <ModalDialog open={props.open} onClose={props.onClose} title={RECORD.setupTitle}>
      <ol className="grid list-decimal gap-3 pl-5 text-ink/90">
        {STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <Button size="lg" className="mt-6 w-full" onClick={props.onStart}>
        {RECORD.startRecording}
      </Button>
    </ModalDialog>
  );
}
