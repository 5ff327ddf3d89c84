import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  builtinDefinitions,
  DefinitionError,
  type ExerciseDefinitionInput,
  normalizeDefinition,
  parseDefinitionJson,
  validateDefinition,
} from '../src/index.js';

const minimal = {
  name: 'Squat',
  cameraPosition: 'side',
  angles: [{ id: 'knee', name: 'Knee', landmarks: ['left_hip', 'left_knee', 'left_ankle'] }],
  phases: {
    start: { angleRanges: { knee: { min: 160, max: 180 } } },
    transition: { angleRanges: { knee: { min: 90, max: 165 } } },
    end: { angleRanges: { knee: { min: 0, max: 95 } } },
  },
} satisfies ExerciseDefinitionInput;

function problems(input: unknown): string[] {
  const result = validateDefinition(input);
  if (result.success) return [];
  return result.issues.map((issue) => `${issue.path}: ${issue.message}`);
}

function withAngles(angles: unknown[]): Record<string, unknown> {
  return { ...minimal, angles };
}

describe('normalizeDefinition defaults for loaded or imported documents', () => {
  const definition = normalizeDefinition(minimal);

  it('defaults timing to minPhaseHoldTime 0, transitionDebounce 0, startingPositionHoldTime 200', () => {
    expect(definition.timing).toEqual({
      minPhaseHoldTime: 0,
      transitionDebounce: 0,
      startingPositionHoldTime: 200,
    });
  });

  it('keeps given timing values and defaults only the missing ones', () => {
    const partial = normalizeDefinition({ ...minimal, timing: { transitionDebounce: 80 } });
    expect(partial.timing).toEqual({
      minPhaseHoldTime: 0,
      transitionDebounce: 80,
      startingPositionHoldTime: 200,
    });
  });

  it('defaults qualificationRep and stopCondition to disabled and globalAlignments to empty', () => {
    expect(definition.qualificationRep).toEqual({ enabled: false });
    expect(definition.stopCondition).toEqual({ enabled: false, angleRanges: {} });
    expect(definition.globalAlignments).toEqual([]);
  });

  it('resolves landmark names to ids and keeps ids as they are', () => {
    expect(definition.angles[0]!.landmarks).toEqual([23, 25, 27]);
    const byId = normalizeDefinition(
      withAngles([{ id: 'knee', name: 'Knee', landmarks: [24, 'right_knee', 28] }]),
    );
    expect(byId.angles[0]!.landmarks).toEqual([24, 26, 28]);
  });

  it('defaults exerciseStop to false and phase ids to their phase name', () => {
    expect(definition.angles[0]!.exerciseStop).toBe(false);
    expect(definition.phases.start.id).toBe('start');
    expect(definition.phases.end.id).toBe('end');
  });

  it('gives every angle the range 0-180 in every phase that does not set one', () => {
    const twoAngles = normalizeDefinition(
      withAngles([...minimal.angles, { id: 'hip', name: 'Hip', landmarks: [11, 23, 25] }]),
    );
    for (const phase of ['start', 'transition', 'end'] as const) {
      expect(twoAngles.phases[phase].angleRanges.hip).toEqual({ min: 0, max: 180 });
    }
  });

  it('copies a global angle range given in one phase to the phases that leave it out', () => {
    const globalBody = normalizeDefinition({
      ...withAngles([...minimal.angles, { id: 'body', name: 'Body', landmarks: [11, 23, 27] }]),
      phases: {
        ...minimal.phases,
        start: { angleRanges: { knee: { min: 160, max: 180 }, body: { min: 150, max: 180 } } },
      },
      globalAlignments: ['body'],
    });
    expect(globalBody.phases.end.angleRanges.body).toEqual({ min: 150, max: 180 });
    expect(globalBody.phases.transition.angleRanges.body).toEqual({ min: 150, max: 180 });
  });

  it('accepts phases as a list of {id, angleRanges} and normalises them to a map', () => {
    const listed = normalizeDefinition({
      ...minimal,
      phases: [
        { id: 'start', angleRanges: minimal.phases.start.angleRanges },
        { id: 'transition', angleRanges: minimal.phases.transition.angleRanges },
        { id: 'end', angleRanges: minimal.phases.end.angleRanges },
      ],
    });
    expect(listed).toEqual(definition);
  });

  it('is idempotent: a normalised definition normalises to itself', () => {
    expect(normalizeDefinition(definition)).toEqual(definition);
    for (const builtin of Object.values(builtinDefinitions)) {
      expect(normalizeDefinition(JSON.parse(JSON.stringify(builtin)))).toEqual(builtin);
    }
  });
});

describe('normalizeDefinition errors', () => {
  it('requires exactly 3 landmarks per angle, naming the JSON path', () => {
    expect(
      problems(
        withAngles([minimal.angles[0], { id: 'x', name: 'X', landmarks: [11, 13, 15, 17] }]),
      ),
    ).toEqual(['angles[1].landmarks: expected 3 landmarks, got 4']);
    expect(problems(withAngles([{ id: 'knee', name: 'Knee', landmarks: [23, 25] }]))).toEqual([
      'angles[0].landmarks: expected 3 landmarks, got 2',
    ]);
  });

  it('requires 3 different landmarks', () => {
    expect(
      problems(withAngles([{ id: 'knee', name: 'Knee', landmarks: [25, 'left_knee', 27] }])),
    ).toEqual(['angles[0].landmarks: expected 3 different landmarks, got left_knee twice']);
  });

  it('rejects unknown landmark ids and names, suggesting the closest name', () => {
    expect(
      problems(withAngles([{ id: 'knee', name: 'Knee', landmarks: [23, 'left_kne', 33] }])),
    ).toEqual([
      'angles[0].landmarks[1]: expected a landmark id 0-32 or a landmark name such as "left_elbow", got "left_kne" (did you mean "left_knee"?)',
      'angles[0].landmarks[2]: expected a landmark id 0-32 or a landmark name such as "left_elbow", got 33',
    ]);
  });

  it('requires a non-empty name and a camera position of front, back or side', () => {
    expect(problems({ ...minimal, name: '   ', cameraPosition: 'top' })).toEqual([
      'name: expected a non-empty text, got an empty one',
      'cameraPosition: expected one of front, back, side, got "top"',
    ]);
  });

  it('requires at least one angle', () => {
    expect(
      problems({ ...minimal, angles: [], phases: { start: {}, transition: {}, end: {} } }),
    ).toEqual(['angles: expected at least 1 angle, got 0']);
  });

  it('keeps angle ranges within 0-180 degrees with min <= max', () => {
    const phases = {
      ...minimal.phases,
      start: { angleRanges: { knee: { min: -1, max: 181 } } },
      end: { angleRanges: { knee: { min: 100, max: 90 } } },
    };
    expect(problems({ ...minimal, phases })).toEqual([
      'phases.start.angleRanges.knee.min: expected at least 0, got -1',
      'phases.start.angleRanges.knee.max: expected at most 180, got 181',
      'phases.end.angleRanges.knee: expected min <= max, got min 100 > max 90',
    ]);
  });

  it('rejects ranges for angles that do not exist and duplicate angle ids', () => {
    const phases = { ...minimal.phases, transition: { angleRanges: { hip: { min: 0, max: 90 } } } };
    expect(problems({ ...withAngles([minimal.angles[0], minimal.angles[0]]), phases })).toEqual([
      'angles[1].id: duplicate angle id "knee" (also angles[0])',
      'phases.transition.angleRanges.hip: unknown angle id "hip"; the angles are: knee',
    ]);
  });

  it('requires timing values to be whole ms of at least 0', () => {
    expect(
      problems({ ...minimal, timing: { minPhaseHoldTime: -1, transitionDebounce: 1.5 } }),
    ).toEqual([
      'timing.minPhaseHoldTime: expected at least 0, got -1',
      'timing.transitionDebounce: expected int, got 1.5',
    ]);
  });

  it('rejects unknown fields so that a misspelt setting is not silently defaulted', () => {
    expect(problems({ ...minimal, timing: { startingPositionHoldTme: 500 } })).toEqual([
      'timing.startingPositionHoldTme: unknown field (check the spelling; see the definition JSON Schema for the fields allowed here)',
    ]);
  });

  it('requires global alignments to name existing angles with one range in all phases', () => {
    const phases = {
      start: { angleRanges: { knee: { min: 160, max: 180 } } },
      transition: { angleRanges: { knee: { min: 150, max: 180 } } },
      end: { angleRanges: { knee: { min: 160, max: 180 } } },
    };
    expect(problems({ ...minimal, phases, globalAlignments: ['knee', 'hip'] })).toEqual([
      'globalAlignments[0]: a global angle applies one range to all phases, but "knee" is 160-180 in start and 150-180 in transition',
      'globalAlignments[1]: unknown angle id "hip"; the angles are: knee',
    ]);
  });

  it('requires a stop range for each exerciseStop angle when the stop condition is enabled', () => {
    const stopAngle = { id: 'hip', name: 'Hip', landmarks: [11, 23, 25], exerciseStop: true };
    expect(
      problems({ ...withAngles([minimal.angles[0], stopAngle]), stopCondition: { enabled: true } }),
    ).toEqual([
      'stopCondition.angleRanges: expected a stop range for exerciseStop angle "hip" (angles[1]) because stopCondition is enabled, got none',
    ]);
    expect(
      problems({
        ...minimal,
        stopCondition: { enabled: true, angleRanges: { knee: { min: 0, max: 90 } } },
      }),
    ).toEqual([
      'stopCondition.angleRanges.knee: angle "knee" has a stop range but is not marked exerciseStop',
    ]);
  });

  it('names every problem of a document in one error', () => {
    const broken = {
      name: '',
      cameraPosition: 'side',
      angles: [
        { id: 'a', name: 'A', landmarks: [11, 13, 15] },
        { id: 'a', name: 'B', landmarks: [23, 'left_kne', 25, 27] },
      ],
      phases: { start: { angleRanges: { a: { min: 10, max: 200 } } }, transition: {}, end: {} },
      timing: { transitionDebounce: -5 },
    };
    let caught: unknown;
    try {
      normalizeDefinition(broken, 'broken.json');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DefinitionError);
    const error = caught as DefinitionError;
    expect(error.code).toBe('DEFINITION_INVALID');
    expect(error.issues.map((issue) => issue.path)).toEqual([
      'name',
      'angles[1].landmarks',
      'angles[1].landmarks[1]',
      'phases.start.angleRanges.a.max',
      'timing.transitionDebounce',
      'angles[1].id',
    ]);
    expect(error.message).toContain('Invalid exercise definition in broken.json (6 problems):');
    expect(error.message).toContain('  angles[1].landmarks: expected 3 landmarks, got 4');
  });

  it('reports invalid JSON as a definition error, not a SyntaxError', () => {
    expect(() => parseDefinitionJson('{"name": ', 'x.json')).toThrow(DefinitionError);
    expect(() => parseDefinitionJson('{"name": ', 'x.json')).toThrow(
      /expected a JSON document, got invalid JSON/,
    );
  });

  it('never throws anything but a DefinitionError, whatever the input', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = validateDefinition(value);
        expect(result.success).toBe(false);
        try {
          normalizeDefinition(value);
        } catch (error) {
          expect(error).toBeInstanceOf(DefinitionError);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never throws an untyped error for mutations of a valid document', () => {
    const mutated = fc.record({
      name: fc.oneof(fc.string(), fc.constant(minimal.name)),
      cameraPosition: fc.oneof(fc.constantFrom('front', 'back', 'side', 'top'), fc.anything()),
      angles: fc.oneof(fc.constant(minimal.angles), fc.array(fc.anything(), { maxLength: 3 })),
      phases: fc.oneof(fc.constant(minimal.phases), fc.anything()),
      timing: fc.option(fc.dictionary(fc.string(), fc.anything())),
    });
    fc.assert(
      fc.property(mutated, (document) => {
        try {
          normalizeDefinition(document);
        } catch (error) {
          expect(error).toBeInstanceOf(DefinitionError);
          expect((error as DefinitionError).issues.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });
});
