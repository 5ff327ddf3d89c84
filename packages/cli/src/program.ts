import { isPoseEngineError } from '@reptemple/pose-sdk/node';
import { Command, CommanderError } from 'commander';
import { registerAnalyze } from './commands/analyze.js';
import { registerBench } from './commands/bench.js';
import { registerExtract } from './commands/extract.js';
import { registerJudge } from './commands/judge.js';
import { registerRegress } from './commands/regress.js';
import { registerRescore } from './commands/rescore.js';
import { registerValidate } from './commands/validate.js';
import { registerWorker } from './commands/worker.js';
import type { CommandContext } from './context.js';
import { describeError, EXIT, type ExitCode, Interruption, interruptedExitCode } from './errors.js';
import { CLI_VERSION } from './version.js';

/** Runs one command line; returns the exit code instead of exiting, so it can run in tests. */
export async function run(argv: readonly string[], context: CommandContext): Promise<ExitCode> {
  let exitCode: ExitCode = EXIT.ok;
  const setExitCode = (code: ExitCode) => {
    exitCode = code;
  };
  const program = new Command('reptemple')
    .description(
      'Count and judge exercise reps in videos with the RepTemple pose SDK. Treat Your Body Like a Place of Worship.',
    )
    .version(CLI_VERSION)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => context.stdout(text),
      writeErr: (text) => context.stderr(text),
    })
    .addHelpText(
      'after',
      `
Examples:
  $ reptemple analyze clip.mp4                       count push-ups in a video
  $ reptemple analyze videos/*.mp4 --jobs 2 --csv    score a batch for judging
  $ reptemple extract clip.mp4                       save its landmarks as a trace
  $ reptemple regress fixtures/videos/labels.json    check counts against hand counts
  $ reptemple validate my-exercise.json              check an exercise definition
  $ reptemple bench clip.mp4 --model lite            time each stage per frame
  $ reptemple judge submission.webm                  per-rep evidence and an HTML report
  $ reptemple worker --database-url ... --media ...  verify submissions on this machine
  $ reptemple rescore --database-url ... --challenge <id>   verify a challenge again`,
    );
  registerAnalyze(program, context, setExitCode);
  registerExtract(program, context, setExitCode);
  registerRegress(program, context, setExitCode);
  registerValidate(program, context, setExitCode);
  registerBench(program, context, setExitCode);
  registerJudge(program, context, setExitCode);
  registerWorker(program, context, setExitCode);
  registerRescore(program, context, setExitCode);
  try {
    await program.parseAsync([...argv], { from: 'node' });
    return exitCode;
  } catch (error) {
    // Commander has already printed its own usage message.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    // Stopped before any result (bench's one video): an interruption, not a failure. A different
    // error after the stop (ffmpeg also got the terminal's Ctrl-C) is still shown.
    if (context.signal.aborted) {
      const stopped = isPoseEngineError(error, 'ABORTED') || error instanceof Interruption;
      if (!stopped) context.stderr(`${describeError(error).message}\n`);
      context.stderr('interrupted before any result was finished\n');
      return interruptedExitCode(context.signal);
    }
    const { message, exitCode: code } = describeError(error);
    if (message) context.stderr(`${message}\n`);
    return code;
  }
}
