import { LANDMARK, type PhaseName } from '@reptemple/definitions';
import { describe, expect, it } from 'vitest';
import { EDITOR_SPEC_TEXT, EDITOR_TEXT } from './constants';
import {
  angleAddProblem,
  angleIdFor,
  blankDefinition,
  type EditorAction,
  type EditorState,
  editorReducer,
  initialEditorState,
  isDefinitionEdit,
  landmarkChoices,
  landmarksStillNeeded,
  toggleLandmark,
} from './editor-state';
import { clampRange } from './ranges';
import {
  exerciseNameHint,
  isValidExerciseName,
  nameRequiredProblem,
  parseTimingInput,
} from './validation';

const { left_shoulder, left_elbow, left_wrist, left_hip, left_knee, left_ankle, right_elbow } =
  LANDMARK;

function run(actions: EditorAction[], state: EditorState = initialEditorState()): EditorState {
  return actions.reduce(
    (current, action) => editorReducer(current, action, EDITOR_SPEC_TEXT.comparisonTitle),
    state,
  );
}

const selectElbow: EditorAction[] = [
  { type: 'toggleLandmark', landmarkId: left_shoulder },
  { type: 'toggleLandmark', landmarkId: left_elbow },
  { type: 'toggleLandmark', landmarkId: left_wrist },
];
const selectKnee: EditorAction[] = [
  { type: 'toggleLandmark', landmarkId: left_hip },
  { type: 'toggleLandmark', landmarkId: left_knee },
  { type: 'toggleLandmark', landmarkId: left_ankle },
];
const withElbowAndKnee = (): EditorState =>
  run([
    ...selectElbow,
    { type: 'addAngle', name: 'Elbow' },
    ...selectKnee,
    { type: 'addAngle', name: 'Knee' },
  ]);

const ranges = (state: EditorState, angleId: string) =>
  Object.fromEntries(
    (['start', 'transition', 'end'] as PhaseName[]).map((phase) => [
      phase,
      state.definition.phases[phase].angleRanges[angleId],
    ]),
  );

describe('landmark selection (spec 01 §5)', () => {
  it('keeps at most three; a fourth drops the OLDEST, not the newest', () => {
    expect(toggleLandmark([11, 13, 15], 23)).toEqual([13, 15, 23]);
    const state = run([...selectElbow, { type: 'toggleLandmark', landmarkId: left_hip }]);
    expect(state.ui.selectedLandmarks).toEqual([left_elbow, left_wrist, left_hip]);
  });

  it('selecting a selected landmark deselects it and keeps the order of the others', () => {
    expect(toggleLandmark([11, 13, 15], 13)).toEqual([11, 15]);
  });

  it('says how many more are needed and that the middle one is the vertex', () => {
    expect(landmarksStillNeeded([])).toBe(3);
    expect(landmarksStillNeeded([11, 13])).toBe(1);
    expect(EDITOR_TEXT.selectionHint(3)).toBe(
      'Select 3 more landmarks. The middle one of the three is the vertex of the angle.',
    );
    expect(EDITOR_TEXT.selectionHint(1)).toMatch(/^Select 1 more landmark\. .*vertex/);
    expect(EDITOR_TEXT.selectionHint(0)).toMatch(/middle one is the vertex/);
  });

  it('groups the catalogue by face, upper_body, hands, lower_body, feet', () => {
    const front = landmarkChoices('front', 'left');
    expect(Object.keys(front)).toEqual(['face', 'upper_body', 'hands', 'lower_body', 'feet']);
    expect(Object.values(front).flat()).toHaveLength(33);
    expect(front.upper_body.map((choice) => choice.label)).toEqual([
      'Left shoulder',
      'Right shoulder',
      'Left elbow',
      'Right elbow',
    ]);
  });

  it('a side view shows each left/right pair once, standing for the closer side', () => {
    const left = landmarkChoices('side', 'left');
    expect(Object.values(left).flat()).toHaveLength(17);
    expect(left.upper_body).toEqual([
      { id: left_shoulder, label: 'Shoulder', category: 'upper_body' },
      { id: left_elbow, label: 'Elbow', category: 'upper_body' },
    ]);
    const right = landmarkChoices('side', 'right');
    expect(right.upper_body.map((choice) => choice.id)).toEqual([
      LANDMARK.right_shoulder,
      right_elbow,
    ]);
    expect(right.face[0]).toEqual({ id: LANDMARK.nose, label: 'Nose', category: 'face' });
  });

  it('switching the closer side moves the selection to that side', () => {
    const state = run([...selectElbow, { type: 'setCloserSide', closerSide: 'right' }]);
    expect(state.ui.closerSide).toBe('right');
    expect(state.ui.selectedLandmarks).toEqual([
      LANDMARK.right_shoulder,
      right_elbow,
      LANDMARK.right_wrist,
    ]);
  });
});

describe('angle definitions (spec 01 §5)', () => {
  it('needs exactly three landmarks and a non-empty name', () => {
    expect(angleAddProblem([11, 13], 'Elbow')).toBe('Select 1 more landmark.');
    expect(angleAddProblem([11, 13, 15], '  ')).toBe('Name the angle.');
    expect(angleAddProblem([11, 13, 15], 'Elbow')).toBeNull();
    const tooFew = run([
      { type: 'toggleLandmark', landmarkId: left_shoulder },
      { type: 'addAngle', name: 'Elbow' },
    ]);
    expect(tooFew.definition.angles).toEqual([]);
    const noName = run([...selectElbow, { type: 'addAngle', name: ' ' }]);
    expect(noName.definition.angles).toEqual([]);
  });

  it('adds the angle with the middle landmark as vertex, 0-180 in every phase, and clears the selection', () => {
    const state = run([...selectElbow, { type: 'addAngle', name: ' Elbow ' }]);
    expect(state.definition.angles).toEqual([
      {
        id: 'elbow',
        name: 'Elbow',
        landmarks: [left_shoulder, left_elbow, left_wrist],
        exerciseStop: false,
      },
    ]);
    expect(ranges(state, 'elbow')).toEqual({
      start: { min: 0, max: 180 },
      transition: { min: 0, max: 180 },
      end: { min: 0, max: 180 },
    });
    expect(state.ui.selectedLandmarks).toEqual([]);
  });

  it('makes readable, unique ids', () => {
    expect(angleIdFor('Left Elbow', [])).toBe('left_elbow');
    expect(angleIdFor('Elbow', ['elbow', 'elbow_2'])).toBe('elbow_3');
    expect(angleIdFor('€€', [])).toBe('angle');
  });

  it('removing an angle removes its ranges in every phase, its global flag and its stop range', () => {
    let state = withElbowAndKnee();
    state = run(
      [
        { type: 'setGlobalAlignment', angleId: 'knee', global: true },
        { type: 'removeAngle', angleId: 'knee' },
      ],
      state,
    );
    expect(state.definition.angles.map((angle) => angle.id)).toEqual(['elbow']);
    for (const phase of ['start', 'transition', 'end'] as const) {
      expect(Object.keys(state.definition.phases[phase].angleRanges)).toEqual(['elbow']);
    }
    expect(state.definition.globalAlignments).toEqual([]);
    const stopped = run(
      [
        { type: 'setExerciseStop', angleId: 'elbow', exerciseStop: true },
        { type: 'removeAngle', angleId: 'elbow' },
      ],
      state,
    );
    expect(stopped.definition.stopCondition.angleRanges).toEqual({});
  });

  it('EXERCISE STOP gives the angle 0-180 on the start phase and its own stop range', () => {
    let state = withElbowAndKnee();
    state = run(
      [
        { type: 'setRange', phase: 'start', angleId: 'knee', range: { min: 100, max: 150 } },
        { type: 'setGlobalAlignment', angleId: 'knee', global: true },
        { type: 'setExerciseStop', angleId: 'knee', exerciseStop: true },
      ],
      state,
    );
    expect(state.definition.angles[1]!.exerciseStop).toBe(true);
    expect(state.definition.phases.start.angleRanges.knee).toEqual({ min: 0, max: 180 });
    expect(state.definition.stopCondition.angleRanges.knee).toEqual({ min: 0, max: 180 });
    expect(state.definition.globalAlignments).toEqual([]);
    state = run(
      [
        { type: 'setStopRange', angleId: 'knee', range: { min: 20, max: 60 } },
        { type: 'setExerciseStop', angleId: 'knee', exerciseStop: false },
      ],
      state,
    );
    expect(state.definition.stopCondition.angleRanges).toEqual({});
    expect(state.definition.angles[1]!.exerciseStop).toBe(false);
  });
});

describe('phase ranges (spec 01 §5)', () => {
  it('edits one phase only, in whole degrees within 0-180', () => {
    const state = run(
      [{ type: 'setRange', phase: 'end', angleId: 'elbow', range: { min: -5, max: 90.4 } }],
      withElbowAndKnee(),
    );
    expect(ranges(state, 'elbow')).toEqual({
      start: { min: 0, max: 180 },
      transition: { min: 0, max: 180 },
      end: { min: 0, max: 90 },
    });
  });

  it('a thumb dragged past the other stops at it', () => {
    expect(clampRange({ min: 120, max: 100 }, { min: 90, max: 100 })).toEqual({
      min: 100,
      max: 100,
    });
    expect(clampRange({ min: 90, max: 80 }, { min: 90, max: 100 })).toEqual({ min: 90, max: 90 });
    expect(clampRange({ min: 10, max: 999 }, { min: 0, max: 180 })).toEqual({ min: 10, max: 180 });
    expect(clampRange({ min: Number.NaN, max: 50 }, { min: 5, max: 180 })).toEqual({
      min: 5,
      max: 50,
    });
  });

  it("'Apply to all phases' copies the active phase's range to every phase", () => {
    const state = run(
      [
        { type: 'setRange', phase: 'transition', angleId: 'elbow', range: { min: 90, max: 124 } },
        { type: 'applyToAllPhases', phase: 'transition', angleId: 'elbow' },
      ],
      withElbowAndKnee(),
    );
    expect(ranges(state, 'elbow')).toEqual({
      start: { min: 90, max: 124 },
      transition: { min: 90, max: 124 },
      end: { min: 90, max: 124 },
    });
    expect(ranges(state, 'knee').start).toEqual({ min: 0, max: 180 });
  });

  it('a global alignment takes the active tab range in every phase and keeps them equal', () => {
    let state = run(
      [
        { type: 'setActivePhase', phase: 'end' },
        { type: 'setRange', phase: 'end', angleId: 'knee', range: { min: 150, max: 180 } },
        { type: 'setGlobalAlignment', angleId: 'knee', global: true },
      ],
      withElbowAndKnee(),
    );
    expect(state.definition.globalAlignments).toEqual(['knee']);
    expect(ranges(state, 'knee')).toEqual({
      start: { min: 150, max: 180 },
      transition: { min: 150, max: 180 },
      end: { min: 150, max: 180 },
    });
    state = run(
      [{ type: 'setRange', phase: 'start', angleId: 'knee', range: { min: 140, max: 180 } }],
      state,
    );
    expect(ranges(state, 'knee').end).toEqual({ min: 140, max: 180 });
    state = run([{ type: 'setGlobalAlignment', angleId: 'knee', global: false }], state);
    expect(state.definition.globalAlignments).toEqual([]);
    state = run(
      [{ type: 'setRange', phase: 'start', angleId: 'knee', range: { min: 160, max: 180 } }],
      state,
    );
    expect(ranges(state, 'knee').end).toEqual({ min: 140, max: 180 });
  });
});

describe('exercise metadata (spec 01 §2, §5)', () => {
  it('timing fields take whole milliseconds, 0 or more', () => {
    expect(parseTimingInput('250')).toEqual({ ok: true, value: 250 });
    expect(parseTimingInput(' 0 ')).toEqual({ ok: true, value: 0 });
    for (const bad of ['-1', '1.5', '', 'abc', '1e3', '99999999999999999999']) {
      expect(parseTimingInput(bad)).toEqual({ ok: false, message: EDITOR_TEXT.timingInvalid });
    }
    let state = run([{ type: 'setTiming', field: 'transitionDebounce', value: 40 }]);
    expect(state.definition.timing).toEqual({
      minPhaseHoldTime: 0,
      transitionDebounce: 40,
      startingPositionHoldTime: 200,
    });
    state = run(
      [
        { type: 'setTiming', field: 'transitionDebounce', value: -1 },
        { type: 'setTiming', field: 'minPhaseHoldTime', value: 2.5 },
      ],
      state,
    );
    expect(state.definition.timing.transitionDebounce).toBe(40);
    expect(state.definition.timing.minPhaseHoldTime).toBe(0);
  });

  it('name, camera position and both flags', () => {
    const state = run([
      { type: 'setName', name: 'Wide push-up' },
      { type: 'setCameraPosition', cameraPosition: 'front' },
      { type: 'setQualificationRep', enabled: true },
      { type: 'setStopConditionEnabled', enabled: true },
    ]);
    expect(state.definition).toMatchObject({
      name: 'Wide push-up',
      cameraPosition: 'front',
      qualificationRep: { enabled: true },
      stopCondition: { enabled: true, angleRanges: {} },
    });
  });

  it('a new definition is named NEW EXERCISE, seen from the side, with the default timing', () => {
    expect(blankDefinition()).toMatchObject({
      name: 'NEW EXERCISE',
      cameraPosition: 'side',
      angles: [],
      globalAlignments: [],
      timing: { minPhaseHoldTime: 0, transitionDebounce: 0, startingPositionHoldTime: 200 },
      qualificationRep: { enabled: false },
      stopCondition: { enabled: false, angleRanges: {} },
    });
  });

  it("an exercise name is valid when non-empty after trimming and not 'NEW EXERCISE'", () => {
    for (const bad of ['', '   ', 'NEW EXERCISE', ' NEW EXERCISE ']) {
      expect(isValidExerciseName(bad)).toBe(false);
      expect(exerciseNameHint(bad)).toBe('Please provide a unique exercise name');
    }
    expect(isValidExerciseName('Squat')).toBe(true);
    expect(exerciseNameHint('Squat')).toBeNull();
  });

  it('saving or exporting needs a non-empty name', () => {
    expect(nameRequiredProblem(' ', 'save')).toBe(EDITOR_TEXT.nameRequiredToSave);
    expect(nameRequiredProblem('', 'export')).toBe(EDITOR_TEXT.nameRequiredToExport);
    expect(nameRequiredProblem('NEW EXERCISE', 'save')).toBeNull();
  });

  it('only definition edits start the auto-save; UI changes do not', () => {
    expect(isDefinitionEdit({ type: 'setName', name: 'x' })).toBe(true);
    expect(
      isDefinitionEdit({ type: 'setRange', phase: 'end', angleId: 'a', range: { min: 0, max: 1 } }),
    ).toBe(true);
    expect(isDefinitionEdit({ type: 'toggleLandmark', landmarkId: 1 })).toBe(false);
    expect(isDefinitionEdit({ type: 'setActivePhase', phase: 'end' })).toBe(false);
    expect(isDefinitionEdit({ type: 'recordSaved', recordId: 'x' })).toBe(false);
  });
});

describe('video comparisons (spec 01 §2)', () => {
  it("starts with 'Video Analysis'; 'Add Comparison' adds 'Comparison N'; instances can be removed", () => {
    let state = initialEditorState();
    expect(state.ui.videoInstances.map((instance) => instance.title)).toEqual(['Video Analysis']);
    state = run(
      [
        { type: 'addComparison', id: 'a' },
        { type: 'addComparison', id: 'b' },
      ],
      state,
    );
    expect(state.ui.videoInstances.map((instance) => instance.title)).toEqual([
      'Video Analysis',
      'Comparison 2',
      'Comparison 3',
    ]);
    state = run(
      [
        { type: 'removeVideoInstance', id: 'a' },
        { type: 'addComparison', id: 'c' },
      ],
      state,
    );
    expect(state.ui.videoInstances.map((instance) => instance.title)).toEqual([
      'Video Analysis',
      'Comparison 3',
      'Comparison 4',
    ]);
    state = run(
      [{ type: 'updateVideoInstance', id: 'c', patch: { videoSrc: '/videos/pushups/a.mp4' } }],
      state,
    );
    expect(state.ui.videoInstances[2]).toMatchObject({
      id: 'c',
      videoSrc: '/videos/pushups/a.mp4',
      showPoseVisualization: true,
      closerSide: 'left',
    });
  });

  it('replacing the definition (Add New, Load, Import, the wizard) keeps the layout, clears the selection', () => {
    const state = run([
      { type: 'addComparison', id: 'a' },
      { type: 'toggleLandmark', landmarkId: 11 },
      { type: 'replaceDefinition', definition: blankDefinition(), recordId: 'row-1' },
    ]);
    expect(state.recordId).toBe('row-1');
    expect(state.ui.selectedLandmarks).toEqual([]);
    expect(state.ui.videoInstances).toHaveLength(2);
  });
});
