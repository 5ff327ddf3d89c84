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
  type AnalyzerChoice,
  analyseFrames,
  type FrameSize,
  type PoseFrame,
  type PoseModelVariant,
  type RepEvidence,
} from '@reptemple/pose-sdk';
import { UsageError } from '../errors.js';
import type { AnalyserKind } from './options.js';
import { stripByteOrderMark } from './text.js';

/** The analyser a command runs (the SDK's choice) and how progress and summaries name it. */
export interface AnalyserSpec {
  readonly choice: AnalyzerChoice;
  /** e.g. "push-up analyser", "definition analyser (built-in squat)" */
  readonly description: string;
}

const PUSHUP_ANALYSER: AnalyserSpec = {
  choice: { kind: 'pushup' },
  description: 'push-up analyser',
};

function definitionAnalyser(definition: ExerciseDefinition, source: string): AnalyserSpec {
  return {
    choice: { kind: 'definition', definition },
    description: `definition analyser (${source})`,
  };
}

/** One rep as the CLI reports it (the SDK's rep record fields, times in ms). */
export interface ReportedRep {
  readonly repNumber: number;
  readonly startTime: number;
  readonly endTime: number;
  readonly isValidRep: boolean;
  readonly invalidReason: string | null;
  /** What decided the verdict: the view, the rules judged, the deciding check (SDK RepEvidence). */
  readonly evidence?: RepEvidence;
}

export interface AnalysisOutcome {
  readonly valid_reps: number;
  readonly invalid_reps: number;
  readonly reps: readonly ReportedRep[];
  readonly frames: number;
  readonly duration_s: number;
  /** The camera's view over the input, from world landmarks (null without them). */
  readonly view: string | null;
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
    return definitionAnalyser(
      await readDefinitionFile(options.definitionPath, options.cwd),
      options.definitionPath,
    );
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
    return definitionAnalyser(builtin, `built-in ${options.exercise}`);
  }
  return PUSHUP_ANALYSER;
}

/**
 * One input's frames through the SDK's frame path (a fresh analyser, every frame, the end of the
 * input judged), reported as the CLI reports them: times to 0.1 ms, duration to 0.01 s.
 */
export function analysisOutcome(
  frames: Iterable<PoseFrame>,
  frameSize: FrameSize,
  durationMs: number,
  spec: AnalyserSpec,
  /** The pose model that made the landmarks (measurements are calibrated per model). */
  model?: PoseModelVariant,
): AnalysisOutcome {
  const analysis = analyseFrames(frames, spec.choice, { frameSize, ...(model ? { model } : {}) });
  const reported = analysis.reps.map((rep) => ({
    repNumber: rep.repNumber,
    startTime: round(rep.startTime, 1),
    endTime: round(rep.endTime, 1),
    isValidRep: rep.isValidRep,
    invalidReason: rep.invalidReason,
    ...(rep.evidence === undefined ? {} : { evidence: rep.evidence }),
  }));
  const valid = reported.filter((rep) => rep.isValidRep).length;
  return {
    valid_reps: valid,
    invalid_reps: reported.length - valid,
    reps: reported,
    frames: analysis.frames,
    duration_s: round(durationMs / 1000, 2),
    view: analysis.view,
  };
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
