import { builtinDefinitions } from '@reptemple/definitions';
import { describe, expect, it } from 'vitest';
import type { ChallengeWithDefinition } from '../../data/challenges/challenges';
import { RECORDING_VIEW } from './constants';
import {
  challengeDefinition,
  challengeHashtag,
  gifFileName,
  repsPerMinute,
  shareCaption,
} from './recording-rules';

describe('reps per minute = valid reps / seconds × 60, rounded (spec 02 §9)', () => {
  it('rounds to the nearest whole rep', () => {
    expect(repsPerMinute(30, 60)).toBe(30);
    expect(repsPerMinute(25, 45.5)).toBe(33); // 32.97
    expect(repsPerMinute(1, 120)).toBe(1); // 0.5 rounds up
    expect(repsPerMinute(7, 90)).toBe(5); // 4.67
  });
  it('is 0 without time', () => {
    expect(repsPerMinute(10, 0)).toBe(0);
  });
});

describe('the caption hashtag: the challenge name without non-alphanumerics (spec 02 §9)', () => {
  it('keeps letters and digits only', () => {
    expect(challengeHashtag('TOKEN2049 Push-up Challenge!')).toBe('#TOKEN2049PushupChallenge');
    expect(challengeHashtag('Pushtober 2026')).toBe('#Pushtober2026');
    expect(challengeHashtag('Liegestütze × 100')).toBe('#Liegestütze100');
    expect(challengeHashtag('---')).toBe('');
  });
  it('ends the caption', () => {
    expect(shareCaption(30, 75, 'Pushtober 2026')).toBe(
      RECORDING_VIEW.caption(30, '1:15', 'Pushtober 2026', '#Pushtober2026'),
    );
    expect(shareCaption(30, 75, 'Pushtober 2026').endsWith(' #Pushtober2026')).toBe(true);
  });
});

describe('downloaded GIF names', () => {
  it('are safe on every system', () => {
    expect(gifFileName('Zoë O’Brien', 'TOKEN2049: Push-ups')).toBe(
      'zoe-o-brien-token2049-push-ups.gif',
    );
    expect(gifFileName('///', '')).toBe('recording.gif');
  });
});

describe("a challenge's definition, or 'Configuration Error'", () => {
  const challenge = (
    definition: unknown,
  ): Pick<ChallengeWithDefinition, 'exercise_definitions'> => ({
    exercise_definitions:
      definition === undefined ? null : { id: 'd', name: 'Push-up', definition },
  });
  it('the built-in push-up is ready for the analysis', () => {
    const check = challengeDefinition(challenge(builtinDefinitions.pushup));
    expect(check.ok).toBe(true);
  });
  it('a missing or invalid definition is a configuration error with the reason', () => {
    expect(challengeDefinition(challenge(undefined))).toEqual({
      ok: false,
      reason: 'the challenge has no exercise definition',
    });
    const invalid = challengeDefinition(challenge({ name: 'x', cameraPosition: 'top' }));
    expect(invalid.ok).toBe(false);
  });
});
