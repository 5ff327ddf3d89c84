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

  it("describes issue 24's opt-in fields as the zod schema does: either may be left out", () => {
    const { cycle: _cycle, formRules: _formRules, ...withoutThem } = pushupDefinition;
    expect(validate(withoutThem), JSON.stringify(validate.errors)).toBe(true);
    const absolute = { ...withoutThem, cycle: { measure: 'absolute', minTurn: 5 }, formRules: [] };
    expect(validate(absolute), JSON.stringify(validate.errors)).toBe(true);
    for (const cycle of [
      { measure: 'turns' },
      { minTurn: 4 },
      { minTurn: 181 },
      { minTurn: '30' },
      { measure: 'relative', extra: true },
    ]) {
      expect(validate({ ...withoutThem, cycle }), JSON.stringify(cycle)).toBe(false);
    }
    expect(validate({ ...withoutThem, formRules: ['elbows'] })).toBe(false);
    expect(validate({ ...withoutThem, formRules: 'knees' })).toBe(false);
  });
});
