import { describe, expect, it } from 'vitest';
import { labelsSchema, scoreVideo, summarise, thresholdFailures } from '../src/core/regress.js';

const label = (reps: number, invalid = 0) =>
  labelsSchema.parse([
    { file: `v${reps}.mp4`, exercise: 'pushup', reps, invalid_reps_observed: invalid },
  ])[0]!;

describe('regression scoring', () => {
  const scores = [
    scoreVideo(label(5), { valid: 5, invalid: 0 }, null),
    scoreVideo(label(4, 4), { valid: 1, invalid: 2 }, null),
    scoreVideo(label(10), { valid: 8, invalid: 4 }, null),
    scoreVideo(label(3), null, 'VIDEO_DECODE_FAILED: bad'),
  ];

  it('compares total reps (valid + invalid) with the label', () => {
    expect(scores.map((score) => score.difference)).toEqual([0, -1, 2, null]);
    expect(scores[1]!.labelValid).toBe(0);
  });

  it('summarises exact, off-by-one, within-one and mean absolute error', () => {
    const summary = summarise(scores);
    expect(summary).toMatchObject({
      videos: 4,
      failed: 1,
      exact: 1,
      offByOne: 1,
      withinOne: 2,
      maxAbsoluteError: 2,
      validExact: 1,
    });
    expect(summary.exactRate).toBe(0.25);
    expect(summary.meanAbsoluteError).toBe(1);
  });

  it('fails below the thresholds, and whenever a video could not be analysed', () => {
    expect(thresholdFailures(summarise(scores), { minExact: 0.2, maxError: 2 })).toEqual([
      '1 video(s) could not be analysed',
    ]);
    const ok = summarise(scores.slice(0, 3));
    expect(thresholdFailures(ok, { minExact: 0.3, maxError: 1 })).toEqual([
      'a video is off by 2 reps, expected at most 1',
    ]);
    expect(thresholdFailures(ok, { minExact: 0.5, maxError: 2 })).toEqual([
      'exact on 33.3% of videos, expected at least 50%',
    ]);
  });

  it('rejects a labels file without reps', () => {
    expect(labelsSchema.safeParse([{ file: 'a.mp4', exercise: 'pushup' }]).success).toBe(false);
  });
});
