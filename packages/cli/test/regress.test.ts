import { describe, expect, it } from 'vitest';
import {
  labelsSchema,
  matchRepBottoms,
  scoreVideo,
  summarise,
  thresholdFailures,
} from '../src/core/regress.js';

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

  it('matches each labelled bottom to the counted rep whose span holds it, once', () => {
    const reps = [
      { startTime: 0, endTime: 1000 },
      { startTime: 1000, endTime: 2000 },
      { startTime: 2500, endTime: 3000 },
    ];
    // 0.5 s and 0.9 s fall in the first rep (the second bottom finds it taken); 2.2 s in no rep.
    expect(matchRepBottoms([0.5, 0.9, 2.2, 2.7], reps)).toEqual({
      labelled: 4,
      counted: 3,
      matched: 2,
    });
    expect(matchRepBottoms([], reps).matched).toBe(0);
    // Labels timed roughly (the fixtures' are +-0.3 s): 2.2 s is 0.3 s before the third rep.
    expect(matchRepBottoms([0.5, 1.5, 2.2], reps, 300).matched).toBe(3);
    expect(matchRepBottoms([0.5, 1.5, 2.1], reps, 300).matched).toBe(2);
    expect(matchRepBottoms([1.5], []).matched).toBe(0);
  });

  it('pools per-rep precision and recall, and counts videos without over-credit', () => {
    const withBottoms = (reps: number, invalid: number, bottoms: number[]) =>
      labelsSchema.parse([
        {
          file: 'a.mp4',
          exercise: 'pushup',
          reps,
          invalid_reps_observed: invalid,
          rep_bottoms_s: bottoms,
        },
      ])[0]!;
    const spans = [
      { startTime: 0, endTime: 1000 },
      { startTime: 1000, endTime: 2000 },
    ];
    const summary = summarise([
      // 2 counted, both match: but 2 valid credited where the label allows 1
      scoreVideo(withBottoms(2, 1, [0.5, 1.5]), { valid: 2, invalid: 0, reps: spans }, null),
      // 2 counted, one matches; one labelled bottom missed
      scoreVideo(withBottoms(2, 0, [0.5, 3]), { valid: 1, invalid: 1, reps: spans }, null),
      // no bottoms in the label: left out of the per-rep score
      scoreVideo(label(9), { valid: 0, invalid: 0, reps: [] }, null),
    ]);
    expect(summary.repPrecision).toBe(3 / 4);
    expect(summary.repRecall).toBe(3 / 4);
    expect(summary.noOverCredit).toBe(2);
    expect(
      thresholdFailures(summary, {
        minExact: 0,
        maxError: 9,
        minPrecision: 0.97,
        minRecall: 0.7,
        minNoOverCredit: 0.95,
      }),
    ).toEqual([
      'per-rep precision 0.750, expected at least 0.97',
      'no over-credit on 66.7% of videos, expected at least 95%',
    ]);
  });

  it('rejects a labels file without reps', () => {
    expect(labelsSchema.safeParse([{ file: 'a.mp4', exercise: 'pushup' }]).success).toBe(false);
  });
});
