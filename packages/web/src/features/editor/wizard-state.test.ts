import { readFileSync } from 'node:fs';
import { type AngleDefinition, builtinDefinitions, LANDMARK } from '@reptemple/definitions';
import { DefinitionAnalyzer, type Landmark, parseTrace } from '@reptemple/pose-sdk';
import { describe, expect, it } from 'vitest';
import { EDITOR_SPEC_TEXT, RANGE_PROPOSAL } from './constants';
import { toDocument } from './definition-io';
import {
  blankDefinition,
  type EditorAction,
  editorReducer,
  initialEditorState,
} from './editor-state';
import { measureAngle } from './frame-angles';
import { bandAround, proposeRanges, splitRanges } from './range-proposal';
import {
  calculateFrameAngles,
  calculationErrorText,
  type FrameAnglesIO,
} from './wizard-calculation';
import {
  type CapturedFrame,
  calculationProblem,
  createdDefinition,
  createProblem,
  initialWizardState,
  videoChoiceProblem,
  type WizardAction,
  type WizardState,
  wizardReducer,
} from './wizard-state';

const pushup = builtinDefinitions.pushup;
const elbow = pushup.angles[0]!;

function run(actions: WizardAction[], state: WizardState = initialWizardState()): WizardState {
  return actions.reduce(wizardReducer, state);
}

const frame = (timeMs: number): CapturedFrame => ({ timeMs, image: `still@${timeMs}` });
const allFrames: WizardAction[] = [
  { type: 'captureFrame', phase: 'start', frame: frame(0) },
  { type: 'captureFrame', phase: 'transition', frame: frame(500) },
  { type: 'captureFrame', phase: 'end', frame: frame(1000) },
];
const chosen: WizardAction[] = [
  { type: 'setName', name: 'Push-up' },
  { type: 'videoChosen', url: 'blob:1', fileName: 'clip.mp4' },
];

describe('wizard steps (spec 01 §4)', () => {
  it('upload, then select-frames once a video is chosen, then review; Back moves one step', () => {
    let state = run([]);
    expect(state.step).toBe('upload');
    state = run(chosen, state);
    expect(state.step).toBe('frames');
    expect(state.video).toEqual({ url: 'blob:1', fileName: 'clip.mp4' });
    state = run([...allFrames, { type: 'continueToReview' }], state);
    expect(state.step).toBe('review');
    state = run([{ type: 'back' }], state);
    expect(state.step).toBe('frames');
    expect(state.frames.end).toEqual(frame(1000));
    state = run([{ type: 'back' }, { type: 'back' }], state);
    expect(state.step).toBe('upload');
  });

  it('Continue to Review needs all three frame times', () => {
    const two = run([...chosen, ...allFrames.slice(0, 2), { type: 'continueToReview' }]);
    expect(two.step).toBe('frames');
    const three = run([allFrames[2]!, { type: 'continueToReview' }], two);
    expect(three.step).toBe('review');
  });

  it('a calculation that ends after Back or closing is dropped', () => {
    const measured = { start: {}, transition: {}, end: {} };
    const review = run([...chosen, ...allFrames, { type: 'continueToReview' }]);
    const started = run([{ type: 'calculationStarted' }], review);
    expect(started.calculating).toBe(true);
    const backed = run([{ type: 'back' }, { type: 'calculationSucceeded', measured }], started);
    expect(backed.measured).toBeNull();
    const closed = run(
      [
        { type: 'reset', cameraPosition: 'side' },
        { type: 'calculationFailed', message: 'x' },
      ],
      started,
    );
    expect(closed).toEqual(initialWizardState());
    const done = run([{ type: 'calculationSucceeded', measured }], started);
    expect(done).toMatchObject({ calculating: false, measured });
  });

  it("closing resets all state, the camera position back to the editor's", () => {
    const state = run([
      ...chosen,
      { type: 'setCameraPosition', cameraPosition: 'front' },
      ...allFrames,
      { type: 'continueToReview' },
      { type: 'reset', cameraPosition: 'back' },
    ]);
    expect(state).toEqual(initialWizardState('back'));
  });

  it('after Back to the upload step, Next returns to the frames with the video and frames kept', () => {
    const backed = run([...chosen, ...allFrames, { type: 'back' }]);
    expect(backed.step).toBe('upload');
    const again = run([{ type: 'continueToFrames' }], backed);
    expect(again.step).toBe('frames');
    expect(again.video).toEqual({ url: 'blob:1', fileName: 'clip.mp4' });
    expect(again.frames.end).toEqual(frame(1000));
    // Not without a video, and not with a name the spec refuses.
    expect(run([{ type: 'continueToFrames' }]).step).toBe('upload');
    const renamed = run(
      [{ type: 'setName', name: 'NEW EXERCISE' }, { type: 'continueToFrames' }],
      backed,
    );
    expect(renamed.step).toBe('upload');
  });

  it('a new video or a new frame drops the measurements made before', () => {
    const measured = { start: {}, transition: {}, end: {} };
    let state = run([
      ...chosen,
      ...allFrames,
      { type: 'calculationStarted' },
      { type: 'calculationSucceeded', measured },
      { type: 'captureFrame', phase: 'end', frame: frame(1200) },
    ]);
    expect(state.measured).toBeNull();
    state = run([{ type: 'videoChosen', url: 'blob:2', fileName: 'b.mp4' }], state);
    expect(state.frames).toEqual({ start: null, transition: null, end: null });
  });
});

describe('wizard validation messages (spec 01 §5)', () => {
  it("'File is not a video' for any other file", () => {
    expect(videoChoiceProblem('Push-up', { type: 'image/png' })).toBe('File is not a video');
    expect(videoChoiceProblem('Push-up', { type: '' })).toBe('File is not a video');
    expect(videoChoiceProblem('Push-up', { type: 'video/mp4' })).toBeNull();
  });

  it('a video needs a valid exercise name first', () => {
    for (const name of ['', '  ', 'NEW EXERCISE']) {
      expect(videoChoiceProblem(name, { type: 'video/webm' })).toBe(
        'Please provide a valid exercise name before uploading a video.',
      );
    }
  });

  it('Create Exercise alerts on an invalid name', () => {
    const measured = { start: {}, transition: {}, end: {} };
    const state = run([
      ...chosen,
      { type: 'calculationStarted' },
      { type: 'calculationSucceeded', measured },
    ]);
    expect(createProblem(state)).toBeNull();
    expect(createProblem(run([{ type: 'setName', name: 'NEW EXERCISE' }], state))).toBe(
      'Please provide a valid exercise name.',
    );
    expect(createProblem(run([{ type: 'setName', name: ' ' }], state))).toBe(
      'Please provide a valid exercise name.',
    );
    expect(EDITOR_SPEC_TEXT.uniqueNameHint).toBe('Please provide a unique exercise name');
  });

  it('calculating needs an angle, then all three frames', () => {
    const frames = run([...chosen, ...allFrames]).frames;
    expect(calculationProblem([], frames)).toBe(
      'Please add at least one angle definition before calculating angles.',
    );
    expect(calculationProblem([elbow], { ...frames, transition: null })).toBe(
      'Please make sure all frames are captured before calculating angles.',
    );
    expect(calculationProblem([elbow], frames)).toBeNull();
  });
});

// A side-view push-up pose, in normalised coordinates of a 640x360 frame.
function pose(points: Partial<Record<keyof typeof LANDMARK, [number, number]>>): Landmark[] {
  const landmarks: Landmark[] = Array.from({ length: 33 }, () => ({
    x: 0.5,
    y: 0.5,
    z: 0,
    visibility: 0.1,
  }));
  for (const [name, [x, y]] of Object.entries(points)) {
    landmarks[LANDMARK[name as keyof typeof LANDMARK]] = { x, y, z: 0, visibility: 0.9 };
  }
  return landmarks;
}
const FRAME = { width: 640, height: 360 };

describe('angles at a frame', () => {
  it('are measured in pixels, not normalised units (aspect-correct)', () => {
    // A right angle in pixels: shoulder 90 px left and up of the elbow, wrist 90 px right and
    // up. On normalised coordinates of a 16:9 frame the same points make about 59°.
    const landmarks = pose({
      left_shoulder: [0.5 - 90 / 640, 0.5 - 90 / 360],
      left_elbow: [0.5, 0.5],
      left_wrist: [0.5 + 90 / 640, 0.5 - 90 / 360],
    });
    const measured = measureAngle(landmarks, elbow, FRAME, 'front');
    expect(measured.degrees).toBeCloseTo(90, 6);
    expect(measured.lowVisibility).toBe(false);
  });

  it('a side view averages both sides when both are visible', () => {
    const landmarks = pose({
      left_shoulder: [0.3, 0.5],
      left_elbow: [0.5, 0.5],
      left_wrist: [0.7, 0.5], // 180°
      right_shoulder: [0.3, 0.5],
      right_elbow: [0.5, 0.5],
      right_wrist: [0.5, 0.5 + 100 / 360], // 90°
    });
    expect(measureAngle(landmarks, elbow, FRAME, 'side').degrees).toBeCloseTo(135, 6);
    expect(measureAngle(landmarks, elbow, FRAME, 'front').degrees).toBeCloseTo(180, 6);
  });

  it('falls back to the written side, flagged, when no side is clearly visible', () => {
    const landmarks = pose({});
    landmarks[LANDMARK.left_shoulder] = { x: 0.3, y: 0.5, z: 0, visibility: 0.1 };
    landmarks[LANDMARK.left_wrist] = { x: 0.7, y: 0.5, z: 0, visibility: 0.1 };
    const measured = measureAngle(landmarks, elbow, FRAME, 'side');
    expect(measured.lowVisibility).toBe(true);
    expect(measured.degrees).toBeCloseTo(180, 6);
  });
});

describe('angle calculation errors (spec 01 §8)', () => {
  const frames = { start: frame(0), transition: frame(500), end: frame(1000) };
  const straightArm = pose({
    left_shoulder: [0.3, 0.5],
    left_elbow: [0.5, 0.5],
    left_wrist: [0.7, 0.5],
  });

  function io(
    overrides: Partial<FrameAnglesIO<unknown, unknown>>,
  ): FrameAnglesIO<unknown, unknown> {
    return {
      loadFrame: async (captured) => captured.image,
      detect: async () => ({ landmarks: straightArm, frameSize: FRAME }),
      ...overrides,
    };
  }

  it('measures every angle at the three frames', async () => {
    const measured = await calculateFrameAngles([elbow], 'front', frames, io({}));
    expect(measured.transition.elbow!.degrees).toBeCloseTo(180, 6);
  });

  it("'No landmarks detected for {phase} phase'", async () => {
    const detect = async (image: unknown) => ({
      landmarks: image === 'still@500' ? [] : straightArm,
      frameSize: FRAME,
    });
    const error = await calculateFrameAngles([elbow], 'side', frames, io({ detect })).catch(
      (caught: unknown) => caught,
    );
    expect(calculationErrorText(error)).toBe(
      'Error calculating angles: No landmarks detected for transition phase',
    );
  });

  it("'Failed to load {phase} frame'", async () => {
    const loadFrame = async (captured: CapturedFrame) => {
      if (captured.timeMs === 1000) throw new Error('decode failed');
      return captured.image;
    };
    const error = await calculateFrameAngles([elbow], 'side', frames, io({ loadFrame })).catch(
      (caught: unknown) => caught,
    );
    expect(calculationErrorText(error)).toBe('Error calculating angles: Failed to load end frame');
  });

  it('a model that fails to load reports its own message', () => {
    expect(
      calculationErrorText(new Error('Expected the lite pose model at /x, received HTTP 404.')),
    ).toBe('Error calculating angles: Expected the lite pose model at /x, received HTTP 404.');
  });
});

describe('range proposals (docs/decisions.md)', () => {
  it('an angle that closes splits 0-180 into contiguous ranges at the midpoints', () => {
    expect(splitRanges({ start: 170, transition: 120, end: 70 })).toEqual({
      start: { min: 145, max: 180 },
      transition: { min: 95, max: 145 },
      end: { min: 0, max: 95 },
    });
  });

  it('an angle that opens is split the other way', () => {
    expect(splitRanges({ start: 40, transition: 90, end: 160 })).toEqual({
      start: { min: 0, max: 65 },
      transition: { min: 65, max: 125 },
      end: { min: 125, max: 180 },
    });
  });

  it('a transition frame outside the start-end span counts as the nearest end', () => {
    expect(splitRanges({ start: 170, transition: 175, end: 70 })).toEqual({
      start: { min: 170, max: 180 },
      transition: { min: 120, max: 170 },
      end: { min: 0, max: 120 },
    });
  });

  it('a still angle or a global alignment gets one band, widened by the margin, clamped to 0-180', () => {
    expect(RANGE_PROPOSAL.marginDegrees).toBe(15);
    expect(bandAround({ start: 172, transition: 168, end: 175 })).toEqual({ min: 153, max: 180 });
    expect(bandAround({ start: 5, transition: 8, end: 10 })).toEqual({ min: 0, max: 25 });
    const angles: AngleDefinition[] = [
      elbow,
      { id: 'body', name: 'Body', landmarks: [11, 23, 27], exerciseStop: false },
      { id: 'head', name: 'Head', landmarks: [0, 11, 23], exerciseStop: false },
      { id: 'stop', name: 'Stop', landmarks: [15, 13, 11], exerciseStop: true },
    ];
    const proposal = proposeRanges(angles, ['body'], {
      start: { elbow: 165, body: 170, head: 150, stop: 10 },
      transition: { elbow: 120, body: 150, head: 152, stop: 90 },
      end: { elbow: 75, body: 172, head: 155, stop: 170 },
    });
    expect(proposal.phases.end.body).toEqual({ min: 135, max: 180 });
    expect(proposal.phases.start.body).toEqual(proposal.phases.end.body);
    expect(proposal.phases.transition.head).toEqual({ min: 135, max: 170 });
    expect(proposal.phases.start.stop).toEqual({ min: 0, max: 180 });
    expect(proposal.phases.end.elbow).toEqual({ min: 0, max: 98 });
    expect(proposal.stillAngles).toEqual(['head']);
  });

  it('neighbouring phases of a moving angle never overlap beyond their shared boundary', () => {
    for (let start = 0; start <= 180; start += 15) {
      for (let end = 0; end <= 180; end += 15) {
        if (Math.abs(start - end) < RANGE_PROPOSAL.minMovementDegrees) continue;
        for (let transition = 0; transition <= 180; transition += 30) {
          const r = splitRanges({ start, transition, end });
          for (const range of Object.values(r)) expect(range.min).toBeLessThanOrEqual(range.max);
          const [low, mid, high] =
            start > end ? [r.end, r.transition, r.start] : [r.start, r.transition, r.end];
          expect(low.min).toBe(0);
          expect(low.max).toBe(mid.min);
          expect(mid.max).toBe(high.min);
          expect(high.max).toBe(180);
        }
      }
    }
  });

  it('Create Exercise hands over the name, camera position, editor angles and proposed ranges', () => {
    const editing = { ...pushup, timing: { ...pushup.timing, minPhaseHoldTime: 90 } };
    const wizard = run([
      { type: 'setName', name: '  Deep push-up ' },
      { type: 'setCameraPosition', cameraPosition: 'front' },
    ]);
    const m = (degrees: number) => ({ degrees, lowVisibility: false });
    const created = createdDefinition(editing, wizard, {
      start: { elbow: m(170), body: m(175), knee: m(178) },
      transition: { elbow: m(120), body: m(170), knee: m(176) },
      end: { elbow: m(70), body: m(172), knee: m(175) },
    });
    expect(created.name).toBe('Deep push-up');
    expect(created.cameraPosition).toBe('front');
    expect(created.angles).toEqual(pushup.angles);
    expect(created.timing.minPhaseHoldTime).toBe(90);
    expect(created.globalAlignments).toEqual(['body', 'knee']);
    expect(created.phases.start.angleRanges.elbow).toEqual({ min: 145, max: 180 });
    expect(created.phases.transition.angleRanges.body).toEqual({ min: 155, max: 180 });
    expect(blankDefinition().angles).toEqual([]);
  });
});

describe('the wizard end to end on a recorded clip (landmark trace)', () => {
  it('an elbow angle proposed from three frames counts the 5 labelled reps of 08-tank-top-side', async () => {
    const trace = parseTrace(
      readFileSync(
        new URL('../../../../../fixtures/traces/pushup/08-tank-top-side.ndjson', import.meta.url),
        'utf8',
      ),
    );
    const frameSize = { width: trace.header.width, height: trace.header.height };
    const nearest = (ms: number) =>
      trace.frames.reduce((best, f) =>
        Math.abs(f.timestampMs - ms) < Math.abs(best.timestampMs - ms) ? f : best,
      );
    // The editor: side view, the elbow angle picked from the landmark catalogue.
    const editing = (
      [
        { type: 'toggleLandmark', landmarkId: LANDMARK.left_shoulder },
        { type: 'toggleLandmark', landmarkId: LANDMARK.left_elbow },
        { type: 'toggleLandmark', landmarkId: LANDMARK.left_wrist },
        { type: 'addAngle', name: 'Elbow' },
      ] as EditorAction[]
    ).reduce((state, action) => editorReducer(state, action), initialEditorState()).definition;
    // The frames an admin would capture: arms extended, halfway down, at the bottom.
    const stills = { start: 2000, transition: 2350, end: 2700 };
    const frames = {
      start: frame(stills.start),
      transition: frame(stills.transition),
      end: frame(stills.end),
    };
    const measured = await calculateFrameAngles(editing.angles, 'side', frames, {
      loadFrame: async (captured) => nearest(captured.timeMs),
      detect: async (poseFrame) => ({ landmarks: poseFrame.landmarks, frameSize }),
    });
    const wizard = run([{ type: 'setName', name: 'Wizard push-up' }]);
    const created = toDocument(createdDefinition(editing, wizard, measured));
    const analyzer = new DefinitionAnalyzer({ definition: created, frameSize });
    for (const poseFrame of trace.frames) analyzer.process(poseFrame);
    expect(analyzer.state).toMatchObject({ repCount: 5, invalidRepCount: 0 });
  });
});
