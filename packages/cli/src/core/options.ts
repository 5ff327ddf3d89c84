import { availableParallelism } from 'node:os';
import { type BuiltinExerciseId, builtinDefinitions } from '@reptemple/definitions';
import type { Command } from 'commander';
import { z } from 'zod';
import { UsageError } from '../errors.js';

export const MODEL_CHOICES = ['lite', 'full', 'heavy'] as const;
export const ANALYSER_CHOICES = ['pushup', 'definition'] as const;
export type AnalyserKind = (typeof ANALYSER_CHOICES)[number];

/** Commander hands options over as strings; these schemas turn them into checked values. */
export const modelOption = z
  .enum(MODEL_CHOICES, { error: () => `expected --model lite, full or heavy` })
  .default('full');

/**
 * Whether --model was given on the command line (not its default): it applies to videos only, so
 * a trace of another model is worth a warning only when the user asked for a model.
 */
export function modelChosen(command: Command): boolean {
  return command.getOptionValueSource('model') === 'cli';
}

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

/**
 * A folder option (--cache-dir, --out). An empty string would resolve to the working folder and
 * scatter files there: it is refused, not taken for "unset".
 */
export function folderOption(flag: string) {
  return z.string().min(1, { error: () => `expected ${flag} to be a folder path` });
}

/** Share of videos that must be exact, 0 to 1 (regress --min-exact). */
export const minExactOption = z.coerce
  .number({ error: () => 'expected --min-exact to be a number between 0 and 1' })
  .min(0, { error: () => 'expected --min-exact to be between 0 and 1' })
  .max(1, { error: () => 'expected --min-exact to be between 0 and 1' });

/** A share between 0 and 1 (regress --min-precision, --min-recall, --min-no-over-credit). */
export function rateOption(flag: string) {
  return z.coerce
    .number({ error: () => `expected ${flag} to be a number between 0 and 1` })
    .min(0, { error: () => `expected ${flag} to be between 0 and 1` })
    .max(1, { error: () => `expected ${flag} to be between 0 and 1` });
}

/** Largest allowed difference in reps for any video (regress --max-error). */
export const maxErrorOption = z.coerce
  .number({ error: () => 'expected --max-error to be a whole number of reps' })
  .int({ error: () => 'expected --max-error to be a whole number of reps' })
  .min(0, { error: () => 'expected --max-error to be 0 or more' });

/**
 * Parses a command's options, turning the first zod problem into a usage error that says what
 * was expected and what was received.
 */
export function parseOptions<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const key = issue.path[0];
  const where =
    key === undefined ? '' : `--${String(key).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: `;
  const given =
    key !== undefined && typeof raw === 'object' && raw !== null
      ? (raw as Record<PropertyKey, unknown>)[key]
      : undefined;
  // Echo what was given, unless the message already quotes it (unknown exercise "burpee").
  const shown = JSON.stringify(given);
  const received =
    given === undefined || issue.message.includes(shown) ? '' : `, received ${shown}`;
  throw new UsageError(
    issue.message.startsWith('expected')
      ? `${issue.message}${received}`
      : `${where}${issue.message}${received}`,
  );
}
