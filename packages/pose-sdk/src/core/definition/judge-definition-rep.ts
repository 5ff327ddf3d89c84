import type { DefinitionAnalyzerConfig } from '../constants.js';
import type { DefinitionPhase } from '../events.js';
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
  const leftStartAt = rep.leftStartAt;
  if (leftStartAt === null) return null;
  const cutoff = leftStartAt + config.sustainedCycleShare * (rep.endTime - leftStartAt);
  let count = 0;
  for (const time of rep.nonGlobalFailureTimes) if (time >= leftStartAt && time <= cutoff) count++;
  return count > config.sustainedFailureLimit
    ? `Sustained alignment failures: ${count} during the rep`
    : null;
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
