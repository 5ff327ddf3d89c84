import { basename, dirname, extname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import type { CommandContext } from '../context.js';
import { longestFirst, runBatch } from '../core/batch.js';
import { formatTable } from '../core/format.js';
import { fpsOption, jobsOption, modelOption, parseOptions } from '../core/options.js';
import { bar, ProgressLine } from '../core/progress.js';
import { AnalysisSession } from '../core/session.js';
import { TRACE_EXTENSION, writeTraceFile } from '../core/trace-files.js';
import { defaultCacheDir } from '../core/video-frames.js';
import { EXIT, type ExitCode, inputErrorMessage, interruptedExitCode } from '../errors.js';

const extractOptions = z.object({
  out: z.string().optional(),
  model: modelOption,
  fps: fpsOption,
  jobs: jobsOption,
  cache: z.boolean().default(true),
  cacheDir: z.string().optional(),
});

export function registerExtract(
  program: Command,
  context: CommandContext,
  setExitCode: (code: ExitCode) => void,
): void {
  program
    .command('extract')
    .description(
      'write the pose landmarks of videos as traces (NDJSON), for replay and regression tests',
    )
    .argument('<videos...>', 'video files')
    .option('--out <dir>', 'folder for the traces (default: next to each video)')
    .option('--model <variant>', 'pose model: lite, full or heavy', 'full')
    .option('--fps <n>', 'extract at most n frames per second')
    .option('--jobs <n>', 'videos extracted in parallel (default: cores, at most 4)')
    .option('--no-cache', 'extract again even if cached')
    .option('--cache-dir <dir>', 'where extracted landmark traces are cached')
    .addHelpText(
      'after',
      `
Examples:
  $ reptemple extract clip.mp4                      # writes clip.ndjson
  $ reptemple extract videos/*.mp4 --out traces/ --jobs 2

Traces are cached by the video's content, the model and the sampling, so extracting or
analysing the same file again is instant. Exit code: 0 when all were written, 1 otherwise.`,
    )
    .action(async (videos: string[], raw: Record<string, unknown>) => {
      setExitCode(await extract(videos, parseOptions(extractOptions, raw), context));
    });
}

async function extract(
  videos: string[],
  options: z.output<typeof extractOptions>,
  context: CommandContext,
): Promise<ExitCode> {
  const progress = new ProgressLine(context);
  const session = new AnalysisSession(context, {
    model: options.model,
    fps: options.fps,
    jobs: options.jobs,
    cacheDir: options.cache ? (options.cacheDir ?? defaultCacheDir(context.env)) : null,
    onProgress: (input, p) =>
      progress.update(
        `${bar(p.framesExpected ? p.framesDone / p.framesExpected : 0)} ${basename(input)} ${p.framesDone}/${p.framesExpected} frames`,
      ),
    onWarning: (message) => {
      progress.clear();
      context.stderr(`warning: ${message}\n`);
    },
  });
  const target = (video: string) => {
    const name = `${basename(video, extname(video))}${TRACE_EXTENSION}`;
    return options.out === undefined
      ? join(dirname(resolve(context.cwd, video)), name)
      : resolve(context.cwd, options.out, name);
  };
  try {
    const result = await runBatch(videos, {
      jobs: options.jobs,
      order: longestFirst(await session.workloads(videos)),
      signal: context.signal,
      describeError: inputErrorMessage,
      run: async (video) => {
        const source = await session.frames(video);
        const path = target(video);
        await writeTraceFile(path, source.header, source.frames);
        return { path, frames: source.frames.length, cached: source.fromCache };
      },
    });
    progress.clear();
    const rows = result.items.map((item) => [
      basename(item.input),
      item.value?.path ?? '-',
      item.value ? String(item.value.frames) : '-',
      item.error ?? (item.value?.cached ? 'from cache' : ''),
    ]);
    context.stdout(formatTable(rows, ['video', 'trace', 'frames', 'notes']));
    if (result.interrupted) return interruptedExitCode(context.signal);
    return result.items.some((item) => item.error !== undefined) ? EXIT.failed : EXIT.ok;
  } finally {
    progress.clear();
    await session.close();
  }
}
