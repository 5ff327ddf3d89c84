import { describe, expect, it } from 'vitest';
import {
  checkOfRule,
  checkValueText,
  failedCheck,
  repCheckOf,
  repChecksOf,
  ruleLabel,
  ruleValueText,
} from './rep-checks';

const lockout = {
  rule: 'lockout',
  measurement: '2d',
  value: 155.2,
  raw: 147.9,
  threshold: 160,
  bound: 'min',
  passed: false,
  side: 'right',
  timeMs: 4620.5,
};

describe("a rep's checks", () => {
  it('reads a stored check (the SDK RuleCheck) and skips what is not one', () => {
    expect(repCheckOf(lockout)).toEqual({
      rule: 'lockout',
      value: 155.2,
      raw: 147.9,
      threshold: 160,
      bound: 'min',
      passed: false,
      timeMs: 4620.5,
    });
    // JSON has no NaN: a value that could not be measured is stored as null.
    expect(repCheckOf({ ...lockout, value: null, raw: undefined })).toMatchObject({
      value: null,
      raw: null,
    });
    expect(repChecksOf([lockout, { rule: 'depth' }, 'junk', null])).toHaveLength(1);
    expect(repChecksOf(null)).toBeNull();
    expect(repChecksOf({ rule: 'lockout' })).toBeNull();
  });

  it('without a stored verdict, a value on the right side of its threshold passed', () => {
    const { passed: _, ...unsaid } = lockout;
    expect(repCheckOf(unsaid)!.passed).toBe(false);
    expect(repCheckOf({ ...unsaid, value: 161 })!.passed).toBe(true);
    expect(repCheckOf({ ...unsaid, bound: 'max', value: 150 })!.passed).toBe(true);
  });

  it('finds the failed check, and a rule’s own check (its failed one first)', () => {
    const checks = repChecksOf([
      { ...lockout, rule: 'worm', value: 1.2, threshold: 3.5, bound: 'max', passed: true },
      { ...lockout, rule: 'top', value: 170, passed: true },
      lockout,
      { ...lockout, rule: 'top', value: 140 },
    ])!;
    expect(failedCheck(checks)!.rule).toBe('lockout');
    expect(failedCheck(checks.slice(0, 2))).toBeUndefined();
    expect(checkOfRule(checks, 'top')!.value).toBe(140);
    expect(checkOfRule(checks, 'depth')).toBeUndefined();
  });

  it('says each value in its unit: degrees, percentages, a share of frames, counts', () => {
    expect(ruleValueText('lockout', 155.24)).toBe('155°');
    expect(ruleValueText('upperArm', -11.4)).toBe('-11°');
    expect(ruleValueText('bodyLine', 68.42)).toBe('68.4%');
    expect(ruleValueText('hipPike', 13.33)).toBe('13.3%');
    expect(ruleValueText('worm', 3.5)).toBe('3.5%');
    expect(ruleValueText('visibility', 0.456)).toBe('46%');
    expect(ruleValueText('alignmentDrops', 2)).toBe('2');
    expect(ruleValueText('lockout', null)).toBe('–');
  });

  it('shows the value the rule used, and the reading when it was corrected', () => {
    expect(checkValueText(repCheckOf(lockout)!)).toBe('155° (read 148°)');
    expect(checkValueText(repCheckOf({ ...lockout, raw: 155.4 })!)).toBe('155°');
    expect(checkValueText(repCheckOf({ ...lockout, raw: undefined })!)).toBe('155°');
    expect(ruleLabel('hipPike')).toBe('Hip pike');
    expect(ruleLabel('someNewRule')).toBe('someNewRule');
  });
});
