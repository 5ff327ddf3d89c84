import type { ExerciseDefinitionInput } from '../schema.js';

/**
 * The built-in push-up, filmed from the side. In a side view the analyser measures each angle on
 * the side nearer the camera (the far limb is behind the body); the left-side landmarks here
 * stand for either side. Elbow angles are calibrated per model and view (pose-sdk's
 * core/calibration), so the ranges are the body's, as the push-up analyser's rules are.
 *
 * Reps are cut where the elbow turns (cycle.measure 'relative', 30 degrees down and back up, as
 * the push-up analyser cuts them), and each rep is judged on its ranges (docs/judging-rubric.md):
 * - elbow (shoulder-elbow-wrist): the top the rep returns to must be in start (from 160, the
 *   spec's straight arm) and the bottom in end (up to 105, the spec's down): a fast set that turns
 *   short of straight and a shallow dip are counted and judged, instead of merging or vanishing.
 * - body (shoulder-hip-ankle) and knee (hip-knee-ankle) are global alignments: a straight body
 *   and straight legs in every phase; sagging or piked hips and knee push-ups break them.
 * - The judges' form rules (knees, pike, sag, worm, the upper arm at the bottom) as the push-up
 *   analyser judges them, each from the views that can see it.
 * - Each phase holds at least 60 ms, and there is no starting hold, so a recording that begins
 *   mid-set still counts its first rep.
 */
export const pushupDefinition = {
  name: 'Push-up',
  description:
    'Standard push-up, side view. Counts a rep from arms extended, down to bent elbows and back; a sagging, piked or knee-supported body makes the rep invalid.',
  cameraPosition: 'side',
  angles: [
    { id: 'elbow', name: 'Elbow', landmarks: ['left_shoulder', 'left_elbow', 'left_wrist'] },
    { id: 'body', name: 'Body line', landmarks: ['left_shoulder', 'left_hip', 'left_ankle'] },
    { id: 'knee', name: 'Knee', landmarks: ['left_hip', 'left_knee', 'left_ankle'] },
  ],
  phases: {
    start: {
      id: 'start',
      angleRanges: {
        elbow: { min: 160, max: 180 },
        body: { min: 150, max: 180 },
        knee: { min: 140, max: 180 },
      },
    },
    transition: {
      id: 'transition',
      angleRanges: {
        elbow: { min: 105, max: 160 },
        body: { min: 150, max: 180 },
        knee: { min: 140, max: 180 },
      },
    },
    end: {
      id: 'end',
      angleRanges: {
        elbow: { min: 0, max: 105 },
        body: { min: 150, max: 180 },
        knee: { min: 140, max: 180 },
      },
    },
  },
  globalAlignments: ['body', 'knee'],
  timing: { minPhaseHoldTime: 60, transitionDebounce: 0, startingPositionHoldTime: 0 },
  cycle: { measure: 'relative', minTurn: 30 },
  formRules: ['knees', 'hipPike', 'hipSag', 'worm', 'upperArm'],
  qualificationRep: { enabled: false },
  stopCondition: { enabled: false },
} as const satisfies ExerciseDefinitionInput;
