import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { formatPath } from '@reptemple/definitions';
import type { Command } from 'commander';
import { z } from 'zod';
import type { CommandContext } from '../context.js';
import { resolveAnalyser } from '../core/analyser.js';
import { longestFirst, runBatch } from '../core/batch.js';
import { formatTable, interruptedNotice } from '../core/format.js';
import {
  ANALYSER_CHOICES,
  folderOption,
  fpsOption,
  jobsOption,
  maxErrorOption,
  minExactOption,
  modelChosen,
  modelOption,
  parseOptions,
  rateOption,
} from '../core/options.js';
import { bar, ProgressLine, startingWorkersText } from '../core/progress.js';
import {
  type Label,
  labelsSchema,
  percent,
  type RepVerdict,
  scoreVideo,
  summarise,
  thresholdFailures,
  verdictsSchema,
} from '../core/regress.js';
import { AnalysisSession } from '../core/session.js';
import { stripByteOrderMark } from '../core/text.js';
import { TRACE_EXTENSION } from '../core/trace-files.js';
import { defaultCacheDir } from '../core/video-frames.js';
import {
  EXIT,
  type ExitCode,
  inputErrorMessage,
  interruptedExitCode,
  UsageError,
} from '../errors.js';

const regressOptions = z.object({
  exercise: z.string().default('pushup'),
  definition: z.string().optional(),
  analyser: z
    .enum(ANALYSER_CHOICES, { error: () => 'expected --analyser pushup or definition' })
    .optional(),
  traces: z.string().optional(),
  videos: z.string().optional(),
  model: modelOption,
  fps: fpsOption,
  jobs: jobsOption,
  minExact: minExactOption.default(0.9),
  maxError: maxErrorOption.default(1),
  minPrecision: rateOption('--min-precision').default(0),
  minRecall: rateOption('--min-recall').default(0),
  minNoOverCredit: rateOption('--min-no-over-credit').default(0),
  minVerdictAgreement: rateOption('--min-verdict-agreement').default(0),
  minValidExact: rateOption('--min-valid-exact').default(0),
  /** a file, false (--no-verdicts), or undefined: rep-verdicts.json beside the labels if present */
  verdicts: z.union([z.string(), z.boolean()]).optional(),
  bottomTolerance: z.coerce
    .number({ error: () => 'expected --bottom-tolerance to be seconds, 0 or more' })
    .min(0, { error: () => 'expected --bottom-tolerance to be seconds, 0 or more' })
    .default(0),
  json: z.boolean().optional(),
  cache: z.boolean().default(true),
  cacheDir: folderOption('--cache-dir').optional(),
});

export function registerRegress(
  program: Command,
  context: CommandContext,
  setExitCode: (code: ExitCode) => void,
): void {
  program
    .command('regress')
    .description('count every labelled video and compare with its hand-counted reps')
    .argument('<labels>', 'labels JSON: [{file, exercise, reps, invalid_reps_observed}, ...]')
    .option('--exercise <id>', 'only the labels of this exercise', 'pushup')
    .option('--definition <file>', 'count with this exercise definition')
    .option('--analyser <kind>', 'pushup or definition')
    .option(
      '--traces <dir>',
      'replay traces from this folder (file.mp4 -> file.ndjson) instead of the videos',
    )
    .option(
      '--videos <dir>',
      'folder the label paths are relative to (default: the labels file folder)',
    )
    .option('--model <variant>', 'pose model for videos: lite, full or heavy', 'full')
    .option('--fps <n>', 'analyse at most n frames per second')
    .option('--jobs <n>', 'videos analysed in parallel (default: cores, at most 4)')
    .option('--min-exact <rate>', 'fail unless at least this share of videos is exact', '0.9')
    .option('--max-error <reps>', 'fail if any video is off by more reps than this', '1')
    .option(
      '--min-precision <rate>',
      'fail unless this share of counted reps holds a labelled bottom (rep_bottoms_s)',
      '0',
    )
    .option(
      '--min-recall <rate>',
      'fail unless this share of labelled bottoms lies in a counted rep',
      '0',
    )
    .option(
      '--min-no-over-credit <rate>',
      'fail unless this share of videos counts no more valid reps than labelled',
      '0',
    )
    .option(
      '--verdicts <file>',
      'per-rep verdicts by the judging rubric (default: rep-verdicts.json beside the labels, if there)',
    )
    .option('--no-verdicts', "use the labels' invalid_reps_observed counts only")
    .option(
      '--min-verdict-agreement <rate>',
      'fail unless this share of labelled reps is counted with the same verdict (needs verdicts)',
      '0',
    )
    .option(
      '--min-valid-exact <rate>',
      'fail unless this share of videos counts exactly the labelled valid reps',
      '0',
    )
    .option(
      '--bottom-tolerance <s>',
      "seconds each side of a rep's span a labelled bottom may fall and still match it",
      '0',
    )
    .option('--json', 'print per-video results and the summary as JSON')
    .option('--no-cache', 'extract landmarks again even if cached')
    .option('--cache-dir <dir>', 'where extracted landmark traces are cached')
    .addHelpText(
      'after',
      `
Examples:
  $ reptemple regress fixtures/videos/labels.json --traces fixtures/traces
  $ reptemple regress fixtures/videos/labels.json --analyser definition --fps 15
  $ reptemple regress labels.json --min-exact 0.95 --max-error 0
  $ reptemple regress labels.json --min-precision 0.97 --min-recall 0.97

Per rep: a labelled bottom (rep_bottoms_s) inside a counted rep's span matches it. Precision is
matched reps over counted reps, recall matched bottoms over labelled ones, pooled over videos.
With per-rep verdicts (docs/judging-rubric.md), the labelled valid counts are the verdicts', and
verdict agreement is the labelled reps counted with the same verdict over the labelled reps plus
the counted reps no label matched; --json lists every disagreement with the check that decided it.

Exit code: 0 when the thresholds hold, 1 when they do not or a video fails; when stopped
(Ctrl-C 130, SIGTERM 143, SIGHUP 129) the finished videos are shown without a verdict.`,
    )
    .action(async (labelsFile: string, raw: Record<string, unknown>, command: Command) => {
      const options = parseOptions(regressOptions, raw);
      setExitCode(
        await regress(labelsFile, { ...options, modelChosen: modelChosen(command) }, context),
      );
    });
}

async function loadLabels(path: string): Promise<Label[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read labels file ${path}: ${(error as Error).message}`);
  }
  let document: unknown;
  try {
    document = JSON.parse(stripByteOrderMark(text));
  } catch (error) {
    throw new UsageError(`labels file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = labelsSchema.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length === 0 ? '' : ` at ${formatPath(issue.path)}`;
    throw new UsageError(`labels file ${path}${where}: ${issue.message}`);
  }
  return parsed.data;
}

async function loadVerdicts(path: string): Promise<RepVerdict[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read verdicts file ${path}: ${(error as Error).message}`);
  }
  let document: unknown;
  try {
    document = JSON.parse(stripByteOrderMark(text));
  } catch (error) {
    throw new UsageError(`verdicts file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = verdictsSchema.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length === 0 ? '' : ` at ${formatPath(issue.path)}`;
    throw new UsageError(`verdicts file ${path}${where}: ${issue.message}`);
  }
  return parsed.data.reps;
}

/** The verdicts file to use: the one given, none, or rep-verdicts.json beside the labels. */
function verdictsPath(
  option: string | boolean | undefined,
  labelsPath: string,
  cwd: string,
): string | null {
  if (option === false) return null;
  if (typeof option === 'string') return resolve(cwd, option);
  const beside = join(dirname(labelsPath), DEFAULT_VERDICTS_FILE);
  return existsSync(beside) ? beside : null;
}

/** The per-rep verdicts beside labels.json (fixtures/videos/rep-verdicts.json). */
const DEFAULT_VERDICTS_FILE = 'rep-verdicts.json';

async function regress(
  labelsFile: string,
  options: z.output<typeof regressOptions> & { readonly modelChosen: boolean },
  context: CommandContext,
): Promise<ExitCode> {
  const labelsPath = resolve(context.cwd, labelsFile);
  const labels = (await loadLabels(labelsPath)).filter(
    (label) => label.exercise === options.exercise,
  );
  if (labels.length === 0)
    throw new UsageError(`no labels for exercise "${options.exercise}" in ${labelsFile}`);
  const verdictsFile = verdictsPath(options.verdicts, labelsPath, context.cwd);
  const verdicts = verdictsFile === null ? [] : await loadVerdicts(verdictsFile);
  const spec = await resolveAnalyser({
    analyser: options.analyser,
    exercise: options.exercise,
    definitionPath: options.definition,
    cwd: context.cwd,
  });
  const videoDir = resolve(context.cwd, options.videos ?? dirname(labelsPath));
  const traceDir = options.traces === undefined ? undefined : resolve(context.cwd, options.traces);
  const inputFor = (label: Label) =>
    traceDir === undefined
      ? join(videoDir, label.file)
      : join(traceDir, label.file.replace(/\.[^./]+$/, TRACE_EXTENSION));
  const inputs = labels.map(inputFor);
  const progress = new ProgressLine(context);
  const session = new AnalysisSession(context, {
    model: options.model,
    modelChosen: options.modelChosen,
    fps: options.fps,
    jobs: options.jobs,
    cacheDir: options.cache ? (options.cacheDir ?? defaultCacheDir(context.env)) : null,
    onWarning: (message) => {
      progress.clear();
      context.stderr(`warning: ${message}\n`);
    },
    onEngineStarting: (workers) => progress.update(startingWorkersText(workers), true),
  });
  try {
    const result = await runBatch(
      labels.map((label) => label.file),
      {
        jobs: options.jobs,
        signal: context.signal,
        describeError: inputErrorMessage,
        run: async (file, index) => {
          const input = inputs[index]!;
          // A missing trace fails its own row, like a missing video: the other videos are scored.
          if (traceDir !== undefined && !existsSync(input)) {
            throw new UsageError(
              `no trace for ${file}: expected ${input} (extract it with: reptemple extract <video> --out ${options.traces})`,
            );
          }
          return session.analyse(input, spec);
        },
        order: longestFirst(await session.workloads(inputs)),
        onDone: (_item, done, total) =>
          progress.update(`${bar(done / total)} ${done}/${total} videos`),
      },
    );
    progress.clear();
    const byFile = new Map(result.items.map((item) => [item.input, item]));
    const scores = labels.flatMap((label) => {
      const item = byFile.get(label.file);
      if (item === undefined) return [];
      const counted = item.value
        ? {
            valid: item.value.valid_reps,
            invalid: item.value.invalid_reps,
            reps: item.value.reps,
          }
        : null;
      return [
        scoreVideo(
          label,
          counted,
          item.error ?? null,
          options.bottomTolerance * 1000,
          verdicts.filter((verdict) => verdict.file === label.file),
        ),
      ];
    });
    const summary = summarise(scores);
    const failures = thresholdFailures(summary, {
      minExact: options.minExact,
      maxError: options.maxError,
      minPrecision: options.minPrecision,
      minRecall: options.minRecall,
      minNoOverCredit: options.minNoOverCredit,
      minVerdictAgreement: options.minVerdictAgreement,
      minValidExact: options.minValidExact,
    });
    // An interrupted run has no verdict: the videos not analysed could pass or fail it.
    const interrupted = result.interrupted;
    if (options.json) {
      const verdict = interrupted
        ? { interrupted, passed: null, failures: [] }
        : { interrupted, passed: failures.length === 0, failures };
      context.stdout(
        `${JSON.stringify({ analyser: spec.description, verdicts: verdictsFile, videos: scores, summary, ...verdict }, null, 2)}\n`,
      );
    } else {
      const rows = scores.map((score) => [
        score.file,
        String(score.labelReps),
        score.countedReps === null ? '-' : String(score.countedReps),
        score.difference === null
          ? '-'
          : score.difference === 0
            ? '0'
            : score.difference > 0
              ? `+${score.difference}`
              : String(score.difference),
        String(score.labelValid),
        score.countedValid === null ? '-' : String(score.countedValid),
        score.perRep === null
          ? '-'
          : `${score.perRep.matched}/${score.perRep.counted}/${score.perRep.labelled}`,
        score.verdicts === null
          ? '-'
          : `${score.verdicts.agreed}/${score.verdicts.labelled + score.verdicts.unmatchedCounted}`,
        score.error ?? '',
      ]);
      context.stdout(
        formatTable(rows, [
          'video',
          'label',
          'counted',
          'diff',
          'label valid',
          'counted valid',
          'matched/counted/labelled',
          'verdicts agreed',
          'error',
        ]),
      );
      context.stdout(
        `\n${spec.description}${options.fps ? ` at ${options.fps} fps` : ''}: ${summary.videos} videos, ` +
          `exact ${summary.exact} (${percent(summary.exactRate)}), off by one ${summary.offByOne} (${percent(summary.offByOneRate)}), ` +
          `within one ${percent(summary.withinOneRate)}, mean absolute error ${summary.meanAbsoluteError.toFixed(2)}, ` +
          `valid counts exact ${summary.validExact}/${summary.videos}, ` +
          `no over-credit ${summary.noOverCredit}/${summary.videos}, ` +
          `per rep precision ${summary.repPrecision.toFixed(3)} recall ${summary.repRecall.toFixed(3)}` +
          (summary.verdictAgreement === null
            ? ''
            : `, per-rep verdict agreement ${summary.verdictAgreement.toFixed(3)}`) +
          '\n',
      );
      context.stdout(
        interrupted
          ? `no verdict: interrupted after ${summary.videos} of ${labels.length} videos\n`
          : failures.length === 0
            ? 'PASS\n'
            : `FAIL: ${failures.join('; ')}\n`,
      );
    }
    if (interrupted) {
      context.stderr(interruptedNotice(result.items.length, labels.length, 'videos'));
      return interruptedExitCode(context.signal);
    }
    return failures.length === 0 ? EXIT.ok : EXIT.failed;
  } finally {
    progress.clear();
    await session.close();
  }
}
