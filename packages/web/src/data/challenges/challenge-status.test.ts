import { describe, expect, it } from 'vitest';
import { acceptsRecording, challengeTiming } from './challenge-status';
import { challengeAt, STATUS_CASES } from './challenge-status-cases';

describe('challengeTiming: the one date status of every screen (spec 02 §4)', () => {
  const now = new Date('2026-05-10T12:00:00.000Z');
  for (const entry of STATUS_CASES) {
    it(entry.label, () => {
      const challenge = challengeAt(entry, now);
      const timing = challengeTiming(challenge, now);
      expect(timing.status).toBe(entry.expected.status);
      expect(timing.closedReason).toBe(entry.expected.closedReason);
      expect(timing.open).toBe(entry.expected.closedReason === null);
      expect(acceptsRecording(challenge, entry.gender, now)).toBe(entry.expected.accepts);
    });
  }

  it('a started duel ends 72 hours after its first participant', () => {
    const timing = challengeTiming(
      {
        is_active: true,
        challenge_type: 'duel',
        start_date: null,
        end_date: null,
        first_participant_joined_at: '2026-05-08T12:00:00.000Z',
      },
      now,
    );
    expect(timing.duelEndsAt?.toISOString()).toBe('2026-05-11T12:00:00.000Z');
    expect(timing.duelExpired).toBe(false);
  });
});
