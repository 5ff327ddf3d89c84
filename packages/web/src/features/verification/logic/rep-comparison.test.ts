import { describe, expect, it } from 'vitest';
import { differenceText, videoTime } from './difference-text';
import { type LiveAttempt, type LiveRep, liveAttemptOf } from './live-attempt';
import { alignmentShift, compareReps, type VerifiedRep } from './rep-comparison';

const live = (startMs: number, isValid = true, invalidReason: string | null = null): LiveRep => ({
  repNumber: 0,
  startMs,
  endMs: startMs + 1500,
  isValid,
  invalidReason,
  deciding: null,
});
const verified = (
  n: number,
  startMs: number,
  isValid = true,
  invalidReason: string | null = null,
): VerifiedRep => ({
  rep_number: n,
  start_ms: startMs,
  end_ms: startMs + 1500,
  is_valid: isValid,
  invalid_reason: invalidReason,
  angle_name: 'elbow',
  bottom_angle: 82,
  top_angle: 158,
});
const attempt = (reps: LiveRep[], countingStartMs: number | null = 0): LiveAttempt => ({
  validReps: reps.filter((rep) => rep.isValid).length,
  invalidReps: reps.filter((rep) => !rep.isValid).length,
  analysedFps: 14.6,
  countingStartMs,
  reps,
});

describe('the live reps against the verified ones', () => {
  it('lines the clocks up by the shift that overlaps the most, within reach of the stored start', () => {
    const reps = [live(1000), live(3000), live(5000)];
    const found = [verified(1, 1400), verified(2, 3400), verified(3, 5400)];
    expect(alignmentShift(reps, found, true)).toBe(400);
    // An unknown start searches wider; a known one does not chase a shift beyond its reach.
    const far = [verified(1, 3500), verified(2, 5500), verified(3, 7500)];
    expect(alignmentShift(reps, far, false)).toBe(2500);
    expect(Math.abs(alignmentShift(reps, far, true))).toBeLessThanOrEqual(600);
  });

  it('30 live, 33 verified: the three the live count missed, in video order, and by how much', () => {
    const reps = Array.from({ length: 30 }, (_, i) => live(i * 2000));
    // Verified: the same 30, 200 ms later, plus three in the gaps the live loop missed.
    const found = [
      ...Array.from({ length: 30 }, (_, i) => verified(i + 1, i * 2000 + 200)),
      verified(31, 61_000),
      verified(32, 63_000),
      verified(33, 65_000),
    ];
    const comparison = compareReps(attempt(reps), found);
    expect(comparison.validDifference).toBe(3);
    expect(comparison.shiftMs).toBe(200);
    expect(comparison.differences.map((d) => d.kind)).toEqual([
      'missed-live',
      'missed-live',
      'missed-live',
    ]);
    expect(
      comparison.differences.map((d) => (d.kind === 'missed-live' ? d.verified.rep_number : 0)),
    ).toEqual([31, 32, 33]);
  });

  it('a verdict that differs, and a live rep the verification did not find', () => {
    const reps = [live(0), live(2000), live(4000, false, 'Go lower'), live(9000)];
    const found = [
      verified(1, 0),
      verified(2, 2000, false, 'Incomplete lockout'),
      verified(3, 4000),
    ];
    const comparison = compareReps(attempt(reps), found);
    expect(comparison.differences.map((d) => d.kind)).toEqual([
      'verdict',
      'verdict',
      'not-in-video',
    ]);
    const [flipped, rescued, missing] = comparison.differences;
    const text = (difference: typeof flipped) => differenceText(difference!, attempt(reps));
    expect(text(flipped)[0]).toBe(
      'Counted valid live; the video’s frames show: Incomplete lockout.',
    );
    expect(text(flipped)).toContain('In the video: elbow 82° at the bottom, 158° at the top.');
    expect(text(rescued)[0]).toBe('Live: Go lower. The video’s frames show a valid rep.');
    expect(text(missing)[0]).toBe(
      'Counted live as valid at 0:09.0; the verification found no whole rep there, so it has no picture.',
    );
    expect(comparison.validDifference).toBe(-1);
    expect(comparison.invalidDifference).toBe(0);
  });

  it('says how fast the live loop analysed when it missed a rep', () => {
    const comparison = compareReps(attempt([]), [verified(1, 0)]);
    expect(differenceText(comparison.differences[0]!, attempt([]))[0]).toBe(
      'Not counted live: the live analysis saw no whole rep here (it analysed 15 frames a second).',
    );
  });

  it('formats video times as m:ss.s', () => {
    expect(videoTime(65_432)).toBe('1:05.4');
    expect(videoTime(0)).toBe('0:00.0');
  });
});

describe('the live attempt in analysis_data', () => {
  it('reads counts, rate, counting start and reps; shifts the reps into video time', () => {
    const read = liveAttemptOf({
      analysis_results: { validReps: 1, invalidReps: 1, analysedFps: 18.2, countingStartMs: 120 },
      completed_reps: [
        {
          repNumber: 1,
          startTime: 1000,
          endTime: 2500,
          isValidRep: true,
          invalidReason: null,
          evidence: { deciding: { rule: 'lockout', value: 161.2, threshold: 160, bound: 'min' } },
        },
        {
          repNumber: 2,
          startTime: 3000,
          endTime: 4100,
          isValidRep: false,
          invalidReason: 'Go lower',
        },
        { junk: true },
      ],
    });
    expect(read).toMatchObject({
      validReps: 1,
      invalidReps: 1,
      analysedFps: 18.2,
      countingStartMs: 120,
    });
    expect(read!.reps).toEqual([
      {
        repNumber: 1,
        startMs: 1120,
        endMs: 2620,
        isValid: true,
        invalidReason: null,
        deciding: { rule: 'lockout', value: 161.2, threshold: 160, bound: 'min' },
      },
      {
        repNumber: 2,
        startMs: 3120,
        endMs: 4220,
        isValid: false,
        invalidReason: 'Go lower',
        deciding: null,
      },
    ]);
  });
  it('holds nothing for data without counts (hidden results, or none stored)', () => {
    expect(liveAttemptOf(null)).toBeNull();
    expect(liveAttemptOf({ completed_reps: [] })).toBeNull();
    expect(
      liveAttemptOf({ analysis_results: { validReps: 3, invalidReps: 0 } })!.countingStartMs,
    ).toBeNull();
  });
});
