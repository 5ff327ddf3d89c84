import { describe, expect, it } from 'vitest';
import type { RuleCheck } from '../events.js';
import { PendingChecks } from './pending-checks.js';

const check = (rule: string): RuleCheck => ({
  rule,
  measurement: 'count',
  value: 1,
  threshold: 0,
  bound: 'min',
  passed: true,
  side: null,
  timeMs: null,
});

describe('PendingChecks', () => {
  it('gives each rep a list of its own, at its final length', () => {
    const checks = new PendingChecks(3);
    checks.add(check('a'));
    checks.add(check('b'));
    const first = checks.toArray();
    expect(first.map((c) => c.rule)).toEqual(['a', 'b']);
    expect(checks.last.rule).toBe('b');
    checks.clear();
    checks.add(check('c'));
    expect(checks.toArray().map((c) => c.rule)).toEqual(['c']);
    expect(first.map((c) => c.rule)).toEqual(['a', 'b']); // the first rep's list is untouched
    expect(checks.at(0).rule).toBe('c');
    expect(checks.count).toBe(1);
  });
});
