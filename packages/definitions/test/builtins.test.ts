import { describe, expect, it } from 'vitest';
import { builtinDefinitions, isBuiltinExerciseId } from '../src/index.js';

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
