// The analyser of a live attempt, made in ONE place: the push-up analyser for challenges whose
// exercise is the built-in push-up, the definition-driven analyser for any other definition, as
// @reptemple/definitions' countingAnalyserFor decides for the server's verification too
// (docs/decisions.md "Record flow").

import {
  assertDefinitionCountable,
  countingAnalyserFor,
  type ExerciseDefinition,
  normalizeDefinition,
} from '@reptemple/definitions';
import { type AnyRepAnalyzer, createAnalyzer, type FrameSize } from '@reptemple/pose-sdk';
import { LIVE_POSE_MODEL } from '../messages';

/** The built-in push-up definition every user-created challenge points to. */
export { BUILTIN_PUSHUP_DEFINITION_ID } from '@reptemple/definitions';

export type LiveAnalyzer = AnyRepAnalyzer;

/** The push-up analyser without a definition, the definition analyser with one (the SDK's one
 * factory, as every host makes its analyser). */
export function createLiveAnalyzer(
  definition: ExerciseDefinition | null,
  frameSize: FrameSize,
): LiveAnalyzer {
  // The live camera's model: the SDK calibrates the elbow per model (lite reads straight arms
  // shorter than full), so the live count judges the same arm the server's full model sees.
  return createAnalyzer(definition ? { kind: 'definition', definition } : { kind: 'pushup' }, {
    frameSize,
    model: LIVE_POSE_MODEL,
  });
}

export type LiveCounting =
  | { analyser: 'pushup'; definition: ExerciseDefinition | null }
  | { analyser: 'definition'; definition: ExerciseDefinition };

export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigurationError';
  }
}

/** How a challenge counts: its stored definition, normalised and checked; the push-up analyser for
 * the built-in push-up. Throws ConfigurationError for a definition that cannot count. */
export function liveCountingFor(
  exercise: { id: string; name: string; definition: unknown } | null,
): LiveCounting {
  if (!exercise) throw new ConfigurationError('The challenge has no exercise definition.');
  let definition: ExerciseDefinition;
  try {
    definition = normalizeDefinition(exercise.definition, exercise.name);
    assertDefinitionCountable(definition);
  } catch (error) {
    throw new ConfigurationError(error instanceof Error ? error.message : String(error));
  }
  // The same choice the server verifies with (countingAnalyserFor, @reptemple/definitions).
  return countingAnalyserFor(exercise.id) === 'pushup'
    ? { analyser: 'pushup', definition }
    : { analyser: 'definition', definition };
}
