import type { RecordingView } from '../recording-controller';
import { LiveCounter } from './live-counter';

/** What covers the camera picture during an attempt: the countdown, 'Starting the camera...',
 * then the live count. */
export function AttemptOverlay(props: { view: RecordingView }) {
  const { view } = props;
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-between p-3 sm:p-6">
      {view.countdown !== null ? (
        <div className="flex flex-1 items-center justify-center">
          <span
            data-testid="countdown"
            className="font-display text-[clamp(8rem,40vw,18rem)] leading-none font-bold text-gold drop-shadow-2xl"
          >
            {view.countdown}
          </span>
        </div>
      ) : view.stage === 'acquiring' ? (
        <div className="flex flex-1 items-center justify-center text-2xl text-ink">
          Starting the camera...
        </div>
      ) : (
        <LiveCounter
          snapshot={view.snapshot}
          verdict={view.verdict}
          elapsedMs={view.elapsedMs}
          modelReady={view.modelReady}
        />
      )}
    </div>
  );
}
