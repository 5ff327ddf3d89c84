import { normalizeDefinition } from '../normalize.js';
import type { ExerciseDefinition } from '../schema.js';
import { pushupDefinition } from './pushup.js';
import { squatDefinition } from './squat.js';

export { pushupDefinition, squatDefinition };

/**
 * Built-in exercises by id, validated and normalised once at load. Typed with its exact ids, so
 * `builtinDefinitions.pushup` needs no check and a misspelt id does not compile.
 */
export const builtinDefinitions = {
  pushup: normalizeDefinition(pushupDefinition, 'built-in push-up'),
  squat: normalizeDefinition(squatDefinition, 'built-in squat'),
} as const satisfies Readonly<Record<string, ExerciseDefinition>>;

export type BuiltinExerciseId = keyof typeof builtinDefinitions;

/** Whether `id` names a built-in exercise (for ids from a command line or a URL). */
export function isBuiltinExerciseId(id: string): id is BuiltinExerciseId {
  return Object.hasOwn(builtinDefinitions, id);
}
