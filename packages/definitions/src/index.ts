export type { BuiltinExerciseId } from './builtins/index.js';
export {
  builtinDefinitions,
  isBuiltinExerciseId,
  pushupDefinition,
  squatDefinition,
} from './builtins/index.js';
export * from './competition.js';
export * from './constants.js';
export { assertDefinitionCountable, phaseDrivingAngleIds } from './countable.js';
export * from './errors.js';
export { definitionJsonSchema } from './json-schema.js';
export * from './landmarks.js';
export type { DefinitionValidation } from './normalize.js';
export {
  formatPath,
  normalizeDefinition,
  parseDefinitionJson,
  validateDefinition,
} from './normalize.js';
export * from './schema.js';
