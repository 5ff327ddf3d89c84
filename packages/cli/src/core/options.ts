import { availableParallelism } from 'node:os';
import { type BuiltinExerciseId, builtinDefinitions } from '@reptemple/definitions';
import { z } from 'zod';
import { UsageError } from '../errors.js';

export const MODEL_CHOICES = ['lite', 'full', 'heavy'] as const;
export const ANALYSER_CHOICES = ['pushup', 'definition'] as const;
export type AnalyserKind = (typeof ANALYSER_CHOICES)[number];

/** Commander hands options over as strings; these schemas turn them into checked values. */
export const modelOption = z
  .enum(MODEL_CHOICES, { error: () => `expected --model lite, full or heavy` })
  .default('full');

export const fpsOption = z.coerce
  .number({ error: () => 'expected --fps to be a number of frames per second' })
  .positive({ error: () => 'expected --fps to be above 0' })
  .max(240, { error: () => 'expected --fps to be at most 240' })
  .optional();

export const jobsOption = z.coerce
  .number({ error: () => 'expected --jobs to be a whole number' })
  .int({ error: () => 'expected --jobs to be a whole number' })
  .min(1, { error: () => 'expected --jobs to be at least 1' })
  .max(64, { error: () => 'expected --jobs to be at most 64' })
  .default(Math.min(availableParallelism(), 4));

export const formatOptions = z.object({
  json: z.boolean().optional(),
  csv: z.boolean().optional(),
});

export function outputFormat(options: z.infer<typeof formatOptions>): 'table' | 'json' | 'csv' {
  if (options.json && options.csv) throw new UsageError('choose one of --json and --csv, not both');
  return options.json ? 'json' : options.csv ? 'csv' : 'table';
}

const BUILTIN_EXERCISE_IDS = Object.keys(builtinDefinitions) as [
  BuiltinExerciseId,
  ...BuiltinExerciseId[],
];

export const exerciseOption = z
  .enum(BUILTIN_EXERCISE_IDS, {
    error: (issue) =>
      `unknown exercise "${String(issue.input)}"; built in: ${BUILTIN_EXERCISE_IDS.join(', ')}`,
  })
  .default('pushup');

/** Parses a command's options, turning the first zod problem into a usage error. */
export function parseOptions<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where =
    issue.path.length > 0
      ? `--${String(issue.path[0]).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: `
      : '';
  throw new UsageError(
    issue.message.startsWith('expected') ? issue.message : `${where}${issue.message}`,
  );
}
