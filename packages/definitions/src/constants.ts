/** Constants of the exercise-definition document (spec 01 §3, §5, §9). */

export const CAMERA_POSITIONS = ['front', 'back', 'side'] as const;
export type CameraPosition = (typeof CAMERA_POSITIONS)[number];

/** The phases of every definition-driven exercise, in the order a cycle first visits them. */
export const PHASE_NAMES = ['start', 'transition', 'end'] as const;
export type PhaseName = (typeof PHASE_NAMES)[number];

/** An angle is measured at the middle (vertex) of exactly this many landmarks. */
export const LANDMARKS_PER_ANGLE = 3;

/** Angle ranges are in degrees, within these bounds. */
export const ANGLE_MIN_DEGREES = 0;
export const ANGLE_MAX_DEGREES = 180;

/** The range every angle gets in every phase unless the document says otherwise. */
export const DEFAULT_ANGLE_RANGE = { min: ANGLE_MIN_DEGREES, max: ANGLE_MAX_DEGREES } as const;

/** Timing defaults applied to loaded or imported documents (all ms). */
export const DEFAULT_TIMING = {
  minPhaseHoldTime: 0, // ms
  transitionDebounce: 0, // ms
  startingPositionHoldTime: 200, // ms
} as const;

/** The editor's placeholder name for a definition nobody has named yet. */
export const PLACEHOLDER_EXERCISE_NAME = 'NEW EXERCISE';
