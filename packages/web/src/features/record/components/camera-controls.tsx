import { Bug, RotateCw, SwitchCamera } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { RECORD } from '../messages';

/** The bar under the camera picture: Start Challenge (or Finish Recording during the attempt),
 * switch camera, rotate 180° and the diagnostics. */
export function CameraControls(props: {
  recording: boolean;
  /** Finish Recording is enabled once the recorder runs. */
  canFinish: boolean;
  canSwitchCamera: boolean;
  diagnosticsOpen: boolean;
  onStart: () => void;
  onFinish: () => void;
  onSwitchCamera: () => void;
  onRotate: () => void;
  onToggleDiagnostics: () => void;
}) {
  return (
    <div
      className={cn(
        'flex flex-wrap items-center gap-2 p-3',
        props.recording ? 'justify-center bg-black/90' : 'justify-between bg-surface',
      )}
    >
      {props.recording ? (
        <Button
          size="lg"
          variant="danger"
          className="h-14 min-w-[12rem] text-lg"
          disabled={!props.canFinish}
          onClick={props.onFinish}
        >
          {RECORD.finishRecording}
        </Button>
      ) : (
        <Button size="lg" className="h-14 min-w-[12rem] text-lg" onClick={props.onStart}>
          {RECORD.startChallenge}
        </Button>
      )}
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="lg"
          aria-label={RECORD.switchCamera}
          title={RECORD.switchCamera}
          onClick={props.onSwitchCamera}
          disabled={!props.recording && !props.canSwitchCamera}
        >
          <SwitchCamera aria-hidden="true" className="size-5" />
        </Button>
        <Button
          variant="secondary"
          size="lg"
          aria-label={RECORD.rotate}
          title={RECORD.rotate}
          onClick={props.onRotate}
        >
          <RotateCw aria-hidden="true" className="size-5" />
        </Button>
        <Button
          variant="secondary"
          size="lg"
          aria-label={RECORD.diagnostics}
          aria-pressed={props.diagnosticsOpen}
          title={RECORD.diagnostics}
          onClick={props.onToggleDiagnostics}
        >
          <Bug aria-hidden="true" className="size-5" />
        </Button>
      </div>
    </div>
  );
}
