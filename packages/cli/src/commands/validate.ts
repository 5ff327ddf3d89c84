import type { Command } from 'commander';
import { z } from 'zod';
import type { CommandContext } from '../context.js';
import { readDefinitionFile } from '../core/analyser.js';
import { parseOptions } from '../core/options.js';
import { EXIT, type ExitCode } from '../errors.js';

const validateOptions = z.object({ json: z.boolean().optional() });

export function registerValidate(
  program: Command,
  context: CommandContext,
  setExitCode: (code: ExitCode) => void,
): void {
  program
    .command('validate')
    .description('check an exercise-definition file and show it with every default applied')
    .argument('<definition>', 'exercise-definition JSON file')
    .option('--json', 'print the normalised definition as JSON')
    .addHelpText(
      'after',
      `
Examples:
  $ reptemple validate my-exercise.json
  $ reptemple validate my-exercise.json --json > normalised.json

Exit code: 0 when valid, 2 when not (every problem is listed with its JSON path) or when it
cannot count (no angle drives the phases).`,
    )
    .action(async (file: string, raw: Record<string, unknown>) => {
      const options = parseOptions(validateOptions, raw);
      const definition = await readDefinitionFile(file, context.cwd);
      if (options.json) {
        context.stdout(`${JSON.stringify(definition, null, 2)}\n`);
      } else {
        const globals = new Set(definition.globalAlignments);
        const angles = definition.angles.map((angle) => {
          const role = angle.exerciseStop ? 'stop' : globals.has(angle.id) ? 'global' : 'phases';
          return `${angle.id} (${role})`;
        });
        const timing = definition.timing;
        context.stdout(
          `valid: ${file}\n` +
            `  name          ${definition.name}\n` +
            `  camera        ${definition.cameraPosition}\n` +
            `  angles        ${angles.join(', ')}\n` +
            `  timing        hold ${timing.minPhaseHoldTime} ms, debounce ${timing.transitionDebounce} ms, starting hold ${timing.startingPositionHoldTime} ms\n` +
            `  qualification ${definition.qualificationRep.enabled ? 'on' : 'off'}, stop condition ${definition.stopCondition.enabled ? 'on' : 'off'}\n`,
        );
      }
      setExitCode(EXIT.ok);
    });
}
