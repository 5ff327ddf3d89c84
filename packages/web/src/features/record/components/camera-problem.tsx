import { RefreshCcw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { CameraError } from '../camera';
import { RECORD } from '../messages';
import { MessageCard } from './message-card';

/** Why the camera gives no picture (denied, absent, failed) and what to do, with Try again. */
export function CameraProblem(props: { error: CameraError; onRetry: () => void }) {
  const { kind } = props.error;
  const title =
    kind === 'denied'
      ? RECORD.cameraDeniedTitle
      : kind === 'absent'
        ? RECORD.cameraAbsentTitle
        : RECORD.cameraFailedTitle;
  const message =
    kind === 'denied'
      ? RECORD.cameraDenied
      : kind === 'absent'
        ? RECORD.cameraAbsent
        : RECORD.cameraFailed(props.error.message);
  return (
    <MessageCard
      title={title}
      tone="danger"
      role="alert"
      actions={
        <Button size="lg" onClick={props.onRetry}>
          <RefreshCcw aria-hidden="true" className="size-4" />
          {RECORD.retryCamera}
        </Button>
      }
    >
      <p>{message}</p>
    </MessageCard>
  );
}
