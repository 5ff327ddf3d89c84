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

export interface VideoScore {
  readonly file: string;
  readonly labelReps: number;
  readonly labelValid: number;
  readonly countedReps: number | null;
  readonly countedValid: number | null;
  /** counted minus labelled total reps; null when the input failed */
  readonly difference: number | null;
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
}

export function scoreVideo(
  label: Label,
  counted: { valid: number; invalid: number } | null,
  error: string | null,
): VideoScore {
  const countedReps = counted === null ? null : counted.valid + counted.invalid;
  return {
    file: label.file,
    labelReps: label.reps,
    labelValid: label.reps - label.invalid_reps_observed,
    countedReps,
    countedValid: counted?.valid ?? null,
    difference: countedReps === null ? null : countedReps - label.reps,
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
  };
}

export interface Thresholds {
  /** share of videos whose total must be exact */
  readonly minExact: number;
  /** no video may be off by more than this many reps */
  readonly maxError: number;
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
  return failures;
}

export function percent(rate: number): string {
  return `${(rate * 100).toFixed(1).replace(/\.0$/, '')}%`;
}
