import type { ExerciseDefinitionInput } from '../schema.js';

/**
 * The built-in push-up, filmed from the side. In a side view the analyser measures each angle on
 * both sides of the body and averages the ones it can see, so the left-side landmarks here stand
 * for either side.
 *
 * Ranges, in degrees of the angle at the middle landmark (chosen on 21 labelled real clips; see
 * docs/benchmarks.md):
 * - elbow (shoulder-elbow-wrist) drives the phases: start from 124, end up to 90. In fast sets
 *   people turn around at 132 degrees or less; sagging-hip reps bottom out at 123. The start
 *   boundary lies between the two, so both count.
 * - body (shoulder-hip-ankle) and knee (hip-knee-ankle) are global alignments: a straight body
 *   and straight legs in every phase; sagging or piked hips and knee push-ups break them.
 * - Each phase holds at least 60 ms (a rep takes at least a quarter second), and there is no
 *   starting hold, so a recording that begins mid-set still counts its first rep.
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
        elbow: { min: 124, max: 180 },
        body: { min: 150, max: 180 },
        knee: { min: 140, max: 180 },
      },
    },
    transition: {
      id: 'transition',
      angleRanges: {
        elbow: { min: 90, max: 124 },
        body: { min: 150, max: 180 },
        knee: { min: 140, max: 180 },
      },
    },
    end: {
      id: 'end',
      angleRanges: {
        elbow: { min: 0, max: 90 },
        body: { min: 150, max: 180 },
        knee: { min: 140, max: 180 },
      },
    },
  },
  globalAlignments: ['body', 'knee'],
  timing: { minPhaseHoldTime: 60, transitionDebounce: 0, startingPositionHoldTime: 0 },
  qualificationRep: { enabled: false },
  stopCondition: { enabled: false },
} as const satisfies ExerciseDefinitionInput;
