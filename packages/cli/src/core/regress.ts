import { z } from 'zod';

/** The labels file: one entry per video, as fixtures/videos/labels.json has them. */
export const labelsSchema = z.array(
  z.looseObject({
    file: z.string().min(1),
    exercise: z.string().min(1),
    /** every completed cycle, bad form included */
    reps: z.number().int().min(0),
    /** how many of `reps` are clearly bad */
    invalid_reps_observed: z.number().int().min(0).default(0),
    /** s: the bottom of each counted cycle, in order (optional: without them no per-rep score) */
    rep_bottoms_s: z.array(z.number().min(0)).optional(),
  }),
  {
    error: (issue) =>
      `expected a JSON list of labels [{"file", "exercise", "reps"}, ...], received ${describeJsonValue(issue.input)}`,
  },
);

/** A JSON value's kind as a person would say it: an object, a number, null. */
function describeJsonValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export type Label = z.output<typeof labelsSchema>[number];

/**
 * Per-rep verdicts by the judging rubric (fixtures/videos/rep-verdicts.json): one entry per
 * labelled rep, matched to counted reps by its bottom as rep_bottoms_s are.
 */
export const verdictsSchema = z.looseObject(
  {
    reps: z.array(
      z.looseObject({
        file: z.string().min(1),
        /** 1-based, the order of the file's rep_bottoms_s */
        rep: z.number().int().min(1),
        /** s: the labelled bottom */
        bottom_s: z.number().min(0),
        verdict: z.enum(['valid', 'invalid']),
        reasons: z.array(z.string()).default([]),
        confidence: z.string().optional(),
      }),
    ),
  },
  {
    error: (issue) =>
      `expected {"reps": [{"file", "rep", "bottom_s", "verdict"}, ...]}, received ${describeJsonValue(issue.input)}`,
  },
);

export type RepVerdict = z.output<typeof verdictsSchema>['reps'][number];

/** A counted rep's span, in ms, as the analysers report it. */
export interface CountedSpan {
  readonly startTime: number;
  readonly endTime: number;
}

/** A counted rep with its verdict and what decided it (the CLI's reported rep). */
export interface JudgedSpan extends CountedSpan {
  readonly repNumber: number;
  readonly isValidRep: boolean;
  readonly invalidReason: string | null;
  readonly evidence?: { readonly deciding: unknown } | undefined;
}

/** A labelled rep whose counted verdict differs from its label, or that was not counted. */
export interface VerdictDisagreement {
  readonly rep: number;
  readonly bottom_s: number;
  readonly label: 'valid' | 'invalid';
  readonly reasons: readonly string[];
  readonly confidence: string | null;
  /** The counted rep the bottom fell in; null when no counted rep holds it. */
  readonly counted: {
    readonly repNumber: number;
    readonly startTime: number;
    readonly endTime: number;
    readonly valid: boolean;
    readonly reason: string | null;
    readonly deciding: unknown;
  } | null;
}

/** One video's per-rep verdicts against the counted reps. */
export interface VerdictAgreement {
  readonly labelled: number;
  readonly counted: number;
  /** labelled reps matched to a counted rep with the same verdict */
  readonly agreed: number;
  /** counted reps no labelled rep matched (each a disagreement) */
  readonly unmatchedCounted: number;
  readonly labelledValid: number;
  readonly disagreements: readonly VerdictDisagreement[];
}

/**
 * Per-rep agreement of one video: a labelled bottom matches a counted rep whose span holds it,
 * each rep and each bottom matched at most once.
 */
export interface RepAgreement {
  /** labelled bottoms */
  readonly labelled: number;
  readonly counted: number;
  /** rep-bottom pairs */
  readonly matched: number;
}

export interface VideoScore {
  readonly file: string;
  readonly labelReps: number;
  readonly labelValid: number;
  readonly countedReps: number | null;
  readonly countedValid: number | null;
  /** counted minus labelled total reps; null when the input failed */
  readonly difference: number | null;
  /** null when the label has no rep_bottoms_s or the input failed */
  readonly perRep: RepAgreement | null;
  /** null without per-rep verdicts for this video, or when the input failed */
  readonly verdicts: VerdictAgreement | null;
  readonly error: string | null;
}

export interface RegressionSummary {
  readonly videos: number;
  readonly failed: number;
  readonly exact: number;
  readonly offByOne: number;
  readonly withinOne: number;
  readonly exactRate: number;
  readonly offByOneRate: number;
  readonly withinOneRate: number;
  /** mean absolute difference in total reps, over the videos that were analysed */
  readonly meanAbsoluteError: number;
  readonly maxAbsoluteError: number;
  /** videos whose valid-rep count equals the label's (reps minus invalid_reps_observed) */
  readonly validExact: number;
  /** videos whose valid-rep count is not above the label's: no bad rep credited */
  readonly noOverCredit: number;
  readonly noOverCreditRate: number;
  /** matched reps over counted reps, pooled over the videos with rep_bottoms_s (1 when none counted) */
  readonly repPrecision: number;
  /** matched bottoms over labelled bottoms, pooled the same way (1 when none labelled) */
  readonly repRecall: number;
  /**
   * Per-rep verdict agreement, pooled over the videos with verdicts: labelled reps counted with
   * the same verdict, over labelled reps plus counted reps no label matched; null without verdicts.
   */
  readonly verdictAgreement: number | null;
}

/**
 * Matches labelled bottoms (s) to counted reps (ms) in time order: a bottom inside a rep's span
 * (widened by `toleranceMs` each side, for labels timed roughly) pairs with it unless that rep
 * already has one. Both lists are in time order and reps do not overlap, so one pass finds the
 * largest matching.
 */
export function matchRepBottoms(
  bottomsS: readonly number[],
  reps: readonly CountedSpan[],
  toleranceMs = 0,
): RepAgreement {
  let matched = 0;
  let repIndex = 0;
  for (const bottomS of bottomsS) {
    const bottomMs = bottomS * 1000;
    while (repIndex < reps.length && reps[repIndex]!.endTime + toleranceMs < bottomMs) repIndex++;
    const rep = reps[repIndex];
    if (rep === undefined) break;
    if (rep.startTime - toleranceMs <= bottomMs) {
      matched++;
      repIndex++;
    }
  }
  return { labelled: bottomsS.length, counted: reps.length, matched };
}

/**
 * Matches each labelled rep (by its bottom, in time order) to the counted rep whose span holds it,
 * as matchRepBottoms does, and compares their verdicts.
 */
export function scoreVerdicts(
  labelled: readonly RepVerdict[],
  reps: readonly JudgedSpan[],
  toleranceMs = 0,
): VerdictAgreement {
  const ordered = [...labelled].sort((a, b) => a.bottom_s - b.bottom_s);
  const disagreements: VerdictDisagreement[] = [];
  let agreed = 0;
  let matched = 0;
  let repIndex = 0;
  for (const verdict of ordered) {
    const bottomMs = verdict.bottom_s * 1000;
    while (repIndex < reps.length && reps[repIndex]!.endTime + toleranceMs < bottomMs) repIndex++;
    const rep = reps[repIndex];
    const inside = rep !== undefined && rep.startTime - toleranceMs <= bottomMs;
    if (inside) {
      matched++;
      repIndex++;
      if (rep.isValidRep === (verdict.verdict === 'valid')) {
        agreed++;
        continue;
      }
    }
    disagreements.push({
      rep: verdict.rep,
      bottom_s: verdict.bottom_s,
      label: verdict.verdict,
      reasons: verdict.reasons,
      confidence: verdict.confidence ?? null,
      counted: inside
        ? {
            repNumber: rep.repNumber,
            startTime: rep.startTime,
            endTime: rep.endTime,
            valid: rep.isValidRep,
            reason: rep.invalidReason,
            deciding: rep.evidence?.deciding ?? null,
          }
        : null,
    });
  }
  return {
    labelled: labelled.length,
    counted: reps.length,
    agreed,
    unmatchedCounted: reps.length - matched,
    labelledValid: labelled.filter((verdict) => verdict.verdict === 'valid').length,
    disagreements,
  };
}

export function scoreVideo(
  label: Label,
  counted: { valid: number; invalid: number; reps?: readonly JudgedSpan[] } | null,
  error: string | null,
  /** ms each side of a rep's span within which a labelled bottom still matches it */
  bottomToleranceMs = 0,
  /** the video's per-rep verdicts (by the rubric), when there are some */
  repVerdicts: readonly RepVerdict[] = [],
): VideoScore {
  const countedReps = counted === null ? null : counted.valid + counted.invalid;
  const perRep =
    counted?.reps === undefined || label.rep_bottoms_s === undefined
      ? null
      : matchRepBottoms(label.rep_bottoms_s, counted.reps, bottomToleranceMs);
  const verdicts =
    counted?.reps === undefined || repVerdicts.length === 0
      ? null
      : scoreVerdicts(repVerdicts, counted.reps, bottomToleranceMs);
  return {
    file: label.file,
    labelReps: label.reps,
    // The valid reps the rubric's verdicts give, where there are some; else the label's count.
    labelValid:
      repVerdicts.length > 0
        ? repVerdicts.filter((verdict) => verdict.verdict === 'valid').length
        : label.reps - label.invalid_reps_observed,
    countedReps,
    countedValid: counted?.valid ?? null,
    difference: countedReps === null ? null : countedReps - label.reps,
    perRep,
    verdicts,
    error,
  };
}

export function summarise(scores: readonly VideoScore[]): RegressionSummary {
  const analysed = scores.filter((score) => score.difference !== null);
  const errors = analysed.map((score) => Math.abs(score.difference!));
  const exact = errors.filter((error) => error === 0).length;
  const offByOne = errors.filter((error) => error === 1).length;
  const total = scores.length;
  const rate = (count: number) => (total === 0 ? 0 : count / total);
  const agreements = analysed.flatMap((score) => (score.perRep === null ? [] : [score.perRep]));
  const sum = (pick: (agreement: RepAgreement) => number) =>
    agreements.reduce((total, agreement) => total + pick(agreement), 0);
  const matched = sum((agreement) => agreement.matched);
  const counted = sum((agreement) => agreement.counted);
  const labelled = sum((agreement) => agreement.labelled);
  const noOverCredit = analysed.filter((score) => score.countedValid! <= score.labelValid).length;
  const judged = analysed.flatMap((score) => (score.verdicts === null ? [] : [score.verdicts]));
  const agreedReps = judged.reduce((total, verdicts) => total + verdicts.agreed, 0);
  const judgedReps = judged.reduce(
    (total, verdicts) => total + verdicts.labelled + verdicts.unmatchedCounted,
    0,
  );
  return {
    videos: total,
    failed: total - analysed.length,
    exact,
    offByOne,
    withinOne: exact + offByOne,
    exactRate: rate(exact),
    offByOneRate: rate(offByOne),
    withinOneRate: rate(exact + offByOne),
    meanAbsoluteError: errors.length === 0 ? 0 : errors.reduce((a, b) => a + b, 0) / errors.length,
    maxAbsoluteError: errors.length === 0 ? 0 : Math.max(...errors),
    validExact: analysed.filter((score) => score.countedValid === score.labelValid).length,
    noOverCredit,
    noOverCreditRate: rate(noOverCredit),
    repPrecision: counted === 0 ? 1 : matched / counted,
    repRecall: labelled === 0 ? 1 : matched / labelled,
    verdictAgreement: judged.length === 0 ? null : judgedReps === 0 ? 1 : agreedReps / judgedReps,
  };
}

export interface Thresholds {
  /** share of videos whose total must be exact */
  readonly minExact: number;
  /** no video may be off by more than this many reps */
  readonly maxError: number;
  /** pooled per-rep precision and recall must reach these (0: not checked) */
  readonly minPrecision?: number;
  readonly minRecall?: number;
  /** share of videos that must credit no more valid reps than labelled (0: not checked) */
  readonly minNoOverCredit?: number;
  /** pooled per-rep verdict agreement must reach this (0: not checked; needs verdicts) */
  readonly minVerdictAgreement?: number;
  /** share of videos whose valid count must equal the labelled one (0: not checked) */
  readonly minValidExact?: number;
}

/** Why the run fails its thresholds; empty when it passes. A failed input always fails. */
export function thresholdFailures(summary: RegressionSummary, thresholds: Thresholds): string[] {
  const failures: string[] = [];
  if (summary.failed > 0) failures.push(`${summary.failed} video(s) could not be analysed`);
  if (summary.exactRate < thresholds.minExact) {
    failures.push(
      `exact on ${percent(summary.exactRate)} of videos, expected at least ${percent(thresholds.minExact)}`,
    );
  }
  if (summary.maxAbsoluteError > thresholds.maxError) {
    failures.push(
      `a video is off by ${summary.maxAbsoluteError} reps, expected at most ${thresholds.maxError}`,
    );
  }
  if (summary.repPrecision < (thresholds.minPrecision ?? 0)) {
    failures.push(
      `per-rep precision ${summary.repPrecision.toFixed(3)}, expected at least ${thresholds.minPrecision}`,
    );
  }
  if (summary.repRecall < (thresholds.minRecall ?? 0)) {
    failures.push(
      `per-rep recall ${summary.repRecall.toFixed(3)}, expected at least ${thresholds.minRecall}`,
    );
  }
  const minAgreement = thresholds.minVerdictAgreement ?? 0;
  if (minAgreement > 0) {
    if (summary.verdictAgreement === null) {
      failures.push('no per-rep verdicts to compare with (pass --verdicts <file>)');
    } else if (summary.verdictAgreement < minAgreement) {
      failures.push(
        `per-rep verdict agreement ${summary.verdictAgreement.toFixed(3)}, expected at least ${minAgreement}`,
      );
    }
  }
  const validExactRate = summary.videos === 0 ? 0 : summary.validExact / summary.videos;
  if (validExactRate < (thresholds.minValidExact ?? 0)) {
    failures.push(
      `valid count exact on ${percent(validExactRate)} of videos, expected at least ${percent(thresholds.minValidExact!)}`,
    );
  }
  if (summary.noOverCreditRate < (thresholds.minNoOverCredit ?? 0)) {
    failures.push(
      `no over-credit on ${percent(summary.noOverCreditRate)} of videos, expected at least ${percent(thresholds.minNoOverCredit!)}`,
    );
  }
  return failures;
}

export function percent(rate: number): string {
  return `${(rate * 100).toFixed(1).replace(/\.0$/, '')}%`;
}
