import type { PushupAnalyzerConfig } from '../constants.js';
import type { MeasurementKind, RepEvidence, RuleCheck } from '../events.js';
import type { CameraView } from '../geometry/camera-view.js';
import type { FormMeasurements } from '../shared/form-tracker.js';
import {
  FORM_RULE_MEASUREMENT,
  judgeFormRule,
  NOT_LOW_ENOUGH,
} from '../shared/judge-form-rules.js';
import { PendingChecks } from '../shared/pending-checks.js';
import { SharedChecks } from '../shared/shared-checks.js';

export const INCOMPLETE_RANGE_OF_MOTION =
  'Incomplete range of motion: returned to up without reaching down position.';

// The judges' form rules (knees, pike, sag, worm, upper arm) are shared with the definition
// analyser: their reasons, measurements by view and judge live in shared/judge-form-rules.ts.
export {
  HIPS_PIKED,
  HIPS_SAGGING,
  KNEES_DOWN,
  NOT_LOW_ENOUGH,
  WORM,
} from '../shared/judge-form-rules.js';

import { roundCheckValue } from '../evidence/round-check-value.js';

/** Which arms an elbow value came from. */
export type ArmsMeasured = 'left' | 'right' | 'both';

/** What the push-up analyser measured over one down-and-up cycle. */
export interface PushupCycleStats {
  /** degrees: the largest elbow angle at the top the cycle started from */
  readonly topElbowAngle: number;
  /** degrees: the largest elbow angle at the top the cycle returned to */
  readonly endTopElbowAngle: number;
  /** degrees */
  readonly minElbowAngle: number;
  /** %: mean alignment over the cycle (NaN when never measured) */
  readonly alignmentScore: number;
  /** How many samples had a 10-sample mean alignment below the drop threshold */
  readonly alignmentDropCount: number;
  /**
   * Frames of the cycle that showed the person (the detector found them; not the frames skipped
   * while it settles on finding them again): visibility is a share of what the detector saw.
   */
  readonly frameCount: number;
  /** Of those, the frames that passed the landmark visibility gates */
  readonly visibleFrameCount: number;
}

/**
 * What the analyser adds when it had world landmarks: the view over the cycle, the body line in
 * space, the judges' rules (upper arm, hips, knees), and where (time, side) the deciding values
 * were taken. Elbow angles are the calibrated measure (core/calibration); `...Raw` are the
 * detector's readings they were corrected from (NaN when no correction applied).
 */
export interface PushupCycleEvidence extends FormMeasurements {
  readonly view: CameraView | null;
  /** %: mean body-line score measured in space (NaN when never measured) */
  readonly alignmentScore3d: number;
  readonly alignmentDropCount3d: number;
  /** Frames of the cycle whose body line (shoulder, hip and ankle) was measured, in the picture and in space */
  readonly bodyLineFrames: number;
  readonly bodyLineFrames3d: number;
  /** ms */
  readonly minElbowTime: number;
  readonly minElbowArms: ArmsMeasured | null;
  /** degrees: the detector's reading of the lowest elbow angle (NaN: not corrected) */
  readonly minElbowRaw: number;
  /** ms */
  readonly endTime: number;
  readonly endTopArms: ArmsMeasured | null;
  /** degrees: the detector's reading of the top the rep returned to (NaN: not corrected) */
  readonly endTopElbowRaw: number;
  /** ms: the frame of the lowest 10-sample mean alignment */
  readonly minAlignmentTime: number;
  readonly bodySide: 'left' | 'right' | null;
}

/**
 * The push-up analyser's rules: the spec's (visibility, bodyLine, depth, lockout, alignmentDrops)
 * and the judges' beyond it (knees, hipPike, hipSag, worm, upperArm; docs/judging-rubric.md).
 */
export type PushupRule =
  | 'visibility'
  | 'bodyLine'
  | 'hipSag'
  | 'worm'
  | 'hipPike'
  | 'knees'
  | 'depth'
  | 'upperArm'
  | 'lockout'
  | 'alignmentDrops';

/**
 * How each rule is measured from each view; a view a rule is missing from is one it cannot judge
 * from. Measured on the fixtures (docs/decisions.md, "Judging from any camera" and "Verdicts a
 * judge would sign"):
 * - the elbow (depth, lockout) in the picture, calibrated per model and view (core/calibration):
 *   world landmarks compress the elbow's range, so their values cannot be held to 105/120/160.
 * - the body line (alignment, sag, pike, knees) in the picture from the side and obliquely, in
 *   space from the front, where the line runs along the camera's axis and its picture means
 *   nothing.
 * - the upper arm's elevation (the judges' "upper arm parallel to the floor") in the picture, from
 *   the side and obliquely; from the front the upper arm points at the camera.
 */
export const PUSHUP_RULE_MEASUREMENT: Readonly<
  Record<PushupRule, Readonly<Partial<Record<CameraView, MeasurementKind>>>>
> = {
  visibility: { side: 'count', oblique: 'count', front: 'count' },
  bodyLine: { side: '2d', oblique: '2d', front: '3d' },
  hipSag: FORM_RULE_MEASUREMENT.hipSag,
  worm: FORM_RULE_MEASUREMENT.worm,
  hipPike: FORM_RULE_MEASUREMENT.hipPike,
  knees: FORM_RULE_MEASUREMENT.knees,
  depth: { side: '2d', oblique: '2d', front: '2d' },
  upperArm: FORM_RULE_MEASUREMENT.upperArm,
  lockout: { side: '2d', oblique: '2d', front: '2d' },
  alignmentDrops: { side: '2d', oblique: '2d', front: '3d' },
};

/**
 * The body's rules come first, the most specific first: a knee push-up also bends the line at the
 * hip, and a pike or a sag with the feet out of the picture is better named than "not seen" (the
 * line to the ankle, which the spec's score needs, is checked for visibility with that score).
 */
const RULE_ORDER: readonly PushupRule[] = [
  'visibility',
  'knees',
  'hipPike',
  'hipSag',
  'worm',
  'bodyLine',
  'depth',
  'upperArm',
  'lockout',
  'alignmentDrops',
];

/** The rules that judge the legs and the body line: what a camera at the head may not see. */
const BODY_LINE_RULES: ReadonlySet<PushupRule> = new Set([
  'bodyLine',
  'hipSag',
  'worm',
  'hipPike',
  'knees',
  'alignmentDrops',
]);

/** Each rule's measurement in RULE_ORDER, per view; undefined where the view cannot judge it. */
type RuleMeasurements = readonly (MeasurementKind | undefined)[];

const MEASUREMENTS_BY_VIEW: Readonly<Record<CameraView, RuleMeasurements>> = {
  side: RULE_ORDER.map((rule) => PUSHUP_RULE_MEASUREMENT[rule].side),
  oblique: RULE_ORDER.map((rule) => PUSHUP_RULE_MEASUREMENT[rule].oblique),
  front: RULE_ORDER.map((rule) => PUSHUP_RULE_MEASUREMENT[rule].front),
};

/**
 * From the front with the legs hidden behind the body (a camera at the head), the body-line rules
 * cannot judge: a judge standing there sees the arms, not the line.
 */
const FRONT_LEGS_HIDDEN: RuleMeasurements = MEASUREMENTS_BY_VIEW.front.map((measurement, i) =>
  BODY_LINE_RULES.has(RULE_ORDER[i]!) ? undefined : measurement,
);

/** Before views: the spec's rules in the picture, as before views were detected. */
const SPEC_RULES: ReadonlySet<PushupRule> = new Set([
  'visibility',
  'bodyLine',
  'depth',
  'lockout',
  'alignmentDrops',
]);
const MEASUREMENTS_WITHOUT_VIEW: RuleMeasurements = RULE_ORDER.map((rule) =>
  !SPEC_RULES.has(rule) ? undefined : rule === 'visibility' ? 'count' : '2d',
);

/** The rules judged, and those the view could not judge, up to the rule where judging stopped. */
interface RuleLists {
  readonly judged: readonly PushupRule[];
  readonly notJudged: readonly PushupRule[];
}

/**
 * Per stopping rule (its index in RULE_ORDER), the rule lists of a rep judged with `measurements`.
 * Every rep that stops at the same rule from the same view has the same lists, so the evidence
 * shares them (frozen) rather than building two arrays per rep.
 */
function ruleListsByStop(measurements: RuleMeasurements): readonly RuleLists[] {
  return RULE_ORDER.map((_, stop) => ({
    judged: Object.freeze(RULE_ORDER.filter((_, i) => i <= stop && measurements[i] !== undefined)),
    notJudged: Object.freeze(
      RULE_ORDER.filter((_, i) => i <= stop && measurements[i] === undefined),
    ),
  }));
}

const RULE_LISTS_BY_VIEW: Readonly<Record<CameraView, readonly RuleLists[]>> = {
  side: ruleListsByStop(MEASUREMENTS_BY_VIEW.side),
  oblique: ruleListsByStop(MEASUREMENTS_BY_VIEW.oblique),
  front: ruleListsByStop(MEASUREMENTS_BY_VIEW.front),
};
const RULE_LISTS_FRONT_LEGS_HIDDEN = ruleListsByStop(FRONT_LEGS_HIDDEN);
const RULE_LISTS_WITHOUT_VIEW = ruleListsByStop(MEASUREMENTS_WITHOUT_VIEW);

/** Each rule's bound: 'min', its value must be at least the threshold; 'max', at most. */
const RULE_BOUND: Readonly<Record<PushupRule, 'min' | 'max'>> = {
  visibility: 'min',
  bodyLine: 'min',
  hipSag: 'max',
  worm: 'max',
  hipPike: 'max',
  knees: 'min',
  depth: 'max',
  upperArm: 'max',
  lockout: 'min',
  alignmentDrops: 'max',
};

/** Units from the threshold at which a verdict counts as sure (degrees, % points, drops x 10). */
const SURE_MARGIN = 10;

/** Shares are given to the hundredth; degrees, % and times to the tenth. */
const SHARE_SCALE = 100;
const MEASURE_SCALE = 10;

/** The checks without a frame time (visibility, the body line), shared by the reps that have them. */
const UNTIMED_CHECKS = Object.fromEntries(
  RULE_ORDER.map((rule) => [
    rule,
    {
      '2d': new SharedChecks(rule, '2d', RULE_BOUND[rule], MEASURE_SCALE),
      '3d': new SharedChecks(rule, '3d', RULE_BOUND[rule], MEASURE_SCALE),
      count: new SharedChecks(rule, 'count', RULE_BOUND[rule], SHARE_SCALE),
    },
  ]),
) as Readonly<Record<PushupRule, Readonly<Record<MeasurementKind, SharedChecks>>>>;

/** At most one check per rule (a body line too little seen is checked as visibility instead). */
const pendingChecks = new PendingChecks(RULE_ORDER.length);

export interface PushupJudgement {
  /** Why the rep is invalid (spec 01 §8 wording, or the rubric's for its rules), or null when valid. */
  readonly reason: string | null;
  readonly evidence: RepEvidence;
}

/**
 * Judges a completed push-up: null when valid, else the reason (spec 01 §8 wording). The checks
 * run in this order and the first failure is the reason given. Without world landmarks (no
 * `evidence`, or its view null: version 1 traces, hosts that pass image landmarks only) the
 * spec's rules are judged in the picture, exactly as before views were detected.
 */
export function judgePushupRep(
  cycle: PushupCycleStats,
  config: PushupAnalyzerConfig,
  evidence?: PushupCycleEvidence,
): string | null {
  return judgePushupRepWithEvidence(cycle, config, evidence).reason;
}

/**
 * judgePushupRep, with the checks that decided it. The analyser keeps every rep's evidence, so
 * what reps have in common is shared rather than kept per rep: the rule lists, and the checks
 * without a frame time (see SharedChecks); the list of checks is kept at its final length.
 */
export function judgePushupRepWithEvidence(
  cycle: PushupCycleStats,
  config: PushupAnalyzerConfig,
  evidence?: PushupCycleEvidence,
): PushupJudgement {
  const view = evidence?.view ?? null;
  const legsHidden =
    view === 'front' &&
    evidence !== undefined &&
    bodyLineShare(cycle, evidence, true) < config.minVisibleFrameShare;
  const measurements =
    view === null
      ? MEASUREMENTS_WITHOUT_VIEW
      : legsHidden
        ? FRONT_LEGS_HIDDEN
        : MEASUREMENTS_BY_VIEW[view];
  const checks = pendingChecks;
  checks.clear();
  let reason: string | null = null;
  const visibleShare = cycle.frameCount === 0 ? 0 : cycle.visibleFrameCount / cycle.frameCount;

  let stop = 0;
  for (; stop < RULE_ORDER.length; stop++) {
    const measurement = measurements[stop];
    if (measurement === undefined) continue;
    reason = checkRule(
      RULE_ORDER[stop]!,
      measurement,
      cycle,
      config,
      evidence,
      visibleShare,
      checks,
    );
    if (reason !== null) break;
  }
  const listsByStop =
    view === null
      ? RULE_LISTS_WITHOUT_VIEW
      : legsHidden
        ? RULE_LISTS_FRONT_LEGS_HIDDEN
        : RULE_LISTS_BY_VIEW[view];
  const rules = listsByStop[Math.min(stop, RULE_ORDER.length - 1)]!;
  // The first failed check decides (it is the last made); for a valid rep, the nearest miss.
  const deciding = reason === null ? closestToThreshold(checks) : checks.last;
  const margin =
    deciding === null || Number.isNaN(deciding.value)
      ? 1
      : Math.min(1, Math.abs(deciding.value - deciding.threshold) / sureMargin(deciding));
  return {
    reason,
    evidence: {
      view,
      rulesJudged: rules.judged,
      rulesNotJudged: rules.notJudged,
      deciding,
      checks: checks.toArray(),
      confidence: round(visibleShare * margin, SHARE_SCALE),
    },
  };
}

/** The share of the cycle's frames whose body line was measured, in space or in the picture. */
function bodyLineShare(
  cycle: PushupCycleStats,
  evidence: PushupCycleEvidence,
  inSpace: boolean,
): number {
  const frames = inSpace ? evidence.bodyLineFrames3d : evidence.bodyLineFrames;
  return cycle.frameCount === 0 ? 0 : frames / cycle.frameCount;
}

/** Judges one rule: adds its check to `checks` and returns why it failed the rep (null: passed). */
function checkRule(
  rule: PushupRule,
  measurement: MeasurementKind,
  cycle: PushupCycleStats,
  config: PushupAnalyzerConfig,
  evidence: PushupCycleEvidence | undefined,
  visibleShare: number,
  checks: PendingChecks,
): string | null {
  const inSpace = measurement === '3d';
  switch (rule) {
    case 'visibility': {
      const passed = cycle.frameCount !== 0 && visibleShare >= config.minVisibleFrameShare;
      checks.add(ruleCheck(rule, measurement, visibleShare, config.minVisibleFrameShare, passed));
      return passed ? null : 'Insufficient landmark visibility';
    }
    case 'bodyLine': {
      const score = inSpace ? evidence!.alignmentScore3d : cycle.alignmentScore;
      const bodySide = evidence?.bodySide ?? null;
      if (evidence?.view != null) {
        // With a known view the body line must be seen on as large a share of the rep as the
        // landmark gates are (minVisibleFrameShare): a line seen on a few frames was not judged.
        // (From the front with the legs hidden the body-line rules are not judged at all.)
        const share = bodyLineShare(cycle, evidence, inSpace);
        if (share < config.minVisibleFrameShare) {
          checks.add(
            ruleCheck('visibility', 'count', share, config.minVisibleFrameShare, false, bodySide),
          );
          return 'Insufficient landmark visibility';
        }
      }
      const passed = !Number.isNaN(score) && score >= config.minAlignmentScore;
      checks.add(ruleCheck(rule, measurement, score, config.minAlignmentScore, passed, bodySide));
      if (passed) return null;
      const shown = Number.isNaN(score) ? 0 : Math.round(score);
      return `Poor body alignment: ${shown}% < ${config.minAlignmentScore}%`;
    }
    case 'knees':
    case 'hipPike':
    case 'hipSag':
    case 'worm': {
      const judged = judgeFormRule(rule, measurement, evidence!, config, evidence!.bodySide);
      if (judged.check !== null) checks.add(judged.check);
      return judged.reason;
    }
    case 'depth': {
      const value = cycle.minElbowAngle;
      const arms = evidence?.minElbowArms ?? null;
      const timeMs = evidence?.minElbowTime ?? null;
      const raw = evidence?.minElbowRaw ?? Number.NaN;
      if (value > config.maxDownAngle) {
        // Never reached down. Back at full extension, that is the spec's incomplete range of
        // motion; otherwise the dip was simply too shallow.
        checks.add(
          ruleCheck(rule, measurement, value, config.maxDownAngle, false, arms, timeMs, raw),
        );
        return cycle.endTopElbowAngle >= config.minUpAngle
          ? INCOMPLETE_RANGE_OF_MOTION
          : NOT_LOW_ENOUGH;
      }
      const passed = value <= config.maxElbowAngleForDown;
      checks.add(
        ruleCheck(rule, measurement, value, config.maxElbowAngleForDown, passed, arms, timeMs, raw),
      );
      return passed ? null : 'Elbow angle too high';
    }
    case 'upperArm': {
      const judged = judgeFormRule(rule, measurement, evidence!, config, evidence!.minElbowArms);
      if (judged.check !== null) checks.add(judged.check);
      return judged.reason;
    }
    case 'lockout': {
      const passed = cycle.endTopElbowAngle >= config.minUpAngle;
      checks.add(
        ruleCheck(
          rule,
          measurement,
          cycle.endTopElbowAngle,
          config.minUpAngle,
          passed,
          evidence?.endTopArms ?? null,
          evidence?.endTime ?? null,
          evidence?.endTopElbowRaw ?? Number.NaN,
        ),
      );
      return passed ? null : "Didn't extend fully";
    }
    case 'alignmentDrops': {
      const drops = inSpace ? evidence!.alignmentDropCount3d : cycle.alignmentDropCount;
      const passed = drops <= config.maxAlignmentDrops;
      checks.add(
        ruleCheck(
          rule,
          measurement,
          drops,
          config.maxAlignmentDrops,
          passed,
          evidence?.bodySide ?? null,
          evidence?.minAlignmentTime ?? null,
        ),
      );
      return passed ? null : 'Lost alignment during movement: body not maintained in straight line';
    }
  }
}

/**
 * One check as the evidence shows it: `side` and `timeMs` (ms) say where the value was taken,
 * `raw` the detector's reading when the value is a calibrated one (NaN: none).
 */
function ruleCheck(
  rule: PushupRule,
  measurement: MeasurementKind,
  value: number,
  threshold: number,
  passed: boolean,
  side: RuleCheck['side'] = null,
  timeMs: number | null = null,
  raw = Number.NaN,
): RuleCheck {
  // Untimed checks are rounded by their shared store, to the same steps as here.
  if (timeMs === null) return UNTIMED_CHECKS[rule][measurement].get(value, threshold, passed, side);
  const check = {
    rule,
    measurement,
    value: roundCheckValue(value, threshold, measurement === 'count' ? SHARE_SCALE : MEASURE_SCALE),
    threshold,
    bound: RULE_BOUND[rule],
    passed,
    side,
    timeMs: round(timeMs, MEASURE_SCALE),
  };
  return Number.isNaN(raw) ? check : { ...check, raw: round(raw, MEASURE_SCALE) };
}

function sureMargin(check: RuleCheck): number {
  if (check.rule === 'visibility') return 0.1; // a tenth of the frames
  if (check.rule === 'alignmentDrops') return 3; // drops
  if (check.rule === 'hipSag' || check.rule === 'hipPike' || check.rule === 'worm') return 5; // % of the body's length
  return SURE_MARGIN;
}

/** For a valid rep: the passed check nearest its threshold, in units of its sure margin. */
function closestToThreshold(checks: PendingChecks): RuleCheck | null {
  let closest: RuleCheck | null = null;
  let closestMargin = Number.POSITIVE_INFINITY;
  for (let i = 0; i < checks.count; i++) {
    const check = checks.at(i);
    if (Number.isNaN(check.value)) continue;
    const margin = Math.abs(check.value - check.threshold) / sureMargin(check);
    if (margin < closestMargin) {
      closest = check;
      closestMargin = margin;
    }
  }
  return closest;
}

/** `value` rounded to 1/scale (scale 10: tenths). */
function round(value: number, scale: number): number {
  if (!Number.isFinite(value)) return value;
  return Math.round(value * scale) / scale;
}
