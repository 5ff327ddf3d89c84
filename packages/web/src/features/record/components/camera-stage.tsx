import { Bug, RefreshCcw, RotateCw, SwitchCamera } from 'lucide-react';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { errorToast } from '../../../toast/toast-store';
import { loadPoseModelBytes } from '../../analysis/pose-runtime';
import {
  CameraError,
  countCameras,
  type Facing,
  facesUser,
  openCameraStream,
  stopStream,
} from '../camera';
import type { LiveCounting } from '../logic/live-analyzer';
import { previewRotation, previewTransform } from '../logic/rotation';
import { LIVE_POSE_MODEL, RECORD } from '../messages';
import {
  type FinishedRecording,
  RecordingController,
  type RecordingDiagnostics,
  type RecordingView,
} from '../recording-controller';
import { DiagnosticsPanel } from './diagnostics-panel';
import { LiveCounter } from './live-counter';
import { MessageCard } from './message-card';
import { SetupInstructionsDialog } from './setup-instructions-dialog';

function useScreenAngle(): number {
  const [angle, setAngle] = useState(() =>
    typeof screen !== 'undefined' && screen.orientation ? screen.orientation.angle : 0,
  );
  useEffect(() => {
    const orientation = typeof screen !== 'undefined' ? screen.orientation : undefined;
    if (!orientation) return;
    const onChange = () => setAngle(orientation.angle);
    orientation.addEventListener('change', onChange);
    return () => orientation.removeEventListener('change', onChange);
  }, []);
  return angle;
}

function CameraProblem(props: { error: CameraError; onRetry: () => void }) {
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

/** How often the open diagnostics panel reads the loop's figures during an attempt. ms */
const DIAGNOSTICS_REFRESH_MS = 500;

/** The controller's diagnostics while `active` (the panel is open during an attempt), else null:
 * read on a timer of their own, so the attempt's screen is not redrawn for them. */
function useDiagnostics(
  controllerRef: RefObject<RecordingController | null>,
  active: boolean,
): RecordingDiagnostics | null {
  const [diagnostics, setDiagnostics] = useState<RecordingDiagnostics | null>(null);
  useEffect(() => {
    if (!active) {
      setDiagnostics(null);
      return;
    }
    const read = () => setDiagnostics(controllerRef.current?.diagnostics() ?? null);
    read();
    const timer = setInterval(read, DIAGNOSTICS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [controllerRef, active]);
  return diagnostics;
}

/** The recording card (spec 02 §2, §4): the camera preview with switching and rotation, Start
 * Challenge, the Setup Instructions, and during the attempt a fullscreen overlay with the live
 * count and Finish Recording. */
export function CameraStage(props: {
  counting: LiveCounting;
  challengeId: string;
  userId: string;
  exerciseName: string;
  onPreviewReady: () => void;
  onFinished: (recording: FinishedRecording) => void;
  onDiagnosticsLog: (line: string) => void;
  diagnosticsOpen: boolean;
  onToggleDiagnostics: () => void;
  diagnosticsLog: readonly string[];
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const previewRef = useRef<MediaStream | null>(null);
  const controllerRef = useRef<RecordingController | null>(null);
  const [facing, setFacing] = useState<Facing>('user');
  const [mirrored, setMirrored] = useState(true);
  const [cameraCount, setCameraCount] = useState(1);
  const [cameraError, setCameraError] = useState<CameraError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [manualSteps, setManualSteps] = useState(0);
  const [setupOpen, setSetupOpen] = useState(false);
  const [view, setView] = useState<RecordingView | null>(null);
  const [videoSize, setVideoSize] = useState<{ width: number; height: number } | null>(null);
  const screenAngle = useScreenAngle();
  const { onPreviewReady, onDiagnosticsLog } = props;
  const recording = view !== null;
  const diagnostics = useDiagnostics(controllerRef, recording && props.diagnosticsOpen);

  // The pose model downloads while the participant sets up, so counting starts at once.
  useEffect(() => {
    loadPoseModelBytes(LIVE_POSE_MODEL).catch((error: unknown) =>
      onDiagnosticsLog(`model download failed: ${String(error)}`),
    );
  }, [onDiagnosticsLog]);

  // The preview (spec 02 §4: registered → camera preview starts).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs it on Try again
  useEffect(() => {
    if (recording) return;
    let live = true;
    setCameraError(null);
    openCameraStream(facing).then(
      async (stream) => {
        if (!live) {
          stopStream(stream);
          return;
        }
        previewRef.current = stream;
        setMirrored(facesUser(stream, facing));
        const video = videoRef.current;
        if (video) {
          video.srcObject = stream;
          video.muted = true;
          video.playsInline = true;
          await video.play().catch((error: unknown) => onDiagnosticsLog(`play: ${String(error)}`));
        }
        setCameraCount(await countCameras());
        onDiagnosticsLog(`camera open: ${stream.getVideoTracks()[0]?.label ?? 'unknown'}`);
      },
      (error: unknown) => {
        if (!live) return;
        const failure =
          error instanceof CameraError ? error : new CameraError('failed', String(error));
        onDiagnosticsLog(`camera ${failure.kind}: ${failure.message}`);
        setCameraError(failure);
      },
    );
    return () => {
      live = false;
      stopStream(previewRef.current);
      previewRef.current = null;
    };
  }, [facing, attempt, recording, onDiagnosticsLog]);

  useEffect(() => () => controllerRef.current?.cancel(), []);

  const onLoadedData = useCallback(() => {
    const video = videoRef.current;
    if (video) setVideoSize({ width: video.videoWidth, height: video.videoHeight });
    onPreviewReady();
  }, [onPreviewReady]);

  function switchCamera() {
    if (recording) {
      errorToast(RECORD.cannotSwitch, RECORD.cannotSwitchTitle);
      return;
    }
    setFacing((current) => (current === 'user' ? 'environment' : 'user'));
  }

  async function startRecording() {
    setSetupOpen(false);
    const video = videoRef.current;
    if (!video) return;
    // The recording gets its own camera stream with the recording settings (spec 02 §4).
    stopStream(previewRef.current);
    previewRef.current = null;
    const controller = new RecordingController({
      counting: props.counting,
      challengeId: props.challengeId,
      userId: props.userId,
      exerciseName: props.exerciseName,
      facing,
      onView: setView,
      onFinished: (finished) => {
        controllerRef.current = null;
        void exitFullscreen();
        setView(null);
        props.onFinished(finished);
      },
      onStartFailed: (error) => {
        controllerRef.current = null;
        console.error('Starting the recording failed', error);
        onDiagnosticsLog(`start failed: ${String(error)}`);
        void exitFullscreen();
        setView(null);
        errorToast(RECORD.recordingError, RECORD.recordingErrorTitle);
        setAttempt((count) => count + 1);
      },
    });
    controllerRef.current = controller;
    setView({
      stage: 'acquiring',
      countdown: null,
      snapshot: null,
      verdict: { kind: 'running' },
      elapsedMs: 0,
      inferenceOnly: false,
      modelReady: false,
      mirrored,
    });
    stageRef.current?.requestFullscreen?.().catch((error: unknown) => {
      // Phones without the Fullscreen API (iPhone) still get the full-viewport overlay.
      onDiagnosticsLog(`fullscreen refused: ${String(error)}`);
    });
    await controller.start(video);
  }

  const rotation = previewRotation(screenAngle, manualSteps);
  const isMirrored = view ? view.mirrored : mirrored;

  if (cameraError && !recording) {
    return <CameraProblem error={cameraError} onRetry={() => setAttempt((count) => count + 1)} />;
  }

  return (
    <div
      ref={stageRef}
      data-testid="camera-stage"
      data-recording={recording}
      className={cn(
        'overflow-hidden bg-black',
        recording ? 'fixed inset-0 z-50 flex flex-col' : 'relative rounded-xl border border-line',
      )}
    >
      <div
        className={cn(
          'relative',
          recording ? 'min-h-0 flex-1' : 'aspect-video max-h-[65svh] w-full',
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
        {recording && view ? (
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
        ) : null}
      </div>
      <div
        className={cn(
          'flex flex-wrap items-center gap-2 p-3',
          recording ? 'justify-center bg-black/90' : 'justify-between bg-surface',
        )}
      >
        {recording ? (
          <Button
            size="lg"
            variant="danger"
            className="h-14 min-w-[12rem] text-lg"
            disabled={view?.stage !== 'recording'}
            onClick={() => void controllerRef.current?.finish('user')}
          >
            {RECORD.finishRecording}
          </Button>
        ) : (
          <Button
            size="lg"
            className="h-14 min-w-[12rem] text-lg"
            onClick={() => setSetupOpen(true)}
          >
            {RECORD.startChallenge}
          </Button>
        )}
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="lg"
            aria-label={RECORD.switchCamera}
            title={RECORD.switchCamera}
            onClick={switchCamera}
            disabled={!recording && cameraCount < 2}
          >
            <SwitchCamera aria-hidden="true" className="size-5" />
          </Button>
          <Button
            variant="secondary"
            size="lg"
            aria-label={RECORD.rotate}
            title={RECORD.rotate}
            onClick={() => setManualSteps((steps) => steps + 1)}
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
      {props.diagnosticsOpen ? (
        <div className={cn(recording ? 'absolute top-3 left-3 z-10 max-w-xs' : 'p-3')}>
          <DiagnosticsPanel
            stats={diagnostics?.stats ?? null}
            modeTotals={diagnostics?.modeTotals ?? null}
            inferenceOnly={view?.inferenceOnly ?? false}
            onInferenceOnlyChange={
              view?.stage === 'recording'
                ? (on) => controllerRef.current?.setInferenceOnly(on)
                : undefined
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

async function exitFullscreen(): Promise<void> {
  if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined);
}
