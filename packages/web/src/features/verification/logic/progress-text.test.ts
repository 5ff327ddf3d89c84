import { describe, expect, it } from 'vitest';
import { ordinal } from '../messages';
import { durationText, progressText } from './progress-text';

const rate = { secondsPerVideoSecond: 2.25, samples: 20 };

describe('a verification in progress, in words', () => {
  it('names its place in the queue and the time left', () => {
    expect(
      progressText({
        status: 'verifying',
        queue: { state: 'waiting', position: 3, running: 1, stalled: false },
        estimate: { remainingSeconds: 283, ...rate },
      }),
    ).toEqual({
      headline: '3rd in the queue',
      detail: 'about 5\u00a0min left',
      basis: 'Estimated from the last 20 verifications (2.3 s per second of video).',
    });
    expect(
      progressText({
        status: 'verifying',
        queue: { state: 'running', runningSeconds: 40 },
        estimate: { remainingSeconds: 0, ...rate },
      }),
    ).toMatchObject({ headline: 'Verifying your video now', detail: 'any moment now' });
  });
  it('promises no time when nothing verifies, or nothing was measured', () => {
    expect(
      progressText({
        status: 'verifying',
        queue: { state: 'waiting', position: 1, running: 0, stalled: true },
        estimate: null,
      }),
    ).toMatchObject({ detail: 'No verifier is taking videos right now; yours keeps its place.' });
    expect(
      progressText({
        status: 'verifying',
        queue: { state: 'waiting', position: 1, running: 0, stalled: false },
        estimate: null,
      }),
    ).toMatchObject({ detail: null, basis: expect.stringContaining('No estimate yet') });
  });
  it('says nothing once it is verified or out of the queue', () => {
    expect(
      progressText({ status: 'verified', queue: { state: 'absent' }, estimate: null }),
    ).toBeNull();
  });
  it('rounds durations to what a person reads', () => {
    expect(durationText(42)).toBe('40\u00a0s');
    expect(durationText(2)).toBe('5\u00a0s');
    expect(durationText(3725)).toBe('1\u00a0h 2\u00a0min');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
    ]);
  });
});
