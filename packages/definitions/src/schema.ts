/**
 * The exercise-definition document (spec 01 §3) as zod schemas. `definitionInputSchema` accepts
 * what people write or import (landmarks by id or name, optional sections, phases as a map or as
 * a list); `normalizeDefinition` turns it into an `ExerciseDefinition` with every default applied.
 */
import { z } from 'zod';
import {
  ANGLE_MAX_DEGREES,
  ANGLE_MIN_DEGREES,
  CAMERA_POSITIONS,
  type CameraPosition,
  CYCLE_MEASURES,
  type CycleMeasure,
  FORM_RULE_NAMES,
  type FormRuleName,
  LANDMARKS_PER_ANGLE,
  MAX_CYCLE_TURN,
  MIN_CYCLE_TURN,
  type PhaseName,
} from './constants.js';
import { LANDMARK_NAMES, type LandmarkId, MAX_LANDMARK_ID, MIN_LANDMARK_ID } from './landmarks.js';

export const landmarkRefSchema = z.union([
  z.number().int().min(MIN_LANDMARK_ID).max(MAX_LANDMARK_ID),
  z.enum(LANDMARK_NAMES),
]);

export const angleRangeSchema = z.strictObject({
  min: z.number().min(ANGLE_MIN_DEGREES).max(ANGLE_MAX_DEGREES),
  max: z.number().min(ANGLE_MIN_DEGREES).max(ANGLE_MAX_DEGREES),
});

const nonEmptyString = z.string().trim().min(1);

export const angleInputSchema = z.strictObject({
  id: nonEmptyString,
  name: nonEmptyString,
  landmarks: z.array(landmarkRefSchema).length(LANDMARKS_PER_ANGLE),
  exerciseStop: z.boolean().optional(),
});

const angleRangesSchema = z.record(z.string(), angleRangeSchema);

export const phaseInputSchema = z.strictObject({
  id: nonEmptyString.optional(),
  angleRanges: angleRangesSchema.optional(),
});

const listedPhaseSchema = z.strictObject({
  id: z.enum(['start', 'transition', 'end']),
  angleRanges: angleRangesSchema.optional(),
});

const msSchema = z.number().int().min(0);

export const timingInputSchema = z.strictObject({
  minPhaseHoldTime: msSchema.optional(),
  transitionDebounce: msSchema.optional(),
  startingPositionHoldTime: msSchema.optional(),
});

export const cycleInputSchema = z.strictObject({
  /** 'absolute' (default): the spec's phase cycle; 'relative': reps cut where the driving angles turn */
  measure: z.enum(CYCLE_MEASURES).optional(),
  /** degrees a relative rep turns down from its top and back up from its bottom (default 30) */
  minTurn: z.number().min(MIN_CYCLE_TURN).max(MAX_CYCLE_TURN).optional(),
});

export const definitionInputSchema = z.strictObject({
  $schema: z.string().optional(),
  name: nonEmptyString,
  description: z.string().optional(),
  cameraPosition: z.enum(CAMERA_POSITIONS),
  angles: z.array(angleInputSchema).min(1),
  phases: z.union([
    z.strictObject({
      start: phaseInputSchema,
      transition: phaseInputSchema,
      end: phaseInputSchema,
    }),
    z.array(listedPhaseSchema).length(3),
  ]),
  globalAlignments: z.array(z.string()).optional(),
  timing: timingInputSchema.optional(),
  cycle: cycleInputSchema.optional(),
  /** the judges' form rules this exercise is judged by (none unless listed) */
  formRules: z.array(z.enum(FORM_RULE_NAMES)).optional(),
  qualificationRep: z.strictObject({ enabled: z.boolean() }).optional(),
  stopCondition: z
    .strictObject({ enabled: z.boolean(), angleRanges: angleRangesSchema.optional() })
    .optional(),
});

/** A definition document as written or imported, before defaults and name resolution. */
export type ExerciseDefinitionInput = z.input<typeof definitionInputSchema>;

export interface AngleRange {
  /** degrees, 0-180 */
  readonly min: number;
  /** degrees, 0-180 */
  readonly max: number;
}

export interface AngleDefinition {
  readonly id: string;
  readonly name: string;
  /** Three landmark ids; the angle is measured at the middle one (the vertex). */
  readonly landmarks: readonly [LandmarkId, LandmarkId, LandmarkId];
  /** When true, this angle ends the exercise (stop condition) instead of driving phases. */
  readonly exerciseStop: boolean;
}

export interface PhaseDefinition {
  readonly id: string;
  /** Every angle of the definition has a range here (missing ones default to 0-180). */
  readonly angleRanges: Readonly<Record<string, AngleRange>>;
}

export interface DefinitionTiming {
  /** ms a phase must hold before the next phase may begin */
  readonly minPhaseHoldTime: number;
  /** ms that must pass between two phase changes */
  readonly transitionDebounce: number;
  /** ms the start position must hold before the first rep may begin */
  readonly startingPositionHoldTime: number;
}

/** How a definition cuts its reps (see CYCLE_MEASURES). */
export interface DefinitionCycle {
  readonly measure: CycleMeasure;
  /** degrees: a relative rep turns down from its top and back up from its bottom by this much */
  readonly minTurn: number;
}

/** A validated definition with every default applied and every landmark as an id. */
export interface ExerciseDefinition {
  readonly name: string;
  readonly description?: string;
  readonly cameraPosition: CameraPosition;
  readonly angles: readonly AngleDefinition[];
  readonly phases: Readonly<Record<PhaseName, PhaseDefinition>>;
  /** Ids of angles whose one range applies in every phase (body-line checks). */
  readonly globalAlignments: readonly string[];
  readonly timing: DefinitionTiming;
  readonly cycle: DefinitionCycle;
  /** The judges' form rules the reps are judged by, in FORM_RULE_NAMES order (none by default). */
  readonly formRules: readonly FormRuleName[];
  readonly qualificationRep: { readonly enabled: boolean };
  readonly stopCondition: {
    readonly enabled: boolean;
    /** The range each exerciseStop angle must enter to end the exercise. */
    readonly angleRanges: Readonly<Record<string, AngleRange>>;
  };
}
