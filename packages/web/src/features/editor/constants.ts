// The exercise-definition editor's numbers and texts (spec 01 §2, §4, §5, §8, §9). The texts the
// spec fixes are matched exactly; the others are ours and say so.

import { LANDMARKS_PER_ANGLE } from '@reptemple/definitions';

/** The definition is kept locally this long after the last edit (spec 01 §4, §9). ms */
export const AUTO_SAVE_DELAY_MS = 2000;

/** At most this many landmarks are selected; a further one drops the oldest (spec 01 §5). */
export const MAX_SELECTED_LANDMARKS = LANDMARKS_PER_ANGLE;

/** The videos re-analyse with the edited definition once edits pause this long, so dragging a
 * slider does not restart every analysis at each degree. ms */
export const COMPARISON_UPDATE_DELAY_MS = 400;

/** Range proposals from the wizard's three frames (see docs/decisions.md). degrees */
export const RANGE_PROPOSAL = {
  /** Band added on each side of the measured values of an angle that holds still. degrees */
  marginDegrees: 15,
  /** An angle that changes less than this between the start and end frames holds still. degrees */
  minMovementDegrees: 20,
} as const;

/** Browser storage keys (localStorage). */
export const EDITOR_STORAGE_KEYS = {
  definition: 'reptemple.editor.definition',
  uiConfig: 'reptemple.editor.uiConfig',
} as const;

/** The four collapsible sections, in page order. */
export const EDITOR_SECTIONS = ['metadata', 'landmarks', 'angles', 'phases'] as const;
export type EditorSectionId = (typeof EDITOR_SECTIONS)[number];

export const EDITOR_SECTION_TITLES: Record<EditorSectionId, string> = {
  metadata: 'Exercise Definition',
  landmarks: 'Landmark Selection',
  angles: 'Angle Definitions',
  phases: 'Phase Angle Ranges',
};

export const LANDMARK_CATEGORY_LABELS = {
  face: 'Face',
  upper_body: 'Upper body',
  hands: 'Hands',
  lower_body: 'Lower body',
  feet: 'Feet',
} as const;

export const CAMERA_POSITION_LABELS = { front: 'Front', back: 'Back', side: 'Side' } as const;

export const PHASE_LABELS = { start: 'Start', transition: 'Transition', end: 'End' } as const;

export const TIMING_LABELS = {
  minPhaseHoldTime: 'Minimum phase hold (ms)',
  transitionDebounce: 'Transition debounce (ms)',
  startingPositionHoldTime: 'Starting position hold (ms)',
} as const;

/** Texts the spec fixes (spec 01 §2, §5, §8). */
export const EDITOR_SPEC_TEXT = {
  addComparison: 'Add Comparison',
  firstVideoTitle: 'Video Analysis',
  comparisonTitle: (n: number) => `Comparison ${n}`,
  exerciseStop: 'EXERCISE STOP',
  applyToAllPhases: 'Apply to all phases',
  stopConditionsTitle: 'Exercise Stop Conditions',
  saveDialogTitle: 'Save Exercise Definition',
  loadDialogTitle: 'Load Exercise Definition',
  noDefinitions: 'No exercise definitions found.',
  userCreated: 'User created',
  system: 'System',
  wizardTitle: 'Create New Exercise from Video',
  wizardSteps: ['1 Upload Video', '2 Select Frames', '3 Review'],
  continueToReview: 'Continue to Review',
  createExercise: 'Create Exercise',
  back: 'Back',
  fileIsNotVideo: 'File is not a video',
  uniqueNameHint: 'Please provide a unique exercise name',
  invalidName: 'Please provide a valid exercise name.',
  invalidNameBeforeUpload: 'Please provide a valid exercise name before uploading a video.',
  noAnglesToCalculate: 'Please add at least one angle definition before calculating angles.',
  framesMissing: 'Please make sure all frames are captured before calculating angles.',
  calculationError: (message: string) => `Error calculating angles: ${message}`,
  noLandmarksAt: (phase: string) => `No landmarks detected for ${phase} phase`,
  frameLoadFailed: (phase: string) => `Failed to load ${phase} frame`,
  failedToLoad: 'Failed to load definition',
  failedToSave: 'Failed to save definition',
  failedToUpdate: 'Failed to update definition',
  failedToDelete: 'Failed to delete definition',
} as const;

/** Texts the spec leaves to us. */
export const EDITOR_TEXT = {
  pageTitle: 'Exercise Definition Editor',
  wizardNextToFrames: 'Next: Select Frames',
  home: 'Home',
  addNew: 'Add New',
  load: 'Load',
  save: 'Save',
  importJson: 'Import JSON',
  exportJson: 'Export JSON',
  nameRequiredToSave: 'Please enter an exercise name before saving.',
  nameRequiredToExport: 'Please enter an exercise name before exporting.',
  savedLocally: 'All changes saved in this browser',
  unsaved: 'Unsaved changes: saving in this browser in 2 s',
  importFailedTitle: 'Import failed',
  notReadyForStorage: 'The definition is not complete yet',
  comparisonsNotReady:
    'The videos analyse the definition once it is complete. Still missing or wrong:',
  comparisonsKeepLast:
    'The videos show the last complete definition until this one is complete. Still missing or wrong:',
  corruptLocalCopy:
    'The copy of the editor kept in this browser could not be read, so the editor started fresh.',
  leaveWarning: 'You have unsaved changes. Leave the page anyway?',
  selectionHint: (more: number) =>
    more === 0
      ? 'Three landmarks selected. The middle one is the vertex of the angle.'
      : `Select ${more} more landmark${more === 1 ? '' : 's'}. The middle one of the three is the vertex of the angle.`,
  noAnglesYet: 'No angles yet. Select three landmarks and name the angle.',
  timingInvalid: 'Enter a whole number of milliseconds, 0 or more.',
  noMovement: (names: string) =>
    `These angles barely move between the start and end frames, so they cannot tell the phases apart: ${names}. Add an angle that bends through the movement.`,
} as const;
