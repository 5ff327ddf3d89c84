import { describe, expect, it } from 'vitest';
import { differenceText } from './difference-text';
import type { LiveAttempt, LiveRep } from './live-attempt';
import type { RepDifference, VerifiedRep } from './rep-comparison';

const check = (
  rule: string,
  value: number,
  threshold: number,
  bound: 'min' | 'max',
  timeMs: number | null,
  raw?: number,
) => ({
  rule,
  value,
  raw: raw ?? null,
  threshold,
  bound,
  passed: bound === 'min' ? value >= threshold : value <= threshold,
  timeMs,
});

const liveRep = (isValid: boolean, checks: LiveRep['checks'], reason: string | null = null) => ({
  repNumber: 3,
  startMs: 4000,
  endMs: 5500,
  isValid,
  invalidReason: reason,
  deciding: null,
  checks,
});
const verifiedRep = (isValid: boolean, reason: string | null, checks: unknown): VerifiedRep => ({
  rep_number: 3,
  start_ms: 4000,
  end_ms: 5500,
  is_valid: isValid,
  invalid_reason: reason,
  angle_name: 'Elbow',
  bottom_angle: 73,
  top_angle: 155,
  checks,
});
const attempt: LiveAttempt = {
  validReps: 1,
  invalidReps: 0,
  analysedFps: 16,
  countingStartMs: 0,
  reps: [],
};

describe('why a rep differs, rule against rule', () => {
  it('valid live, failed in the video: the failing rule as each measured it, with the frame', () => {
    const difference: RepDifference = {
      kind: 'verdict',
      live: liveRep(true, [
        check('worm', 1.3, 3.5, 'max', 5100),
        check('lockout', 166.2, 160, 'min', 5400, 154.9),
      ]),
      verified: verifiedRep(false, "Didn't extend fully", [
        check('worm', 0.4, 3.5, 'max', 5000),
        check('lockout', 155.3, 160, 'min', 4620, 147.8),
      ]),
    };
    expect(differenceText(difference, attempt)).toEqual([
      "Counted valid live; the video’s frames show: Didn't extend fully.",
      'Lockout (elbow at the top): 166.2° (read 154.9°) live, 155.3° (read 147.8°) in the video at 0:04.6 (at least 160° counts).',
    ]);
  });

  it('failed live, valid in the video: the rule that failed live, in its unit', () => {
    const difference: RepDifference = {
      kind: 'verdict',
      live: liveRep(
        false,
        [check('bodyLine', 68.4, 75, 'min', null)],
        'Poor body alignment: 68% < 75%',
      ),
      verified: verifiedRep(true, null, [check('bodyLine', 81.2, 75, 'min', null)]),
    };
    expect(differenceText(difference, attempt)).toEqual([
      'Live: Poor body alignment: 68% < 75%. The video’s frames show a valid rep.',
      'Body alignment: 68.4% live, 81.2% in the video (at least 75% counts).',
    ]);
  });

  it('a rule judged on one side only says so (the view, or judging stopped earlier)', () => {
    const difference: RepDifference = {
      kind: 'verdict',
      live: liveRep(true, [check('lockout', 166, 160, 'min', 5400)]),
      verified: verifiedRep(false, 'Insufficient landmark visibility', [
        check('visibility', 0.42, 0.5, 'min', null),
      ]),
    };
    expect(differenceText(difference, attempt)[1]).toBe(
      'Frames with the body seen: not judged live, 42% in the video (at least 50% counts).',
    );
  });

  it('a verification from before the checks were kept: each side’s own numbers, as before', () => {
    const difference: RepDifference = {
      kind: 'verdict',
      live: {
        ...liveRep(true, []),
        deciding: { rule: 'bodyLine', value: 80.4, threshold: 75, bound: 'min' },
      },
      verified: verifiedRep(false, "Didn't extend fully", null),
    };
    expect(differenceText(difference, attempt)).toEqual([
      "Counted valid live; the video’s frames show: Didn't extend fully.",
      'Live: Body alignment read 80.4% (at least 75% counts).',
      'In the video: Elbow 73° at the bottom, 155° at the top.',
    ]);
  });
});
