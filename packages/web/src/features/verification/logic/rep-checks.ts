// A rep's checks as the analyser judged them (the SDK's RuleCheck: the rule, the value it decided
// on, the detector's reading it was corrected from, the threshold, the frame), read from what a
// browser stored (the live attempt's completed_reps) or the verification wrote
// (recording_rep_evidence.checks), and said in words with each rule's unit. Read defensively: the
// data is of any age. Pure.

import { describeCheck, type RuleCheck } from '@reptemple/pose-sdk';
import { RULE_LABELS } from '../messages';
import { videoTime } from './video-time';

export interface RepCheck {
  rule: string;
  /** The value the rule decided on; null when it could not be measured. */
  value: number | null;
  /** The detector's reading `value` was corrected from (a calibrated elbow); null when none. */
  raw: number | null;
  threshold: number;
  bound: 'min' | 'max';
  passed: boolean;
  /** ms in the rep's own clock (the video's for the verification); null for a whole-rep value. */
  timeMs: number | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const finiteOr = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** One check, or null when the stored object is not one. */
export function repCheckOf(stored: unknown): RepCheck | null {
  if (!isRecord(stored)) return null;
  const { rule, threshold, bound, passed } = stored;
  const limit = finiteOr(threshold);
  if (typeof rule !== 'string' || limit === null) return null;
  if (bound !== 'min' && bound !== 'max') return null;
  const value = finiteOr(stored.value);
  return {
    rule,
    value,
    raw: finiteOr(stored.raw),
    threshold: limit,
    bound,
    // Older data may not say; a value on the right side of its threshold passed.
    passed:
      typeof passed === 'boolean'
        ? passed
        : value !== null && (bound === 'min' ? value >= limit : value <= limit),
    timeMs: finiteOr(stored.timeMs),
  };
}

/** The checks stored, in order; null when none were stored (a verification from before them). */
export function repChecksOf(stored: unknown): RepCheck[] | null {
  if (!Array.isArray(stored)) return null;
  const checks: RepCheck[] = [];
  for (const item of stored) {
    const check = repCheckOf(item);
    if (check) checks.push(check);
  }
  return checks;
}

/** The check that failed the rep (judging stops at the first failure). */
export function failedCheck(checks: readonly RepCheck[]): RepCheck | undefined {
  return checks.find((check) => !check.passed);
}

/** The rep's check of one rule: its failed one if it failed, else its first. */
export function checkOfRule(checks: readonly RepCheck[], rule: string): RepCheck | undefined {
  return (
    checks.find((check) => check.rule === rule && !check.passed) ??
    checks.find((check) => check.rule === rule)
  );
}

/** Rules whose value is an angle, in degrees. */
const DEGREES = new Set(['lockout', 'depth', 'upperArm', 'knees', 'bottom', 'top']);
/** Rules whose value is already a percentage (a score, or a share of a body length). */
const PERCENT = new Set(['bodyLine', 'hipSag', 'hipPike', 'worm']);
/** Rules whose value is a share (0-1) of the rep's frames, shown as a percentage. */
const SHARE = new Set(['visibility']);

/** A rule's value with its unit: 166.4°, 13%, 42% (of frames), 2. */
export function ruleValueText(rule: string, value: number | null): string {
  if (value === null) return '–';
  // Tenths, as the rule compared them: 159.6° is not shown as 160° beside "at least 160°".
  if (DEGREES.has(rule)) return `${Math.round(value * 10) / 10}°`;
  if (PERCENT.has(rule)) return `${Math.round(value * 10) / 10}%`;
  if (SHARE.has(rule)) return `${Math.round(value * 100)}%`;
  return String(Math.round(value * 100) / 100);
}

/** A check's value as shown: the value the rule used, and the reading when it was corrected. */
export function checkValueText(check: RepCheck): string {
  const value = ruleValueText(check.rule, check.value);
  const corrected =
    check.raw !== null &&
    check.value !== null &&
    ruleValueText(check.rule, check.raw) !== ruleValueText(check.rule, check.value);
  return corrected ? `${value} (read ${ruleValueText(check.rule, check.raw)})` : value;
}

/** What the rule measures, in words. */
export function ruleLabel(rule: string): string {
  return (RULE_LABELS as Record<string, string>)[rule] ?? rule;
}

/**
 * A stored check as the SDK's one line of evidence (describeCheck): the rule, the value it decided
 * on to the tenth, the reading it was corrected from, the comparison with its threshold, and the
 * frame in the page's video time: "elbow at the top 157.9° (read 142.7°) < 160° at 0:03.6". Every
 * host words evidence through that one function, so the number shown is the number the rule used.
 */
export function checkLine(check: RepCheck): string {
  const ruleCheck: RuleCheck = {
    rule: check.rule,
    // The unit comes from the rule; how it was measured does not change the line.
    measurement: '2d',
    value: check.value ?? Number.NaN,
    ...(check.raw === null ? {} : { raw: check.raw }),
    threshold: check.threshold,
    bound: check.bound,
    passed: check.passed,
    side: null,
    // The frame's time is said as the rest of the page says it, not in seconds.
    timeMs: null,
  };
  const at = check.timeMs === null ? '' : ` at ${videoTime(check.timeMs)}`;
  return `${describeCheck(ruleCheck)}${at}`;
}

/** degrees, to the tenth: a rep's bottom and top as its rules decided on them (159.6 is not 160). */
export function degreesText(angle: number | null): string {
  return angle === null ? '–' : `${Math.round(angle * 10) / 10}°`;
}
