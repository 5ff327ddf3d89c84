import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  labelsSchema,
  matchRepBottoms,
  scoreVerdicts,
  scoreVideo,
  summarise,
  thresholdFailures,
  verdictsSchema,
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
      { repNumber: 1, startTime: 0, endTime: 1000, isValidRep: true, invalidReason: null },
      { repNumber: 2, startTime: 1000, endTime: 2000, isValidRep: true, invalidReason: null },
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

  it('scores per-rep verdicts: same verdict agrees; a wrong verdict, a missed rep and an extra counted rep each disagree', () => {
    const rep = (n: number, startTime: number, endTime: number, isValidRep: boolean) => ({
      repNumber: n,
      startTime,
      endTime,
      isValidRep,
      invalidReason: isValidRep ? null : "Didn't extend fully",
      evidence: { deciding: { rule: 'lockout', value: 150, threshold: 160 } },
    });
    const verdict = (n: number, bottom_s: number, valid: boolean) => ({
      file: 'a.mp4',
      rep: n,
      bottom_s,
      verdict: valid ? ('valid' as const) : ('invalid' as const),
      reasons: valid ? [] : ['lockout'],
    });
    const counted = [rep(1, 0, 1000, true), rep(2, 1000, 2000, false), rep(3, 2000, 3000, true)];
    const agreement = scoreVerdicts(
      [verdict(1, 0.5, true), verdict(2, 1.5, true), verdict(3, 4.5, false)],
      counted,
    );
    expect(agreement).toMatchObject({ labelled: 3, counted: 3, agreed: 1, unmatchedCounted: 1 });
    expect(agreement.disagreements).toEqual([
      expect.objectContaining({
        rep: 2,
        label: 'valid',
        counted: expect.objectContaining({ valid: false, reason: "Didn't extend fully" }),
      }),
      expect.objectContaining({ rep: 3, label: 'invalid', counted: null }),
    ]);
    const video = labelsSchema.parse([{ file: 'a.mp4', exercise: 'pushup', reps: 3 }])[0]!;
    const score = scoreVideo(video, { valid: 2, invalid: 1, reps: counted }, null, 0, [
      verdict(1, 0.5, true),
      verdict(2, 1.5, true),
      verdict(3, 4.5, false),
    ]);
    // The labelled valid count comes from the verdicts, not the label's invalid_reps_observed.
    expect(score.labelValid).toBe(2);
    const summary = summarise([score]);
    expect(summary.verdictAgreement).toBeCloseTo(1 / 4);
    expect(
      thresholdFailures(summary, { minExact: 0, maxError: 9, minVerdictAgreement: 0.95 }),
    ).toEqual(['per-rep verdict agreement 0.250, expected at least 0.95']);
    expect(
      thresholdFailures(summarise([scoreVideo(video, { valid: 0, invalid: 0 }, null)]), {
        minExact: 0,
        maxError: 9,
        minVerdictAgreement: 0.5,
      }),
    ).toEqual(['no per-rep verdicts to compare with (pass --verdicts <file>)']);
  });

  it('accepts the committed per-rep verdicts and refuses a verdict that is neither valid nor invalid', () => {
    const committed = JSON.parse(
      readFileSync(
        resolve(import.meta.dirname, '../../../fixtures/videos/rep-verdicts.json'),
        'utf8',
      ),
    );
    expect(verdictsSchema.parse(committed).reps.length).toBeGreaterThan(100);
    expect(
      verdictsSchema.safeParse({ reps: [{ file: 'a', rep: 1, bottom_s: 1, verdict: 'maybe' }] })
        .success,
    ).toBe(false);
  });
});
