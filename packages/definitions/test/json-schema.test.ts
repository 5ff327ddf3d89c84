import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { builtinDefinitions, definitionJsonSchema, pushupDefinition } from '../src/index.js';

describe('definition JSON Schema export', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  const validate = ajv.compile(definitionJsonSchema());

  it('accepts the built-in definitions as written and as normalised', () => {
    expect(validate(pushupDefinition), JSON.stringify(validate.errors)).toBe(true);
    for (const definition of Object.values(builtinDefinitions)) {
      expect(
        validate(JSON.parse(JSON.stringify(definition))),
        JSON.stringify(validate.errors),
      ).toBe(true);
    }
  });

  it('rejects a document with four landmarks in an angle or an unknown camera position', () => {
    const fourLandmarks = {
      ...pushupDefinition,
      angles: [{ id: 'elbow', name: 'Elbow', landmarks: [11, 13, 15, 17] }],
    };
    expect(validate(fourLandmarks)).toBe(false);
    expect(validate({ ...pushupDefinition, cameraPosition: 'top' })).toBe(false);
  });
});
