import type { PushupAnalyzerConfig } from '../constants.js';
import type { MeasurementKind, RepEvidence, RuleCheck } from '../events.js';
import type { CameraView } from '../geometry/camera-view.js';

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

/** Units from the threshold at which a verdict counts as sure (degrees, % points, drops x 10). */
const SURE_MARGIN = 10;

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

/** judgePushupRep, with the checks that decided it. */
export function judgePushupRepWithEvidence(
  cycle: PushupCycleStats,
  config: PushupAnalyzerConfig,
  evidence?: PushupCycleEvidence,
): PushupJudgement {
  const view = evidence?.view ?? null;
  const checks: RuleCheck[] = [];
  const rulesJudged: PushupRule[] = [];
  const rulesNotJudged: PushupRule[] = [];
  let reason: string | null = null;
  let deciding: RuleCheck | null = null;
  const visibleShare = cycle.frameCount === 0 ? 0 : cycle.visibleFrameCount / cycle.frameCount;

  for (const rule of RULE_ORDER) {
    const measurement =
      view === null ? legacyMeasurement(rule) : PUSHUP_RULE_MEASUREMENT[rule][view];
    if (measurement === undefined) {
      rulesNotJudged.push(rule);
      continue;
    }
    rulesJudged.push(rule);
    const check = checkRule(rule, measurement, cycle, config, evidence, visibleShare);
    checks.push(check.check);
    if (reason === null && check.reason !== null) {
      reason = check.reason;
      deciding = check.check;
    }
    if (reason !== null) break;
  }
  if (deciding === null) deciding = closestToThreshold(checks);
  const margin =
    deciding === null || Number.isNaN(deciding.value)
      ? 1
      : Math.min(1, Math.abs(deciding.value - deciding.threshold) / sureMargin(deciding));
  return {
    reason,
    evidence: {
      view,
      rulesJudged,
      rulesNotJudged,
      deciding,
      checks,
      confidence: round(visibleShare * margin, 2),
    },
  };
}

/** Before views: every rule in the picture. */
function legacyMeasurement(rule: PushupRule): MeasurementKind {
  return rule === 'visibility' ? 'count' : '2d';
}

function checkRule(
  rule: PushupRule,
  measurement: MeasurementKind,
  cycle: PushupCycleStats,
  config: PushupAnalyzerConfig,
  evidence: PushupCycleEvidence | undefined,
  visibleShare: number,
): { check: RuleCheck; reason: string | null } {
  const inSpace = measurement === '3d';
  switch (rule) {
    case 'visibility': {
      const passed = cycle.frameCount !== 0 && visibleShare >= config.minVisibleFrameShare;
      return {
        check: make(rule, measurement, visibleShare, config.minVisibleFrameShare, 'min', passed),
        reason: passed ? null : 'Insufficient landmark visibility',
      };
    }
    case 'bodyLine': {
      const score = inSpace ? evidence!.alignmentScore3d : cycle.alignmentScore;
      if (evidence?.view != null) {
        // With a known view the body line must be seen on as large a share of the rep as the
        // landmark gates are (minVisibleFrameShare): a line seen on a few frames was not judged.
        const frames = inSpace ? evidence.bodyLineFrames3d : evidence.bodyLineFrames;
        const share = cycle.frameCount === 0 ? 0 : frames / cycle.frameCount;
        if (share < config.minVisibleFrameShare) {
          return {
            check: make('visibility', 'count', share, config.minVisibleFrameShare, 'min', false, {
              side: evidence.bodySide,
              timeMs: null,
            }),
            reason: 'Insufficient landmark visibility',
          };
        }
      }
      const passed = !Number.isNaN(score) && score >= config.minAlignmentScore;
      const check = make(rule, measurement, score, config.minAlignmentScore, 'min', passed, {
        side: evidence?.bodySide ?? null,
        timeMs: null,
      });
      if (passed) return { check, reason: null };
      const shown = Number.isNaN(score) ? 0 : Math.round(score);
      return { check, reason: `Poor body alignment: ${shown}% < ${config.minAlignmentScore}%` };
    }
    case 'depth': {
      const value = cycle.minElbowAngle;
      const where = {
        side: evidence?.minElbowArms ?? null,
        timeMs: evidence?.minElbowTime ?? null,
      };
      if (value > config.maxDownAngle) {
        // Never reached down. Back at full extension, that is the spec's incomplete range of
        // motion; otherwise the dip was simply too shallow.
        return {
          check: make(rule, measurement, value, config.maxDownAngle, 'max', false, where),
          reason:
            cycle.endTopElbowAngle >= config.minUpAngle
              ? INCOMPLETE_RANGE_OF_MOTION
              : "Didn't go low enough",
        };
      }
      const passed = value <= config.maxElbowAngleForDown;
      return {
        check: make(rule, measurement, value, config.maxElbowAngleForDown, 'max', passed, where),
        reason: passed ? null : 'Elbow angle too high',
      };
    }
    case 'lockout': {
      const passed = cycle.endTopElbowAngle >= config.minUpAngle;
      return {
        check: make(rule, measurement, cycle.endTopElbowAngle, config.minUpAngle, 'min', passed, {
          side: evidence?.endTopArms ?? null,
          timeMs: evidence?.endTime ?? null,
        }),
        reason: passed ? null : "Didn't extend fully",
      };
    }
    case 'alignmentDrops': {
      const drops = inSpace ? evidence!.alignmentDropCount3d : cycle.alignmentDropCount;
      const passed = drops <= config.maxAlignmentDrops;
      return {
        check: make(rule, measurement, drops, config.maxAlignmentDrops, 'max', passed, {
          side: evidence?.bodySide ?? null,
          timeMs: evidence?.minAlignmentTime ?? null,
        }),
        reason: passed
          ? null
          : 'Lost alignment during movement: body not maintained in straight line',
      };
    }
  }
}

function make(
  rule: PushupRule,
  measurement: MeasurementKind,
  value: number,
  threshold: number,
  bound: 'min' | 'max',
  passed: boolean,
  where: { side: RuleCheck['side']; timeMs: number | null } = { side: null, timeMs: null },
): RuleCheck {
  return {
    rule,
    measurement,
    value: round(value, measurement === 'count' ? 2 : 1), // shares to the hundredth, degrees and % to the tenth
    threshold,
    bound,
    passed,
    side: where.side,
    timeMs: where.timeMs === null ? null : round(where.timeMs, 1),
  };
}

function sureMargin(check: RuleCheck): number {
  if (check.rule === 'visibility') return 0.1; // a tenth of the frames
  if (check.rule === 'alignmentDrops') return 3; // drops
  return SURE_MARGIN;
}

/** For a valid rep: the passed check nearest its threshold, in units of its sure margin. */
function closestToThreshold(checks: readonly RuleCheck[]): RuleCheck | null {
  let closest: RuleCheck | null = null;
  let closestMargin = Number.POSITIVE_INFINITY;
  for (const check of checks) {
    if (Number.isNaN(check.value)) continue;
    const margin = Math.abs(check.value - check.threshold) / sureMargin(check);
    if (margin < closestMargin) {
      closest = check;
      closestMargin = margin;
    }
  }
  return closest;
}

function round(value: number, digits: number): number {
  if (!Number.isFinite(value)) return value;
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
