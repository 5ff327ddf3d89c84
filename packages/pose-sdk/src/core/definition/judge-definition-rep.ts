import type { DefinitionAnalyzerConfig } from '../constants.js';
import type { DefinitionPhase, MeasurementKind, RepEvidence } from '../events.js';
import type { CameraView } from '../geometry/camera-view.js';
import { PendingChecks } from '../shared/pending-checks.js';
import { SharedChecks } from '../shared/shared-checks.js';
import { classifyCycle } from './classify-cycle.js';

/** What the definition analyser measured over one cycle, from start back to start. */
export interface DefinitionRepMeasurements {
  /** The phases the cycle entered after leaving start, in order (the trimmed phase history). */
  readonly phasesAfterStart: readonly DefinitionPhase[];
  /** ms: when the cycle left start; null if it never did */
  readonly leftStartAt: number | null;
  /** ms: when the cycle was back in start */
  readonly endTime: number;
  /** The first reason an angle's alignment failures gave during the cycle (judgeAlignmentFailures). */
  readonly alignmentFailure: string | null;
  /** ms: when each non-global alignment failure since the cycle left start was logged */
  readonly nonGlobalFailureTimes: readonly number[];
}

/** What the analyser adds when it had world landmarks (and, for the evidence, in any case). */
export interface DefinitionRepEvidence {
  /** The camera's view over the rep; null without world landmarks. */
  readonly view: CameraView | null;
  /**
   * Each global alignment: how many of the rep's measured frames it was measured on, and how
   * (in the picture, or in space from a view other than the definition's camera position).
   */
  readonly globalAlignments: readonly {
    readonly id: string;
    readonly measuredFrames: number;
    readonly measurement: MeasurementKind;
  }[];
  /** The rep's frames that moved the phases (the global alignments' share is of these). */
  readonly measuredFrames: number;
  /** The alignment failure that gave `alignmentFailure`: its angle, count, limit and time. */
  readonly alignmentFailureCheck: {
    readonly angleId: string;
    readonly count: number;
    readonly limit: number;
    readonly timeMs: number;
    readonly measurement: MeasurementKind;
  } | null;
}

const COMPLETE_CYCLE_PHASES = 3; // transition, end, transition after leaving start

/** Shares (of the rep's frames) are given to the hundredth. */
const SHARE_SCALE = 100;
/** Counts (phases, failures) are whole numbers. */
const WHOLE_NUMBERS = 1;

/** The checks without a frame time, shared by the reps that have them (see SharedChecks). */
const PHASES_CHECKS = new SharedChecks('phases', 'count', 'min', WHOLE_NUMBERS);
const VISIBILITY_CHECKS = new SharedChecks('visibility', 'count', 'min', SHARE_SCALE);
const SUSTAINED_CHECKS = new SharedChecks('sustained', 'count', 'max', WHOLE_NUMBERS);
const PASSED_ALIGNMENT_CHECKS: Readonly<Record<MeasurementKind, SharedChecks>> = {
  '2d': new SharedChecks('alignment', '2d', 'max', WHOLE_NUMBERS),
  '3d': new SharedChecks('alignment', '3d', 'max', WHOLE_NUMBERS),
  count: new SharedChecks('alignment', 'count', 'max', WHOLE_NUMBERS),
};

/**
 * The rules judged, in order, by how many checks were made: judging stops at the first failure.
 * Every rep has one of these few lists, so the evidence shares them (frozen).
 */
const RULES_JUDGED_WITH_VISIBILITY = prefixes(['phases', 'visibility', 'alignment', 'sustained']);
const RULES_JUDGED_WITHOUT_VISIBILITY = prefixes(['phases', 'alignment', 'sustained']);
/** The checks of the rep being judged: at most one per rule (see RULES_JUDGED_WITH_VISIBILITY). */
const pendingChecks = new PendingChecks(RULES_JUDGED_WITH_VISIBILITY.length);

/** A definition's rules all judge from every view. */
const NO_RULES: readonly string[] = Object.freeze([]);

function prefixes(rules: readonly string[]): readonly (readonly string[])[] {
  return rules.map((_, last) => Object.freeze(rules.slice(0, last + 1)));
}

/**
 * judgeDefinitionRep with the checks that decided it. With a known view (world landmarks), a
 * global alignment measured on less than `minGlobalMeasuredShare` of the rep's frames (its
 * landmarks hidden, as the legs are behind the body from the front) makes the rep invalid for
 * visibility: the rule could judge from this view but was given too little to judge, so the rep
 * cannot be credited.
 * Without world landmarks the verdict is judgeDefinitionRep's, as before views were detected.
 */
export function judgeDefinitionRepWithEvidence(
  rep: DefinitionRepMeasurements,
  config: Pick<
    DefinitionAnalyzerConfig,
    'sustainedCycleShare' | 'sustainedFailureLimit' | 'minGlobalMeasuredShare'
  >,
  evidence: DefinitionRepEvidence,
): { reason: string | null; evidence: RepEvidence } {
  const checks = pendingChecks;
  checks.clear();
  const phaseReason = classifyCycle(rep.phasesAfterStart);
  checks.add(
    PHASES_CHECKS.get(rep.phasesAfterStart.length, COMPLETE_CYCLE_PHASES, phaseReason === null),
  );
  let reason = phaseReason;
  let seenShare = 1;
  let visibilityJudged = false;
  if (reason === null && evidence.view !== null) {
    let leastSeen: DefinitionRepEvidence['globalAlignments'][number] | null = null;
    for (const angle of evidence.globalAlignments)
      if (leastSeen === null || angle.measuredFrames < leastSeen.measuredFrames) leastSeen = angle;
    if (leastSeen !== null) {
      const share =
        evidence.measuredFrames === 0 ? 0 : leastSeen.measuredFrames / evidence.measuredFrames;
      seenShare = share;
      const seen = share >= config.minGlobalMeasuredShare;
      visibilityJudged = true;
      checks.add(VISIBILITY_CHECKS.get(share, config.minGlobalMeasuredShare, seen));
      if (!seen) reason = 'Insufficient landmark visibility';
    }
  }
  if (reason === null) {
    const failure = evidence.alignmentFailureCheck;
    if (failure !== null && rep.alignmentFailure !== null) {
      checks.add({
        rule: 'alignment',
        measurement: failure.measurement,
        value: failure.count,
        // The limit fails the rep when reached: the most failures allowed is one fewer.
        threshold: failure.limit - 1,
        bound: 'max',
        passed: false,
        side: null,
        timeMs: failure.timeMs,
      });
      reason = rep.alignmentFailure;
    } else {
      checks.add(PASSED_ALIGNMENT_CHECKS[globalKind(evidence)].get(0, 1, true));
    }
  }
  if (reason === null) {
    const sustained = sustainedCount(rep, config);
    const passed = sustained <= config.sustainedFailureLimit;
    checks.add(SUSTAINED_CHECKS.get(sustained, config.sustainedFailureLimit, passed));
    if (!passed) reason = `Sustained alignment failures: ${sustained} during the rep`;
  }
  const deciding = reason === null ? null : checks.last;
  const rulesJudged = visibilityJudged
    ? RULES_JUDGED_WITH_VISIBILITY
    : RULES_JUDGED_WITHOUT_VISIBILITY;
  return {
    reason,
    evidence: {
      view: evidence.view,
      rulesJudged: rulesJudged[checks.count - 1]!,
      rulesNotJudged: NO_RULES,
      deciding,
      checks: checks.toArray(),
      // Phase paths and failure counts are not near-misses of a measured value: the verdict is as
      // sure as the landmarks it stands on, the share of the rep its global alignments were seen.
      confidence:
        reason === 'Insufficient landmark visibility' ? 1 : round2(Math.min(1, seenShare)),
    },
  };
}

function round2(value: number): number {
  return Math.round(value * SHARE_SCALE) / SHARE_SCALE;
}

/** In space when any global alignment was measured in space, else in the picture. */
function globalKind(evidence: DefinitionRepEvidence): MeasurementKind {
  for (const angle of evidence.globalAlignments) if (angle.measurement === '3d') return '3d';
  return '2d';
}

/**
 * Judges a completed definition rep: null when valid, else the reason (spec 01 §8 wording). The
 * first failing check gives the reason: the phases it went through (classifyCycle), then an
 * angle's alignment failures during it, then failures sustained over most of it (more than
 * `sustainedFailureLimit` non-global ones within its first `sustainedCycleShare`).
 */
export function judgeDefinitionRep(
  rep: DefinitionRepMeasurements,
  config: Pick<DefinitionAnalyzerConfig, 'sustainedCycleShare' | 'sustainedFailureLimit'>,
): string | null {
  return (
    classifyCycle(rep.phasesAfterStart) ?? rep.alignmentFailure ?? sustainedFailure(rep, config)
  );
}

function sustainedFailure(
  rep: DefinitionRepMeasurements,
  config: Pick<DefinitionAnalyzerConfig, 'sustainedCycleShare' | 'sustainedFailureLimit'>,
): string | null {
  const count = sustainedCount(rep, config);
  return count > config.sustainedFailureLimit
    ? `Sustained alignment failures: ${count} during the rep`
    : null;
}

/** Non-global failures within the first sustainedCycleShare of the cycle. */
function sustainedCount(
  rep: DefinitionRepMeasurements,
  config: Pick<DefinitionAnalyzerConfig, 'sustainedCycleShare'>,
): number {
  const leftStartAt = rep.leftStartAt;
  if (leftStartAt === null) return 0;
  const cutoff = leftStartAt + config.sustainedCycleShare * (rep.endTime - leftStartAt);
  let count = 0;
  for (const time of rep.nonGlobalFailureTimes) if (time >= leftStartAt && time <= cutoff) count++;
  return count;
}

/** One angle's alignment failures, as the analyser logged them when the newest came. */
export interface AlignmentFailureCount {
  /** The phase the newest failure happened in. */
  readonly phase: DefinitionPhase;
  /** The angle's name as the definition writes it (shown in the reason). */
  readonly angleName: string;
  /** A global alignment (checked in every phase) rather than a phase's own angle. */
  readonly global: boolean;
  /** Failures of this angle within alignmentFailureWindow, the newest included. */
  readonly count: number;
}

/**
 * Judges an angle's alignment failures when a new one is logged: the reason it makes the rep in
 * progress invalid (spec 01 §9), or null while under the limits. A global angle fails the rep at
 * `globalFailureLimit` failures in the window; another angle at `nonGlobalFailureLimit`, or
 * `nonGlobalFailureLimitOutsideStart` outside the start phase.
 */
export function judgeAlignmentFailures(
  failures: AlignmentFailureCount,
  config: Pick<
    DefinitionAnalyzerConfig,
    'globalFailureLimit' | 'nonGlobalFailureLimit' | 'nonGlobalFailureLimitOutsideStart'
  >,
): string | null {
  const { phase, angleName, count } = failures;
  if (failures.global) {
    return count >= config.globalFailureLimit
      ? `Global alignment failure in ${phase} phase: ${angleName} out of range`
      : null;
  }
  return count >= config.nonGlobalFailureLimit ||
    (phase !== 'start' && count >= config.nonGlobalFailureLimitOutsideStart)
    ? `Too many alignment failures in ${phase} phase: ${angleName} out of range`
    : null;
}
