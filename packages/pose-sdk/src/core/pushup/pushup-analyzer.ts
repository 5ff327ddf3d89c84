import { correctElbowAngle, rawElbowAngle } from '../calibration/correct-elbow-angle.js';
import {
  ARM_CHOICE_BY_VIEW,
  ELBOW_CALIBRATION_FLOOR,
  STRAIGHT_ARM_READING,
} from '../calibration/elbow-calibration.js';
import { PUSHUP_ANALYZER_DEFAULTS, type PushupAnalyzerConfig } from '../constants.js';
import { OptionsError } from '../errors.js';
import {
  type AnalysisState,
  type AnalyzerEvent,
  NO_EVENTS,
  type PushupPhase,
  type PushupRepRecord,
  type RepAnalyzer,
  type TimelineEntry,
  type TimelinePhase,
} from '../events.js';
import { alignmentScoreFromHipAngle } from '../geometry/alignment-score.js';
import { angleAtVertex } from '../geometry/angle-at-vertex.js';
import { angleInSpace } from '../geometry/angle-in-space.js';
import {
  type CameraView,
  shoulderLineYaw,
  ViewTally,
  ViewTracker,
} from '../geometry/camera-view.js';
import { RollingMean } from '../geometry/rolling-mean.js';
import { type BodySide, chooseSide, weakestVisibility } from '../geometry/side-choice.js';
import { torsoUprightCosine } from '../geometry/torso-tilt.js';
import { countVisibleLandmarks, isLandmarkVisible } from '../geometry/visibility.js';
import { checkFrameSize, checkNonNegativeNumbers } from '../options/check-options.js';
import { DEFAULT_POSE_MODEL, type PoseModelVariant } from '../pose-model.js';
import { type FormMeasurements, FormTracker } from '../shared/form-tracker.js';
import { FrameGuard } from '../shared/frame-guard.js';
import { GlitchFilter } from '../shared/glitch-filter.js';
import { PresenceTracker } from '../shared/presence-tracker.js';
import { RepLedger } from '../shared/rep-ledger.js';
import type { FrameSize, Landmark, PoseFrame, WorldLandmark } from '../types.js';
import { armsStraightAtTop } from './arms-straight-at-top.js';
import {
  type ArmsMeasured,
  judgePushupRepWithEvidence,
  type PushupCycleEvidence,
  type PushupCycleStats,
} from './judge-pushup-rep.js';

// BlazePose landmark ids.
const ARM = { left: [11, 13, 15], right: [12, 14, 16] } as const; // shoulder, elbow, wrist
const BODY_LINE = { left: [11, 23, 27, 25], right: [12, 24, 28, 26] } as const; // shoulder, hip, ankle, knee
const ARM_LANDMARKS = [11, 12, 13, 14, 15, 16];
const HIP_LEG_LANDMARKS = [23, 24, 25, 26];

export type PushupEvent = AnalyzerEvent<PushupPhase, PushupRepRecord>;

export interface PushupAnalyzerOptions {
  /** Pixel size of the frames, so that angles are measured in pixels, not normalised units. */
  readonly frameSize: FrameSize;
  /** Override any of the spec's constants (PUSHUP_ANALYZER_DEFAULTS). */
  readonly config?: Partial<PushupAnalyzerConfig>;
  /**
   * The BlazePose model that made the landmarks (default 'full'): the elbow is calibrated per
   * model (core/calibration), as each reads a straight arm a little differently.
   */
  readonly model?: PoseModelVariant;
}

/** Timeline phases for the push-up's phases: up is the start position, down the end. */
const TIMELINE_PHASE: Record<Exclude<PushupPhase, 'unknown'>, TimelinePhase> = {
  up: 'start',
  transition: 'transition',
  down: 'end',
};

/** A moment of the elbow angle; mutable and reused, so following the stream allocates nothing. */
class TurningPoint {
  constructor(
    /** degrees */
    public angle = Number.NaN,
    /** ms */
    public t = 0,
  ) {}

  set(angle: number, t: number): void {
    this.angle = angle;
    this.t = t;
  }

  copy(from: TurningPoint): void {
    this.angle = from.angle;
    this.t = from.t;
  }
}

class CycleStats implements PushupCycleStats, PushupCycleEvidence {
  /** The judges' form measurements of the rep, taken from the FormTracker when it ends. */
  form: FormMeasurements = NO_FORM;
  minElbowRaw = Number.NaN;
  endTopElbowRaw = Number.NaN;
  /**
   * The judged elbow (measured on the arms the view shows, calibrated; NaN without a view): its
   * lowest value in the cycle, and the highest since that bottom, each with its reading, time
   * and arms. The rules read these; the counting follows the spec's measure (mean of the arms).
   */
  judgedMin = Number.NaN;
  judgedMinRaw = Number.NaN;
  judgedMinTime = 0;
  judgedMinArms: ArmsMeasured | null = null;
  judgedTop = Number.NaN;
  judgedTopRaw = Number.NaN;
  judgedTopTime = 0;
  judgedTopArms: ArmsMeasured | null = null;
  /** The highest judged elbow of the cycle (its range of motion is judgedMax - judgedMin). */
  judgedMax = Number.NaN;
  startTime = 0;
  endTime = 0;
  readonly viewTally = new ViewTally();
  alignmentSum3d = 0;
  alignmentSamples3d = 0;
  alignmentDropCount3d = 0;
  minElbowTime = 0;
  minElbowArms: ArmsMeasured | null = null;
  endTopArms: ArmsMeasured | null = null;
  minAlignmentTime = 0;
  bodySide: BodySide | null = null;
  topElbowAngle = 0;
  endTopElbowAngle = 0;
  minElbowAngle = Number.POSITIVE_INFINITY;
  maxElbowAngle = Number.NEGATIVE_INFINITY;
  alignmentSum = 0;
  alignmentSamples = 0;
  minAlignment = Number.POSITIVE_INFINITY;
  alignmentDropCount = 0;
  frameCount = 0;
  visibleFrameCount = 0;

  get minUpperArmElevation(): number {
    return this.form.minUpperArmElevation;
  }

  get minUpperArmTime(): number {
    return this.form.minUpperArmTime;
  }

  get hipSag(): number {
    return this.form.hipSag;
  }

  get hipSagTime(): number {
    return this.form.hipSagTime;
  }

  get wormRise(): number {
    return this.form.wormRise;
  }

  get wormTime(): number {
    return this.form.wormTime;
  }

  get hipPike(): number {
    return this.form.hipPike;
  }

  get hipPikeTime(): number {
    return this.form.hipPikeTime;
  }

  get kneeAngle(): number {
    return this.form.kneeAngle;
  }

  get kneeTime(): number {
    return this.form.kneeTime;
  }

  get alignmentScore(): number {
    return this.alignmentSamples === 0 ? Number.NaN : this.alignmentSum / this.alignmentSamples;
  }

  get bodyLineFrames(): number {
    return this.alignmentSamples;
  }

  get bodyLineFrames3d(): number {
    return this.alignmentSamples3d;
  }

  get alignmentScore3d(): number {
    return this.alignmentSamples3d === 0
      ? Number.NaN
      : this.alignmentSum3d / this.alignmentSamples3d;
  }

  get view(): CameraView | null {
    return this.viewTally.view;
  }

  restart(startTime: number, topElbowAngle: number): void {
    this.startTime = startTime;
    this.topElbowAngle = topElbowAngle;
    this.endTopElbowAngle = 0;
    this.minElbowAngle = Number.POSITIVE_INFINITY;
    this.maxElbowAngle = Number.NEGATIVE_INFINITY;
    this.alignmentSum = 0;
    this.alignmentSamples = 0;
    this.minAlignment = Number.POSITIVE_INFINITY;
    this.alignmentDropCount = 0;
    this.frameCount = 0;
    this.visibleFrameCount = 0;
    this.endTime = 0;
    this.viewTally.clear();
    this.alignmentSum3d = 0;
    this.alignmentSamples3d = 0;
    this.alignmentDropCount3d = 0;
    this.minElbowTime = startTime;
    this.minElbowArms = null;
    this.endTopArms = null;
    this.minAlignmentTime = startTime;
    this.bodySide = null;
    this.minElbowRaw = Number.NaN;
    this.endTopElbowRaw = Number.NaN;
    this.judgedMin = Number.NaN;
    this.judgedMinRaw = Number.NaN;
    this.judgedMinTime = startTime;
    this.judgedMinArms = null;
    this.judgedTop = Number.NaN;
    this.judgedTopRaw = Number.NaN;
    this.judgedTopTime = startTime;
    this.judgedTopArms = null;
    this.judgedMax = Number.NaN;
    this.form = NO_FORM;
  }
}

/** A rep's form before it ends: nothing measured. */
const NO_FORM: FormMeasurements = Object.freeze({
  minUpperArmElevation: Number.NaN,
  minUpperArmTime: 0,
  hipSag: Number.NaN,
  hipSagTime: Number.NaN,
  wormRise: Number.NaN,
  wormTime: Number.NaN,
  hipPike: Number.NaN,
  hipPikeTime: Number.NaN,
  kneeAngle: Number.NaN,
  kneeTime: Number.NaN,
});

/**
 * The fixed push-up analyser (spec 01 §4, §9): elbow angle drives the phases up, transition and
 * down; body alignment, depth, lockout and visibility decide whether each rep is valid.
 */
export class PushupAnalyzer implements RepAnalyzer<PushupPhase, PushupRepRecord> {
  readonly config: PushupAnalyzerConfig;
  private readonly frameSize: FrameSize;
  private readonly alignment: RollingMean;
  /** The same 10-sample mean of the body line measured in space (world landmarks). */
  private readonly alignment3d: RollingMean;
  /** The camera's view over the whole stream so far. */
  private readonly streamView = new ViewTally();
  /** Which arms the last elbow angle came from. */
  private armsMeasured: ArmsMeasured | null = null;
  private readonly cycle: CycleStats;
  private readonly model: PoseModelVariant;
  /** The camera's view over about the last second: how the elbow is measured and corrected. */
  private readonly viewTracker = new ViewTracker();
  /**
   * degrees: how this model reads a straight arm from the current view (the calibration the
   * current frame's elbow was corrected with); NaN when not corrected (no view known).
   */
  private frameStraightReading = Number.NaN;
  /** The judges' form measurements (upper arm, hips, knees) of the rep in progress. */
  private readonly form: FormTracker;
  private readonly frameGuard = new FrameGuard();
  private readonly presence: PresenceTracker;
  private readonly elbowFilter: GlitchFilter;
  /** The judged elbow's glitch median (the rules' measure; see measureJudgedElbow). */
  private readonly judgedElbowFilter: GlitchFilter;
  /** Which arms the last judged elbow came from. */
  private judgedArms: ArmsMeasured | null = null;
  private readonly ledger = new RepLedger<PushupRepRecord>();
  /** cos(minTorsoTilt): a torso whose upright cosine is above this leans too little. */
  private readonly maxUprightCosine: number;
  /** %: a 10-sample mean alignment below this is a drop (minAlignmentScore - alignmentDropMargin) */
  private readonly alignmentDropBelow: number;
  /** The last unfiltered elbow angle in a push-up position. */
  private readonly lastMeasured = new TurningPoint();
  /** The person was out of position too long; the next measured frame starts afresh. */
  private trackLost = false;
  /** False while waiting for the first top (the stream began at the bottom): that rise is no rep. */
  private cycleCounts = true;

  private phase: PushupPhase = 'unknown';
  private lastUpDownChangeMs = Number.NEGATIVE_INFINITY;
  /** A cycle is in progress: it left a top and has not returned to one yet. */
  private inCycle = false;
  /**
   * The cycle bent far enough and is back at full extension, but has not yet risen minCycleRise
   * above its bottom: it becomes a rep once it has, a wobble if the arms leave the top first.
   */
  private awaitingRise = false;
  /** The highest elbow angle at the current top (or of the cycle's starting top). */
  private readonly top = new TurningPoint(0);
  /** The lowest elbow angle of the cycle so far, and the highest since it. */
  private readonly lowest = new TurningPoint(Number.POSITIVE_INFINITY);
  /** NaN angle: no rise since the bottom yet. */
  private readonly riseTop = new TurningPoint();
  private armSide: BodySide | null = null;
  /** The spec's landmark gates passed in the last frame. */
  private landmarksVisible = false;
  /** ...and the torso was not upright: a push-up position whose frames move the phases. */
  private positionValid = false;

  constructor(options: PushupAnalyzerOptions) {
    checkFrameSize(options.frameSize, 'PushupAnalyzer frameSize');
    checkNonNegativeNumbers(options.config ?? {}, 'PushupAnalyzer config');
    this.config = { ...PUSHUP_ANALYZER_DEFAULTS, ...options.config };
    if (
      !Number.isInteger(this.config.alignmentSampleCount) ||
      this.config.alignmentSampleCount < 1
    ) {
      throw new OptionsError(
        `Expected PushupAnalyzer config.alignmentSampleCount to be a whole number of at least 1, got ${this.config.alignmentSampleCount}`,
        `Leave it out to use the default (${PUSHUP_ANALYZER_DEFAULTS.alignmentSampleCount}).`,
      );
    }
    this.frameSize = options.frameSize;
    this.model = options.model ?? DEFAULT_POSE_MODEL;
    this.cycle = new CycleStats();
    this.form = new FormTracker(this.config, this.frameSize);
    this.alignment = new RollingMean(this.config.alignmentSampleCount);
    this.alignment3d = new RollingMean(this.config.alignmentSampleCount);
    this.presence = new PresenceTracker(this.config);
    this.elbowFilter = new GlitchFilter(this.config);
    this.judgedElbowFilter = new GlitchFilter(this.config);
    this.maxUprightCosine = Math.cos((this.config.minTorsoTilt * Math.PI) / 180);
    this.alignmentDropBelow = this.config.minAlignmentScore - this.config.alignmentDropMargin;
  }

  get state(): AnalysisState<PushupPhase> {
    return this.ledger.state(this.phase, this.positionValid);
  }

  /**
   * The camera's view over the stream so far, from world landmarks (null without them): side,
   * oblique or front. Each rep's evidence has the view over that rep.
   */
  get view(): CameraView | null {
    return this.streamView.view;
  }

  get reps(): readonly PushupRepRecord[] {
    return this.ledger.reps;
  }

  get timeline(): readonly TimelineEntry[] {
    return this.ledger.timeline;
  }

  reset(): void {
    this.phase = 'unknown';
    this.lastUpDownChangeMs = Number.NEGATIVE_INFINITY;
    this.frameGuard.reset();
    this.inCycle = false;
    this.awaitingRise = false;
    this.top.set(0, 0);
    this.lowest.set(Number.POSITIVE_INFINITY, 0);
    this.riseTop.set(Number.NaN, 0);
    this.armSide = null;
    this.landmarksVisible = false;
    this.positionValid = false;
    this.ledger.reset();
    this.alignment.clear();
    this.alignment3d.clear();
    this.streamView.clear();
    this.armsMeasured = null;
    this.elbowFilter.reset();
    this.judgedElbowFilter.reset();
    this.judgedArms = null;
    this.form.reset();
    this.viewTracker.reset();
    this.frameStraightReading = Number.NaN;
    this.presence.reset();
    this.trackLost = false;
    this.lastMeasured.set(Number.NaN, 0);
    this.cycleCounts = true;
    this.cycle.restart(0, 0);
  }

  process(frame: PoseFrame): readonly PushupEvent[] {
    this.frameGuard.check(frame);
    const t = frame.timestampMs;
    const landmarks = frame.landmarks;
    const config = this.config;
    if (this.presence.isSettling(t, landmarks.length !== 0)) {
      this.positionValid = false;
      return NO_EVENTS;
    }
    const minVisibility = config.minLandmarkVisibility;
    // The spec's landmark gates: frames without enough arm and hip/leg landmarks are not analysed.
    this.landmarksVisible =
      countVisibleLandmarks(landmarks, ARM_LANDMARKS, minVisibility) >=
        config.minVisibleArmLandmarks &&
      countVisibleLandmarks(landmarks, HIP_LEG_LANDMARKS, minVisibility) >=
        config.minVisibleHipLegLandmarks;
    this.positionValid =
      this.landmarksVisible &&
      torsoUprightCosine(landmarks, this.frameSize) <= this.maxUprightCosine;

    const world = frame.worldLandmarks;
    // World landmarks bring the view (how the elbow is measured and corrected, which rules can
    // judge) and the body line in space; without them (version 1 traces) the spec's rules are
    // judged in the picture as before views were detected.
    const hasWorld = world !== undefined && world.length === landmarks.length && world.length > 0;
    const yaw = hasWorld ? shoulderLineYaw(world) : Number.NaN;
    this.viewTracker.update(yaw, t);
    const view = this.viewTracker.view;

    // Each arm's weakest landmark decides whether its elbow can be measured; the better-seen arm
    // is also the side whose body line gives the alignment score.
    const elbowThreshold = minVisibility * config.elbowVisibilityFactor;
    const leftSeen = weakestVisibility(landmarks, ARM.left);
    const rightSeen = weakestVisibility(landmarks, ARM.right);
    this.armSide =
      landmarks.length === 0 ? null : chooseSide(leftSeen, rightSeen, elbowThreshold, this.armSide);
    // Two measures of the elbow: the spec's (the mean of the arms seen, as read), which drives the
    // phases and cuts the reps, and the judged one (the arms the view shows, calibrated), which
    // the rules decide on. Counting is the spec's; verdicts are the judges'.
    const measured =
      this.armSide === null
        ? Number.NaN
        : this.bothElbows(landmarks, leftSeen, rightSeen, elbowThreshold);
    const elbow = this.elbowFilter.filter(measured, t);
    const judgedElbow =
      view === null || Number.isNaN(measured)
        ? Number.NaN
        : this.judgedElbowFilter.filter(this.measureJudgedElbow(landmarks, measured, view), t);
    const side = this.armSide ?? 'left';
    const score = this.alignmentScore(landmarks, side, hasWorld);
    const meanAlignment = Number.isNaN(score) ? Number.NaN : this.alignment.push(score);
    if (this.inCycle) {
      this.recordCycleFrame(t, landmarks.length !== 0, elbow, score, meanAlignment);
      if (view !== null) this.recordJudgedElbow(t, judgedElbow);
    }
    // The judges' form measurements (upper arm, hips, knees) need the view: which of them a view
    // can judge, and in the picture or in space. The worm is measured up from the judged bottom.
    this.form.frame(
      t,
      landmarks,
      hasWorld ? world : undefined,
      view,
      this.armSide,
      side,
      this.inCycle,
      this.inCycle && this.cycle.judgedMinTime === t,
    );
    // The rep ends at its judged top: its form is its frames up to there (see markTop).
    if (this.inCycle && this.cycle.judgedTopTime === t && !Number.isNaN(this.cycle.judgedTop))
      this.form.markTop(t);
    // Apart, so that frames without world landmarks neither compute nor pass its NaNs (each
    // double passed to a call that is not inlined is a heap number).
    if (hasWorld) this.followInSpace(landmarks, world, side, yaw);
    if (!this.positionValid) return NO_EVENTS;
    // A push-up position ends a gap, even while the glitch filter warms up (its warm-up is ours,
    // not the person's): after over maxTrackingGap, the cycle in progress is dropped.
    if (this.presence.isBackAfterLongGap(t) && this.phase !== 'unknown') this.trackLost = true;
    if (Number.isNaN(elbow)) return NO_EVENTS;
    this.lastMeasured.set(measured, t);
    if (this.trackLost) {
      this.trackLost = false;
      this.loseTrack(t, elbow, judgedElbow);
    }
    return this.updatePhase(t, elbow, judgedElbow);
  }

  /**
   * The elbow angle as the rules read it: measured on the arms the view shows
   * (ARM_CHOICE_BY_VIEW: from the side the near arm, the far one being behind the body and
   * guessed; obliquely and from the front both arms, `meanOfArms`), then corrected for how this
   * model reads a straight arm from this view (core/calibration).
   */
  private measureJudgedElbow(
    landmarks: readonly Landmark[],
    meanOfArms: number,
    view: CameraView,
  ): number {
    let raw = meanOfArms;
    this.judgedArms = this.armsMeasured;
    if (ARM_CHOICE_BY_VIEW[view] === 'near') {
      const near = this.armSide!;
      this.judgedArms = near;
      raw = this.elbowAngle(landmarks, near);
    }
    const straight = STRAIGHT_ARM_READING[this.model][view];
    this.frameStraightReading = straight;
    return correctElbowAngle(raw, straight, ELBOW_CALIBRATION_FLOOR);
  }

  /** degrees: the reading a corrected elbow angle of this frame came from (NaN: not corrected). */
  private rawElbow(corrected: number): number {
    const straight = this.frameStraightReading;
    return Number.isNaN(straight)
      ? Number.NaN
      : rawElbowAngle(corrected, straight, ELBOW_CALIBRATION_FLOOR);
  }

  /** A cycle's frame of the judged elbow: its bottom, and the highest value since the bottom. */
  private recordJudgedElbow(t: number, judged: number): void {
    if (Number.isNaN(judged)) return;
    const cycle = this.cycle;
    if (!(judged <= cycle.judgedMax)) cycle.judgedMax = judged; // NaN compares false
    if (!(judged >= cycle.judgedMin)) {
      // A new bottom (also the first value): the top the rep returns to is measured from here.
      cycle.judgedMin = judged;
      cycle.judgedMinRaw = this.rawElbow(judged);
      cycle.judgedMinTime = t;
      cycle.judgedMinArms = this.judgedArms;
      cycle.judgedTop = Number.NaN;
      return;
    }
    if (!(judged <= cycle.judgedTop)) {
      cycle.judgedTop = judged;
      cycle.judgedTopRaw = this.rawElbow(judged);
      cycle.judgedTopTime = t;
      cycle.judgedTopArms = this.judgedArms;
    }
  }

  /** The mean elbow angle of the arms whose three landmarks are visible enough. */
  private bothElbows(
    landmarks: readonly Landmark[],
    leftSeen: number,
    rightSeen: number,
    threshold: number,
  ): number {
    const left = leftSeen >= threshold ? this.elbowAngle(landmarks, 'left') : Number.NaN;
    const right = rightSeen >= threshold ? this.elbowAngle(landmarks, 'right') : Number.NaN;
    if (Number.isNaN(left)) {
      this.armsMeasured = Number.isNaN(right) ? null : 'right';
      return right;
    }
    if (Number.isNaN(right)) {
      this.armsMeasured = 'left';
      return left;
    }
    this.armsMeasured = 'both';
    return (left + right) / 2;
  }

  private elbowAngle(landmarks: readonly Landmark[], side: BodySide): number {
    // Indexed, not destructured: array destructuring runs the iterator protocol on every frame.
    const ids = ARM[side];
    return angleAtVertex(
      landmarks[ids[0]]!,
      landmarks[ids[1]]!,
      landmarks[ids[2]]!,
      this.frameSize,
    );
  }

  /**
   * Straightness of shoulder-hip-ankle (or shoulder-hip-knee when the ankle is not seen). With
   * `toAnkle` (world landmarks, so the judge knows the view) the line must reach the ankle: a
   * knee push-up (feet raised behind) bends the line shoulder-hip-ankle at the hip, which a line
   * that stops at the knee cannot show (clip 15, filmed with the feet out of the picture).
   */
  private alignmentScore(landmarks: readonly Landmark[], side: BodySide, toAnkle: boolean): number {
    if (landmarks.length === 0) return Number.NaN;
    const ids = BODY_LINE[side];
    const minVisibility = this.config.minLandmarkVisibility;
    const shoulder = landmarks[ids[0]]!;
    const hip = landmarks[ids[1]]!;
    if (!isLandmarkVisible(shoulder, minVisibility) || !isLandmarkVisible(hip, minVisibility))
      return Number.NaN;
    const ankle = landmarks[ids[2]]!;
    const knee = landmarks[ids[3]]!;
    const end = isLandmarkVisible(ankle, minVisibility)
      ? ankle
      : isLandmarkVisible(knee, minVisibility)
        ? knee
        : null;
    if (end === null) return Number.NaN;
    if (toAnkle && end !== ankle) return Number.NaN;
    return alignmentScoreFromHipAngle(angleAtVertex(shoulder, hip, end, this.frameSize));
  }

  /**
   * The body line in space: its bend at the hip (shoulder-hip-ankle) on world landmarks, when
   * the same landmarks are seen as in the picture (the model places unseen legs anyway; their
   * guess is no measurement).
   */
  private alignmentScoreInSpace(
    landmarks: readonly Landmark[],
    world: readonly WorldLandmark[],
    side: BodySide,
  ): number {
    const ids = BODY_LINE[side];
    const minVisibility = this.config.minLandmarkVisibility;
    for (let i = 0; i < 3; i++)
      if (!isLandmarkVisible(landmarks[ids[i]!]!, minVisibility)) return Number.NaN;
    return alignmentScoreFromHipAngle(angleInSpace(world[ids[0]]!, world[ids[1]]!, world[ids[2]]!));
  }

  /**
   * A frame of the cycle in progress: the elbow angle and the body line in the picture, and for
   * visibility, whether it showed the person (`personFound`) and passed the landmark gates. A
   * frame where the detector found no one is not counted either way: the detector losing a person
   * at the bottom of a rep (a camera low on the floor, a front view) is the detector's, not what a
   * judge sees, and the two models lose them on different frames.
   */
  private recordCycleFrame(
    t: number,
    personFound: boolean,
    elbow: number,
    score: number,
    meanAlignment: number,
  ): void {
    const cycle = this.cycle;
    if (personFound) {
      cycle.frameCount++;
      if (this.landmarksVisible) cycle.visibleFrameCount++;
    }
    if (!Number.isNaN(elbow)) {
      if (elbow < cycle.minElbowAngle) {
        cycle.minElbowAngle = elbow;
        cycle.minElbowTime = t;
        cycle.minElbowArms = this.armsMeasured;
      }
      if (elbow > cycle.maxElbowAngle) cycle.maxElbowAngle = elbow;
    }
    if (!Number.isNaN(score)) {
      cycle.alignmentSum += score;
      cycle.alignmentSamples++;
      cycle.bodySide = this.armSide;
      if (meanAlignment < cycle.minAlignment) {
        cycle.minAlignment = meanAlignment;
        cycle.minAlignmentTime = t;
      }
      if (meanAlignment < this.alignmentDropBelow) cycle.alignmentDropCount++;
    }
  }

  /**
   * A frame with world landmarks: the camera's view and the body line in space, over the stream
   * and (in a cycle) over the cycle in progress.
   */
  private followInSpace(
    landmarks: readonly Landmark[],
    world: readonly WorldLandmark[],
    side: BodySide,
    yaw: number,
  ): void {
    this.streamView.add(yaw);
    const score3d = this.alignmentScoreInSpace(landmarks, world, side);
    const meanAlignment3d = Number.isNaN(score3d) ? Number.NaN : this.alignment3d.push(score3d);
    if (!this.inCycle) return;
    const cycle = this.cycle;
    cycle.viewTally.add(yaw);
    if (!Number.isNaN(score3d)) {
      cycle.alignmentSum3d += score3d;
      cycle.alignmentSamples3d++;
      if (meanAlignment3d < this.alignmentDropBelow) cycle.alignmentDropCount3d++;
    }
  }

  /**
   * Phases follow the elbow angle's zones exactly as the spec sets them (up, transition, down,
   * with 50 ms between up/down changes). Reps are cut at turning points: a cycle starts when the
   * elbow leaves a top, and ends when it is back up, or when a rise from the bottom turns down
   * again before reaching up (a top without lockout). This counts every down-and-up cycle,
   * including the ones the checks then judge invalid.
   */
  private updatePhase(t: number, elbow: number, judged: number): readonly PushupEvent[] {
    const config = this.config;
    const previous = this.phase;
    if (previous === 'unknown') {
      // The first measured frame sets the phase up or down (spec 01 §4: down in the down zone,
      // else up). Whether the first rep may start from here is another question: a push-up starts
      // with straight arms, so only then is this a top (armsStraightAtTop); otherwise the stream
      // rises to its first top before any rep. A hold half-way down reads either side of the
      // down zone's edge from one frame or one model to the next, and decided nothing before.
      const first: PushupPhase = elbow <= config.maxDownAngle ? 'down' : 'up';
      this.lastUpDownChangeMs = t;
      this.startFrom(t, elbow, judged);
      return this.enterPhase(t, first, elbow, null);
    }

    const zone: PushupPhase =
      elbow >= config.minUpAngle ? 'up' : elbow <= config.maxDownAngle ? 'down' : 'transition';
    let next = previous;
    if (zone !== previous) {
      const upDownChange = zone !== 'transition';
      if (!upDownChange || t - this.lastUpDownChangeMs >= config.minTransitionTime) {
        next = zone;
        if (upDownChange) this.lastUpDownChangeMs = t;
      }
    }

    let rep: PushupRepRecord | null = null;
    if (this.inCycle && !this.cycleCounts && armsStraightAtTop(judged, elbow, config.minUpAngle)) {
      // Waiting for the first top, the arms are straight: this is one (a straight arm the model
      // reads short of 160 is straight once calibrated).
      this.enterTop(t, elbow);
    }
    if (this.awaitingRise && next !== 'up') {
      // Left full extension again before rising minCycleRise above the bottom: the dip was a
      // wobble, and the top it reached is where the next cycle starts from.
      this.enterTop(this.riseTop.t, this.riseTop.angle);
    }
    if (this.inCycle) {
      // Waiting for the first top, the phase may still be up from a first frame above the down
      // zone (the 50 ms between up and down): only straight arms (above) or a rise make a top.
      rep =
        next === 'up' && this.cycleCounts
          ? this.atFullExtension(t, elbow)
          : this.followCycle(t, elbow);
    } else {
      // Ties take the later frame, so a rep starts when the arms leave the top, not when they got there.
      if (elbow >= this.top.angle) this.top.set(elbow, t);
      if (elbow < config.minUpAngle && elbow <= this.top.angle - config.cycleReversal)
        this.startCycle(elbow);
    }

    if (next === previous) return rep === null ? NO_EVENTS : [{ type: 'rep', timestampMs: t, rep }];
    return this.enterPhase(t, next as Exclude<PushupPhase, 'unknown'>, elbow, rep);
  }

  /** End of the stream: a last rise that has nearly recovered its descent completes its rep. */
  finish(): readonly PushupEvent[] {
    if (!this.inCycle || !this.cycleCounts) return NO_EVENTS;
    // Flush the glitch filter: with no frame left to contradict it, the last measured angle
    // is the best estimate of where the arms ended.
    const last = this.lastMeasured;
    const top = this.riseTop.angle >= last.angle ? this.riseTop : last;
    const descent = this.cycle.topElbowAngle - this.lowest.angle;
    const rise = top.angle - this.lowest.angle;
    if (descent < this.config.minCycleRise || rise < this.config.minCycleRise) return NO_EVENTS;
    if (rise < this.config.finalRiseShare * descent) return NO_EVENTS;
    const rep = this.completeRep(top.t, top.angle);
    return [{ type: 'rep', timestampMs: top.t, rep }];
  }

  private enterTop(t: number, elbow: number): void {
    this.inCycle = false;
    this.awaitingRise = false;
    this.top.set(elbow, t);
  }

  /** After a long gap nothing is known of the cycle in progress: start over from this frame. */
  private loseTrack(t: number, elbow: number, judged: number): void {
    this.startFrom(t, elbow, judged);
  }

  /**
   * The stream (or a track found again) starts here: at a top when the arms are straight, else
   * waiting for the first top.
   */
  private startFrom(t: number, elbow: number, judged: number): void {
    if (armsStraightAtTop(judged, elbow, this.config.minUpAngle)) this.enterTop(t, elbow);
    else this.waitForFirstTop(t, elbow);
  }

  /** Follows the stream like a cycle, so the first top is found the same way, but counts nothing. */
  private waitForFirstTop(t: number, elbow: number): void {
    this.top.set(elbow, t);
    this.startCycle(elbow);
    this.cycleCounts = false;
  }

  private startCycle(elbow: number): void {
    this.cycle.restart(this.top.t, this.top.angle);
    this.form.startRep();
    this.cycleCounts = true;
    this.inCycle = true;
    this.awaitingRise = false;
    this.lowest.set(elbow, this.top.t);
    this.riseTop.set(Number.NaN, 0);
  }

  private bentEnough(): boolean {
    return (
      this.cycleCounts && this.cycle.topElbowAngle - this.lowest.angle >= this.config.minCycleRise
    );
  }

  /**
   * At full extension in a cycle: a rep once the elbow has bent and risen again by minCycleRise
   * each; a dip that did not bend that far was a wobble. A cycle that bent enough but is not yet
   * minCycleRise above its bottom waits (awaitingRise) rather than being decided on one frame.
   */
  private atFullExtension(t: number, elbow: number): PushupRepRecord | null {
    if (!this.bentEnough()) {
      this.enterTop(t, elbow);
      return null;
    }
    this.followCycle(t, elbow);
    if (this.riseTop.angle - this.lowest.angle < this.config.minCycleRise) {
      // Ties take the later frame, as at any top: should this turn out to be a wobble, the next
      // cycle starts when the arms leave this top.
      if (elbow >= this.riseTop.angle) this.riseTop.set(elbow, t);
      this.awaitingRise = true;
      return null;
    }
    const rep = this.completeRep(t, elbow);
    this.enterTop(t, elbow);
    return rep;
  }

  /**
   * In a cycle: track the bottom and the rise after it. A rise that turns down before reaching
   * up is a top once the arms are back below half-way between it and the bottom: a brief wobble
   * on the way up does not end the rep, a real next descent does.
   */
  private followCycle(t: number, elbow: number): PushupRepRecord | null {
    const config = this.config;
    const riseTop = this.riseTop;
    // Checked before a new bottom is taken: at low frame rates one sample can go from above
    // half-way straight past the previous bottom.
    if (riseTop.angle - this.lowest.angle >= config.minCycleRise) {
      if (elbow <= (riseTop.angle + this.lowest.angle) / 2) {
        const rep = this.bentEnough() ? this.completeRep(riseTop.t, riseTop.angle) : null;
        this.top.copy(riseTop);
        this.startCycle(elbow);
        return rep;
      }
    }
    if (elbow < this.lowest.angle) {
      this.lowest.set(elbow, t);
      riseTop.set(Number.NaN, 0);
    } else if (!(elbow <= riseTop.angle)) {
      riseTop.set(elbow, t); // also the first sample after the bottom (NaN compares false)
    }
    return null;
  }

  private completeRep(endTime: number, endTopAngle: number): PushupRepRecord {
    const cycle = this.cycle;
    cycle.endTopElbowAngle = endTopAngle;
    cycle.endTime = endTime;
    cycle.endTopArms = this.armsMeasured;
    // The record's range of motion: from the highest angle (the top the cycle left, or any
    // higher one in it) down to the bottom.
    let highest = Math.max(cycle.maxElbowAngle, cycle.topElbowAngle);
    if (!Number.isNaN(cycle.judgedMin)) {
      // With a view, the rules decide on the judged elbow: its bottom, and its top since then
      // (the top the rep returned to), each with the frame and the reading it came from.
      cycle.minElbowAngle = cycle.judgedMin;
      cycle.minElbowRaw = cycle.judgedMinRaw;
      cycle.minElbowTime = cycle.judgedMinTime;
      cycle.minElbowArms = cycle.judgedMinArms;
      if (!Number.isNaN(cycle.judgedTop)) {
        cycle.endTopElbowAngle = cycle.judgedTop;
        cycle.endTopElbowRaw = cycle.judgedTopRaw;
        cycle.endTime = cycle.judgedTopTime;
        cycle.endTopArms = cycle.judgedTopArms;
      }
      highest = cycle.judgedMax;
    }
    cycle.form = this.form.measurements(cycle.view === 'front', cycle.endTime);
    const { reason, evidence } = judgePushupRepWithEvidence(cycle, this.config, cycle);
    const rep = this.ledger.keep({
      repNumber: this.ledger.nextRepNumber,
      startTime: cycle.startTime,
      endTime,
      isValidRep: reason === null,
      invalidReason: reason,
      evidence,
      minElbowAngle: cycle.minElbowAngle,
      alignmentScore: cycle.alignmentScore,
      maxAngleRange: highest - cycle.minElbowAngle,
      minAlignmentDuringCycle:
        cycle.minAlignment === Number.POSITIVE_INFINITY ? Number.NaN : cycle.minAlignment,
      alignmentDropCount: cycle.alignmentDropCount,
    });
    this.inCycle = false;
    return rep;
  }

  private enterPhase(
    t: number,
    to: Exclude<PushupPhase, 'unknown'>,
    elbow: number,
    rep: PushupRepRecord | null,
  ): readonly PushupEvent[] {
    const from = this.phase === 'unknown' ? null : this.phase;
    this.phase = to;
    this.ledger.addEntry(t, TIMELINE_PHASE[to], { elbow }, this.positionValid);
    const phaseEvent: PushupEvent = { type: 'phase', timestampMs: t, from, to };
    return rep === null ? [phaseEvent] : [{ type: 'rep', timestampMs: t, rep }, phaseEvent];
  }
}
