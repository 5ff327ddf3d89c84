import { describe, expect, it } from 'vitest';
import type { RuleCheck } from '../events.js';
import { describeCheck } from './describe-check.js';

const lockout: RuleCheck = {
  rule: 'lockout',
  measurement: '2d',
  value: 157.94,
  raw: 142.66,
  threshold: 160,
  bound: 'min',
  passed: false,
  side: 'both',
  timeMs: 3593.4,
};

describe('describeCheck', () => {
  it('shows the value the rule used to the tenth, the reading it was corrected from, and the frame', () => {
    expect(describeCheck(lockout)).toBe('elbow at the top 157.9° (read 142.7°) < 160° at 3.59 s');
  });

  it('reads apart two values either side of a threshold that whole degrees would show alike', () => {
    const below = describeCheck({ ...lockout, value: 159.6, raw: undefined, passed: false });
    const above = describeCheck({ ...lockout, value: 160.4, raw: undefined, passed: true });
    expect(below).toBe('elbow at the top 159.6° < 160° at 3.59 s');
    expect(above).toBe('elbow at the top 160.4° ≥ 160° at 3.59 s');
  });

  it('gives shares as percentages and checks over the whole rep without a time', () => {
    expect(
      describeCheck({
        rule: 'visibility',
        measurement: 'count',
        value: 0.42,
        threshold: 0.5,
        bound: 'min',
        passed: false,
        side: null,
        timeMs: null,
      }),
    ).toBe('seen 42% < 50%');
    expect(
      describeCheck({
        ...lockout,
        rule: 'hipSag',
        value: 12.4,
        raw: undefined,
        threshold: 10,
        bound: 'max',
      }),
    ).toBe('hips sag 12.4% > 10% at 3.59 s');
  });
});
