import { angleAtVertex } from '../geometry/angle-at-vertex.js';
import { angleInSpace } from '../geometry/angle-in-space.js';
import type { CameraView } from '../geometry/camera-view.js';
import { hipDeviation } from '../geometry/hip-deviation.js';
import { hipDeviationInSpace } from '../geometry/hip-deviation-in-space.js';
import type { BodySide } from '../geometry/side-choice.js';
import { upperArmElevation } from '../geometry/upper-arm-elevation.js';
import type { FrameSize, Landmark, WorldLandmark } from '../types.js';
import { GlitchFilter } from './glitch-filter.js';
import { HeldExtreme } from './held-extreme.js';

// BlazePose landmark ids.
const ARM = { left: [11, 13, 15], right: [12, 14, 16] } as const; // shoulder, elbow, wrist
const BODY_LINE = { left: [11, 23, 27, 25], right: [12, 24, 28, 26] } as const; // shoulder, hip, ankle, knee
const WRIST = { left: 15, right: 16 } as const;

/** Where markTop keeps each measurement in its snapshot. */
const SNAPSHOT = {
  minUpperArm: 0,
  minUpperArmAt: 1,
  sag: 2,
  sagAt: 3,
  pike: 4,
  pikeAt: 5,
  knee: 6,
  kneeAt: 7,
  sag3d: 8,
  sag3dAt: 9,
  pike3d: 10,
  pike3dAt: 11,
  knee3d: 12,
  knee3dAt: 13,
  worm: 14,
  wormAt: 15,
} as const;
const SNAPSHOT_SLOTS = 16;

/** The settings the judges' form measurements need (both analysers' configs have them). */
export interface FormTrackerConfig {
  /** Landmarks count as seen from this visibility. */
  readonly minLandmarkVisibility: number;
  /** The arm's landmarks need only this fraction of minLandmarkVisibility (as the elbow's). */
  readonly elbowVisibilityFactor: number;
  /** ms a sag or a pike must hold */
  readonly bodyLineHold: number;
  /** ms a bent knee must hold */
  readonly kneeHold: number;
  /** ms of the upper arm's glitch median, and what it keeps below 20 fps (degrees) */
  readonly glitchWindow: number;
  readonly glitchKeepWithin: number;
}

/** What the judges' form rules read of one rep (docs/judging-rubric.md). */
export interface FormMeasurements {
  /** degrees: the upper arm's lowest elevation above the floor (NaN: not measured) */
  readonly minUpperArmElevation: number;
  /** ms */
  readonly minUpperArmTime: number;
  /** %: of the body's length, the hip's worst held sag toward the floor (NaN: not measured) */
  readonly hipSag: number;
  readonly hipSagTime: number;
  /**
   * %: of the body's length, how much further the hips sagged on the way up than at the bottom,
   * held a while (the worm; NaN: not measured)
   */
  readonly wormRise: number;
  readonly wormTime: number;
  /** %: of the body's length, the hip's worst held rise above the line (a pike; NaN: not measured) */
  readonly hipPike: number;
  readonly hipPikeTime: number;
  /** degrees: the lowest knee angle held over the rep (NaN: not measured) */
  readonly kneeAngle: number;
  readonly kneeTime: number;
}

/**
 * Follows a rep's frames for the judges' form rules (the upper arm's depth, the hips' sag and
 * pike, the worm, knees on the floor), one home for both analysers: in the picture, and in space
 * for a rep seen from the front (where the body line runs along the camera's axis). Sags, pikes
 * and bent knees count when they hold a while (HeldExtreme): one frame is tracking noise.
 */
export class FormTracker {
  private readonly sag: HeldExtreme;
  private readonly pike: HeldExtreme;
  private readonly knee: HeldExtreme;
  private readonly sag3d: HeldExtreme;
  private readonly pike3d: HeldExtreme;
  private readonly knee3d: HeldExtreme;
  /** The sag held since the rep's bottom, and the hip's deviation at that bottom (%). */
  private readonly sagSinceBottom: HeldExtreme;
  private deviationAtBottom = Number.NaN;
  /** The detector lost the person since the worm's reference was taken. */
  private lostSinceBottom = false;
  private readonly upperArmFilter: GlitchFilter;
  private minUpperArm = Number.NaN;
  private minUpperArmAt = 0;
  /**
   * What the rep's form was at its top so far (markTop): a rep ends at the top it returned to,
   * but the analysers learn that only frames later (the arms must leave the top first), and
   * those frames are the next rep's descent, not this rep's form. Slots: SNAPSHOT below.
   */
  private readonly atTop = new Float64Array(SNAPSHOT_SLOTS);
  /** ms: the frame of the snapshot (NaN: none this rep) */
  private atTopTime = Number.NaN;

  constructor(
    private readonly config: FormTrackerConfig,
    private readonly frameSize: FrameSize,
  ) {
    this.sag = new HeldExtreme('max', config.bodyLineHold);
    this.pike = new HeldExtreme('max', config.bodyLineHold);
    this.knee = new HeldExtreme('min', config.kneeHold);
    this.sag3d = new HeldExtreme('max', config.bodyLineHold);
    this.pike3d = new HeldExtreme('max', config.bodyLineHold);
    this.knee3d = new HeldExtreme('min', config.kneeHold);
    this.sagSinceBottom = new HeldExtreme('max', config.bodyLineHold);
    this.upperArmFilter = new GlitchFilter(config);
  }

  /** A new rep: nothing of the last one carries over (the upper arm's filter does, it is per stream). */
  startRep(): void {
    this.sag.reset();
    this.pike.reset();
    this.knee.reset();
    this.sag3d.reset();
    this.pike3d.reset();
    this.knee3d.reset();
    this.sagSinceBottom.reset();
    this.deviationAtBottom = Number.NaN;
    this.lostSinceBottom = false;
    this.minUpperArm = Number.NaN;
    this.minUpperArmAt = 0;
    this.atTopTime = Number.NaN;
  }

  /**
   * The frame just given (`t`, ms) is the rep's top so far: should the rep end here, its form is
   * what its frames up to here show. Allocation-free (called on every rising frame).
   */
  markTop(t: number): void {
    const snapshot = this.atTop;
    snapshot[SNAPSHOT.minUpperArm] = this.minUpperArm;
    snapshot[SNAPSHOT.minUpperArmAt] = this.minUpperArmAt;
    snapshot[SNAPSHOT.sag] = this.sag.value;
    snapshot[SNAPSHOT.sagAt] = this.sag.timeMs;
    snapshot[SNAPSHOT.pike] = this.pike.value;
    snapshot[SNAPSHOT.pikeAt] = this.pike.timeMs;
    snapshot[SNAPSHOT.knee] = this.knee.value;
    snapshot[SNAPSHOT.kneeAt] = this.knee.timeMs;
    snapshot[SNAPSHOT.sag3d] = this.sag3d.value;
    snapshot[SNAPSHOT.sag3dAt] = this.sag3d.timeMs;
    snapshot[SNAPSHOT.pike3d] = this.pike3d.value;
    snapshot[SNAPSHOT.pike3dAt] = this.pike3d.timeMs;
    snapshot[SNAPSHOT.knee3d] = this.knee3d.value;
    snapshot[SNAPSHOT.knee3dAt] = this.knee3d.timeMs;
    snapshot[SNAPSHOT.worm] = this.sagSinceBottom.value - this.deviationAtBottom;
    snapshot[SNAPSHOT.wormAt] = this.sagSinceBottom.timeMs;
    this.atTopTime = t;
  }

  /** A new stream. */
  reset(): void {
    this.startRep();
    this.upperArmFilter.reset();
  }

  /**
   * One frame at `t` (ms). `view`: the camera's view now (null: unknown, nothing is measured);
   * `armSide`: the arm the elbow is read on; `bodySide`: the side the body line is read on;
   * `inRep`: the frame belongs to a rep; `atBottom`: it is the rep's lowest point so far (the worm
   * is measured on the way up from there).
   */
  frame(
    t: number,
    landmarks: readonly Landmark[],
    world: readonly WorldLandmark[] | undefined,
    view: CameraView | null,
    armSide: BodySide | null,
    bodySide: BodySide,
    inRep: boolean,
    atBottom: boolean,
  ): void {
    // The upper arm's filter sees every frame of the stream, so a rep starts with it warm.
    const upperArm =
      view === null || view === 'front' || armSide === null || landmarks.length === 0
        ? Number.NaN
        : this.upperArmFilter.filter(this.upperArmElevation(landmarks, armSide), t);
    if (!inRep || view === null) return;
    if (!(upperArm >= this.minUpperArm) && !Number.isNaN(upperArm)) {
      this.minUpperArm = upperArm;
      this.minUpperArmAt = t;
    }
    if (landmarks.length === 0) {
      // No person in the frame: nothing held through it.
      this.sag.push(Number.NaN, t);
      this.pike.push(Number.NaN, t);
      this.knee.push(Number.NaN, t);
      this.sagSinceBottom.push(Number.NaN, t);
      this.lostSinceBottom = true;
      return;
    }
    const ids = BODY_LINE[bodySide];
    const minVisibility = this.config.minLandmarkVisibility;
    const shoulder = landmarks[ids[0]]!;
    const hip = landmarks[ids[1]]!;
    const ankle = landmarks[ids[2]]!;
    const knee = landmarks[ids[3]]!;
    const trunkSeen = shoulder.visibility >= minVisibility && hip.visibility >= minVisibility;
    const ankleSeen = ankle.visibility >= minVisibility;
    const kneeSeen = knee.visibility >= minVisibility;
    // The line's foot end: the ankle, or the knee when the feet are out of the picture.
    const foot = ankleSeen ? ankle : kneeSeen ? knee : null;
    const hand = this.handOn(landmarks, bodySide);
    const deviation =
      trunkSeen && foot !== null && hand !== null
        ? hipDeviation(shoulder, hip, foot, hand, this.frameSize) * 100
        : Number.NaN;
    this.sag.push(deviation, t);
    this.pike.push(-deviation, t);
    if (atBottom) {
      // A new bottom: the way up is measured from here.
      this.deviationAtBottom = deviation;
      this.sagSinceBottom.reset();
      this.lostSinceBottom = false;
    }
    // Once the detector has lost the person since the bottom, the way up is not compared with it
    // any more: the hips then and at the bottom come from two trackings, and the first readings
    // after finding someone again are the tracker's (04 at 12 frames/s: 29% read on finding the
    // person again, a straight body in every picture). What held before the loss stands.
    if (!this.lostSinceBottom) this.sagSinceBottom.push(deviation, t);
    this.knee.push(
      hip.visibility >= minVisibility && kneeSeen && ankleSeen
        ? angleAtVertex(hip, knee, ankle, this.frameSize)
        : Number.NaN,
      t,
    );
    if (world !== undefined) this.frameInSpace(t, landmarks, world, bodySide);
  }

  /**
   * What the rules read of the rep so far: in space for a rep seen from the front (`inSpace`),
   * else in the picture.
   */
  measurements(inSpace: boolean, endTime?: number): FormMeasurements {
    if (endTime !== undefined && endTime === this.atTopTime) return this.measurementsAtTop(inSpace);
    const sag = inSpace ? this.sag3d : this.sag;
    const pike = inSpace ? this.pike3d : this.pike;
    const knee = inSpace ? this.knee3d : this.knee;
    return {
      minUpperArmElevation: this.minUpperArm,
      minUpperArmTime: this.minUpperArmAt,
      hipSag: sag.value,
      hipSagTime: sag.timeMs,
      wormRise: this.sagSinceBottom.value - this.deviationAtBottom,
      wormTime: this.sagSinceBottom.timeMs,
      hipPike: pike.value,
      hipPikeTime: pike.timeMs,
      kneeAngle: knee.value,
      kneeTime: knee.timeMs,
    };
  }

  /** The snapshot of markTop, as measurements() reads the live state. */
  private measurementsAtTop(inSpace: boolean): FormMeasurements {
    const snapshot = this.atTop;
    return {
      minUpperArmElevation: snapshot[SNAPSHOT.minUpperArm]!,
      minUpperArmTime: snapshot[SNAPSHOT.minUpperArmAt]!,
      hipSag: snapshot[inSpace ? SNAPSHOT.sag3d : SNAPSHOT.sag]!,
      hipSagTime: snapshot[inSpace ? SNAPSHOT.sag3dAt : SNAPSHOT.sagAt]!,
      wormRise: snapshot[SNAPSHOT.worm]!,
      wormTime: snapshot[SNAPSHOT.wormAt]!,
      hipPike: snapshot[inSpace ? SNAPSHOT.pike3d : SNAPSHOT.pike]!,
      hipPikeTime: snapshot[inSpace ? SNAPSHOT.pike3dAt : SNAPSHOT.pikeAt]!,
      kneeAngle: snapshot[inSpace ? SNAPSHOT.knee3d : SNAPSHOT.knee]!,
      kneeTime: snapshot[inSpace ? SNAPSHOT.knee3dAt : SNAPSHOT.kneeAt]!,
    };
  }

  /**
   * The body line in space, on the landmarks the picture sees (the model places unseen legs
   * anyway; their guess is no measurement).
   */
  private frameInSpace(
    t: number,
    landmarks: readonly Landmark[],
    world: readonly WorldLandmark[],
    side: BodySide,
  ): void {
    const ids = BODY_LINE[side];
    const minVisibility = this.config.minLandmarkVisibility;
    const lineSeen =
      landmarks[ids[0]]!.visibility >= minVisibility &&
      landmarks[ids[1]]!.visibility >= minVisibility &&
      landmarks[ids[2]]!.visibility >= minVisibility;
    const handId = landmarks[WRIST[side]]!.visibility >= minVisibility ? WRIST[side] : null;
    const deviation =
      lineSeen && handId !== null
        ? hipDeviationInSpace(world[ids[0]]!, world[ids[1]]!, world[ids[2]]!, world[handId]!) * 100
        : Number.NaN;
    this.sag3d.push(deviation, t);
    this.pike3d.push(-deviation, t);
    const kneeSeen =
      landmarks[ids[1]]!.visibility >= minVisibility &&
      landmarks[ids[3]]!.visibility >= minVisibility &&
      landmarks[ids[2]]!.visibility >= minVisibility;
    this.knee3d.push(
      kneeSeen ? angleInSpace(world[ids[1]]!, world[ids[3]]!, world[ids[2]]!) : Number.NaN,
      t,
    );
  }

  /**
   * The upper arm's elevation above the floor on `side`, in the picture: the floor is the line
   * through that side's wrist and ankle when both are seen, else the picture's horizontal.
   */
  private upperArmElevation(landmarks: readonly Landmark[], side: BodySide): number {
    const ids = ARM[side];
    const shoulder = landmarks[ids[0]]!;
    const elbow = landmarks[ids[1]]!;
    const armVisibility = this.config.minLandmarkVisibility * this.config.elbowVisibilityFactor;
    if (shoulder.visibility < armVisibility || elbow.visibility < armVisibility) return Number.NaN;
    const minVisibility = this.config.minLandmarkVisibility;
    const wrist = landmarks[ids[2]]!;
    const ankle = landmarks[BODY_LINE[side][2]]!;
    const floorSeen = wrist.visibility >= minVisibility && ankle.visibility >= minVisibility;
    return upperArmElevation(
      shoulder,
      elbow,
      floorSeen ? wrist : null,
      floorSeen ? ankle : null,
      this.frameSize,
    );
  }

  /** A hand on the floor: the wrist on `side`, or the other one; null when neither is seen. */
  private handOn(landmarks: readonly Landmark[], side: BodySide): Landmark | null {
    const minVisibility = this.config.minLandmarkVisibility;
    const own = landmarks[WRIST[side]]!;
    if (own.visibility >= minVisibility) return own;
    const other = landmarks[WRIST[side === 'left' ? 'right' : 'left']]!;
    return other.visibility >= minVisibility ? other : null;
  }
}
