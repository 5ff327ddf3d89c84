import type { DefinitionPhase } from '../events.js';

/**
 * Judges the phases a cycle went through after leaving start, once it is back in start
 * (spec 01 §4). The expected path is transition, end, transition. Returns null for a complete
 * cycle, else the reason the rep is invalid (spec 01 §8 wording).
 */
export function classifyCycle(phasesAfterStart: readonly DefinitionPhase[]): string | null {
  if (!phasesAfterStart.includes('end')) return 'Incomplete rep - skipped end phase';
  if (phasesAfterStart[phasesAfterStart.length - 1] === 'end')
    return 'Incomplete rep - skipped return transition';
  if (phasesAfterStart[0] !== 'transition') return 'Incomplete rep - skipped phases: transition';
  let ends = 0;
  for (const phase of phasesAfterStart) if (phase === 'end') ends++;
  if (ends > 1) return 'Incomplete rep - started new rep before completing previous';
  return null;
}
