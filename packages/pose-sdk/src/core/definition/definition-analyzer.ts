import {
  type AngleRange,
  assertDefinitionCountable,
  type ExerciseDefinition,
  mirrorLandmark,
  PHASE_NAMES,
  RepTempleError,
} from '@reptemple/definitions';
import { correctElbowAngle, rawElbowAngle } from '../calibration/correct-elbow-angle.js';
import {
  ARM_CHOICE_BY_VIEW,
  ELBOW_CALIBRATION_FLOOR,
  STRAIGHT_ARM_READING,
} from '../calibration/elbow-calibration.js';
import { DEFINITION_ANALYZER_CONSTANTS, type DefinitionAnalyzerConfig } from '../constants.js';
import {
  type AnalysisState,
  type AnalyzerEvent,
  type DefinitionPhase,
  NO_EVENTS,
  type RepAnalyzer,
  type RepRecord,
  type RuleCheck,
  type TimelineEntry,
} from '../events.js';
import { roundCheckValue } from '../evidence/round-check-value.js';
import { angleAtVertex } from '../geometry/angle-at-vertex.js';
import { angleInSpace } from '../geometry/angle-in-space.js';
import {
  type CameraView,
  shoulderLineYaw,
  ViewTally,
  ViewTracker,
} from '../geometry/camera-view.js';
import {
  type BodySide,
  chooseSide,
  SIDE_SWITCH_MARGIN,
  weakestVisibility,
} from '../geometry/side-choice.js';
import { checkFrameSize, checkNonNegativeNumbers } from '../options/check-options.js';
import { DEFAULT_POSE_MODEL, type PoseModelVariant } from '../pose-model.js';
import { FormTracker } from '../shared/form-tracker.js';
import { FrameGuard } from '../shared/frame-guard.js';
import { GlitchFilter } from '../shared/glitch-filter.js';
import { PresenceTracker } from '../shared/presence-tracker.js';
import { RepLedger } from '../shared/rep-ledger.js';
import type { FrameSize, Landmark, PoseFrame, WorldLandmark } from '../types.js';
import {
  type DefinitionRepEvidence,
  type DefinitionRepMeasurements,
  judgeAlignmentFailures,
  judgeDefinitionRepWithEvidence,
} from './judge-definition-rep.js';
import { passesThrough, stretchInsideRanges } from './passes-through.js';
import { type TurnCycle, TurnCycles } from './turn-cycles.js';

export type DefinitionEvent = AnalyzerEvent<DefinitionPhase, RepRecord>;

export interface DefinitionAnalyzerOptions {
  /** A normalised definition (see normalizeDefinition in @reptemple/definitions). */
  readonly definition: ExerciseDefinition;
  /** Pixel size of the frames, so that angles are measured in pixels, not normalised units. */
  readonly frameSize: FrameSize;
  /** Override any of the analyser's constants (DEFINITION_ANALYZER_CONSTANTS), as PushupAnalyzer's `config`. */
  readonly config?: Partial<DefinitionAnalyzerConfig>;
  /** ms of the median that removes tracking glitches from each angle; 0 turns it off. Shorthand for `config.glitchWindow`. */
  readonly glitchWindow?: number;
  /**
   * The BlazePose model that made the landmarks (default 'full'): elbow angles are calibrated per
   * model and view (core/calibration), as the push-up analyser's.
   */
  readonly model?: PoseModelVariant;
}

/** The reasons of a relative cycle's range checks (the spec's wording for skipped phases). */
export const SKIPPED_END_PHASE = 'Incomplete rep - skipped end phase';
export const SKIPPED_START_PHASE = 'Incomplete rep - skipped phases: start';

/** Shoulder, elbow and wrist on each side: the arm the form rules choose a side by. */
const FORM_ARM = { left: [11, 13, 15], right: [12, 14, 16] } as const;

/** BlazePose's shoulder, elbow and wrist on each side: an angle on these is an elbow. */
const ELBOW_TRIPLES = [
  [11, 13, 15],
  [12, 14, 16],
] as const;

function isElbowAngle(landmarks: readonly number[]): boolean {
  return ELBOW_TRIPLES.some(
    (triple) =>
      landmarks[1] === triple[1] &&
      ((landmarks[0] === triple[0] && landmarks[2] === triple[2]) ||
        (landmarks[0] === triple[2] && landmarks[2] === triple[0])),
  );
}

/** The definition analyser's state: the common one, plus READY and STOP. */
export type DefinitionAnalysisState = AnalysisState<DefinitionPhase> & {
  readonly ready: boolean;
  readonly stopped: boolean;
};

interface AngleSpec {
  readonly id: string;
  readonly name: string;
  /** Landmark ids as written, and mirrored to the other side (used in side views). */
  readonly written: readonly [number, number, number];
  readonly mirrored: readonly [number, number, number];
  readonly global: boolean;
  readonly stop: boolean;
  /** Drives the phases: neither a global alignment nor a stop angle. */
  readonly drivesPhases: boolean;
  /** An elbow angle: measured on the arm(s) the view shows and calibrated (core/calibration). */
  readonly elbow: boolean;
}

type Measurement = 'measured' | 'warmingUp' | 'unmeasurable' | 'settling';

interface AlignmentFailure {
  readonly timestampMs: number;
  readonly angleIndex: number;
  readonly global: boolean;
}

/**
 * The definition-driven analyser (spec 01 §4, §9): counts reps of any exercise described by an
 * exercise definition, through the cycle start, transition, end, transition, start.
 */
export class DefinitionAnalyzer implements RepAnalyzer<DefinitionPhase, RepRecord> {
  readonly definition: ExerciseDefinition;
  private readonly config: DefinitionAnalyzerConfig;
  private readonly frameSize: FrameSize;
  private readonly angles: readonly AngleSpec[];
  private readonly values: Float64Array;
  private readonly drivingAngleCount: number;
  /**
   * Per phase, each angle's range in angle order (read by index on every frame: a lookup by
   * angle id is a keyed property load).
   */
  private readonly angleRanges: Readonly<
    Record<DefinitionPhase, readonly (AngleRange | undefined)[]>
  >;
  /** Per phase, each angle's range if it drives the phases (else undefined), in angle order. */
  private readonly drivingRanges: Readonly<
    Record<DefinitionPhase, readonly (AngleRange | undefined)[]>
  >;
  private readonly filters: readonly GlitchFilter[];
  private readonly frameGuard = new FrameGuard();
  private readonly presence: PresenceTracker;
  private readonly ledger = new RepLedger<RepRecord>();
  /** The angles of the previous measured frame, and its time (ms). */
  private readonly previousValues: Float64Array;
  /** Each angle as measured (before the glitch filter) on the last frame that moved the phases. */
  private readonly lastMeasuredValues: Float64Array;
  private readonly measuredValues: Float64Array;
  private previousMeasuredAt = Number.NaN;
  private readonly landmarkIds: { written: readonly number[]; mirrored: readonly number[] };
  private readonly readyLandmarksNeeded: number;

  private phase: DefinitionPhase | null = null;
  private phaseEnteredAt = 0;
  private candidate: DefinitionPhase | null = null;
  private candidateSince = 0;
  private positionValid = false;
  private startHeldSince: number | null = null;
  private startingHoldMet = false;
  private qualified = false;
  private ready = false;
  private stopped = false;

  /** The cycle began in start; `history` holds the phases entered since (trimmed when long). */
  private cycleActive = false;
  private history: DefinitionPhase[] = [];
  private cycleLeftStartAt: number | null = null;
  /**
   * The last top of the current start phase, in degrees outside the transition's ranges (summed
   * over the driving angles): its distance, the last time (ms) the position was within
   * startTopTolerance of it, and the lowest distance since. The cycle that leaves start began
   * there (`cycleStartedAt`).
   */
  private startTopDistance = Number.NEGATIVE_INFINITY;
  private startTopAt = 0;
  private startLowDistance = Number.POSITIVE_INFINITY;
  private cycleStartedAt: number | null = null;
  private cycleFailureReason: string | null = null;
  private failures: AlignmentFailure[] = [];
  private readonly lastFailureAt: Float64Array;
  /** The camera's view: over the last second (to choose measurements), and the whole stream. */
  private readonly viewTracker = new ViewTracker();
  private readonly streamView = new ViewTally();
  /** The view over the current cycle, and how many of its measured frames measured each angle. */
  private readonly cycleView = new ViewTally();
  private readonly cycleMeasuredFrames: Uint32Array;
  private cycleFrames = 0;
  /** The definition's view (front and back are one for the landmarks' geometry). */
  private readonly definitionView: CameraView;
  /** Whether each angle was last measured in space (world landmarks) or in the picture. */
  private readonly inSpace: Uint8Array;
  private cycleFailureCheck: DefinitionRepEvidence['alignmentFailureCheck'] = null;
  /** Where the frame being analysed collects its events, reused until a frame has some. */
  private frameEvents: DefinitionEvent[] = [];
  private readonly model: PoseModelVariant;
  /**
   * degrees: how the model reads a straight arm from the current view (the calibration this
   * frame's elbow angles were corrected with); NaN: not corrected (no view known).
   */
  private frameStraightReading = Number.NaN;
  /** In a side view, which side each angle is measured on (0: as written, 1: mirrored). */
  private readonly sideOf: Uint8Array;
  /**
   * Relative cycles (definition.cycle.measure 'relative'): reps are cut where the driving angles
   * turn; null for the spec's absolute phase cycle.
   */
  private readonly turns: TurnCycles | null;
  /** +1 where an angle is high at the top (start) and low at the bottom (end), -1 the reverse, 0 not driving. */
  private readonly turnDirection: Int8Array;
  /** The driving angles at the relative rep's bottom and at the top of its rise so far. */
  private readonly valuesAtBottom: Float64Array;
  private readonly valuesAtRiseTop: Float64Array;
  private straightAtBottom = Number.NaN;
  private straightAtRiseTop = Number.NaN;
  /**
   * The judges' form rules the definition lists (formRules), measured as the push-up analyser
   * measures them; null when it lists none.
   */
  private readonly form: FormTracker | null;
  /** The better-seen arm, which the form rules read the arm and body line on. */
  private formSide: BodySide | null = null;
  /** The cycle signal's lowest value in the absolute cycle in progress (its bottom, for the worm). */
  private absoluteBottom = Number.POSITIVE_INFINITY;

  constructor(options: DefinitionAnalyzerOptions) {
    checkFrameSize(options.frameSize, 'DefinitionAnalyzer frameSize');
    checkNonNegativeNumbers({ glitchWindow: options.glitchWindow }, 'DefinitionAnalyzer options');
    checkNonNegativeNumbers(options.config ?? {}, 'DefinitionAnalyzer config');
    this.config = {
      ...DEFINITION_ANALYZER_CONSTANTS,
      ...options.config,
      ...(options.glitchWindow === undefined ? {} : { glitchWindow: options.glitchWindow }),
    };
    checkNormalized(options.definition);
    this.definition = options.definition;
    this.frameSize = options.frameSize;
    this.model = options.model ?? DEFAULT_POSE_MODEL;
    const globals = new Set(options.definition.globalAlignments);
    this.angles = options.definition.angles.map((angle) => {
      const global = globals.has(angle.id);
      return {
        id: angle.id,
        name: angle.name,
        written: angle.landmarks,
        mirrored: angle.landmarks.map(mirrorLandmark) as unknown as readonly [
          number,
          number,
          number,
        ],
        global,
        stop: angle.exerciseStop,
        drivesPhases: !global && !angle.exerciseStop,
        elbow: isElbowAngle(angle.landmarks),
      };
    });
    assertDefinitionCountable(options.definition);
    this.values = new Float64Array(this.angles.length);
    this.drivingAngleCount = this.angles.filter((angle) => angle.drivesPhases).length;
    const rangesOf = (phase: DefinitionPhase) =>
      this.angles.map((angle) => options.definition.phases[phase].angleRanges[angle.id]);
    this.angleRanges = {
      start: rangesOf('start'),
      transition: rangesOf('transition'),
      end: rangesOf('end'),
    };
    const drivingRangesOf = (phase: DefinitionPhase) =>
      this.angleRanges[phase].map((range, i) => (this.angles[i]!.drivesPhases ? range : undefined));
    this.drivingRanges = {
      start: drivingRangesOf('start'),
      transition: drivingRangesOf('transition'),
      end: drivingRangesOf('end'),
    };
    this.filters = this.angles.map(() => new GlitchFilter(this.config));
    this.presence = new PresenceTracker(this.config);
    this.previousValues = new Float64Array(this.angles.length);
    this.lastMeasuredValues = new Float64Array(this.angles.length).fill(Number.NaN);
    this.measuredValues = new Float64Array(this.angles.length);
    this.lastFailureAt = new Float64Array(this.angles.length).fill(Number.NEGATIVE_INFINITY);
    this.cycleMeasuredFrames = new Uint32Array(this.angles.length);
    this.inSpace = new Uint8Array(this.angles.length);
    this.sideOf = new Uint8Array(this.angles.length);
    // A definition written before relative cycles existed has no `cycle`: the spec's phases.
    const cycle = options.definition.cycle ?? { measure: 'absolute', minTurn: 0 };
    this.turns = cycle.measure === 'relative' ? new TurnCycles(cycle.minTurn) : null;
    this.turnDirection = new Int8Array(this.angles.length);
    for (let i = 0; i < this.angles.length; i++) {
      if (!this.angles[i]!.drivesPhases) continue;
      const start = this.angleRanges.start[i]!;
      const end = this.angleRanges.end[i]!;
      this.turnDirection[i] = start.min + start.max >= end.min + end.max ? 1 : -1;
    }
    this.valuesAtBottom = new Float64Array(this.angles.length);
    this.valuesAtRiseTop = new Float64Array(this.angles.length);
    // A definition written before form rules existed has none.
    this.form =
      (options.definition.formRules ?? []).length > 0
        ? new FormTracker(this.config, this.frameSize)
        : null;
    this.definitionView = options.definition.cameraPosition === 'side' ? 'side' : 'front';
    const written = [...new Set(this.angles.flatMap((angle) => angle.written))];
    this.landmarkIds = { written, mirrored: written.map(mirrorLandmark) };
    this.readyLandmarksNeeded = Math.max(
      this.config.readyMinLandmarks,
      Math.ceil(this.config.readyLandmarkShare * written.length),
    );
  }

  get state(): DefinitionAnalysisState {
    return {
      ...this.ledger.state(this.phase, this.positionValid),
      ready: this.ready,
      stopped: this.stopped,
    };
  }

  get reps(): readonly RepRecord[] {
    return this.ledger.reps;
  }

  get timeline(): readonly TimelineEntry[] {
    return this.ledger.timeline;
  }

  /** The camera's view over the stream so far, from world landmarks (null without them). */
  get view(): CameraView | null {
    return this.streamView.view;
  }

  /** The phases entered since the current cycle began (diagnostic; trimmed as the spec says). */
  get phaseHistory(): readonly DefinitionPhase[] {
    return this.history;
  }

  /** The angles of the last analysed frame, in degrees by angle id (NaN when not measurable). */
  get currentAngles(): Readonly<Record<string, number>> {
    return this.anglesRecord();
  }

  reset(): void {
    this.frameGuard.reset();
    this.frameEvents.length = 0;
    this.phase = null;
    this.phaseEnteredAt = 0;
    this.candidate = null;
    this.candidateSince = 0;
    this.positionValid = false;
    this.startHeldSince = null;
    this.startingHoldMet = false;
    this.qualified = false;
    this.ready = false;
    this.stopped = false;
    this.cycleActive = false;
    this.history = [];
    this.cycleLeftStartAt = null;
    this.cycleStartedAt = null;
    this.startTopDistance = Number.NEGATIVE_INFINITY;
    this.startTopAt = 0;
    this.startLowDistance = Number.POSITIVE_INFINITY;
    this.cycleFailureReason = null;
    this.cycleFailureCheck = null;
    this.failures = [];
    this.lastFailureAt.fill(Number.NEGATIVE_INFINITY);
    this.viewTracker.reset();
    this.streamView.clear();
    this.cycleView.clear();
    this.cycleMeasuredFrames.fill(0);
    this.cycleFrames = 0;
    this.inSpace.fill(0);
    this.sideOf.fill(0);
    this.frameStraightReading = Number.NaN;
    this.turns?.reset();
    this.form?.reset();
    this.formSide = null;
    this.absoluteBottom = Number.POSITIVE_INFINITY;
    this.values.fill(0);
    for (const filter of this.filters) filter.reset();
    this.previousValues.fill(0);
    this.previousMeasuredAt = Number.NaN;
    this.presence.reset();
    this.ledger.reset();
  }

  process(frame: PoseFrame): readonly DefinitionEvent[] {
    this.frameGuard.check(frame);
    if (this.stopped) return NO_EVENTS;
    const t = frame.timestampMs;
    const landmarks = frame.landmarks;
    const world = frame.worldLandmarks;
    const yaw =
      world !== undefined && world.length === landmarks.length && world.length > 0
        ? shoulderLineYaw(world)
        : Number.NaN;
    this.viewTracker.update(yaw, t);
    this.streamView.add(yaw);
    const measurement = this.presence.isSettling(t, landmarks.length !== 0)
      ? 'settling'
      : this.measure(landmarks, Number.isNaN(yaw) ? undefined : world, t);
    if (measurement !== 'measured') {
      // The glitch filter's warm-up, like settling, is ours: the person was seen from its start
      // (at 15 fps its three samples take 133 ms after a long gap).
      if (measurement === 'warmingUp') this.presence.seenAgain(t);
      else if (measurement === 'unmeasurable') this.presence.notSeen();
      this.positionValid = false;
      this.startHeldSince = null;
      // The last measured frame is kept: maxPassThroughGap decides how long it stays usable.
      return NO_EVENTS;
    }
    if (this.presence.isBackAfterLongGap(t)) this.loseTrack();

    const events = this.frameEvents;
    this.updatePhase(t, events);
    if (this.turns !== null) this.followTurns(t, events);
    else this.trackStartTop(t);
    if (this.form !== null) this.followForm(t, landmarks, Number.isNaN(yaw) ? undefined : world);
    if (this.turns === null ? this.cycleActive : this.turns.cycleInProgress)
      this.countCycleFrame(yaw);
    this.previousValues.set(this.values);
    this.lastMeasuredValues.set(this.measuredValues);
    this.previousMeasuredAt = t;
    this.trackStartingHold(t);
    this.recordAlignmentFailures(t);
    this.clearFailuresAfterSteadyStart(t);
    if (!this.ready) this.checkReady(t, landmarks, events);
    this.checkStop(t, events);
    return this.takeFrameEvents();
  }

  /**
   * End of the stream. The glitch filter's median runs half a window behind the body; with no frame
   * left to contradict them, the last frame's angles as measured are the best estimate of where
   * the body ended, so the phases are updated once more on them (a last return to start counts).
   */
  finish(): readonly DefinitionEvent[] {
    const t = this.previousMeasuredAt;
    if (this.stopped || this.phase === null || Number.isNaN(t)) return NO_EVENTS;
    for (let i = 0; i < this.angles.length; i++) {
      if (this.angles[i]!.drivesPhases && Number.isNaN(this.lastMeasuredValues[i]!))
        return NO_EVENTS;
    }
    this.values.set(this.lastMeasuredValues);
    this.updatePhase(t, this.frameEvents);
    if (this.turns !== null) {
      this.followTurns(t, this.frameEvents);
      const last = this.turns.finish();
      if (last !== null) this.completeTurnCycle(t, last, this.frameEvents);
    }
    this.previousValues.set(this.values);
    return this.takeFrameEvents();
  }

  /**
   * The events of this frame, handed to the caller (who may keep the list), and a new list for
   * the next frame's. Most frames have none and allocate nothing.
   */
  private takeFrameEvents(): readonly DefinitionEvent[] {
    const events = this.frameEvents;
    if (events.length === 0) return NO_EVENTS;
    this.frameEvents = [];
    return events;
  }

  // ---- measurement ----------------------------------------------------------------------------

  /**
   * Measures every angle: 'measured' when every phase-driving angle has a value, 'warmingUp' when
   * they were all measurable but the glitch filter has too few samples yet to report them.
   */
  private measure(
    landmarks: readonly Landmark[],
    world: readonly WorldLandmark[] | undefined,
    t: number,
  ): Measurement {
    if (landmarks.length === 0) return 'unmeasurable';
    const sideView = this.definition.cameraPosition === 'side';
    // Global alignments (a body line, straight knees) seen from the opposite view to the
    // definition's (a side-view body line filmed from the front) run along the camera's axis
    // and mean nothing in the picture: they are measured in space instead. Obliquely the picture
    // still tracks them better than space does (a knee push-up's knee reads 84 degrees in the
    // picture, 138 in space), and the phase-driving angles always stay in the picture, where the
    // definition's ranges were set (docs/decisions.md, "Judging from any camera").
    const view = this.viewTracker.view;
    const globalsInSpace =
      world !== undefined && view !== null && view !== 'oblique' && view !== this.definitionView;
    let driving = true;
    let drivingMeasurable = true;
    // Elbow angles are corrected for how this model reads a straight arm from this view (the
    // spec's ranges describe the body, not the detector), as the push-up analyser's judged elbow.
    this.frameStraightReading = view === null ? Number.NaN : STRAIGHT_ARM_READING[this.model][view];
    for (let i = 0; i < this.angles.length; i++) {
      const angle = this.angles[i]!;
      const space = angle.global && globalsInSpace ? world : undefined;
      this.inSpace[i] = space === undefined ? 0 : 1;
      const written = this.angleOn(landmarks, angle.written, space);
      const mirrored = sideView ? this.angleOn(landmarks, angle.mirrored, space) : Number.NaN;
      let measured: number;
      if (Number.isNaN(mirrored)) measured = written;
      else if (Number.isNaN(written)) measured = mirrored;
      else if (view !== null && ARM_CHOICE_BY_VIEW[view] === 'near' && space === undefined) {
        // Seen from the side (world landmarks say so), the far limb is behind the body and
        // BlazePose guesses it: the near side is measured, as a judge looks at the near arm.
        measured = this.nearSide(i, landmarks, angle) === 0 ? written : mirrored;
      } else {
        // Both sides in view, or no view known: the measurable ones are averaged.
        measured = (written + mirrored) / 2;
      }
      if (angle.elbow && space === undefined && !Number.isNaN(this.frameStraightReading)) {
        measured = correctElbowAngle(measured, this.frameStraightReading, ELBOW_CALIBRATION_FLOOR);
      }
      const value = this.filters[i]!.filter(measured, t);
      this.measuredValues[i] = measured;
      this.values[i] = value;
      if (angle.drivesPhases && Number.isNaN(value)) driving = false;
      if (angle.drivesPhases && Number.isNaN(measured)) drivingMeasurable = false;
    }
    if (driving) return 'measured';
    return drivingMeasurable ? 'warmingUp' : 'unmeasurable';
  }

  /**
   * Which side of the body shows angle `index` better (0: as written, 1: mirrored): the side whose
   * weakest landmark is the more visible, kept until the other beats it by SIDE_SWITCH_MARGIN.
   */
  private nearSide(index: number, landmarks: readonly Landmark[], angle: AngleSpec): number {
    const written = weakestOf(landmarks, angle.written);
    const mirrored = weakestOf(landmarks, angle.mirrored);
    const current = this.sideOf[index]!;
    if (current === 0 && mirrored > written + SIDE_SWITCH_MARGIN) this.sideOf[index] = 1;
    else if (current === 1 && written > mirrored + SIDE_SWITCH_MARGIN) this.sideOf[index] = 0;
    return this.sideOf[index]!;
  }

  /** The angle in the picture, or in space when `world` is given; NaN when a landmark is not seen. */
  private angleOn(
    landmarks: readonly Landmark[],
    ids: readonly [number, number, number],
    world?: readonly WorldLandmark[],
  ): number {
    // Indexed, not destructured: array destructuring runs the iterator protocol on every call.
    const a = ids[0];
    const b = ids[1];
    const c = ids[2];
    const first = landmarks[a]!;
    const vertex = landmarks[b]!;
    const third = landmarks[c]!;
    const threshold = this.config.angleVisibility;
    if (
      first.visibility < threshold ||
      vertex.visibility < threshold ||
      third.visibility < threshold
    )
      return Number.NaN;
    if (world !== undefined) return angleInSpace(world[a]!, world[b]!, world[c]!);
    return angleAtVertex(first, vertex, third, this.frameSize);
  }

  /** A measured frame of the cycle: its view, and which angles it measured. */
  private countCycleFrame(yaw: number): void {
    this.cycleView.add(yaw);
    this.cycleFrames++;
    for (let i = 0; i < this.angles.length; i++)
      if (!Number.isNaN(this.values[i]!)) this.cycleMeasuredFrames[i]!++;
  }

  private matches(phase: DefinitionPhase): boolean {
    const ranges = this.drivingRanges[phase];
    for (let i = 0; i < this.angles.length; i++) {
      const range = ranges[i];
      if (range === undefined) continue; // not a phase-driving angle
      const value = this.values[i]!;
      if (!(value >= range.min && value <= range.max)) return false;
    }
    return true;
  }

  private anglesRecord(): Record<string, number> {
    const record: Record<string, number> = {};
    for (let i = 0; i < this.angles.length; i++) record[this.angles[i]!.id] = this.values[i]!;
    return record;
  }

  // ---- phases ---------------------------------------------------------------------------------

  /** After a long gap nothing is known of the cycle in progress: detect the phase afresh. */
  private loseTrack(): void {
    // A relative rep in progress is dropped with the phases: nothing is known of it.
    this.turns?.reset();
    this.phase = null;
    this.candidate = null;
    this.cycleActive = false;
    this.history = [];
    this.cycleLeftStartAt = null;
    this.cycleStartedAt = null;
    this.cycleFailureReason = null;
  }

  private nextPhase(phase: DefinitionPhase): DefinitionPhase {
    if (phase === 'start') return 'transition';
    if (phase === 'end') return 'transition';
    // In transition: down to end until the cycle has reached end, then back up to start.
    return this.history.includes('end') ? 'start' : 'end';
  }

  /** When the position fits neither the current nor the next phase, test start, transition, end. */
  private detectPhase(): DefinitionPhase | null {
    for (const phase of PHASE_NAMES) if (this.matches(phase)) return phase;
    return null;
  }

  private updatePhase(t: number, events: DefinitionEvent[]): void {
    if (this.phase === null) {
      const detected = this.detectPhase();
      if (detected !== null) this.enterPhase(t, detected, events);
      this.positionValid = detected !== null;
      return;
    }
    const current = this.phase;
    const next = this.nextPhase(current);
    const currentHolds = this.matches(current);
    let candidate: DefinitionPhase | null;
    if (this.matches(next)) candidate = next;
    else if (currentHolds) candidate = null;
    else {
      const detected = this.detectPhase();
      candidate = detected === current ? null : detected;
    }

    if (candidate !== this.candidate) {
      this.candidate = candidate;
      this.candidateSince = t;
    }
    const timing = this.definition.timing;
    const mayChange =
      candidate !== null &&
      t - this.phaseEnteredAt >= timing.minPhaseHoldTime &&
      t - this.candidateSince >= timing.transitionDebounce &&
      (current !== 'start' || this.startingHoldMet || timing.startingPositionHoldTime === 0);
    if (mayChange) {
      this.passThroughSkippedPhase(t, next, candidate!, events);
      if (this.phase !== candidate)
        this.enterPhase(this.entryTime(t, candidate!), candidate!, events);
    }
    this.positionValid = this.matches(this.phase!);
  }

  /**
   * The frames jumped from the current phase to `candidate`, skipping `next`. If the straight
   * path from the previous frame's angles to these crosses `next`'s ranges, the body went
   * through it between the two samples: enter it at that moment.
   */
  private passThroughSkippedPhase(
    t: number,
    next: DefinitionPhase,
    candidate: DefinitionPhase,
    events: DefinitionEvent[],
  ): void {
    if (candidate === next || !(t - this.previousMeasuredAt <= this.config.maxPassThroughGap))
      return;
    const share = passesThrough(this.previousValues, this.values, this.drivingRanges[next]);
    if (share === null) return;
    this.enterPhase(this.previousMeasuredAt + share * (t - this.previousMeasuredAt), next, events);
  }

  /**
   * When a phase begins: if this frame is the first inside it, the body crossed into it between
   * the previous measured frame and this one, where the straight path between them enters the
   * phase's ranges; otherwise now. Phases are then timed from the same moment at any frame rate:
   * at 15 fps a rise whose last frame came 33 ms after the first frame in transition had been in
   * it for 80 ms, which minPhaseHoldTime (60 ms) accepts.
   */
  private entryTime(t: number, phase: DefinitionPhase): number {
    const previous = this.previousMeasuredAt;
    if (!(t - previous <= this.config.maxPassThroughGap)) return t;
    const stretch = stretchInsideRanges(
      this.previousValues,
      this.values,
      this.drivingRanges[phase],
    );
    if (stretch === null || stretch.enter === 0) return t; // already inside on the previous frame
    return Math.max(this.phaseEnteredAt, previous + stretch.enter * (t - previous));
  }

  private enterPhase(t: number, phase: DefinitionPhase, events: DefinitionEvent[]): void {
    const from = this.phase;
    if (phase === 'start') {
      // Absolute cycles end here; relative ones are cut by their turns (followTurns), while the
      // phases go on following the ranges for the timeline.
      if (this.turns === null) {
        if (this.cycleActive) this.completeCycle(t, events);
        this.beginCycleBookkeeping();
      }
      this.cycleActive = true;
      this.history = ['start'];
      this.cycleLeftStartAt = null;
      this.startTopDistance = Number.NEGATIVE_INFINITY;
      this.startTopAt = t;
      this.startLowDistance = Number.POSITIVE_INFINITY;
    } else {
      if (from === 'start') {
        this.cycleLeftStartAt = t;
        this.cycleStartedAt = Math.min(this.startTopAt, t);
      }
      this.history.push(phase);
      if (this.history.length > this.config.phaseHistoryMax)
        this.history = this.history.slice(-this.config.phaseHistoryKeep);
    }
    this.phase = phase;
    this.phaseEnteredAt = t;
    this.candidate = null;
    this.startHeldSince = null;
    this.ledger.addEntry(t, phase, this.anglesRecord(), this.ready && this.matches(phase));
    events.push({ type: 'phase', timestampMs: t, from, to: phase });
  }

  /**
   * A frame for the form rules: the arm and body line on the better-seen side, in the rep in
   * progress; its bottom is the lowest point of the cycle signal (the worm is measured up from it).
   */
  private followForm(
    t: number,
    landmarks: readonly Landmark[],
    world: readonly WorldLandmark[] | undefined,
  ): void {
    const threshold = this.config.minLandmarkVisibility * this.config.elbowVisibilityFactor;
    this.formSide = chooseSide(
      weakestVisibility(landmarks, FORM_ARM.left),
      weakestVisibility(landmarks, FORM_ARM.right),
      threshold,
      this.formSide,
    );
    const turns = this.turns;
    const inRep = turns === null ? this.cycleActive : turns.cycleInProgress;
    let atBottom = false;
    if (turns !== null) atBottom = inRep && turns.bottomTime === t;
    else if (inRep) {
      const signal = this.cycleSignal();
      if (signal < this.absoluteBottom) {
        this.absoluteBottom = signal;
        atBottom = true;
      }
    }
    this.form!.frame(
      t,
      landmarks,
      world,
      this.viewTracker.view,
      this.formSide,
      this.formSide ?? 'left',
      inRep,
      atBottom,
    );
    // A relative rep ends at the top it rose to: its form is its frames up to there (markTop).
    if (turns !== null && inRep && turns.riseTopTime === t) this.form!.markTop(t);
  }

  /** The phase-driving angles summed, each turned so the top is high (degrees). */
  private cycleSignal(): number {
    let signal = 0;
    for (let i = 0; i < this.angles.length; i++) {
      const direction = this.turnDirection[i]!;
      if (direction !== 0) signal += direction * this.values[i]!;
    }
    return signal;
  }

  /** A rep begins: its view, the frames that measured each angle, and its first failure. */
  private beginCycleBookkeeping(): void {
    this.form?.startRep();
    this.absoluteBottom = Number.POSITIVE_INFINITY;
    this.cycleFailureReason = null;
    this.cycleFailureCheck = null;
    this.cycleView.clear();
    this.cycleMeasuredFrames.fill(0);
    this.cycleFrames = 0;
  }

  // ---- relative cycles --------------------------------------------------------------------------

  /**
   * A relative cycle's frame: the driving angles summed (each turned so the top is high) are cut
   * into reps where they turn (TurnCycles); the angles at the rep's bottom and at its rise's top
   * are kept for its range checks.
   */
  private followTurns(t: number, events: DefinitionEvent[]): void {
    const turns = this.turns!;
    const signal = this.cycleSignal();
    const wasInCycle = turns.cycleInProgress;
    const completed = turns.push(signal, t, this.matches('start'));
    if (completed !== null) this.completeTurnCycle(t, completed, events);
    if (!turns.cycleInProgress) return;
    if (!wasInCycle || completed !== null) this.beginTurnCycle(turns.cycleStartTime);
    if (turns.bottomTime === t) {
      this.valuesAtBottom.set(this.values);
      this.straightAtBottom = this.frameStraightReading;
    }
    if (turns.riseTopTime === t) {
      this.valuesAtRiseTop.set(this.values);
      this.straightAtRiseTop = this.frameStraightReading;
    }
  }

  /**
   * A relative rep began at `startTime` (its top, ms; it is found a little later, once the body
   * has turned): failures logged since that top stay with it.
   */
  private beginTurnCycle(startTime: number): void {
    const failure = this.cycleFailureCheck;
    const keepFailure = failure !== null && failure.timeMs >= startTime;
    const reason = this.cycleFailureReason;
    this.beginCycleBookkeeping();
    if (keepFailure) {
      this.cycleFailureReason = reason;
      this.cycleFailureCheck = failure;
    }
  }

  /** A relative rep ended: judged on its range checks, its alignment and what was seen of it. */
  private completeTurnCycle(t: number, turn: TurnCycle, events: DefinitionEvent[]): void {
    const endsNow = turn.endTime === t;
    const endValues = endsNow ? this.values : this.valuesAtRiseTop;
    const endStraight = endsNow ? this.frameStraightReading : this.straightAtRiseTop;
    const rangeChecks: RuleCheck[] = [];
    for (let i = 0; i < this.angles.length; i++) {
      const direction = this.turnDirection[i]!;
      if (direction === 0) continue;
      rangeChecks.push(
        this.rangeCheck(
          i,
          'bottom',
          this.valuesAtBottom[i]!,
          this.straightAtBottom,
          turn.bottomTime,
        ),
      );
    }
    for (let i = 0; i < this.angles.length; i++) {
      const direction = this.turnDirection[i]!;
      if (direction === 0) continue;
      rangeChecks.push(this.rangeCheck(i, 'top', endValues[i]!, endStraight, turn.endTime));
    }
    const failedBottom = rangeChecks.some((check) => check.rule === 'bottom' && !check.passed);
    const failedTop = rangeChecks.some((check) => check.rule === 'top' && !check.passed);
    const rangeReason = failedBottom ? SKIPPED_END_PHASE : failedTop ? SKIPPED_START_PHASE : null;
    const nonGlobalFailureTimes: number[] = [];
    for (const failure of this.failures) {
      if (!failure.global && failure.timestampMs >= turn.startTime)
        nonGlobalFailureTimes.push(failure.timestampMs);
    }
    this.keepRep(
      {
        phasesAfterStart: [],
        leftStartAt: turn.startTime,
        endTime: turn.endTime,
        alignmentFailure: this.cycleFailureReason,
        nonGlobalFailureTimes,
        range: { checks: rangeChecks, reason: rangeReason },
      },
      turn.startTime,
      turn.endTime,
      t,
      events,
    );
  }

  /**
   * Whether angle `index` reached its phase's range at the rep's bottom (the end phase) or top (the
   * start phase), as a check with the value the rule used, its reading (for calibrated elbows) and
   * its frame.
   */
  private rangeCheck(
    index: number,
    rule: 'bottom' | 'top',
    value: number,
    straightReading: number,
    timeMs: number,
  ): RuleCheck {
    const range = (rule === 'bottom' ? this.angleRanges.end : this.angleRanges.start)[index]!;
    const highAtTop = this.turnDirection[index]! > 0;
    // The bound the angle must pass: at the bottom the end range's near edge, at the top the
    // start range's near edge (for an angle high at the top: end.max, start.min).
    const bound: 'min' | 'max' = (rule === 'bottom') === highAtTop ? 'max' : 'min';
    const threshold = bound === 'max' ? range.max : range.min;
    const passed = bound === 'max' ? value <= threshold : value >= threshold;
    const angle = this.angles[index]!;
    const check: RuleCheck = {
      rule,
      measurement: '2d',
      value: roundCheckValue(value, threshold, 10),
      threshold,
      bound,
      passed,
      side: null,
      timeMs: Math.round(timeMs * 10) / 10,
    };
    if (!angle.elbow || Number.isNaN(straightReading)) return check;
    const raw = rawElbowAngle(value, straightReading, ELBOW_CALIBRATION_FLOOR);
    return { ...check, raw: Math.round(raw * 10) / 10 };
  }

  /**
   * In the start phase, follows its last top: the position farthest from the transition's ranges
   * (degrees outside them, summed over the driving angles) since the body last rose by more than
   * startTopTolerance, and the last frame within startTopTolerance of it. A cycle leaving start
   * began there. A long hold at the top, a dip and a rise again (04 kneels, then holds the plank)
   * start the rep at the last top, not the first.
   */
  private trackStartTop(t: number): void {
    if (this.phase !== 'start') return;
    const ranges = this.drivingRanges.transition;
    let distance = 0;
    for (let i = 0; i < this.angles.length; i++) {
      const range = ranges[i];
      if (range === undefined) continue; // not a phase-driving angle
      const value = this.values[i]!;
      if (value < range.min) distance += range.min - value;
      else if (value > range.max) distance += value - range.max;
    }
    const tolerance = this.config.startTopTolerance;
    if (distance < this.startLowDistance) this.startLowDistance = distance;
    if (distance >= this.startTopDistance - tolerance) {
      if (distance > this.startTopDistance) this.startTopDistance = distance;
    } else if (distance >= this.startLowDistance + tolerance) {
      this.startTopDistance = distance; // rose again from a dip: a new top
    } else return;
    this.startTopAt = t;
    this.startLowDistance = distance;
  }

  private trackStartingHold(t: number): void {
    if (this.phase !== 'start' || !this.positionValid) {
      this.startHeldSince = null;
      return;
    }
    if (this.startHeldSince === null) this.startHeldSince = t;
    if (t - this.startHeldSince >= this.definition.timing.startingPositionHoldTime)
      this.startingHoldMet = true;
  }

  // ---- reps -----------------------------------------------------------------------------------

  private completeCycle(t: number, events: DefinitionEvent[]): void {
    // From where the body left its starting position (its top), not where it crossed the start
    // range's boundary: the push-up analyser's reps span the same way.
    this.keepRep(
      this.measureRep(t),
      this.cycleStartedAt ?? this.cycleLeftStartAt ?? t,
      t,
      t,
      events,
    );
  }

  /** Judges a completed rep and keeps it (the spec's qualification rep first, if enabled). */
  private keepRep(
    measurements: DefinitionRepMeasurements,
    startTime: number,
    endTime: number,
    t: number,
    events: DefinitionEvent[],
  ): void {
    const repEvidence = this.repEvidence();
    const { reason, evidence } = judgeDefinitionRepWithEvidence(
      this.form === null
        ? measurements
        : {
            ...measurements,
            form: {
              rules: this.definition.formRules,
              measurements: this.form.measurements(repEvidence.view === 'front', endTime),
              side: this.formSide,
            },
          },
      this.config,
      repEvidence,
    );
    if (this.definition.qualificationRep.enabled && !this.qualified) {
      // Until the first valid rep, invalid attempts are ignored; the qualifying rep counts as 1.
      if (reason !== null) return;
      this.qualified = true;
    }
    const rep = this.ledger.keep({
      repNumber: this.ledger.nextRepNumber,
      startTime,
      endTime,
      isValidRep: reason === null,
      invalidReason: reason,
      evidence,
    });
    events.push({ type: 'rep', timestampMs: t, rep });
  }

  private repEvidence(): DefinitionRepEvidence {
    const globalAlignments: DefinitionRepEvidence['globalAlignments'][number][] = [];
    for (let i = 0; i < this.angles.length; i++) {
      const angle = this.angles[i]!;
      if (!angle.global) continue;
      globalAlignments.push({
        id: angle.id,
        measuredFrames: this.cycleMeasuredFrames[i]!,
        measurement: this.inSpace[i] === 1 ? '3d' : '2d',
      });
    }
    return {
      view: this.cycleView.view,
      globalAlignments,
      measuredFrames: this.cycleFrames,
      alignmentFailureCheck: this.cycleFailureCheck,
    };
  }

  /** The cycle ending at `t` (ms), as judgeDefinitionRep reads it. */
  private measureRep(t: number): DefinitionRepMeasurements {
    const leftStartAt = this.cycleLeftStartAt;
    const nonGlobalFailureTimes: number[] = [];
    if (leftStartAt !== null) {
      for (const failure of this.failures) {
        if (!failure.global && failure.timestampMs >= leftStartAt)
          nonGlobalFailureTimes.push(failure.timestampMs);
      }
    }
    return {
      phasesAfterStart: this.history[0] === 'start' ? this.history.slice(1) : this.history,
      leftStartAt,
      endTime: t,
      alignmentFailure: this.cycleFailureReason,
      nonGlobalFailureTimes,
    };
  }

  // ---- alignment failures ---------------------------------------------------------------------

  /**
   * An alignment failure is an angle outside its range in the current phase while the body is
   * otherwise in that phase. Global angles are always checked. A phase-driving angle counts
   * only while every other driving angle holds the phase: a driving angle on its way to the
   * next phase (the only one moving, or crossing a gap between ranges) is movement, not
   * misalignment.
   */
  private recordAlignmentFailures(t: number): void {
    const phase = this.phase;
    if (phase === null) return;
    const drivingRanges = this.drivingRanges[phase];
    let drivingOutOfRange = 0;
    for (let i = 0; i < this.angles.length; i++) {
      const range = drivingRanges[i];
      if (range === undefined) continue; // not a phase-driving angle
      const value = this.values[i]!;
      if (!(value >= range.min && value <= range.max)) drivingOutOfRange++;
    }
    const ranges = this.angleRanges[phase];
    for (let i = 0; i < this.angles.length; i++) {
      const angle = this.angles[i]!;
      if (angle.stop) continue;
      const value = this.values[i]!;
      if (Number.isNaN(value)) continue;
      const range = ranges[i]!;
      if (value >= range.min && value <= range.max) continue;
      // A driving angle out of range fails only if it is the one that breaks an otherwise held
      // phase and other driving angles exist to hold it.
      if (angle.drivesPhases && (drivingOutOfRange !== 1 || this.drivingAngleCount === 1)) continue;
      if (t - this.lastFailureAt[i]! < this.config.alignmentFailureInterval) continue;
      this.lastFailureAt[i] = t;
      this.failures.push({ timestampMs: t, angleIndex: i, global: angle.global });
      this.judgeFailures(t, phase, i);
    }
    this.pruneFailures(t);
  }

  private judgeFailures(t: number, phase: DefinitionPhase, angleIndex: number): void {
    const angle = this.angles[angleIndex]!;
    let count = 0;
    for (const failure of this.failures) {
      if (
        failure.angleIndex === angleIndex &&
        t - failure.timestampMs <= this.config.alignmentFailureWindow
      )
        count++;
    }
    const reason = judgeAlignmentFailures(
      { phase, angleName: angle.name, global: angle.global, count },
      this.config,
    );
    if (reason !== null && this.cycleFailureReason === null) {
      this.cycleFailureReason = reason;
      const config = this.config;
      this.cycleFailureCheck = {
        angleId: angle.id,
        count,
        limit: angle.global
          ? config.globalFailureLimit
          : phase === 'start'
            ? config.nonGlobalFailureLimit
            : config.nonGlobalFailureLimitOutsideStart,
        timeMs: t,
        measurement: this.inSpace[angleIndex] === 1 ? '3d' : '2d',
      };
    }
  }

  private pruneFailures(t: number): void {
    const keepFrom = Math.min(t - this.config.alignmentFailureWindow, this.cycleLeftStartAt ?? t);
    if (this.failures.length > 0 && this.failures[0]!.timestampMs < keepFrom) {
      this.failures = this.failures.filter((failure) => failure.timestampMs >= keepFrom);
    }
  }

  /** Failures are forgotten after 3 s in a valid start phase that has lasted over 1 s. */
  private clearFailuresAfterSteadyStart(t: number): void {
    if (
      this.phase !== 'start' ||
      !this.positionValid ||
      (this.failures.length === 0 && this.cycleFailureReason === null)
    )
      return;
    if (t - this.phaseEnteredAt <= this.config.failureClearStartHold) return;
    const newest = this.failures[this.failures.length - 1];
    if (newest !== undefined && t - newest.timestampMs < this.config.failureClearAfter) return;
    this.failures = [];
    this.cycleFailureReason = null;
    this.cycleFailureCheck = null;
  }

  // ---- READY and STOP -------------------------------------------------------------------------

  private checkReady(t: number, landmarks: readonly Landmark[], events: DefinitionEvent[]): void {
    const timing = this.definition.timing;
    if (timing.startingPositionHoldTime > 0 && !this.startingHoldMet) return;
    if (this.definition.qualificationRep.enabled && !this.qualified) return;
    // In a side view either side may be the one facing the camera: the better-seen side counts.
    let visible = countAtLeast(landmarks, this.landmarkIds.written, this.config.readyVisibility);
    if (this.definition.cameraPosition === 'side') {
      visible = Math.max(
        visible,
        countAtLeast(landmarks, this.landmarkIds.mirrored, this.config.readyVisibility),
      );
    }
    if (visible < this.readyLandmarksNeeded) return;
    this.ready = true;
    this.ledger.markValid('start', t - this.config.readyLookBack);
    this.ledger.addEntry(t, 'READY', this.anglesRecord(), true);
    events.push({ type: 'ready', timestampMs: t });
  }

  private checkStop(t: number, events: DefinitionEvent[]): void {
    const stop = this.definition.stopCondition;
    if (!stop.enabled || this.ledger.validCount < 1) return;
    for (let i = 0; i < this.angles.length; i++) {
      const angle = this.angles[i]!;
      const range = stop.angleRanges[angle.id];
      if (!angle.stop || range === undefined) continue;
      const value = this.values[i]!;
      if (value >= range.min && value <= range.max) {
        this.stopped = true;
        this.ledger.addEntry(t, 'STOP', this.anglesRecord(), true);
        events.push({ type: 'stop', timestampMs: t });
        return;
      }
    }
  }
}

function weakestOf(landmarks: readonly Landmark[], ids: readonly number[]): number {
  let weakest = 1;
  for (const id of ids) weakest = Math.min(weakest, landmarks[id]!.visibility);
  return weakest;
}

function countAtLeast(
  landmarks: readonly Landmark[],
  ids: readonly number[],
  visibility: number,
): number {
  let count = 0;
  for (const id of ids) if (landmarks[id]!.visibility >= visibility) count++;
  return count;
}

/**
 * The analyser reads a normalised definition (phases keyed by id, landmarks as ids). A document
 * as written (`pushupDefinition`, JSON from a file) fails deep inside with an unclear TypeError,
 * so the shape is checked up front.
 */
function checkNormalized(definition: ExerciseDefinition): void {
  const phases = (definition as { phases?: unknown }).phases;
  const phasesById =
    typeof phases === 'object' &&
    phases !== null &&
    !Array.isArray(phases) &&
    PHASE_NAMES.every(
      (phase) =>
        typeof (phases as Record<string, { angleRanges?: unknown }>)[phase]?.angleRanges ===
        'object',
    );
  const landmarkIds =
    Array.isArray(definition.angles) &&
    definition.angles.every(
      (angle) =>
        Array.isArray(angle.landmarks) &&
        (angle.landmarks as readonly unknown[]).every((id) => typeof id === 'number'),
    );
  if (phasesById && landmarkIds) return;
  throw new RepTempleError(
    'DEFINITION_NOT_NORMALIZED',
    `Expected a normalised definition (phases keyed by start, transition and end; landmarks as ids 0-32), got ${phasesById ? 'landmarks given by name' : 'phases as written'}`,
    {
      hint: 'Pass normalizeDefinition(document) (or parseDefinitionJson(text)); builtinDefinitions are already normalised.',
    },
  );
}
