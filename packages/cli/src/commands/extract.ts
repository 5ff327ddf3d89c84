import { mkdir, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import type { CommandContext } from '../context.js';
import { longestFirst, runBatch } from '../core/batch.js';
import { displayPath, formatTable, interruptedNotice } from '../core/format.js';
import { folderOption, fpsOption, jobsOption, modelOption, parseOptions } from '../core/options.js';
import { bar, ProgressLine, startingWorkersText } from '../core/progress.js';
import { AnalysisSession } from '../core/session.js';
import { isTracePath, TRACE_EXTENSION, writeTraceFile } from '../core/trace-files.js';
import { defaultCacheDir } from '../core/video-frames.js';
import {
  EXIT,
  type ExitCode,
  inputErrorMessage,
  interruptedExitCode,
  UsageError,
} from '../errors.js';

const extractOptions = z.object({
  out: folderOption('--out').optional(),
  model: modelOption,
  fps: fpsOption,
  jobs: jobsOption,
  cache: z.boolean().default(true),
  cacheDir: folderOption('--cache-dir').optional(),
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
  const targets = planTargets(videos, options.out, context.cwd);
  if (options.out !== undefined) await prepareOutFolder(options.out, context.cwd);
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
    onEngineStarting: (workers) => progress.update(startingWorkersText(workers), true),
  });
  try {
    const result = await runBatch(videos, {
      jobs: options.jobs,
      order: longestFirst(await session.workloads(videos)),
      signal: context.signal,
      describeError: inputErrorMessage,
      run: async (video, index) => {
        const source = await session.frames(video);
        const path = targets[index]!;
        await writeTraceFile(path, source.header, source.frames);
        return { path, frames: source.frames.length, cached: source.fromCache };
      },
    });
    progress.clear();
    const rows = result.items.map((item) => [
      displayPath(item.input, context.cwd),
      item.value?.path ?? '-',
      item.value ? String(item.value.frames) : '-',
      item.error ?? (item.value?.cached ? 'from cache' : ''),
    ]);
    context.stdout(formatTable(rows, ['video', 'trace', 'frames', 'notes']));
    if (result.interrupted) {
      context.stderr(interruptedNotice(result.items.length, videos.length, 'videos'));
      return interruptedExitCode(context.signal);
    }
    return result.items.some((item) => item.error !== undefined) ? EXIT.failed : EXIT.ok;
  } finally {
    progress.clear();
    await session.close();
  }
}

/**
 * The trace each video is written to, checked before any work: extract reads videos only (a trace
 * given here would be rewritten in place, sampled, under a header that no longer describes it),
 * and no two videos may share a trace (the second would silently replace the first).
 */
function planTargets(videos: readonly string[], out: string | undefined, cwd: string): string[] {
  const traces = videos.filter((video) => isTracePath(video));
  if (traces.length > 0) {
    throw new UsageError(
      `extract reads videos, but received trace${traces.length > 1 ? 's' : ''} ${traces.join(', ')}; ` +
        'writing its trace would overwrite it. To replay a trace at a lower rate, run: reptemple analyze <trace> --fps <n>',
    );
  }
  const targets = videos.map((video) => {
    const name = `${basename(video, extname(video))}${TRACE_EXTENSION}`;
    return out === undefined ? join(dirname(resolve(cwd, video)), name) : resolve(cwd, out, name);
  });
  const inputsByTarget = new Map<string, Set<string>>();
  videos.forEach((video, index) => {
    const target = targets[index]!;
    const inputs = inputsByTarget.get(target) ?? new Set<string>();
    inputs.add(resolve(cwd, video));
    inputsByTarget.set(target, inputs);
  });
  // The same video given twice writes the same trace twice: harmless. Different videos, one trace: not.
  const collisions = [...inputsByTarget].filter(([, inputs]) => inputs.size > 1);
  if (collisions.length > 0) {
    const listed = collisions
      .map(([target, inputs]) => `${[...inputs].join(' and ')} -> ${target}`)
      .join('; ');
    throw new UsageError(
      `expected each video to get a trace of its own, but some would share one: ${listed}. ` +
        'Rename the videos, or extract them in separate runs with different --out folders.',
    );
  }
  return targets;
}

/** Creates --out when missing; a file (or a folder that cannot be created) is a usage error up front. */
async function prepareOutFolder(out: string, cwd: string): Promise<void> {
  const path = resolve(cwd, out);
  const existing = await stat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null; // created below
    throw new UsageError(`cannot use --out ${out} as the traces folder: ${error.message}`);
  });
  if (existing !== null && !existing.isDirectory()) {
    throw new UsageError(
      `expected --out to be a folder for the traces, but ${out} is a file. Pass a folder path (it is created when missing).`,
    );
  }
  try {
    await mkdir(path, { recursive: true });
  } catch (error) {
    throw new UsageError(
      `expected --out to be a folder for the traces, but ${out} cannot be created: ${(error as Error).message}. Pass a folder path you can write to.`,
    );
  }
}
