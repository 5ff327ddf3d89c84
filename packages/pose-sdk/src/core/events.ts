/** What analysers report: phases, reps, timeline entries and the READY/STOP moments. */

import type { CameraView } from './geometry/camera-view.js';

/** How a rule's value was measured: in the picture (aspect-corrected), in space (world landmarks), or counted. */
export type MeasurementKind = '2d' | '3d' | 'count';

/** One rule as it was judged on one rep: the deciding measurement and its threshold. */
export interface RuleCheck {
  /**
   * The rule: 'visibility', 'bodyLine', 'hipSag', 'hipPike', 'knees', 'depth', 'upperArm',
   * 'lockout', 'alignmentDrops' (push-up analyser); 'phases', 'visibility', 'alignment',
   * 'sustained' (definitions).
   */
  readonly rule: string;
  readonly measurement: MeasurementKind;
  /**
   * The value the rule decided on (degrees, %, a share, or a count): for calibrated measurements
   * (the elbow, core/calibration) the corrected value; NaN when it could not be measured.
   */
  readonly value: number;
  /**
   * The detector's reading `value` was corrected from, when the rule's measurement is calibrated
   * (the elbow's lockout and depth); absent for measurements taken as they are.
   */
  readonly raw?: number;
  readonly threshold: number;
  /** 'min': the value must be at least the threshold; 'max': at most. */
  readonly bound: 'min' | 'max';
  readonly passed: boolean;
  /** Which side of the body the value was taken on ('both': their mean); null when not a side's. */
  readonly side: 'left' | 'right' | 'both' | null;
  /** ms: the frame the value was taken at; null for a value over the whole rep. */
  readonly timeMs: number | null;
}

/** Why a rep got its verdict: what could be judged from the camera's view, and the deciding check. */
export interface RepEvidence {
  /** The camera's view over the rep, from world landmarks; null when the frames had none. */
  readonly view: CameraView | null;
  /** The rules judged on this rep, in the order they were checked. */
  readonly rulesJudged: readonly string[];
  /** Rules that cannot judge from this view (they did not fail the rep). */
  readonly rulesNotJudged: readonly string[];
  /** The check that decided: the first that failed, or for a valid rep the one closest to its threshold. */
  readonly deciding: RuleCheck | null;
  /** Every check made, in order. */
  readonly checks: readonly RuleCheck[];
  /**
   * 0-1: how sure the verdict is: the share of the rep's frames whose landmarks were seen, times
   * how far the deciding value is from its threshold (1 from 10 units away: degrees or % points).
   */
  readonly confidence: number;
}

export type PushupPhase = 'unknown' | 'up' | 'down' | 'transition';
export type DefinitionPhase = 'start' | 'transition' | 'end';

/** A completed rep (spec 01 §3). Times are the frame timestamps, in ms. */
export interface RepRecord {
  readonly repNumber: number;
  /** ms: when the rep left its starting position */
  readonly startTime: number;
  /** ms: when the rep returned to its starting position */
  readonly endTime: number;
  readonly isValidRep: boolean;
  /** Why the rep is invalid (spec 01 §8 wording), or null for a valid rep. */
  readonly invalidReason: string | null;
  /** What decided the verdict (both analysers fill it). */
  readonly evidence?: RepEvidence;
}

/** The push-up analyser's rep record adds its measurements. */
export interface PushupRepRecord extends RepRecord {
  /** degrees: the smallest elbow angle of the rep */
  readonly minElbowAngle: number;
  /** %: the mean body alignment over the rep */
  readonly alignmentScore: number;
  /** degrees: the largest elbow angle minus the smallest, over the rep */
  readonly maxAngleRange: number;
  /** %: the lowest 10-sample mean alignment during the rep */
  readonly minAlignmentDuringCycle: number;
  /** How many samples had a mean alignment below the drop threshold */
  readonly alignmentDropCount: number;
}

/** The phases a timeline shows (spec 01 §3): the three phases and the two moments. */
export type TimelinePhase = DefinitionPhase | 'STOP' | 'READY';

/** One entry of the phase timeline (spec 01 §3), added whenever the phase changes. */
export interface TimelineEntry {
  /** ms */
  readonly timestamp: number;
  readonly phase: TimelinePhase;
  /** degrees, by angle id, at that moment */
  readonly angles: Readonly<Record<string, number>>;
  /** false while the position is not (yet) valid; READY turns recent start entries valid */
  valid: boolean;
}

export type AnalyzerEvent<Phase extends string, Rep extends RepRecord> =
  | {
      readonly type: 'phase';
      readonly timestampMs: number;
      readonly from: Phase | null;
      readonly to: Phase;
    }
  | { readonly type: 'rep'; readonly timestampMs: number; readonly rep: Rep }
  | { readonly type: 'ready'; readonly timestampMs: number }
  | { readonly type: 'stop'; readonly timestampMs: number };

/** The live result (spec 02 §3 "live analysis result"). */
export interface AnalysisState<Phase extends string> {
  /** valid reps so far */
  readonly repCount: number;
  readonly invalidRepCount: number;
  readonly currentPhase: Phase | null;
  readonly isValidPosition: boolean;
}

/** What both analysers offer: feed frames in time order, read events, state, reps and timeline. */
export interface RepAnalyzer<Phase extends string, Rep extends RepRecord> {
  /** Analyses one frame and returns what happened in it (often nothing). */
  process(frame: import('./types.js').PoseFrame): readonly AnalyzerEvent<Phase, Rep>[];
  /**
   * Ends the stream: judges the last frames without waiting for frames that will not come (the
   * glitch filter's median lags the body), so a last rep that ends on the final frames counts.
   * Call once after the last frame; it returns what that changed (often nothing).
   */
  finish(): readonly AnalyzerEvent<Phase, Rep>[];
  readonly state: AnalysisState<Phase>;
  readonly reps: readonly Rep[];
  readonly timeline: readonly TimelineEntry[];
  /** The camera's view over the stream so far, from world landmarks; null without them. */
  readonly view?: CameraView | null;
  /** Clears every counter and flag, as if no frame had been seen. */
  reset(): void;
}

export const NO_EVENTS: readonly never[] = Object.freeze([]);
