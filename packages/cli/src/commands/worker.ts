import { parseMediaSource, startVerificationWorker } from '@reptemple/verifier';
import type { Command } from 'commander';
import { z } from 'zod';
import type { CommandContext } from '../context.js';
import {
  databaseUrlOption,
  jsonLineLogger,
  mediaOption,
  workersOption,
} from '../core/database-options.js';
import { parseOptions } from '../core/options.js';
import { type ExitCode, interruptedExitCode } from '../errors.js';

const workerOptions = z.object({
  databaseUrl: databaseUrlOption,
  media: mediaOption,
  workers: workersOption(1),
});

export function registerWorker(
  program: Command,
  context: CommandContext,
  setExitCode: (code: ExitCode) => void,
): void {
  program
    .command('worker')
    .description(
      "verify submitted recordings on this machine: takes verification jobs from a RepTemple database's queue until stopped",
    )
    .requiredOption(
      '--database-url <url>',
      'the RepTemple database (a role that may write recordings)',
    )
    .requiredOption('--media <dir|url>', "the server's media directory, or the server's URL")
    .option('--workers <n>', 'jobs at once, one headless Chromium each', '1')
    .addHelpText(
      'after',
      `
Examples:
  $ reptemple worker --database-url postgres://postgres:secret@db:5432/postgres --media https://reptemple.example
  $ reptemple worker --database-url $DATABASE_URL --media /srv/reptemple/media --workers 2

Each worker machine adds --workers jobs at once to those of reptemple-server (--workers) and of
other machines: the queue hands each job to one of them. Logs are JSON lines on stderr. Ctrl-C
(or SIGTERM) finishes the jobs in progress, then stops; a killed worker's jobs are retried by the
others.`,
    )
    .action(async (raw: Record<string, unknown>) => {
      const options = parseOptions(workerOptions, raw);
      const worker = await startVerificationWorker({
        databaseUrl: options.databaseUrl,
        media: parseMediaSource(options.media),
        workers: options.workers,
        log: jsonLineLogger(context.stderr),
      });
      await new Promise<void>((resolve) => {
        if (context.signal.aborted) resolve();
        context.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      await worker.stop();
      setExitCode(interruptedExitCode(context.signal));
    });
}
