import { describe, expect, it } from 'vitest';
import { challengeDates, datesText } from './challenge-dates';

const base = {
  challenge_type: 'accountability' as const,
  start_date: null,
  end_date: null,
  first_participant_joined_at: null,
  is_active: true,
};
const now = new Date('2027-10-10T12:00:00Z');

describe('a challenge’s dates, one rule for every screen', () => {
  it('Pushtober’s window (00:00 in UTC+14 to 24:00 in UTC-12) reads as October 1-31, in any zone', () => {
    const pushtober = {
      ...base,
      start_date: '2027-09-30T10:00:00Z',
      end_date: '2027-11-01T12:00:00Z',
    };
    const dates = challengeDates(pushtober, now);
    expect(dates).toEqual({
      kind: 'local-days',
      firstDay: new Date('2027-10-01T00:00:00Z'),
      lastDay: new Date('2027-10-31T00:00:00Z'),
    });
    expect(datesText(dates, 'en-US')).toEqual({
      start: 'Oct 1, 2027 (your local time)',
      end: 'Oct 31, 2027 (your local time)',
      // Intl's range puts thin spaces around the dash.
      line: 'Oct 1\u2009–\u200931, 2027, your local time',
    });
  });

  it('a running duel’s dates are its 72 hours from the first participant', () => {
    const duel = {
      ...base,
      challenge_type: 'duel' as const,
      first_participant_joined_at: '2027-10-09T12:00:00Z',
    };
    expect(challengeDates(duel, now)).toEqual({
      kind: 'duel',
      startedAt: new Date('2027-10-09T12:00:00Z'),
      endsAt: new Date('2027-10-12T12:00:00Z'),
      ended: false,
    });
    expect(challengeDates({ ...duel, first_participant_joined_at: null }, now)).toEqual({
      kind: 'duel-waiting',
    });
    expect(datesText({ kind: 'duel-waiting' }).line).toBe(
      'Starts with the first participant, lasts 72 hours',
    );
  });

  it('other windows are instants in the viewer’s zone; none is the spec’s No start date / Ongoing', () => {
    const dates = challengeDates(
      { ...base, start_date: '2027-10-01T09:00:00Z', end_date: null },
      now,
    );
    expect(dates).toEqual({ kind: 'window', start: new Date('2027-10-01T09:00:00Z'), end: null });
    expect(datesText(dates, 'en-US').end).toBe('Ongoing');
    expect(datesText(challengeDates(base, now))).toMatchObject({
      start: 'No start date',
      end: 'Ongoing',
    });
    // Not whole days everywhere: shown as instants.
    expect(
      challengeDates(
        { ...base, start_date: '2027-10-01T00:00:00Z', end_date: '2027-11-01T00:00:00Z' },
        now,
      ).kind,
    ).toBe('window');
  });
});
