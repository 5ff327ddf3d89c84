import type { WorldLandmark } from '../types.js';

const DEGREES_PER_RADIAN = 180 / Math.PI;
const LEFT_SHOULDER = 11;
const RIGHT_SHOULDER = 12;

/** Where the camera stands relative to the body (spec 01's camera positions, from the landmarks). */
export type CameraView = 'side' | 'oblique' | 'front';

/**
 * The angle in degrees between the shoulder line and the camera's axis, from world landmarks:
 * 0 when one shoulder is straight behind the other (a side view), 90 when both are at the same
 * depth (a front or back view). NaN without world landmarks or with both shoulders on one spot.
 */
export function shoulderLineYaw(world: readonly WorldLandmark[] | undefined): number {
  if (world === undefined || world.length === 0) return Number.NaN;
  const left = world[LEFT_SHOULDER]!;
  const right = world[RIGHT_SHOULDER]!;
  const across = Math.abs(left.x - right.x);
  const depth = Math.abs(left.z - right.z);
  if (across === 0 && depth === 0) return Number.NaN;
  return Math.atan2(across, depth) * DEGREES_PER_RADIAN;
}

/** Yaw limits of the views (degrees): the quarter circle cut in three equal parts. */
export const CAMERA_VIEW_YAW = {
  /** up to this, a side view */
  sideMax: 30,
  /** from this, a front (or back) view; oblique in between */
  frontMin: 60,
} as const;

export function cameraViewFromYaw(yaw: number): CameraView | null {
  if (Number.isNaN(yaw)) return null;
  if (yaw <= CAMERA_VIEW_YAW.sideMax) return 'side';
  return yaw >= CAMERA_VIEW_YAW.frontMin ? 'front' : 'oblique';
}

/**
 * The view over a stretch of frames (a rep, a clip): the view of the mean yaw of its frames that
 * had world landmarks. Mutable and reused, so following a stream allocates nothing.
 */
export class ViewTally {
  private yawSum = 0;
  private samples = 0;

  add(yaw: number): void {
    if (Number.isNaN(yaw)) return;
    this.yawSum += yaw;
    this.samples++;
  }

  /** degrees; NaN when no frame had world landmarks */
  get meanYaw(): number {
    return this.samples === 0 ? Number.NaN : this.yawSum / this.samples;
  }

  get view(): CameraView | null {
    return cameraViewFromYaw(this.meanYaw);
  }

  clear(): void {
    this.yawSum = 0;
    this.samples = 0;
  }
}

/** ms over which the current view is averaged (an exponential mean of the yaw). */
export const VIEW_TIME_CONSTANT = 1_000;

/**
 * The view now: an exponential mean of the yaw over about the last second of frame time, so a
 * camera cut or a turn shows within a second while one frame's jitter does not flip the view.
 */
export class ViewTracker {
  private yaw = Number.NaN;
  private lastT = Number.NaN;
  /**
   * The weights of the last two time steps (ms): frames come at one rate, whose steps in float ms
   * take two or three values (33.333333333333336, 33.33333333333333), so the exponential is
   * computed again only for another step.
   */
  private lastStep = Number.NaN;
  private lastWeight = 0;
  private olderStep = Number.NaN;
  private olderWeight = 0;

  update(yaw: number, t: number): void {
    if (Number.isNaN(yaw)) return;
    if (Number.isNaN(this.yaw)) this.yaw = yaw;
    else this.yaw += (yaw - this.yaw) * this.stepWeight(t - this.lastT);
    this.lastT = t;
  }

  /** How far a step of `step` ms moves the mean toward the new yaw. */
  private stepWeight(step: number): number {
    if (step === this.lastStep) return this.lastWeight;
    if (step === this.olderStep) return this.olderWeight;
    this.olderStep = this.lastStep;
    this.olderWeight = this.lastWeight;
    this.lastStep = step;
    this.lastWeight = 1 - Math.exp(-step / VIEW_TIME_CONSTANT);
    return this.lastWeight;
  }

  /** degrees; NaN before the first frame with world landmarks */
  get meanYaw(): number {
    return this.yaw;
  }

  get view(): CameraView | null {
    return cameraViewFromYaw(this.yaw);
  }

  reset(): void {
    this.yaw = Number.NaN;
    this.lastT = Number.NaN;
    this.lastStep = Number.NaN;
    this.lastWeight = 0;
    this.olderStep = Number.NaN;
    this.olderWeight = 0;
  }
}
