import { describe, expect, it } from 'vitest';
import {
  assertDefinitionCountable,
  builtinDefinitions,
  isBuiltinExerciseId,
  phaseDrivingAngleIds,
} from '../src/index.js';

describe('builtinDefinitions', () => {
  it('is keyed by exactly the built-in ids, so a misspelt id does not compile', () => {
    expect(Object.keys(builtinDefinitions)).toEqual(['pushup', 'squat']);
    // Checked by the type check (pnpm lint): the map has no index signature.
    // @ts-expect-error 'pushups' is not a built-in exercise
    expect(builtinDefinitions.pushups).toBeUndefined();
    expect(builtinDefinitions.pushup.name).toBe('Push-up');
  });

  it('recognises built-in ids, and only its own keys', () => {
    expect(isBuiltinExerciseId('squat')).toBe(true);
    expect(isBuiltinExerciseId('pushups')).toBe(false);
    // Inherited object members are not exercises.
    expect(isBuiltinExerciseId('toString')).toBe(false);
    expect(isBuiltinExerciseId('__proto__')).toBe(false);
  });
});

describe('assertDefinitionCountable', () => {
  it('accepts the built-ins, whose elbow and knee drive the phases', () => {
    expect(phaseDrivingAngleIds(builtinDefinitions.pushup)).toEqual(['elbow']);
    expect(() => assertDefinitionCountable(builtinDefinitions.squat)).not.toThrow();
  });

  it('refuses a definition whose every angle is a global alignment, naming it and the way out', () => {
    const onlyGlobal = {
      ...builtinDefinitions.pushup,
      globalAlignments: builtinDefinitions.pushup.angles.map((angle) => angle.id),
    };
    expect(() => assertDefinitionCountable(onlyGlobal)).toThrow(
      expect.objectContaining({
        code: 'DEFINITION_NOT_COUNTABLE',
        message: expect.stringMatching(/Expected definition "Push-up" to have at least one angle/),
        hint: expect.stringMatching(/neither in globalAlignments nor marked exerciseStop/),
      }),
    );
  });
});
