import { describe, expect, it } from 'vitest';
import { classifyCycle } from './classify-cycle.js';

describe('classifyCycle', () => {
  it('accepts start, transition, end, transition, start', () => {
    expect(classifyCycle(['transition', 'end', 'transition'])).toBeNull();
  });

  it('start, transition, start skipped the end phase', () => {
    expect(classifyCycle(['transition'])).toBe('Incomplete rep - skipped end phase');
  });

  it('start, transition, end, start and end, start skipped the return transition', () => {
    expect(classifyCycle(['transition', 'end'])).toBe('Incomplete rep - skipped return transition');
    expect(classifyCycle(['end'])).toBe('Incomplete rep - skipped return transition');
  });

  it('start, end, transition, start skipped the downward transition', () => {
    expect(classifyCycle(['end', 'transition'])).toBe(
      'Incomplete rep - skipped phases: transition',
    );
  });

  it('going back down before reaching start again started a new rep before completing the previous', () => {
    expect(classifyCycle(['transition', 'end', 'transition', 'end', 'transition'])).toBe(
      'Incomplete rep - started new rep before completing previous',
    );
  });
});
