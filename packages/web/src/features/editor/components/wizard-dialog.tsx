import { type CameraPosition, PHASE_NAMES, type PhaseName } from '@reptemple/definitions';
import { Camera, ChevronLeft, ChevronRight } from 'lucide-react';
import { type ChangeEvent, useEffect, useReducer, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { DialogFooter } from '../../../components/ui/modal-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { errorToast } from '../../../toast/toast-store';
import { FRAME_STEP_S } from '../../analysis/constants';
import { EDITOR_SPEC_TEXT, EDITOR_TEXT, PHASE_LABELS } from '../constants';
import type { DraftDefinition } from '../editor-state';
import { exerciseNameHint, isValidExerciseName } from '../validation';
import {
  calculateFrameAngles,
  calculationErrorText,
  type FrameAnglesIO,
} from '../wizard-calculation';
import {
  allFramesCaptured,
  type CapturedFrame,
  calculationProblem,
  createdDefinition,
  createProblem,
  initialWizardState,
  videoChoiceProblem,
  WIZARD_STEPS,
  type WizardState,
  wizardProposal,
  wizardReducer,
} from '../wizard-state';
import { CameraPositionField } from './camera-position-field';
import { ModalDialog } from './modal-dialog';

/** A captured still: the PNG of the frame and an object URL to show it. */
interface Still {
  blob: Blob;
  url: string;
}

type State = WizardState<Still>;

function formatTime(seconds: number): string {
  return `${seconds.toFixed(2)} s`;
}

/** Revokes the object URLs a wizard state holds (video and stills). */
function releaseUrls(state: State): void {
  if (state.video) URL.revokeObjectURL(state.video.url);
  for (const phase of PHASE_NAMES) {
    const frame = state.frames[phase];
    if (frame) URL.revokeObjectURL(frame.image.url);
  }
}

/** The pose in each still, by a fresh detector that forgets the previous still before each. */
async function detectStills(
  definition: DraftDefinition,
  state: State,
): ReturnType<typeof calculateFrameAngles> {
  // The pose runtime (tasks-vision) loads only when angles are calculated.
  const { loadPoseDetector } = await import('../../analysis/pose-runtime');
  const detector = await loadPoseDetector();
  const bitmaps: ImageBitmap[] = [];
  const io: FrameAnglesIO<Still, { bitmap: ImageBitmap; timeMs: number }> = {
    loadFrame: async (frame) => {
      const bitmap = await createImageBitmap(frame.image.blob);
      bitmaps.push(bitmap);
      return { bitmap, timeMs: frame.timeMs };
    },
    detect: async ({ bitmap, timeMs }) => {
      await detector.reset();
      const detection = detector.detect(bitmap, timeMs);
      return { landmarks: detection.landmarks, frameSize: detection.frameSize };
    },
  };
  try {
    return await calculateFrameAngles(definition.angles, state.cameraPosition, state.frames, io);
  } finally {
    for (const bitmap of bitmaps) bitmap.close();
    detector.close();
  }
}

/** 'Create New Exercise from Video' (spec 01 §2, §4, §5): upload, select frames, review. */
export function WizardDialog(props: {
  open: boolean;
  onClose: () => void;
  editing: DraftDefinition;
  onCreate: (definition: DraftDefinition) => void;
}) {
  const [state, dispatch] = useReducer(
    wizardReducer<Still>,
    props.editing.cameraPosition,
    (camera: CameraPosition) => initialWizardState<Still>(camera),
  );
  const stateRef = useRef(state);
  stateRef.current = state;
  const [alert, setAlert] = useState<string | null>(null);

  // Closing resets all state (spec 01 §4), and frees the video and the stills.
  const close = () => {
    releaseUrls(stateRef.current);
    dispatch({ type: 'reset', cameraPosition: props.editing.cameraPosition });
    setAlert(null);
    props.onClose();
  };
  useEffect(() => () => releaseUrls(stateRef.current), []);
  // Each opening starts from the editor's camera position as it is now, not as it was when the
  // page first rendered (the wizard is untouched while closed, so nothing else is lost).
  const editingCamera = props.editing.cameraPosition;
  useEffect(() => {
    if (props.open) dispatch({ type: 'reset', cameraPosition: editingCamera });
  }, [props.open, editingCamera]);

  /** Spec 01 calls these alerts; here they show in the dialog and as a toast. */
  const showAlert = (message: string) => {
    setAlert(message);
    errorToast(message);
  };

  const stepIndex = WIZARD_STEPS.indexOf(state.step);
  return (
    <ModalDialog open={props.open} onClose={close} title={EDITOR_SPEC_TEXT.wizardTitle} width="xl">
      <ol className="mb-6 grid grid-cols-3 gap-2 text-center text-xs sm:text-sm" aria-label="Steps">
        {EDITOR_SPEC_TEXT.wizardSteps.map((label, index) => (
          <li
            key={label}
            aria-current={index === stepIndex ? 'step' : undefined}
            className={cn(
              'rounded-md border px-2 py-2',
              index === stepIndex
                ? 'border-gold bg-gold/10 text-gold-bright'
                : index < stepIndex
                  ? 'border-line text-ink'
                  : 'border-line text-muted',
            )}
          >
            {label}
          </li>
        ))}
      </ol>
      {alert ? (
        <p
          role="alert"
          className="mb-4 rounded-md border border-danger/50 bg-danger-deep/30 p-3 text-sm"
        >
          {alert}
        </p>
      ) : null}
      {state.step === 'upload' ? (
        <UploadStep
          state={state}
          dispatch={dispatch}
          onProblem={showAlert}
          onChosen={() => setAlert(null)}
        />
      ) : null}
      {state.step === 'frames' ? (
        <FramesStep
          state={state}
          dispatch={dispatch}
          onProblem={showAlert}
          onContinue={() => setAlert(null)}
        />
      ) : null}
      {state.step === 'review' ? (
        <ReviewStep
          state={state}
          dispatch={dispatch}
          editing={props.editing}
          onProblem={showAlert}
          onCreate={(definition) => {
            props.onCreate(definition);
            close();
          }}
        />
      ) : null}
    </ModalDialog>
  );
}

type Dispatch = (action: Parameters<typeof wizardReducer<Still>>[1]) => void;

function NameAndCamera(props: { state: State; dispatch: Dispatch }) {
  const { state, dispatch } = props;
  const invalid = exerciseNameHint(state.name);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="wizard-name" label="Exercise name" hint={invalid ?? undefined}>
        <Input
          id="wizard-name"
          value={state.name}
          autoComplete="off"
          aria-invalid={invalid !== null}
          aria-describedby={invalid ? 'wizard-name-hint' : undefined}
          onChange={(event) => dispatch({ type: 'setName', name: event.target.value })}
        />
      </Field>
      <CameraPositionField
        id="wizard-camera"
        value={state.cameraPosition}
        onChange={(cameraPosition) => dispatch({ type: 'setCameraPosition', cameraPosition })}
      />
    </div>
  );
}

function UploadStep(props: {
  state: State;
  dispatch: Dispatch;
  onProblem: (message: string) => void;
  onChosen: () => void;
}) {
  const { state, dispatch } = props;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = videoChoiceProblem(state.name, file);
    if (problem) {
      props.onProblem(problem);
      return;
    }
    // The new video replaces the old one and the stills captured from it.
    releaseUrls(state);
    props.onChosen();
    dispatch({ type: 'videoChosen', url: URL.createObjectURL(file), fileName: file.name });
  };
  return (
    <div className="grid gap-5">
      <NameAndCamera state={state} dispatch={dispatch} />
      <Field
        id="wizard-video"
        label="Video"
        hint="A video of one person doing the exercise, filmed from the chosen camera position."
      >
        <input
          id="wizard-video"
          type="file"
          accept="video/*"
          onChange={choose}
          className="block w-full text-sm text-muted file:mr-4 file:h-10 file:cursor-pointer file:rounded-md file:border file:border-line file:bg-surface-raised file:px-4 file:text-ink"
        />
      </Field>
      {state.video ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted">
            Chosen: <span className="text-ink">{state.video.fileName}</span>
          </p>
          {/* Back from Select Frames keeps the video and its frames: forward again without
              choosing the file a second time. */}
          <Button
            disabled={!isValidExerciseName(state.name)}
            onClick={() => dispatch({ type: 'continueToFrames' })}
          >
            {EDITOR_TEXT.wizardNextToFrames}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function FramesStep(props: {
  state: State;
  dispatch: Dispatch;
  onProblem: (message: string) => void;
  onContinue: () => void;
}) {
  const { state, dispatch } = props;
  const video = useRef<HTMLVideoElement>(null);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [capturing, setCapturing] = useState<PhaseName | null>(null);

  const seek = (seconds: number) => {
    const element = video.current;
    if (!element) return;
    element.pause();
    const target = Math.min(Math.max(0, seconds), duration || seconds);
    element.currentTime = target;
    // Shown at once, so the slider's thumb stays where it was dragged while the seek lands.
    setTime(target);
  };

  const capture = async (phase: PhaseName) => {
    const element = video.current;
    if (!element) return;
    setCapturing(phase);
    try {
      const frame = await captureStill(element);
      const previous = state.frames[phase];
      if (previous) URL.revokeObjectURL(previous.image.url);
      dispatch({ type: 'captureFrame', phase, frame });
    } catch (error) {
      console.error(`Capturing the ${phase} frame failed`, error);
      props.onProblem(
        `Could not capture the ${phase} frame: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setCapturing(null);
    }
  };

  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted">
        Scrub to the start position, the middle of the movement (transition) and the end position,
        and capture each.
      </p>
      <video
        ref={video}
        src={state.video?.url}
        muted
        playsInline
        preload="auto"
        controls
        onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
        onSeeked={(event) => setTime(event.currentTarget.currentTime)}
        // At most a third of the screen's height: the Capture buttons stay in sight on a laptop.
        className="aspect-video max-h-[34svh] w-full rounded-lg bg-black object-contain"
      />
      <div className="grid gap-2">
        <input
          type="range"
          aria-label="Video position (seconds)"
          min={0}
          max={Number.isFinite(duration) ? duration : 0}
          step={FRAME_STEP_S}
          value={time}
          onChange={(event) => seek(Number(event.target.value))}
          className="w-full accent-[var(--color-gold)]"
        />
        <div className="flex items-center justify-between gap-2 text-sm">
          <Button
            variant="secondary"
            size="sm"
            aria-label="Previous frame"
            onClick={() => seek(time - FRAME_STEP_S)}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </Button>
          <span className="flex items-center gap-2 font-mono text-muted">
            <SecondsInput value={time} onCommit={seek} />/{' '}
            {formatTime(Number.isFinite(duration) ? duration : 0)}
          </span>
          <Button
            variant="secondary"
            size="sm"
            aria-label="Next frame"
            onClick={() => seek(time + FRAME_STEP_S)}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
      {/* Three across only where each card is wide enough for its Capture button. */}
      <div className="grid gap-3 md:grid-cols-3">
        {PHASE_NAMES.map((phase) => {
          const frame = state.frames[phase];
          return (
            <div key={phase} className="grid gap-2 rounded-lg border border-line p-3">
              <Button
                variant={frame ? 'secondary' : 'outline'}
                size="sm"
                disabled={capturing !== null}
                onClick={() => capture(phase)}
              >
                <Camera aria-hidden="true" className="size-4" />
                Capture {PHASE_LABELS[phase]} Frame
              </Button>
              {frame ? (
                <figure className="grid gap-1 text-center text-xs text-muted">
                  <img
                    src={frame.image.url}
                    alt={`${PHASE_LABELS[phase]} frame at ${formatTime(frame.timeMs / 1000)}`}
                    className="aspect-video w-full rounded object-contain bg-black"
                  />
                  <figcaption>
                    {PHASE_LABELS[phase]}: {formatTime(frame.timeMs / 1000)}
                  </figcaption>
                </figure>
              ) : (
                <p className="text-center text-xs text-muted">Not captured yet</p>
              )}
            </div>
          );
        })}
      </div>
      <DialogFooter>
        <Button variant="secondary" onClick={() => dispatch({ type: 'back' })}>
          {EDITOR_SPEC_TEXT.back}
        </Button>
        <Button
          disabled={!allFramesCaptured(state.frames)}
          onClick={() => {
            props.onContinue();
            dispatch({ type: 'continueToReview' });
          }}
        >
          {EDITOR_SPEC_TEXT.continueToReview}
        </Button>
      </DialogFooter>
    </div>
  );
}

/** The video time as a number field (seconds), for an exact frame; seeks on Enter or blur. */
function SecondsInput(props: { value: number; onCommit: (seconds: number) => void }) {
  const [text, setText] = useState(props.value.toFixed(2));
  useEffect(() => setText(props.value.toFixed(2)), [props.value]);
  const commit = () => {
    const seconds = Number(text);
    if (text.trim() !== '' && Number.isFinite(seconds)) props.onCommit(seconds);
    else setText(props.value.toFixed(2));
  };
  return (
    <input
      type="number"
      min={0}
      step={0.01}
      value={text}
      aria-label="Video time (seconds)"
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      className="h-9 w-24 rounded-md border border-line bg-page px-2 text-ink"
    />
  );
}

/** The video's current frame as a PNG still, once any seek has landed. */
async function captureStill(element: HTMLVideoElement): Promise<CapturedFrame<Still>> {
  element.pause();
  if (element.seeking) {
    await new Promise<void>((resolve) =>
      element.addEventListener('seeked', () => resolve(), { once: true }),
    );
  }
  if (element.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || element.videoWidth === 0) {
    throw new Error('the video has no frame to show yet; wait for it to load');
  }
  const canvas = document.createElement('canvas');
  canvas.width = element.videoWidth;
  canvas.height = element.videoHeight;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('this browser cannot draw video frames (no 2D canvas)');
  context.drawImage(element, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (result) => (result ? resolve(result) : reject(new Error('encoding the frame failed'))),
      'image/png',
    ),
  );
  return {
    timeMs: Math.round(element.currentTime * 1000),
    image: { blob, url: URL.createObjectURL(blob) },
  };
}

function ReviewStep(props: {
  state: State;
  dispatch: Dispatch;
  editing: DraftDefinition;
  onProblem: (message: string) => void;
  onCreate: (definition: DraftDefinition) => void;
}) {
  const { state, dispatch, editing } = props;
  const proposal = state.measured ? wizardProposal(editing, state.measured) : null;
  const drivingAngles = editing.angles.filter(
    (angle) => !angle.exerciseStop && !editing.globalAlignments.includes(angle.id),
  );
  const noneMoves =
    proposal !== null &&
    drivingAngles.length > 0 &&
    drivingAngles.every((angle) => proposal.stillAngles.includes(angle.id));

  const calculate = async () => {
    const problem = calculationProblem(editing.angles, state.frames);
    if (problem) {
      props.onProblem(problem);
      return;
    }
    dispatch({ type: 'calculationStarted' });
    try {
      const measured = await detectStills(editing, state);
      dispatch({ type: 'calculationSucceeded', measured });
    } catch (error) {
      console.error('Calculating the angles failed', error);
      const message = calculationErrorText(error);
      dispatch({ type: 'calculationFailed', message });
      props.onProblem(message);
    }
  };

  const create = () => {
    const problem = createProblem(state);
    if (problem || !state.measured) {
      props.onProblem(problem ?? 'Calculate the angles first.');
      return;
    }
    props.onCreate(createdDefinition(editing, state, state.measured));
  };
  const blocked = createProblem(state);

  return (
    <div className="grid gap-5">
      <NameAndCamera state={state} dispatch={dispatch} />
      <div className="grid grid-cols-3 gap-2">
        {PHASE_NAMES.map((phase) => {
          const frame = state.frames[phase];
          return frame ? (
            <figure key={phase} className="grid gap-1 text-center text-xs text-muted">
              <img
                src={frame.image.url}
                alt={`${PHASE_LABELS[phase]} frame`}
                className="aspect-video w-full rounded bg-black object-contain"
              />
              <figcaption>
                {PHASE_LABELS[phase]}: {formatTime(frame.timeMs / 1000)}
              </figcaption>
            </figure>
          ) : null;
        })}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={calculate} disabled={state.calculating}>
          Calculate Angles
        </Button>
        {state.calculating ? <Spinner label="Finding the pose in each frame..." /> : null}
        {editing.angles.length === 0 ? (
          <span className="text-sm text-muted">
            The angles come from the editor: add them under Angle Definitions first.
          </span>
        ) : null}
      </div>
      {state.measured && proposal ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Measured angles and proposed ranges</caption>
            <thead className="text-xs text-muted uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Angle
                </th>
                {PHASE_NAMES.map((phase) => (
                  <th key={phase} scope="col" className="py-2 pr-3">
                    {PHASE_LABELS[phase]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {editing.angles.map((angle) => (
                <tr key={angle.id} className="border-t border-line">
                  <th scope="row" className="py-2 pr-3 font-semibold">
                    {angle.name}
                  </th>
                  {PHASE_NAMES.map((phase) => {
                    const value = state.measured?.[phase][angle.id];
                    const range = proposal.phases[phase][angle.id];
                    return (
                      <td
                        key={phase}
                        className="py-2 pr-3"
                        data-angle={angle.id}
                        data-phase={phase}
                      >
                        <span className="block">
                          {value ? `${value.degrees.toFixed(1)}°` : '-'}
                          {value?.lowVisibility ? (
                            <span className="ml-1 text-xs text-gold">(low visibility)</span>
                          ) : null}
                        </span>
                        {range ? (
                          <span className="block text-xs text-muted">
                            range {range.min}-{range.max}
                          </span>
                        ) : null}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          {noneMoves ? (
            <p className="mt-3 text-sm text-gold">
              {EDITOR_TEXT.noMovement(drivingAngles.map((angle) => angle.name).join(', '))}
            </p>
          ) : null}
        </div>
      ) : null}
      <DialogFooter>
        <Button variant="secondary" onClick={() => dispatch({ type: 'back' })}>
          {EDITOR_SPEC_TEXT.back}
        </Button>
        {/* aria-disabled rather than disabled: a click still says why it cannot run. */}
        <Button aria-disabled={blocked !== null} onClick={create}>
          {EDITOR_SPEC_TEXT.createExercise}
        </Button>
      </DialogFooter>
    </div>
  );
}
