import type { Command } from 'commander';
import { z } from 'zod';
import type { CommandContext } from '../context.js';
import { resolveAnalyser } from '../core/analyser.js';
import { longestFirst, runBatch } from '../core/batch.js';
import {
  formatAnalysisTable,
  formatCsv,
  formatJson,
  interruptedNotice,
  toRecord,
} from '../core/format.js';
import {
  ANALYSER_CHOICES,
  exerciseOption,
  folderOption,
  formatOptions,
  fpsOption,
  jobsOption,
  modelChosen,
  modelOption,
  outputFormat,
  parseOptions,
} from '../core/options.js';
import { bar, ProgressLine, startingWorkersText } from '../core/progress.js';
import { AnalysisSession } from '../core/session.js';
import { defaultCacheDir } from '../core/video-frames.js';
import { EXIT, type ExitCode, inputErrorMessage, interruptedExitCode } from '../errors.js';

const analyzeOptions = formatOptions.extend({
  exercise: exerciseOption,
  definition: z.string().optional(),
  analyser: z
    .enum(ANALYSER_CHOICES, { error: () => 'expected --analyser pushup or definition' })
    .optional(),
  model: modelOption,
  fps: fpsOption,
  jobs: jobsOption,
  cache: z.boolean().default(true),
  cacheDir: folderOption('--cache-dir').optional(),
});

export function registerAnalyze(
  program: Command,
  context: CommandContext,
  setExitCode: (code: ExitCode) => void,
): void {
  program
    .command('analyze')
    .description('count valid and invalid reps in videos or landmark traces')
    .argument('<inputs...>', 'video files, or landmark traces (.ndjson)')
    .option('--exercise <id>', 'built-in exercise to count', 'pushup')
    .option(
      '--definition <file>',
      'an exercise-definition JSON file (runs the definition analyser)',
    )
    .option('--analyser <kind>', 'pushup (the fixed push-up analyser) or definition')
    .option('--model <variant>', 'pose model: lite, full or heavy', 'full')
    .option(
      '--fps <n>',
      'analyse at most n frames per second, always with the last frame (faster; fast reps need 15 or more)',
    )
    .option(
      '--jobs <n>',
      'inputs analysed in parallel, one pose worker each (default: cores, at most 4)',
    )
    .option('--json', 'one JSON record per input on stdout')
    .option('--csv', 'one CSV row per input on stdout')
    .option('--no-cache', 'extract landmarks again even if cached')
    .option('--cache-dir <dir>', 'where extracted landmark traces are cached')
    .addHelpText(
      'after',
      `
Examples:
  $ reptemple analyze clip.mp4
  $ reptemple analyze submissions/*.mp4 --jobs 2 --csv > scores.csv
  $ reptemple analyze clip.mp4 --analyser definition --json
  $ reptemple analyze clip.mp4 --definition my-exercise.json --model lite --fps 15
  $ reptemple analyze fixtures/traces/pushup/08-tank-top-side.ndjson

Exit code: 0 when every input was analysed, 1 when some failed (each failure is in its row),
2 for a wrong command line or definition, 130 when stopped with Ctrl-C (143 for SIGTERM, 129 for
SIGHUP; finished rows are kept).`,
    )
    .action(async (inputs: string[], raw: Record<string, unknown>, command: Command) => {
      const options = parseOptions(analyzeOptions, raw);
      setExitCode(
        await analyze(inputs, { ...options, modelChosen: modelChosen(command) }, context),
      );
    });
}

async function analyze(
  inputs: string[],
  options: z.output<typeof analyzeOptions> & { readonly modelChosen: boolean },
  context: CommandContext,
): Promise<ExitCode> {
  const format = outputFormat(options);
  const spec = await resolveAnalyser({
    analyser: options.analyser,
    exercise: options.exercise,
    definitionPath: options.definition,
    cwd: context.cwd,
  });
  const progress = new ProgressLine(context);
  const fractions = new Map<string, number>();
  let finished = 0;
  const showProgress = () => {
    const current = [...fractions.values()].reduce((sum, value) => sum + value, 0);
    progress.update(
      `${bar((finished + current) / inputs.length)} ${finished}/${inputs.length} inputs · ${spec.description}`,
    );
  };
  const session = new AnalysisSession(context, {
    model: options.model,
    modelChosen: options.modelChosen,
    fps: options.fps,
    jobs: options.jobs,
    cacheDir: options.cache ? (options.cacheDir ?? defaultCacheDir(context.env)) : null,
    onProgress: (input, p) => {
      fractions.set(input, p.framesExpected > 0 ? Math.min(1, p.framesDone / p.framesExpected) : 0);
      showProgress();
    },
    onWarning: (message) => {
      progress.clear();
      context.stderr(`warning: ${message}\n`);
    },
    onEngineStarting: (workers) => progress.update(startingWorkersText(workers), true),
  });
  try {
    const result = await runBatch(inputs, {
      jobs: options.jobs,
      order: longestFirst(await session.workloads(inputs)),
      signal: context.signal,
      run: (input) => session.analyse(input, spec),
      describeError: inputErrorMessage,
      onStart: (input) => fractions.set(input, 0),
      onDone: (item) => {
        fractions.delete(item.input);
        finished++;
        showProgress();
      },
    });
    progress.clear();
    const records = result.items.map(toRecord);
    context.stdout(
      format === 'json'
        ? formatJson(records)
        : format === 'csv'
          ? formatCsv(records)
          : formatAnalysisTable(records, context.cwd),
    );
    const failed = records.filter((record) => record.error !== null).length;
    if (result.interrupted) {
      context.stderr(interruptedNotice(records.length, inputs.length, 'inputs'));
      return interruptedExitCode(context.signal);
    }
    if (failed > 0) {
      context.stderr(`${failed} of ${inputs.length} inputs failed; see their rows\n`);
      return EXIT.failed;
    }
    return EXIT.ok;
  } finally {
    progress.clear();
    await session.close();
  }
}
