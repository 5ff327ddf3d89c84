import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('durations as m:ss (spec 02 §9)', () => {
  it('pads seconds and rounds down', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(59.9)).toBe('0:59');
    expect(formatDuration(61.5)).toBe('1:01');
    expect(formatDuration(330)).toBe('5:30');
  });
  it('treats nonsense as 0', () => {
    expect(formatDuration(-3)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});
