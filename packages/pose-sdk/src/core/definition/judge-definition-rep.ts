import type { FormRuleName } from '@reptemple/definitions';
import type { DefinitionAnalyzerConfig } from '../constants.js';
import type { DefinitionPhase, MeasurementKind, RepEvidence, RuleCheck } from '../events.js';
import type { CameraView } from '../geometry/camera-view.js';
import type { FormMeasurements } from '../shared/form-tracker.js';
import {
  FORM_RULE_MEASUREMENT,
  type FormRuleConfig,
  judgeFormRule,
} from '../shared/judge-form-rules.js';
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
  /**
   * A relative cycle (definition.cycle.measure 'relative'): its checks that the bottom reached the
   * end phase's ranges and the top the start phase's, and the reason when one failed. They take
   * the place of the phase path, which absolute cycles are judged on.
   */
  readonly range?: { readonly checks: readonly RuleCheck[]; readonly reason: string | null };
  /**
   * The judges' form rules the definition lists (formRules) and what the rep measured for them,
   * on `side` (the better-seen arm and body line).
   */
  readonly form?: {
    readonly rules: readonly FormRuleName[];
    readonly measurements: FormMeasurements;
    readonly side: 'left' | 'right' | null;
  };
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
/** Relative cycles are judged on their bottom and top instead of their phase path. */
const RANGE_RULES_WITH_VISIBILITY = prefixes([
  'bottom',
  'top',
  'visibility',
  'alignment',
  'sustained',
]);
const RANGE_RULES_WITHOUT_VISIBILITY = prefixes(['bottom', 'top', 'alignment', 'sustained']);
/**
 * The checks of the rep being judged: one per rule, and for a relative cycle one bottom and one
 * top check per driving angle (a definition has a few).
 */
const MAX_CHECKS = 64;
const pendingChecks = new PendingChecks(MAX_CHECKS);

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
  > &
    Partial<FormRuleConfig>,
  evidence: DefinitionRepEvidence,
): { reason: string | null; evidence: RepEvidence } {
  const checks = pendingChecks;
  checks.clear();
  let reason: string | null;
  if (rep.range !== undefined) {
    // The bottom checks, then the top checks: the first failing rule names the reason, and the
    // evidence keeps them all (the rule's value, its reading, its frame).
    const ordered = [...rep.range.checks].sort(
      (a, b) => Number(a.rule === 'top') - Number(b.rule === 'top'),
    );
    for (const check of ordered.slice(0, MAX_CHECKS - 3)) checks.add(check);
    reason = rep.range.reason;
  } else {
    reason = classifyCycle(rep.phasesAfterStart);
    checks.add(
      PHASES_CHECKS.get(rep.phasesAfterStart.length, COMPLETE_CYCLE_PHASES, reason === null),
    );
  }
  // The judges' form rules the definition lists, each from the views that can see it (a rule the
  // view cannot judge is listed as not judged; without a view none is).
  const formJudged: string[] = [];
  const formNotJudged: string[] = [];
  if (reason === null && rep.form !== undefined) {
    const view = evidence.view;
    for (const rule of rep.form.rules) {
      const measurement = view === null ? undefined : FORM_RULE_MEASUREMENT[rule][view];
      if (measurement === undefined) {
        formNotJudged.push(rule);
        continue;
      }
      formJudged.push(rule);
      const judged = judgeFormRule(
        rule,
        measurement,
        rep.form.measurements,
        config as FormRuleConfig,
        rep.form.side,
      );
      if (judged.check !== null) checks.add(judged.check);
      if (judged.reason !== null) {
        reason = judged.reason;
        break;
      }
    }
  }
  let seenShare = 1;
  let visibilityJudged = false;
  let notJudged: readonly string[] = NO_RULES;
  if (reason === null && evidence.view !== null) {
    let leastSeen: DefinitionRepEvidence['globalAlignments'][number] | null = null;
    for (const angle of evidence.globalAlignments)
      if (leastSeen === null || angle.measuredFrames < leastSeen.measuredFrames) leastSeen = angle;
    if (leastSeen !== null) {
      const share =
        evidence.measuredFrames === 0 ? 0 : leastSeen.measuredFrames / evidence.measuredFrames;
      const seen = share >= config.minGlobalMeasuredShare;
      if (!seen && evidence.view === 'front') {
        // From the front the legs are behind the body: a judge at the head sees the arms, not
        // the body line, so the global alignments it could not see are not judged (the
        // push-up analyser does the same).
        notJudged = evidence.globalAlignments
          .filter(
            (angle) =>
              angle.measuredFrames < config.minGlobalMeasuredShare * evidence.measuredFrames,
          )
          .map((angle) => angle.id);
      } else {
        seenShare = share;
        visibilityJudged = true;
        checks.add(VISIBILITY_CHECKS.get(share, config.minGlobalMeasuredShare, seen));
        if (!seen) reason = 'Insufficient landmark visibility';
      }
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
  const deciding = reason === null ? null : decidingCheck(checks, rep.range !== undefined);
  const ruleLists =
    rep.range !== undefined
      ? visibilityJudged
        ? RANGE_RULES_WITH_VISIBILITY
        : RANGE_RULES_WITHOUT_VISIBILITY
      : visibilityJudged
        ? RULES_JUDGED_WITH_VISIBILITY
        : RULES_JUDGED_WITHOUT_VISIBILITY;
  let rulesJudged: readonly string[];
  if (rep.form === undefined) {
    rulesJudged = ruleLists[rulesReached(checks, rep.range !== undefined)]!;
  } else {
    // The form rules come after the phases (or the range checks), before visibility; a form rule
    // with nothing to measure was judged without a check.
    const others: string[] = [];
    for (let i = 0; i < checks.count; i++) {
      const rule = checks.at(i).rule;
      if (!FORM_RULE_SET.has(rule) && !others.includes(rule)) others.push(rule);
    }
    const first = rep.range !== undefined ? 2 : 1;
    rulesJudged = [...others.slice(0, first), ...formJudged, ...others.slice(first)];
  }
  return {
    reason,
    evidence: {
      view: evidence.view,
      rulesJudged,
      rulesNotJudged: formNotJudged.length === 0 ? notJudged : [...formNotJudged, ...notJudged],
      deciding,
      checks: checks.toArray(),
      // Phase paths and failure counts are not near-misses of a measured value: the verdict is as
      // sure as the landmarks it stands on, the share of the rep its global alignments were seen.
      confidence:
        reason === 'Insufficient landmark visibility' ? 1 : round2(Math.min(1, seenShare)),
    },
  };
}

/**
 * The check that decided an invalid rep: the last made, except that the range checks of a relative
 * cycle are all made first, so when one of them decided, it is the first that failed.
 */
function decidingCheck(checks: PendingChecks, range: boolean): RuleCheck {
  const last = checks.last;
  if (!range || (last.rule !== 'bottom' && last.rule !== 'top')) return last;
  for (let i = 0; i < checks.count; i++) if (!checks.at(i).passed) return checks.at(i);
  return last;
}

/** Index, in the rule lists, of the last rule judged (a relative cycle's range checks are two rules). */
function rulesReached(checks: PendingChecks, range: boolean): number {
  if (!range) return checks.count - 1;
  const rules = new Set<string>();
  for (let i = 0; i < checks.count; i++) rules.add(checks.at(i).rule);
  // bottom and top are always both made: the rules after them follow in order.
  return rules.size - 1;
}

/** The form rules' names, to tell their checks from the definition's own. */
const FORM_RULE_SET: ReadonlySet<string> = new Set(Object.keys(FORM_RULE_MEASUREMENT));

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
