import { normalizeDefinition } from '../normalize.js';
import type { ExerciseDefinition } from '../schema.js';
import { pushupDefinition } from './pushup.js';

export { pushupDefinition };

/** Built-in exercises by id, validated and normalised once at load. */
export const builtinDefinitions: Readonly<Record<string, ExerciseDefinition>> = {
  pushup: normalizeDefinition(pushupDefinition, 'built-in push-up'),
};

export type BuiltinExerciseId = keyof typeof builtinDefinitions;
