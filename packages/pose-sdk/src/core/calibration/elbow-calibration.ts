import type { CameraView } from '../geometry/camera-view.js';
import type { PoseModelVariant } from '../pose-model.js';

/**
 * How the elbow is measured and corrected, per camera view and pose model (docs/decisions.md,
 * "Verdicts a judge would sign"; the study is `packages/pose-sdk/scripts/elbow-calibration.mjs`,
 * its figures in docs/benchmarks.md). Measured on the 21 labelled push-up fixtures against the
 * per-rep verdicts judges gave from the pictures (fixtures/videos/rep-verdicts.json).
 */

/**
 * Which arm's reading stands for the arms: from the side the near arm (the far one is behind the
 * body, and BlazePose guesses it); obliquely and from the front both arms are in view: their mean.
 */
export type ArmChoice = 'near' | 'mean';

export const ARM_CHOICE_BY_VIEW: Readonly<Record<CameraView, ArmChoice>> = {
  side: 'near',
  oblique: 'mean',
  front: 'mean',
};

/** degrees: readings at or below this (the spec's down zone, maxDownAngle) are taken as read. */
export const ELBOW_CALIBRATION_FLOOR = 120;

/**
 * degrees: per model and view, the elbow reading (in the picture, on the arms ARM_CHOICE_BY_VIEW
 * picks) of the 5th percentile of the tops judges called straight; correctElbowAngle maps it to
 * the spec's straight arm (160).
 */
export const STRAIGHT_ARM_READING: Readonly<
  Record<PoseModelVariant, Readonly<Record<CameraView, number>>>
> = {
  lite: { side: 143, oblique: 143, front: 160 },
  full: { side: 144, oblique: 144, front: 160 },
  heavy: { side: 144, oblique: 144, front: 160 },
};
