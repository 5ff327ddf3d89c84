import { useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { errorToast } from '../../../toast/toast-store';
import { loadPoseModelBytes } from '../../analysis/pose-runtime';
import { useAttemptRecording } from '../hooks/use-attempt-recording';
import { useCameraPreview } from '../hooks/use-camera-preview';
import { useRecordingDiagnostics } from '../hooks/use-recording-diagnostics';
import { useScreenAngle } from '../hooks/use-screen-angle';
import type { LiveCounting } from '../logic/live-analyzer';
import { previewRotation, previewTransform } from '../logic/rotation';
import { LIVE_POSE_MODEL, RECORD } from '../messages';
import type { FinishedRecording } from '../recording-controller';
import { AttemptOverlay } from './attempt-overlay';
import { CameraControls } from './camera-controls';
import { CameraProblem } from './camera-problem';
import { DiagnosticsPanel } from './diagnostics-panel';
import { SetupInstructionsDialog } from './setup-instructions-dialog';

/** The recording card (spec 02 §2, §4): the camera preview with switching and rotation, Start
 * Challenge, the Setup Instructions, and during the attempt a fullscreen overlay with the live
 * count and Finish Recording. The preview, the attempt and the diagnostics are hooks of their
 * own (hooks/); this component lays them out. */
export function CameraStage(props: {
  counting: LiveCounting;
  challengeId: string;
  userId: string;
  exerciseName: string;
  onPreviewReady: () => void;
  /** Asked right before the countdown; false keeps the attempt from starting. */
  confirmCanRecord: () => Promise<boolean>;
  onFinished: (recording: FinishedRecording) => void;
  onDiagnosticsLog: (line: string) => void;
  diagnosticsOpen: boolean;
  onToggleDiagnostics: () => void;
  diagnosticsLog: readonly string[];
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const { onPreviewReady, onDiagnosticsLog: log } = props;
  const [manualSteps, setManualSteps] = useState(0);
  const [setupOpen, setSetupOpen] = useState(false);
  const [videoSize, setVideoSize] = useState<{ width: number; height: number } | null>(null);
  const screenAngle = useScreenAngle();
  const attempt = useAttemptRecording({
    counting: props.counting,
    challengeId: props.challengeId,
    userId: props.userId,
    exerciseName: props.exerciseName,
    stageRef,
    onFinished: props.onFinished,
    // Called after a failed start, long after this render: the preview starts again.
    onStartFailed: () => preview.retry(),
    log,
  });
  const { view } = attempt;
  // The preview stops while an attempt runs (it opens the camera with the recording settings).
  const preview = useCameraPreview(videoRef, view === null, log);
  const diagnostics = useRecordingDiagnostics(
    attempt.controllerRef,
    view !== null && props.diagnosticsOpen,
  );

  // The pose model downloads while the participant sets up, so counting starts at once.
  useEffect(() => {
    loadPoseModelBytes(LIVE_POSE_MODEL).catch((error: unknown) =>
      log(`model download failed: ${String(error)}`),
    );
  }, [log]);

  const onLoadedData = useCallback(() => {
    const video = videoRef.current;
    if (video) setVideoSize({ width: video.videoWidth, height: video.videoHeight });
    onPreviewReady();
  }, [onPreviewReady]);

  function switchCamera() {
    if (view !== null) {
      errorToast(RECORD.cannotSwitch, RECORD.cannotSwitchTitle);
      return;
    }
    preview.switchFacing();
  }

  async function startRecording() {
    setSetupOpen(false);
    const video = videoRef.current;
    if (!video || !(await props.confirmCanRecord())) return;
    preview.stop();
    await attempt.start(video, preview.facing, preview.mirrored);
  }

  const rotation = previewRotation(screenAngle, manualSteps);
  const isMirrored = view ? view.mirrored : preview.mirrored;

  if (preview.cameraError && view === null) {
    return <CameraProblem error={preview.cameraError} onRetry={preview.retry} />;
  }

  return (
    <div
      ref={stageRef}
      data-testid="camera-stage"
      data-recording={view !== null}
      className={cn(
        'overflow-hidden bg-black',
        view !== null
          ? 'fixed inset-0 z-50 flex flex-col'
          : 'relative rounded-xl border border-line',
      )}
    >
      <div
        className={cn(
          'relative',
          view !== null ? 'min-h-0 flex-1' : 'aspect-video max-h-[65svh] w-full',
        )}
      >
        <video
          ref={videoRef}
          onLoadedData={onLoadedData}
          muted
          playsInline
          data-testid="camera-video"
          className="absolute inset-0 size-full object-contain"
          style={{ transform: previewTransform(isMirrored, rotation) }}
        />
        {view ? <AttemptOverlay view={view} /> : null}
      </div>
      <CameraControls
        recording={view !== null}
        canFinish={view?.stage === 'recording'}
        canSwitchCamera={preview.cameraCount >= 2}
        diagnosticsOpen={props.diagnosticsOpen}
        onStart={() => setSetupOpen(true)}
        onFinish={attempt.finish}
        onSwitchCamera={switchCamera}
        onRotate={() => setManualSteps((steps) => steps + 1)}
        onToggleDiagnostics={props.onToggleDiagnostics}
      />
      {props.diagnosticsOpen ? (
        <div className={cn(view !== null ? 'absolute top-3 left-3 z-10 max-w-xs' : 'p-3')}>
          <DiagnosticsPanel
            stats={diagnostics?.stats ?? null}
            modeTotals={diagnostics?.modeTotals ?? null}
            inferenceOnly={view?.inferenceOnly ?? false}
            onInferenceOnlyChange={
              view?.stage === 'recording' ? attempt.setInferenceOnly : undefined
            }
            recorder={diagnostics?.recorder ?? null}
            video={videoSize}
            analyser={props.counting.analyser}
            model={LIVE_POSE_MODEL}
            log={props.diagnosticsLog}
          />
        </div>
      ) : null}
      <SetupInstructionsDialog
        open={setupOpen}
        onClose={() => setSetupOpen(false)}
        onStart={() => void startRecording()}
      />
    </div>
  );
}
