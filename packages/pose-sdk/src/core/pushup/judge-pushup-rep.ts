import type { PushupAnalyzerConfig } from '../constants.js';
import type { MeasurementKind, RepEvidence, RuleCheck } from '../events.js';
import type { CameraView } from '../geometry/camera-view.js';
import { PendingChecks } from '../shared/pending-checks.js';
import { SharedChecks } from '../shared/shared-checks.js';

export const INCOMPLETE_RANGE_OF_MOTION =
  'Incomplete range of motion: returned to up without reaching down position.';

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
  readonly frameCount: number;
  /** Frames that passed the landmark visibility gates */
  readonly visibleFrameCount: number;
}

/**
 * What the analyser adds when it had world landmarks: the view over the cycle, the body line in
 * space, and where (time, side) the deciding values were taken.
 */
export interface PushupCycleEvidence {
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
  /** ms */
  readonly endTime: number;
  readonly endTopArms: ArmsMeasured | null;
  /** ms: the frame of the lowest 10-sample mean alignment */
  readonly minAlignmentTime: number;
  readonly bodySide: 'left' | 'right' | null;
}

/** The push-up analyser's rules, in the order they are checked (the first failure is the reason). */
export type PushupRule = 'visibility' | 'bodyLine' | 'depth' | 'lockout' | 'alignmentDrops';

/**
 * How each rule is measured from each view; a view a rule is missing from is one it cannot judge
 * from. Measured on the fixtures (docs/decisions.md, "Judging from any camera"):
 * - the elbow (depth, lockout) in the picture, the mean of both arms: world landmarks compress
 *   the elbow's range (at the bottom of side-view reps, where the picture shows the true angle,
 *   they read 20-40 degrees more open; at the top 5-15 less), so their values cannot be held to
 *   105/120/160. A straight arm is straight in any projection, and a bent one bends visibly when
 *   the elbows flare, so front views read as side views do (bottoms 35-60, tops 177-179).
 * - the body line in the picture from the side and obliquely, in space from the front: from the
 *   front the line shoulder-hip-ankle runs along the camera's axis and its picture angle means
 *   nothing. Space compresses joints toward straight too (obliquely the knee of a knee push-up
 *   reads 84 degrees in the picture, 138 in space), so it is used only where the picture fails.
 */
export const PUSHUP_RULE_MEASUREMENT: Readonly<
  Record<PushupRule, Readonly<Partial<Record<CameraView, MeasurementKind>>>>
> = {
  visibility: { side: 'count', oblique: 'count', front: 'count' },
  bodyLine: { side: '2d', oblique: '2d', front: '3d' },
  depth: { side: '2d', oblique: '2d', front: '2d' },
  lockout: { side: '2d', oblique: '2d', front: '2d' },
  alignmentDrops: { side: '2d', oblique: '2d', front: '3d' },
};

const RULE_ORDER: readonly PushupRule[] = [
  'visibility',
  'bodyLine',
  'depth',
  'lockout',
  'alignmentDrops',
];

/** Each rule's measurement in RULE_ORDER, per view; undefined where the view cannot judge it. */
type RuleMeasurements = readonly (MeasurementKind | undefined)[];

const MEASUREMENTS_BY_VIEW: Readonly<Record<CameraView, RuleMeasurements>> = {
  side: RULE_ORDER.map((rule) => PUSHUP_RULE_MEASUREMENT[rule].side),
  oblique: RULE_ORDER.map((rule) => PUSHUP_RULE_MEASUREMENT[rule].oblique),
  front: RULE_ORDER.map((rule) => PUSHUP_RULE_MEASUREMENT[rule].front),
};

/** Before views: every rule in the picture. */
const MEASUREMENTS_WITHOUT_VIEW: RuleMeasurements = RULE_ORDER.map((rule) =>
  rule === 'visibility' ? 'count' : '2d',
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
const RULE_LISTS_WITHOUT_VIEW = ruleListsByStop(MEASUREMENTS_WITHOUT_VIEW);

/** Each rule's bound: 'min', its value must be at least the threshold; 'max', at most. */
const RULE_BOUND: Readonly<Record<PushupRule, 'min' | 'max'>> = {
  visibility: 'min',
  bodyLine: 'min',
  depth: 'max',
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
  /** Why the rep is invalid (spec 01 §8 wording), or null when valid. */
  readonly reason: string | null;
  readonly evidence: RepEvidence;
}

/**
 * Judges a completed push-up: null when valid, else the reason (spec 01 §8 wording). The checks
 * run in this order and the first failure is the reason given. Without world landmarks (no
 * `evidence`, or its view null: version 1 traces, hosts that pass image landmarks only) every rule
 * is judged in the picture, exactly as before views were detected.
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
  const measurements = view === null ? MEASUREMENTS_WITHOUT_VIEW : MEASUREMENTS_BY_VIEW[view];
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
  const rules = (view === null ? RULE_LISTS_WITHOUT_VIEW : RULE_LISTS_BY_VIEW[view])[
    Math.min(stop, RULE_ORDER.length - 1)
  ]!;
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
        const frames = inSpace ? evidence.bodyLineFrames3d : evidence.bodyLineFrames;
        const share = cycle.frameCount === 0 ? 0 : frames / cycle.frameCount;
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
    case 'depth': {
      const value = cycle.minElbowAngle;
      const arms = evidence?.minElbowArms ?? null;
      const timeMs = evidence?.minElbowTime ?? null;
      if (value > config.maxDownAngle) {
        // Never reached down. Back at full extension, that is the spec's incomplete range of
        // motion; otherwise the dip was simply too shallow.
        checks.add(ruleCheck(rule, measurement, value, config.maxDownAngle, false, arms, timeMs));
        return cycle.endTopElbowAngle >= config.minUpAngle
          ? INCOMPLETE_RANGE_OF_MOTION
          : "Didn't go low enough";
      }
      const passed = value <= config.maxElbowAngleForDown;
      checks.add(
        ruleCheck(rule, measurement, value, config.maxElbowAngleForDown, passed, arms, timeMs),
      );
      return passed ? null : 'Elbow angle too high';
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

/** One check as the evidence shows it: `side` and `timeMs` (ms) say where the value was taken. */
function ruleCheck(
  rule: PushupRule,
  measurement: MeasurementKind,
  value: number,
  threshold: number,
  passed: boolean,
  side: RuleCheck['side'] = null,
  timeMs: number | null = null,
): RuleCheck {
  // Untimed checks are rounded by their shared store, to the same steps as here.
  if (timeMs === null) return UNTIMED_CHECKS[rule][measurement].get(value, threshold, passed, side);
  return {
    rule,
    measurement,
    value: round(value, measurement === 'count' ? SHARE_SCALE : MEASURE_SCALE),
    threshold,
    bound: RULE_BOUND[rule],
    passed,
    side,
    timeMs: round(timeMs, MEASURE_SCALE),
  };
}

function sureMargin(check: RuleCheck): number {
  if (check.rule === 'visibility') return 0.1; // a tenth of the frames
  if (check.rule === 'alignmentDrops') return 3; // drops
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
