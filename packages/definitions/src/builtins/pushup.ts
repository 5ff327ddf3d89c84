import type { ExerciseDefinitionInput } from '../schema.js';

/**
 * The built-in push-up, filmed from the side. In a side view the analyser measures each angle on
 * the side closer to the camera, so the left-side landmarks here stand for either side.
 *
 * Ranges, in degrees of the angle at the middle landmark:
 * - elbow (shoulder-elbow-wrist) drives the phases: extended at the top, bent at the bottom.
 * - body (shoulder-hip-ankle) and knees (hip-knee-ankle) are global alignments: a straight body
 *   and straight legs in every phase; sagging or piked hips and knee push-ups break them.
 */
export const pushupDefinition = {
  name: 'Push-up',
  description:
    'Standard push-up, side view. Counts a rep from arms extended, down to bent elbows and back.',
  cameraPosition: 'side',
  angles: [
    { id: 'elbow', name: 'Elbow', landmarks: ['left_shoulder', 'left_elbow', 'left_wrist'] },
    { id: 'body', name: 'Body line', landmarks: ['left_shoulder', 'left_hip', 'left_ankle'] },
    { id: 'knee', name: 'Knee', landmarks: ['left_hip', 'left_knee', 'left_ankle'] },
  ],
  phases: {
    start: { id: 'start', angleRanges: { elbow: { min: 145, max: 180 } } },
    transition: { id: 'transition', angleRanges: { elbow: { min: 95, max: 160 } } },
    end: { id: 'end', angleRanges: { elbow: { min: 0, max: 110 } } },
  },
  globalAlignments: [],
  timing: { minPhaseHoldTime: 0, transitionDebounce: 50, startingPositionHoldTime: 200 },
  qualificationRep: { enabled: false },
  stopCondition: { enabled: false },
} as const satisfies ExerciseDefinitionInput;
