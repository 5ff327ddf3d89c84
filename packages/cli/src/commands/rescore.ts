import {
  parseMediaSource,
  rankChanges,
  rankingOf,
  requestChallengeRescore,
  rescoreProgress,
  startVerificationWorker,
  type VerificationWorker,
} from '@reptemple/verifier';
import type { Command } from 'commander';
import pg from 'pg';
import { z } from 'zod';
import type { CommandContext } from '../context.js';
import {
  databaseUrlOption,
  jsonLineLogger,
  mediaOption,
  workersOption,
} from '../core/database-options.js';
import { parseOptions } from '../core/options.js';
import { bar, ProgressLine } from '../core/progress.js';
import { EXIT, type ExitCode, interruptedExitCode, UsageError } from '../errors.js';

/** '#3', or 'unranked' for a recording that does not rank (waiting, or failed). */
const rankLabel = (rank: number | null) => (rank === null ? 'unranked' : `#${rank}`);

const rescoreOptions = z.object({
  databaseUrl: databaseUrlOption,
  challenge: z.string().min(1, { error: () => 'expected --challenge <id or slug>' }),
  media: mediaOption.optional(),
  workers: workersOption(0),
  json: z.boolean().optional(),
});

/** ms between progress reads */
const PROGRESS_INTERVAL_MS = 1000;

export function registerRescore(
  program: Command,
  context: CommandContext,
  setExitCode: (code: ExitCode) => void,
): void {
  program
    .command('rescore')
    .description(
      'verify every recording with a video of one challenge again, and print the ranks that changed',
    )
    .requiredOption(
      '--database-url <url>',
      'the RepTemple database (a role that may write recordings)',
    )
    .requiredOption('--challenge <id>', "the challenge's id or slug")
    .option(
      '--media <dir|url>',
      "verify here too: the server's media directory or URL (else only running workers do)",
    )
    .option('--workers <n>', 'jobs at once here with --media, one headless Chromium each', '1')
    .option('--json', 'print the changed ranks as JSON')
    .addHelpText(
      'after',
      `
Examples:
  $ reptemple rescore --database-url $DATABASE_URL --challenge pushtober --media http://localhost:54321
  $ reptemple rescore --database-url $DATABASE_URL --challenge 5b0c...  (the server's workers do it)

Each recording gets a new verification request (older jobs for it become stale); its standing
count is replaced when its new verification is written. Ctrl-C stops waiting (the queued jobs
still run on the server's workers).`,
    )
    .action(async (raw: Record<string, unknown>) => {
      const options = parseOptions(rescoreOptions, raw);
      const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
      let worker: VerificationWorker | undefined;
      const progress = new ProgressLine(context);
      try {
        const { rows } = await pool.query<{ id: string; name: string }>(
          `select id, name from public.challenges where id::text = $1 or slug = $1`,
          [options.challenge],
        );
        const challenge = rows[0];
        if (!challenge)
          throw new UsageError(`no challenge has the id or slug "${options.challenge}"`);
        const before = await rankingOf(pool, challenge.id);
        const requests = await requestChallengeRescore(pool, challenge.id);
        context.stderr(`${challenge.name}: verifying ${requests.size} recordings again\n`);
        if (options.media && options.workers > 0) {
          worker = await startVerificationWorker({
            databaseUrl: options.databaseUrl,
            media: parseMediaSource(options.media),
            workers: options.workers,
            log: jsonLineLogger(() => undefined),
          });
        }
        for (;;) {
          const state = await rescoreProgress(pool, requests);
          progress.update(
            `${bar(state.total === 0 ? 1 : state.done / state.total)} ${state.done}/${state.total} verified${state.failed > 0 ? `, ${state.failed} failed` : ''}`,
            true,
          );
          if (state.done >= state.total) break;
          if (context.signal.aborted) {
            progress.clear();
            context.stderr(`stopped waiting: ${state.done} of ${state.total} verified so far\n`);
            setExitCode(interruptedExitCode(context.signal));
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, PROGRESS_INTERVAL_MS));
        }
        progress.clear();
        const changes = rankChanges(before, await rankingOf(pool, challenge.id));
        if (options.json) {
          context.stdout(`${JSON.stringify({ challenge: challenge.id, changes }, null, 2)}\n`);
        } else if (changes.length === 0) {
          context.stdout('no rank changed\n');
        } else {
          for (const change of changes) {
            context.stdout(
              `${rankLabel(change.before)} -> ${rankLabel(change.after)}  ${change.name}  ${change.validBefore} -> ${change.validAfter} valid reps (${change.status})\n`,
            );
          }
        }
        setExitCode(EXIT.ok);
      } finally {
        progress.clear();
        await worker?.stop();
        await pool.end();
      }
    });
}
