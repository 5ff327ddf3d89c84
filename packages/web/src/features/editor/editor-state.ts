// The exercise-definition editor as a pure reducer (spec 01 §2 "Exercise definition editor",
// §3, §5). The state holds the definition being edited (always in the normalised document shape,
// so storing, exporting and analysing it need no conversion) and the editor's UI config. Every
// rule of the spec lives here and is unit-tested; the React components only dispatch.

import {
  type AngleDefinition,
  type AngleRange,
  type BodySide,
  type CameraPosition,
  DEFAULT_ANGLE_RANGE,
  DEFAULT_CYCLE,
  DEFAULT_TIMING,
  type DefinitionTiming,
  type ExerciseDefinition,
  LANDMARK_CATEGORIES,
  LANDMARKS,
  type LandmarkCategory,
  type LandmarkId,
  landmarkName,
  onCloserSide,
  PHASE_NAMES,
  type PhaseName,
  PLACEHOLDER_EXERCISE_NAME,
  SIDE_VIEW_LANDMARKS,
} from '@reptemple/definitions';
import { MAX_SELECTED_LANDMARKS } from './constants';
import { clampRange } from './ranges';
import { defaultUiConfig, type EditorUiConfig, type VideoInstance } from './ui-config';

/** The definition being edited: the normalised document shape, possibly still incomplete (no
 * angles yet, or an empty name). */
export type DraftDefinition = ExerciseDefinition;

export interface EditorState {
  readonly definition: DraftDefinition;
  readonly ui: EditorUiConfig;
  /** The stored exercise_definitions row this definition came from or was saved as, if any. */
  readonly recordId: string | null;
}

export type TimingField = keyof DefinitionTiming;

export type EditorAction =
  // The definition
  | { type: 'setName'; name: string }
  | { type: 'setCameraPosition'; cameraPosition: CameraPosition }
  | { type: 'setTiming'; field: TimingField; value: number }
  | { type: 'setQualificationRep'; enabled: boolean }
  | { type: 'setStopConditionEnabled'; enabled: boolean }
  | { type: 'addAngle'; name: string }
  | { type: 'removeAngle'; angleId: string }
  | { type: 'setExerciseStop'; angleId: string; exerciseStop: boolean }
  | { type: 'setRange'; phase: PhaseName; angleId: string; range: AngleRange }
  | { type: 'applyToAllPhases'; phase: PhaseName; angleId: string }
  | { type: 'setGlobalAlignment'; angleId: string; global: boolean }
  | { type: 'setStopRange'; angleId: string; range: AngleRange }
  | { type: 'replaceDefinition'; definition: DraftDefinition; recordId: string | null }
  | { type: 'recordSaved'; recordId: string }
  // The UI config
  | { type: 'toggleLandmark'; landmarkId: LandmarkId }
  | { type: 'clearSelection' }
  | { type: 'setCloserSide'; closerSide: BodySide }
  | { type: 'toggleSection'; section: keyof EditorUiConfig['collapsedSections'] }
  | { type: 'setActivePhase'; phase: PhaseName }
  | { type: 'setShowPoseVisualization'; show: boolean }
  | { type: 'addComparison'; id: string }
  | { type: 'removeVideoInstance'; id: string }
  | { type: 'updateVideoInstance'; id: string; patch: Partial<Omit<VideoInstance, 'id'>> };

const DEFINITION_ACTIONS = new Set<EditorAction['type']>([
  'setName',
  'setCameraPosition',
  'setTiming',
  'setQualificationRep',
  'setStopConditionEnabled',
  'addAngle',
  'removeAngle',
  'setExerciseStop',
  'setRange',
  'applyToAllPhases',
  'setGlobalAlignment',
  'setStopRange',
  'replaceDefinition',
]);

/** True for actions that edit the definition (they mark it unsaved and start the auto-save). */
export function isDefinitionEdit(action: EditorAction): boolean {
  return DEFINITION_ACTIONS.has(action.type);
}

// ---------------------------------------------------------------------------------------------
// A new, empty definition

export function blankDefinition(): DraftDefinition {
  return {
    name: PLACEHOLDER_EXERCISE_NAME,
    cameraPosition: 'side',
    angles: [],
    phases: {
      start: { id: 'start', angleRanges: {} },
      transition: { id: 'transition', angleRanges: {} },
      end: { id: 'end', angleRanges: {} },
    },
    globalAlignments: [],
    timing: { ...DEFAULT_TIMING },
    cycle: { ...DEFAULT_CYCLE },
    formRules: [],
    qualificationRep: { enabled: false },
    stopCondition: { enabled: false, angleRanges: {} },
  };
}

export function initialEditorState(
  definition: DraftDefinition = blankDefinition(),
  ui: EditorUiConfig = defaultUiConfig(),
  recordId: string | null = null,
): EditorState {
  return { definition, ui, recordId };
}

// ---------------------------------------------------------------------------------------------
// Landmark selection (spec 01 §3, §5)

/** One button of the landmark picker. */
export interface LandmarkChoice {
  /** The landmark id a click selects (in a side view, the one on the closer side). */
  readonly id: LandmarkId;
  readonly label: string;
  readonly category: LandmarkCategory;
}

/** `left_foot_index` -> `Left foot index`. */
export function humanizeLandmark(name: string): string {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The picker's landmarks by category. A side view shows each left/right pair once, standing for
 * the landmark on the side closer to the camera. */
export function landmarkChoices(
  cameraPosition: CameraPosition,
  closerSide: BodySide,
): Record<LandmarkCategory, LandmarkChoice[]> {
  const groups = Object.fromEntries(LANDMARK_CATEGORIES.map((c) => [c, []])) as unknown as Record<
    LandmarkCategory,
    LandmarkChoice[]
  >;
  if (cameraPosition === 'side') {
    for (const entry of SIDE_VIEW_LANDMARKS) {
      groups[entry.category].push({
        id: onCloserSide(entry.leftId, closerSide),
        label: humanizeLandmark(entry.name),
        category: entry.category,
      });
    }
  } else {
    for (const landmark of LANDMARKS) {
      groups[landmark.category].push({
        id: landmark.id,
        label: humanizeLandmark(landmark.name),
        category: landmark.category,
      });
    }
  }
  return groups;
}

/** Selecting a selected landmark deselects it; a fourth one drops the oldest (spec 01 §5). */
export function toggleLandmark(
  selected: readonly LandmarkId[],
  landmarkId: LandmarkId,
): LandmarkId[] {
  if (selected.includes(landmarkId)) return selected.filter((id) => id !== landmarkId);
  const next = [...selected, landmarkId];
  return next.slice(Math.max(0, next.length - MAX_SELECTED_LANDMARKS));
}

/** How many more landmarks an angle needs. */
export function landmarksStillNeeded(selected: readonly LandmarkId[]): number {
  return Math.max(0, MAX_SELECTED_LANDMARKS - selected.length);
}

/** In a side view the selection follows the closer side. */
function onSide(selected: readonly LandmarkId[], closerSide: BodySide): LandmarkId[] {
  return [...new Set(selected.map((id) => onCloserSide(id, closerSide)))];
}

// ---------------------------------------------------------------------------------------------
// Angles (spec 01 §5)

/** Why an angle cannot be added yet, or null when it can: exactly 3 landmarks and a name. */
export function angleAddProblem(selected: readonly LandmarkId[], name: string): string | null {
  if (selected.length !== MAX_SELECTED_LANDMARKS) {
    const more = landmarksStillNeeded(selected);
    return `Select ${more} more landmark${more === 1 ? '' : 's'}.`;
  }
  if (name.trim() === '') return 'Name the angle.';
  return null;
}

/** A readable id from the angle's name (`Left Elbow` -> `left_elbow`), unique in the list. */
export function angleIdFor(name: string, existing: readonly string[]): string {
  const base =
    name
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'angle';
  let id = base;
  for (let n = 2; existing.includes(id); n++) id = `${base}_${n}`;
  return id;
}

export function describeAngleLandmarks(angle: AngleDefinition): string {
  return angle.landmarks.map((id) => humanizeLandmark(landmarkName(id))).join(' → ');
}

// ---------------------------------------------------------------------------------------------
// Immutable helpers

type Phases = DraftDefinition['phases'];

function mapPhases(
  phases: Phases,
  update: (
    ranges: Readonly<Record<string, AngleRange>>,
    phase: PhaseName,
  ) => Record<string, AngleRange>,
): Phases {
  const next = {} as Record<PhaseName, Phases[PhaseName]>;
  for (const phase of PHASE_NAMES) {
    next[phase] = { id: phases[phase].id, angleRanges: update(phases[phase].angleRanges, phase) };
  }
  return next;
}

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const { [key]: _removed, ...rest } = record;
  return rest;
}

function withDefinition(state: EditorState, definition: DraftDefinition): EditorState {
  return { ...state, definition };
}

function withUi(state: EditorState, ui: Partial<EditorUiConfig>): EditorState {
  return { ...state, ui: { ...state.ui, ...ui } };
}

function hasAngle(definition: DraftDefinition, angleId: string): boolean {
  return definition.angles.some((angle) => angle.id === angleId);
}

/** The next 'Comparison N' title: N is the video's place in the list, skipping titles in use. */
export function nextComparisonTitle(
  instances: readonly VideoInstance[],
  title: (n: number) => string,
): string {
  const taken = new Set(instances.map((instance) => instance.title));
  let n = instances.length + 1;
  while (taken.has(title(n))) n++;
  return title(n);
}

// ---------------------------------------------------------------------------------------------
// The reducer

export function editorReducer(
  state: EditorState,
  action: EditorAction,
  comparisonTitle: (n: number) => string = (n) => `Comparison ${n}`,
): EditorState {
  const d = state.definition;
  switch (action.type) {
    case 'setName':
      return withDefinition(state, { ...d, name: action.name });
    case 'setCameraPosition': {
      const next = withDefinition(state, { ...d, cameraPosition: action.cameraPosition });
      return action.cameraPosition === 'side'
        ? withUi(next, {
            selectedLandmarks: onSide(state.ui.selectedLandmarks, state.ui.closerSide),
          })
        : next;
    }
    case 'setTiming':
      // Timing fields are whole milliseconds, 0 or more (spec 01 §5); anything else is ignored
      // here and the field shows why (see parseTimingInput).
      if (!Number.isInteger(action.value) || action.value < 0) return state;
      return withDefinition(state, { ...d, timing: { ...d.timing, [action.field]: action.value } });
    case 'setQualificationRep':
      return withDefinition(state, { ...d, qualificationRep: { enabled: action.enabled } });
    case 'setStopConditionEnabled':
      return withDefinition(state, {
        ...d,
        stopCondition: { ...d.stopCondition, enabled: action.enabled },
      });

    case 'addAngle': {
      if (angleAddProblem(state.ui.selectedLandmarks, action.name) !== null) return state;
      const id = angleIdFor(
        action.name,
        d.angles.map((angle) => angle.id),
      );
      const [a, b, c] = state.ui.selectedLandmarks as [LandmarkId, LandmarkId, LandmarkId];
      const angle: AngleDefinition = {
        id,
        name: action.name.trim(),
        landmarks: [a, b, c],
        exerciseStop: false,
      };
      // A new angle gets the full 0-180 range in every phase (spec 01 §5).
      const next = withDefinition(state, {
        ...d,
        angles: [...d.angles, angle],
        phases: mapPhases(d.phases, (ranges) => ({ ...ranges, [id]: { ...DEFAULT_ANGLE_RANGE } })),
      });
      return withUi(next, { selectedLandmarks: [] });
    }
    case 'removeAngle':
      if (!hasAngle(d, action.angleId)) return state;
      return withDefinition(state, {
        ...d,
        angles: d.angles.filter((angle) => angle.id !== action.angleId),
        phases: mapPhases(d.phases, (ranges) => without(ranges, action.angleId)),
        globalAlignments: d.globalAlignments.filter((id) => id !== action.angleId),
        stopCondition: {
          ...d.stopCondition,
          angleRanges: without(d.stopCondition.angleRanges, action.angleId),
        },
      });
    case 'setExerciseStop': {
      if (!hasAngle(d, action.angleId)) return state;
      const angles = d.angles.map((angle) =>
        angle.id === action.angleId ? { ...angle, exerciseStop: action.exerciseStop } : angle,
      );
      if (!action.exerciseStop) {
        return withDefinition(state, {
          ...d,
          angles,
          stopCondition: {
            ...d.stopCondition,
            angleRanges: without(d.stopCondition.angleRanges, action.angleId),
          },
        });
      }
      // A stop angle ends the exercise instead of driving phases: it gets 0-180 on the start
      // phase (spec 01 §5), its own stop range (0-180 until edited), and it is no longer global.
      return withDefinition(state, {
        ...d,
        angles,
        phases: mapPhases(d.phases, (ranges, phase) =>
          phase === 'start' ? { ...ranges, [action.angleId]: { ...DEFAULT_ANGLE_RANGE } } : ranges,
        ),
        globalAlignments: d.globalAlignments.filter((id) => id !== action.angleId),
        stopCondition: {
          ...d.stopCondition,
          angleRanges: {
            ...d.stopCondition.angleRanges,
            [action.angleId]: d.stopCondition.angleRanges[action.angleId] ?? {
              ...DEFAULT_ANGLE_RANGE,
            },
          },
        },
      });
    }
    case 'setRange': {
      const previous = d.phases[action.phase].angleRanges[action.angleId];
      if (!previous) return state;
      const range = clampRange(action.range, previous);
      // A global alignment has one range in every phase.
      const everyPhase = d.globalAlignments.includes(action.angleId);
      return withDefinition(state, {
        ...d,
        phases: mapPhases(d.phases, (ranges, phase) =>
          everyPhase || phase === action.phase ? { ...ranges, [action.angleId]: range } : ranges,
        ),
      });
    }
    case 'applyToAllPhases': {
      const range = d.phases[action.phase].angleRanges[action.angleId];
      if (!range) return state;
      return withDefinition(state, {
        ...d,
        phases: mapPhases(d.phases, (ranges) => ({ ...ranges, [action.angleId]: { ...range } })),
      });
    }
    case 'setGlobalAlignment': {
      const angle = d.angles.find((each) => each.id === action.angleId);
      if (!angle || (action.global && angle.exerciseStop)) return state;
      if (!action.global) {
        return withDefinition(state, {
          ...d,
          globalAlignments: d.globalAlignments.filter((id) => id !== action.angleId),
        });
      }
      if (d.globalAlignments.includes(action.angleId)) return state;
      // Becoming global: the range shown on the active tab becomes the range of every phase.
      const range =
        d.phases[state.ui.activePhase].angleRanges[action.angleId] ?? DEFAULT_ANGLE_RANGE;
      return withDefinition(state, {
        ...d,
        globalAlignments: [...d.globalAlignments, action.angleId],
        phases: mapPhases(d.phases, (ranges) => ({ ...ranges, [action.angleId]: { ...range } })),
      });
    }
    case 'setStopRange': {
      const previous = d.stopCondition.angleRanges[action.angleId];
      if (!previous) return state;
      return withDefinition(state, {
        ...d,
        stopCondition: {
          ...d.stopCondition,
          angleRanges: {
            ...d.stopCondition.angleRanges,
            [action.angleId]: clampRange(action.range, previous),
          },
        },
      });
    }
    case 'replaceDefinition':
      return {
        ...state,
        definition: action.definition,
        recordId: action.recordId,
        ui: { ...state.ui, selectedLandmarks: [] },
      };
    case 'recordSaved':
      return { ...state, recordId: action.recordId };

    case 'toggleLandmark':
      return withUi(state, {
        selectedLandmarks: toggleLandmark(state.ui.selectedLandmarks, action.landmarkId),
      });
    case 'clearSelection':
      return withUi(state, { selectedLandmarks: [] });
    case 'setCloserSide':
      return withUi(state, {
        closerSide: action.closerSide,
        selectedLandmarks:
          d.cameraPosition === 'side'
            ? onSide(state.ui.selectedLandmarks, action.closerSide)
            : state.ui.selectedLandmarks,
      });
    case 'toggleSection':
      return withUi(state, {
        collapsedSections: {
          ...state.ui.collapsedSections,
          [action.section]: !state.ui.collapsedSections[action.section],
        },
      });
    case 'setActivePhase':
      return withUi(state, { activePhase: action.phase });
    case 'setShowPoseVisualization':
      return withUi(state, { showPoseVisualization: action.show });
    case 'addComparison':
      return withUi(state, {
        videoInstances: [
          ...state.ui.videoInstances,
          {
            id: action.id,
            title: nextComparisonTitle(state.ui.videoInstances, comparisonTitle),
            videoSrc: '',
            showPoseVisualization: state.ui.showPoseVisualization,
            closerSide: state.ui.closerSide,
          },
        ],
      });
    case 'removeVideoInstance':
      return withUi(state, {
        videoInstances: state.ui.videoInstances.filter((instance) => instance.id !== action.id),
      });
    case 'updateVideoInstance':
      return withUi(state, {
        videoInstances: state.ui.videoInstances.map((instance) =>
          instance.id === action.id ? { ...instance, ...action.patch } : instance,
        ),
      });
  }
}

/** The angles shown on the phase tabs: every angle but the exercise-stop ones, which have their
 * own section. */
export function phaseAngles(definition: DraftDefinition): AngleDefinition[] {
  return definition.angles.filter((angle) => !angle.exerciseStop);
}

export function stopAngles(definition: DraftDefinition): AngleDefinition[] {
  return definition.angles.filter((angle) => angle.exerciseStop);
}
