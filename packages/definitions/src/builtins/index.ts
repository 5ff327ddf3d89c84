import { normalizeDefinition } from '../normalize.js';
import type { ExerciseDefinition } from '../schema.js';
import { pushupDefinition } from './pushup.js';
import { squatDefinition } from './squat.js';

export { pushupDefinition, squatDefinition };

/** Built-in exercises by id, validated and normalised once at load. */
export const builtinDefinitions: Readonly<Record<string, ExerciseDefinition>> = {
  pushup: normalizeDefinition(pushupDefinition, 'built-in push-up'),
  squat: normalizeDefinition(squatDefinition, 'built-in squat'),
};

export type BuiltinExerciseId = keyof typeof builtinDefinitions;
