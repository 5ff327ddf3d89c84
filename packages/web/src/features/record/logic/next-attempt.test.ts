import { describe, expect, it } from 'vitest';
import { momentIn, nextAttemptText, timeUntil } from './next-attempt';

describe('when the next daily attempt opens', () => {
  const now = new Date('2026-03-10T10:48:00Z'); // 23:48 in Auckland (UTC+13)
  const opensAt = new Date('2026-03-10T11:00:00Z'); // 00:00 on 11 March in Auckland
  it('counts down in hours and minutes, never below a minute', () => {
    expect(timeUntil(now, opensAt)).toBe('12\u00a0min');
    expect(timeUntil(new Date('2026-03-10T04:48:00Z'), opensAt)).toBe('6\u00a0h 12\u00a0min');
    expect(timeUntil(new Date('2026-03-10T10:59:30Z'), opensAt)).toBe('less than a minute');
  });
  it("names the moment in the participant's zone, and in the browser's when it differs", () => {
    const text = nextAttemptText(
      { opensAt, timeZone: 'Pacific/Auckland', endsAt: null },
      now,
      'Europe/Berlin',
      'en-GB',
    );
    expect(text.lastDay).toBe(false);
    expect(text.until).toBe('Next attempt in 12\u00a0min');
    expect(text.opens).toBe('It opens on Wednesday 11 March at 00:00 (Pacific/Auckland).');
    // 12:00 on 10 March in Berlin (UTC+1).
    expect(text.local).toBe('That is Tuesday 10 March at 12:00 where you are now (Europe/Berlin).');
    expect(
      nextAttemptText(
        { opensAt, timeZone: 'Pacific/Auckland', endsAt: null },
        now,
        'Pacific/Auckland',
      ).local,
    ).toBeNull();
  });
  it('says the challenge is over for the participant when it ends before their next day', () => {
    const text = nextAttemptText(
      { opensAt, timeZone: 'UTC', endsAt: new Date('2026-03-10T10:59:00Z') },
      now,
      'UTC',
      'en-GB',
    );
    expect(text.lastDay).toBe(true);
    expect(text.until).toBeNull();
    expect(text.opens).toContain('The challenge ends on Tuesday 10 March at 10:59');
    expect(text.local).toBeNull();
  });
  it('formats a moment in any zone', () => {
    expect(momentIn(opensAt, 'UTC', 'en-GB')).toBe('Tuesday 10 March at 11:00');
  });
});
