import { RepTempleError } from './errors.js';
import type { ExerciseDefinition } from './schema.js';

/** The angles that drive the phases: neither a global alignment nor an exercise-stop angle. */
export function phaseDrivingAngleIds(definition: ExerciseDefinition): string[] {
  const globals = new Set(definition.globalAlignments);
  return definition.angles
    .filter((angle) => !globals.has(angle.id) && !angle.exerciseStop)
    .map((angle) => angle.id);
}

/**
 * A valid definition can still count nothing: reps are phases, and only an angle that is neither
 * a global alignment nor an exercise-stop angle moves the phases. Throws DEFINITION_NOT_COUNTABLE
 * for such a definition, so tools can refuse it before analysing anything.
 */
export function assertDefinitionCountable(definition: ExerciseDefinition): void {
  if (phaseDrivingAngleIds(definition).length > 0) return;
  throw new RepTempleError(
    'DEFINITION_NOT_COUNTABLE',
    `Expected definition "${definition.name}" to have at least one angle that drives the phases, got only global or exercise-stop angles`,
    {
      hint: 'Add an angle that is neither in globalAlignments nor marked exerciseStop, and give it ranges per phase.',
    },
  );
}
