import { describe, expect, it } from 'vitest';
import { SharedChecks } from './shared-checks.js';

describe('SharedChecks', () => {
  it('gives a check with the fields in RuleCheck order and no frame time', () => {
    const check = new SharedChecks('visibility', 'count', 'min', 100).get(0.97, 0.5, true);
    // Order matters: JSON output of the hosts is compared byte for byte across versions.
    expect(Object.entries(check)).toEqual([
      ['rule', 'visibility'],
      ['measurement', 'count'],
      ['value', 0.97],
      ['threshold', 0.5],
      ['bound', 'min'],
      ['passed', true],
      ['side', null],
      ['timeMs', null],
    ]);
  });

  it('makes each distinct check once, frozen, and shares it', () => {
    const checks = new SharedChecks('bodyLine', '2d', 'min', 10);
    const first = checks.get(91.6, 75, true, 'left');
    expect(checks.get(91.6, 75, true, 'left')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(checks.get(Number.NaN, 75, false)).toBe(checks.get(Number.NaN, 75, false));
  });

  it('tells checks apart by value, threshold, verdict and side', () => {
    const checks = new SharedChecks('bodyLine', '2d', 'min', 10);
    const made = [
      checks.get(80, 75, true, 'left'),
      checks.get(80.1, 75, true, 'left'),
      checks.get(80, 70, true, 'left'),
      checks.get(80, 75, false, 'left'),
      checks.get(80, 75, true, 'right'),
      checks.get(80, 75, true, 'both'),
      checks.get(80, 75, true),
    ];
    expect(new Set(made).size).toBe(made.length);
    expect(made.map((check) => [check.value, check.threshold, check.passed, check.side])).toEqual([
      [80, 75, true, 'left'],
      [80.1, 75, true, 'left'],
      [80, 70, true, 'left'],
      [80, 75, false, 'left'],
      [80, 75, true, 'right'],
      [80, 75, true, 'both'],
      [80, 75, true, null],
    ]);
  });
});
