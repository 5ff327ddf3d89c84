import { z } from 'zod';
import { definitionInputSchema } from './schema.js';

/**
 * The definition document as JSON Schema (draft 2020-12), for editors and other languages.
 * It describes what a document may contain; the cross-field rules (unique angle ids, known angle
 * ids in ranges, min <= max) are checked by `normalizeDefinition` only.
 */
export function definitionJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(definitionInputSchema, { io: 'input', target: 'draft-2020-12' });
  return {
    ...schema,
    $id: 'https://reptemple.dev/schemas/exercise-definition.schema.json',
    title: 'RepTemple exercise definition',
    description:
      'An exercise counted by RepTemple: angles measured at the middle of three BlazePose landmarks, and the angle ranges of its start, transition and end phases.',
  };
}
