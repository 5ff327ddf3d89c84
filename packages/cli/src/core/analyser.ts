import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  assertDefinitionCountable,
  builtinDefinitions,
  type ExerciseDefinition,
  isBuiltinExerciseId,
  parseDefinitionJson,
} from '@reptemple/definitions';
import {
  DefinitionAnalyzer,
  type FrameSize,
  type PoseFrame,
  PushupAnalyzer,
  type RepAnalyzer,
  type RepRecord,
} from '@reptemple/pose-sdk';
import { UsageError } from '../errors.js';
import type { AnalyserKind } from './options.js';
import { stripByteOrderMark } from './text.js';

export type AnalyserSpec =
  | { readonly kind: 'pushup' }
  | {
      readonly kind: 'definition';
      readonly definition: ExerciseDefinition;
      readonly source: string;
    };

/** One rep as the CLI reports it (the SDK's rep record fields, times in ms). */
export interface ReportedRep {
  readonly repNumber: number;
  readonly startTime: number;
  readonly endTime: number;
  readonly isValidRep: boolean;
  readonly invalidReason: string | null;
}

export interface AnalysisOutcome {
  readonly valid_reps: number;
  readonly invalid_reps: number;
  readonly reps: readonly ReportedRep[];
  readonly frames: number;
  readonly duration_s: number;
}

/**
 * An exercise-definition file, parsed, with every default applied, and able to count: a definition
 * whose angles are all global alignments or exercise-stop angles would count nothing in every
 * input, so it is refused here (DEFINITION_NOT_COUNTABLE, exit 2) before anything is analysed.
 */
export async function readDefinitionFile(file: string, cwd: string): Promise<ExerciseDefinition> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, file), 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read definition file ${file}: ${(error as Error).message}`);
  }
  const definition = parseDefinitionJson(stripByteOrderMark(text), file);
  assertDefinitionCountable(definition);
  return definition;
}

/**
 * Which analyser to run: a definition file wins; otherwise the push-up analyser for push-ups
 * unless the definition analyser is asked for, and the built-in definition for other exercises.
 */
export async function resolveAnalyser(options: {
  readonly analyser: AnalyserKind | undefined;
  readonly exercise: string;
  readonly definitionPath: string | undefined;
  readonly cwd: string;
}): Promise<AnalyserSpec> {
  if (options.definitionPath !== undefined) {
    if (options.analyser === 'pushup') {
      throw new UsageError(
        '--definition runs the definition analyser; drop --analyser pushup or --definition',
      );
    }
    return {
      kind: 'definition',
      definition: await readDefinitionFile(options.definitionPath, options.cwd),
      source: options.definitionPath,
    };
  }
  if (!isBuiltinExerciseId(options.exercise)) {
    throw new UsageError(
      `unknown exercise "${options.exercise}"; built in: ${Object.keys(builtinDefinitions).join(', ')} (or pass --definition)`,
    );
  }
  const builtin = builtinDefinitions[options.exercise];
  if (options.analyser === 'definition' || options.exercise !== 'pushup') {
    if (options.analyser === 'pushup')
      throw new UsageError(`the push-up analyser counts push-ups only, not ${options.exercise}`);
    return { kind: 'definition', definition: builtin, source: `built-in ${options.exercise}` };
  }
  return { kind: 'pushup' };
}

export function describeAnalyser(spec: AnalyserSpec): string {
  return spec.kind === 'pushup' ? 'push-up analyser' : `definition analyser (${spec.source})`;
}

/** Runs one analyser over the frames of one input, start to end. */
export function analyseFrames(
  frames: Iterable<PoseFrame>,
  frameSize: FrameSize,
  durationMs: number,
  spec: AnalyserSpec,
): AnalysisOutcome {
  let count = 0;
  const analyzer: RepAnalyzer<string, RepRecord> =
    spec.kind === 'pushup'
      ? new PushupAnalyzer({ frameSize })
      : new DefinitionAnalyzer({ definition: spec.definition, frameSize });
  for (const frame of frames) {
    analyzer.process(frame);
    count++;
  }
  // The end of the input: a last rep that ends on the final frames counts (both analysers).
  analyzer.finish();
  const reported = analyzer.reps.map((rep) => ({
    repNumber: rep.repNumber,
    startTime: round(rep.startTime, 1),
    endTime: round(rep.endTime, 1),
    isValidRep: rep.isValidRep,
    invalidReason: rep.invalidReason,
  }));
  const valid = reported.filter((rep) => rep.isValidRep).length;
  return {
    valid_reps: valid,
    invalid_reps: reported.length - valid,
    reps: reported,
    frames: count,
    duration_s: round(durationMs / 1000, 2),
  };
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
