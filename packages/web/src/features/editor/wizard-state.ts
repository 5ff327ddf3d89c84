// The 'Create New Exercise from Video' wizard (spec 01 §2, §4, §5) as a pure reducer: upload,
// then select-frames once a video is chosen, then review. Back moves one step; Continue to Review
// needs all three frames; closing resets everything (the dialog dispatches 'reset').

import {
  type AngleDefinition,
  type CameraPosition,
  PHASE_NAMES,
  type PhaseName,
} from '@reptemple/definitions';
import { EDITOR_SPEC_TEXT } from './constants';
import type { DraftDefinition } from './editor-state';
import type { MeasuredAngles } from './frame-angles';
import { proposeRanges, type RangeProposal } from './range-proposal';
import { isValidExerciseName } from './validation';

export type WizardStep = 'upload' | 'frames' | 'review';
export const WIZARD_STEPS: readonly WizardStep[] = ['upload', 'frames', 'review'];

/** A frame picked from the video: its media time and a still of it (opaque to the reducer). */
export interface CapturedFrame<Image = unknown> {
  readonly timeMs: number;
  readonly image: Image;
}

export interface WizardState<Image = unknown> {
  readonly step: WizardStep;
  readonly name: string;
  readonly cameraPosition: CameraPosition;
  readonly video: { readonly url: string; readonly fileName: string } | null;
  readonly frames: Readonly<Record<PhaseName, CapturedFrame<Image> | null>>;
  readonly calculating: boolean;
  readonly measured: MeasuredAngles | null;
  readonly error: string | null;
}

export type WizardAction<Image = unknown> =
  | { type: 'setName'; name: string }
  | { type: 'setCameraPosition'; cameraPosition: CameraPosition }
  | { type: 'videoChosen'; url: string; fileName: string }
  | { type: 'captureFrame'; phase: PhaseName; frame: CapturedFrame<Image> }
  | { type: 'continueToFrames' }
  | { type: 'continueToReview' }
  | { type: 'back' }
  | { type: 'calculationStarted' }
  | { type: 'calculationSucceeded'; measured: MeasuredAngles }
  | { type: 'calculationFailed'; message: string }
  | { type: 'reset'; cameraPosition: CameraPosition };

export function initialWizardState<Image = unknown>(
  cameraPosition: CameraPosition = 'side',
): WizardState<Image> {
  return {
    step: 'upload',
    name: '',
    cameraPosition,
    video: null,
    frames: { start: null, transition: null, end: null },
    calculating: false,
    measured: null,
    error: null,
  };
}

export function allFramesCaptured(frames: WizardState['frames']): boolean {
  return PHASE_NAMES.every((phase) => frames[phase] !== null);
}

/** Why a picked file cannot be used, or null: it must be a video, and the exercise needs a valid
 * name first (spec 01 §5). */
export function videoChoiceProblem(name: string, file: { type: string }): string | null {
  if (!file.type.startsWith('video/')) return EDITOR_SPEC_TEXT.fileIsNotVideo;
  if (!isValidExerciseName(name)) return EDITOR_SPEC_TEXT.invalidNameBeforeUpload;
  return null;
}

/** Why the angles cannot be calculated yet, or null (spec 01 §5). */
export function calculationProblem(
  angles: readonly AngleDefinition[],
  frames: WizardState['frames'],
): string | null {
  if (angles.length === 0) return EDITOR_SPEC_TEXT.noAnglesToCalculate;
  if (!allFramesCaptured(frames)) return EDITOR_SPEC_TEXT.framesMissing;
  return null;
}

/** Why Create Exercise cannot run, or null. The button is disabled meanwhile; this is the alert. */
export function createProblem(state: WizardState): string | null {
  if (!isValidExerciseName(state.name)) return EDITOR_SPEC_TEXT.invalidName;
  if (state.measured === null) return 'Calculate the angles first.';
  return null;
}

export function wizardReducer<Image>(
  state: WizardState<Image>,
  action: WizardAction<Image>,
): WizardState<Image> {
  switch (action.type) {
    case 'setName':
      return { ...state, name: action.name };
    case 'setCameraPosition':
      // The measurements depend on the camera position (a side view averages both sides).
      return { ...state, cameraPosition: action.cameraPosition, measured: null };
    case 'videoChosen':
      return {
        ...state,
        video: { url: action.url, fileName: action.fileName },
        frames: { start: null, transition: null, end: null },
        measured: null,
        error: null,
        step: 'frames',
      };
    case 'captureFrame':
      if (state.step !== 'frames') return state;
      return {
        ...state,
        frames: { ...state.frames, [action.phase]: action.frame },
        measured: null,
      };
    // Forward again after Back to the upload step, with the video already chosen: its frames stay.
    case 'continueToFrames':
      if (state.step !== 'upload' || state.video === null || !isValidExerciseName(state.name))
        return state;
      return { ...state, step: 'frames', error: null };
    case 'continueToReview':
      if (state.step !== 'frames' || !allFramesCaptured(state.frames)) return state;
      return { ...state, step: 'review', error: null };
    case 'back': {
      const index = WIZARD_STEPS.indexOf(state.step);
      if (index === 0) return state;
      return { ...state, step: WIZARD_STEPS[index - 1]!, error: null, calculating: false };
    }
    case 'calculationStarted':
      return { ...state, calculating: true, error: null, measured: null };
    // A calculation that ends after Back or closing belongs to frames no longer shown: dropped.
    case 'calculationSucceeded':
      if (!state.calculating) return state;
      return { ...state, calculating: false, measured: action.measured };
    case 'calculationFailed':
      if (!state.calculating) return state;
      return { ...state, calculating: false, error: action.message };
    // Everything goes, the camera position included: it starts from the editor's again.
    case 'reset':
      return initialWizardState(action.cameraPosition);
  }
}

/** The measured degrees by phase and angle id, as the range proposal reads them. */
export function measuredDegrees(
  measured: MeasuredAngles,
): Record<PhaseName, Record<string, number>> {
  const byPhase = { start: {}, transition: {}, end: {} } as Record<
    PhaseName,
    Record<string, number>
  >;
  for (const phase of PHASE_NAMES) {
    for (const [id, value] of Object.entries(measured[phase])) byPhase[phase][id] = value.degrees;
  }
  return byPhase;
}

export function wizardProposal(
  definition: DraftDefinition,
  measured: MeasuredAngles,
): RangeProposal {
  return proposeRanges(definition.angles, definition.globalAlignments, measuredDegrees(measured));
}

/**
 * The exercise Create Exercise hands to the editor: the wizard's name and camera position, the
 * editor's angles with the proposed ranges, and the editor's other settings (global alignments,
 * stop ranges, timing, flags) unchanged.
 */
export function createdDefinition(
  editing: DraftDefinition,
  wizard: WizardState,
  measured: MeasuredAngles,
): DraftDefinition {
  const proposal = wizardProposal(editing, measured);
  return {
    ...editing,
    name: wizard.name.trim(),
    cameraPosition: wizard.cameraPosition,
    phases: {
      start: { id: editing.phases.start.id, angleRanges: proposal.phases.start },
      transition: { id: editing.phases.transition.id, angleRanges: proposal.phases.transition },
      end: { id: editing.phases.end.id, angleRanges: proposal.phases.end },
    },
  };
}
