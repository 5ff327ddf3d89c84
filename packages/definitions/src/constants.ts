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

/**
 * How a definition cuts its reps (the issue-24 decision: a relative cycle measure, opt-in).
 * 'absolute' (the spec, the default): a rep is the cycle start, transition, end, transition,
 * start, each phase entered when its angle ranges hold. 'relative': a rep is cut where the
 * phase-driving angles turn, from a top down by at least minTurn and back up by at least minTurn
 * (as the push-up analyser cuts its reps), and the ranges judge it: its bottom must reach the end
 * phase's ranges and the top it returns to the start phase's. Fast sets that turn short of the
 * start range and shallow dips are counted, and judged, instead of merging or vanishing.
 */
export const CYCLE_MEASURES = ['absolute', 'relative'] as const;
export type CycleMeasure = (typeof CYCLE_MEASURES)[number];

/** The cycle defaults: the spec's absolute phases; a relative rep turns by at least 30 degrees. */
export const DEFAULT_CYCLE = { measure: 'absolute', minTurn: 30 } as const;

/** degrees: the smallest and largest turn a relative cycle may ask for */
export const MIN_CYCLE_TURN = 5;
export const MAX_CYCLE_TURN = 180;

/**
 * The judges' form rules a definition may ask for (docs/judging-rubric.md): knees on the floor,
 * piked or sagging hips, the worm (hips rising after the shoulders), and the upper arm down to
 * about parallel at the bottom. They read the body line shoulder-hip-ankle and the arm, as the
 * push-up analyser does, each from the views that can see it.
 */
export const FORM_RULE_NAMES = ['knees', 'hipPike', 'hipSag', 'worm', 'upperArm'] as const;
export type FormRuleName = (typeof FORM_RULE_NAMES)[number];

/** The editor's placeholder name for a definition nobody has named yet. */
export const PLACEHOLDER_EXERCISE_NAME = 'NEW EXERCISE';
