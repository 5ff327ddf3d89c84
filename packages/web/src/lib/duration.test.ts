import { describe, expect, it } from 'vitest';
import { formatDuration, formatDurationHms } from './duration';

describe('durations as m:ss (spec 02 §9)', () => {
  it('pads seconds and rounds down', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(59.9)).toBe('0:59');
    expect(formatDuration(61.5)).toBe('1:01');
    expect(formatDuration(330)).toBe('5:30');
  });
  it('as h:mm:ss for spreadsheets: the same whole seconds', () => {
    expect(formatDurationHms(125.95)).toBe('0:02:05');
    expect(formatDurationHms(59.9)).toBe('0:00:59');
    expect(formatDurationHms(3725)).toBe('1:02:05');
    expect(formatDurationHms(-1)).toBe('0:00:00');
  });
  it('treats nonsense as 0', () => {
    expect(formatDuration(-3)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});
