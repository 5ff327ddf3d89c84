import type { ExerciseDefinitionInput } from '../schema.js';

/**
 * The built-in bodyweight or barbell squat. Written as a side view so that both knees are
 * measured and averaged where visible, which also works filmed from the front, at an angle or
 * from behind (chosen on 8 labelled real clips; see docs/benchmarks.md).
 *
 * The knee angle (hip-knee-ankle) drives the phases: standing from 150 degrees, a 145-150 dead
 * band, down at 100 or less. Filmed from the front a deep squat only closes the knee to about
 * 140 degrees in the picture, so such reps count as invalid (skipped end phase).
 */
export const squatDefinition = {
  name: 'Squat',
  description:
    'Squat to at least thighs about parallel. Counts a rep from standing, down to bent knees and back up.',
  cameraPosition: 'side',
  angles: [{ id: 'knee', name: 'Knee', landmarks: ['left_hip', 'left_knee', 'left_ankle'] }],
  phases: {
    start: { id: 'start', angleRanges: { knee: { min: 150, max: 180 } } },
    transition: { id: 'transition', angleRanges: { knee: { min: 100, max: 145 } } },
    end: { id: 'end', angleRanges: { knee: { min: 0, max: 100 } } },
  },
  globalAlignments: [],
  timing: { minPhaseHoldTime: 60, transitionDebounce: 0, startingPositionHoldTime: 0 },
  qualificationRep: { enabled: false },
  stopCondition: { enabled: false },
} as const satisfies ExerciseDefinitionInput;
