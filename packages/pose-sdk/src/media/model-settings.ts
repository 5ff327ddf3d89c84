/**
 * Every tunable of the BlazePose landmarker in one place, so the browser and the headless (Node)
 * path cannot drift apart: both build their PoseLandmarker from these values.
 */

import type { PoseModelVariant } from '../core/pose-model.js';

// The variants are the core's (its measurements are calibrated per model); re-exported here, where
// hosts find every setting of the landmarker.
export {
  DEFAULT_POSE_MODEL,
  POSE_MODEL_VARIANTS,
  type PoseModelVariant,
} from '../core/pose-model.js';

/** The spec's "model complexity" number for each variant, for logs and result headers. */
export const MODEL_COMPLEXITY: Readonly<Record<PoseModelVariant, 0 | 1 | 2>> = {
  lite: 0,
  full: 1,
  heavy: 2,
};

/** File name of a variant's model bundle; the same name is used in every place that serves one. */
export function modelFileName(variant: PoseModelVariant): string {
  return `pose_landmarker_${variant}.task`;
}

/**
 * CPU by default: it gives the same landmarks on every machine (the GPU delegate's float16 maths
 * differs per driver) and it is what headless extraction uses, so browser and CLI agree.
 */
export const DEFAULT_DELEGATE: 'CPU' | 'GPU' = 'CPU';

/** One person per frame: the analysers coach a single athlete. */
export const MAX_POSES = 1;

/** Minimum score of the person detector for a new detection to be accepted (0..1). */
export const MIN_POSE_DETECTION_CONFIDENCE = 0.5;

/** Minimum landmark-model presence score below which the person counts as lost (0..1). */
export const MIN_POSE_PRESENCE_CONFIDENCE = 0.5;

/** Minimum tracking score below which the detector runs again instead of tracking (0..1). */
export const MIN_TRACKING_CONFIDENCE = 0.5;

/** The analysers need landmarks only; segmentation masks cost time and memory. */
export const OUTPUT_SEGMENTATION_MASKS = false;

/**
 * The smallest step (ms) by which graph timestamps advance when the caller's media time does not
 * (a seek backwards, a looped video, a repeated frame). tasks-vision rejects any timestamp that is
 * not strictly greater than the previous one.
 */
export const MIN_TIMESTAMP_STEP_MS = 1;

/** Names of the tasks-vision wasm files that must be served next to each other. */
export const WASM_FILES = [
  'vision_wasm_internal.js',
  'vision_wasm_internal.wasm',
  'vision_wasm_nosimd_internal.js',
  'vision_wasm_nosimd_internal.wasm',
] as const;

/**
 * Graph-time gap (ms) inserted when the detector is reset between videos, so no filter treats the
 * next video's first frame as a continuation of the previous one.
 */
export const RESET_GAP_MS = 1000;

/** Side (px) of the blank frame used to make the graph forget the tracked person on reset. */
export const BLANK_FRAME_SIZE_PX = 64;

/** Seek target offset (s) past a frame's start time when stepping a <video>; far below any frame duration. */
export const SEEK_BIAS_S = 0.0001;

/** Longest wait (ms) for a seeked <video> frame to be presented before giving up with an error. */
export const SEEK_TIMEOUT_MS = 10_000;

/**
 * tasks-vision's smoothing of landmark visibility in VIDEO mode: a low-pass filter keeping this
 * share of each new value (its pose graph's VisibilitySmoothingCalculator). Checked on every
 * committed trace: the raw values it implies all lie in 0-1. Used to restart it (VisibilityRestart).
 */
export const VISIBILITY_SMOOTHING_ALPHA = 0.1;
