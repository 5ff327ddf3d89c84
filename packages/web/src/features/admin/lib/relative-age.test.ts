import { describe, expect, it } from 'vitest';
import { relativeAge } from './relative-age';

const NOW = new Date('2026-11-25T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe('relative ages of recent activity (spec 02 §2)', () => {
  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [60_000, '1m ago'],
    [59 * 60_000 + 59_999, '59m ago'],
    [3_600_000, '1h ago'],
    [23 * 3_600_000 + 3_599_999, '23h ago'],
    [86_400_000, '1d ago'],
    [45 * 86_400_000 + 5_000, '45d ago'],
  ])('%d ms ago reads %s', (ms, text) => {
    expect(relativeAge(ago(ms), NOW)).toBe(text);
  });
  it('a time ahead of this clock (another machine) is Just now, not a negative age', () => {
    expect(relativeAge(new Date(NOW.getTime() + 90_000), NOW)).toBe('Just now');
  });
});
