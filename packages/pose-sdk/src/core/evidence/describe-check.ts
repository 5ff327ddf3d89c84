import type { RuleCheck } from '../events.js';

/** The unit each rule's value is given in, as shown beside it. */
const UNITS: Readonly<Record<string, string>> = {
  depth: '°',
  lockout: '°',
  upperArm: '°',
  knees: '°',
  bottom: '°',
  top: '°',
  bodyLine: '%',
  hipSag: '%',
  hipPike: '%',
  worm: '%',
};

/** What each rule measures, in words a participant reads beside the number. */
const RULE_NAMES: Readonly<Record<string, string>> = {
  visibility: 'seen',
  bodyLine: 'body line',
  hipSag: 'hips sag',
  hipPike: 'hips pike',
  worm: 'hips lag on the way up',
  knees: 'knee',
  depth: 'elbow at the bottom',
  upperArm: 'upper arm above the floor',
  lockout: 'elbow at the top',
  alignmentDrops: 'alignment drops',
  bottom: 'bottom',
  top: 'top',
  phases: 'phases',
  alignment: 'alignment failures',
  sustained: 'sustained failures',
};

/**
 * One check as a line of evidence, with the value the rule decided on: the rule, the value (to the
 * tenth, so 159.6 and 160.4 read apart), the detector's reading when the value is a calibrated one,
 * the comparison with the threshold, and the frame's time: "elbow at the top 157.9° (read 142.7°)
 * < 160° at 3.59 s". Every host shows evidence through this one function (the CLI, the judge's
 * report, contact sheets, the web app), so the number shown is the number the rule used.
 */
export function describeCheck(check: RuleCheck): string {
  const unit = UNITS[check.rule] ?? '';
  const value = Number.isFinite(check.value)
    ? formatNumber(check.value, check.rule)
    : 'not measured';
  const reading =
    check.raw === undefined || check.raw === check.value
      ? ''
      : ` (read ${formatNumber(check.raw, check.rule)}${unit})`;
  const relation = check.passed
    ? check.bound === 'min'
      ? '≥'
      : '≤'
    : check.bound === 'min'
      ? '<'
      : '>';
  const at = check.timeMs === null ? '' : ` at ${(check.timeMs / 1000).toFixed(2)} s`;
  return `${RULE_NAMES[check.rule] ?? check.rule} ${value}${Number.isFinite(check.value) ? unit : ''}${reading} ${relation} ${formatNumber(check.threshold, check.rule)}${unit}${at}`;
}

function formatNumber(value: number, rule: string): string {
  if (rule === 'visibility') return `${Math.round(value * 100)}%`;
  return String(Math.round(value * 10) / 10);
}
