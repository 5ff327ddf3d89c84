import { describe, expect, it } from 'vitest';
import { estimateFinish } from '../src/worker/verification-progress.js';

describe('estimateFinish: when a waiting verification is done', () => {
  it('one idle worker: everything ahead, then its own', () => {
    expect(estimateFinish([], [30, 20], 10)).toBe(60);
    expect(estimateFinish([0], [], 10)).toBe(10);
  });
  it('a busy worker finishes its job first', () => {
    expect(estimateFinish([25], [30], 10)).toBe(65);
  });
  it('two workers share what is ahead, each job to the worker free first', () => {
    // A is free in 5 s, B in 40 s: the 30 goes to A (free at 35), the 20 to A again (35 comes
    // before 40; free at 55), the own job to B at 40, done at 50.
    expect(estimateFinish([5, 40], [30, 20], 10)).toBe(50);
    // Both idle: 30 to A, 20 to B, own to B (free first at 20).
    expect(estimateFinish([0, 0], [30, 20], 10)).toBe(30);
  });
});
