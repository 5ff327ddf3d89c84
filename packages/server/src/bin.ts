#!/usr/bin/env node
// reptemple-server: the whole backend on one port. Ctrl-C (SIGINT), SIGTERM or SIGHUP drains
// requests in flight and stops every child process; a second Ctrl-C stops at once.

import { bannerLines } from './banner.js';
import { parseArgs, resolveConfig, USAGE } from './config.js';
import { AppError } from './errors.js';
import { createLogger, printBanner } from './log.js';
import { startStack } from './stack.js';

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>;
  let config: ReturnType<typeof resolveConfig>;
  try {
    parsed = parseArgs(process.argv.slice(2));
    // Relative paths are taken from where the command was typed, also under `pnpm --filter ... start`.
    config = resolveConfig(parsed.values, process.env, process.env.INIT_CWD ?? process.cwd());
  } catch (error) {
    if (error instanceof AppError) {
      process.stderr.write(
        `reptemple-server: ${error.message}${error.expected ? ` Expected ${error.expected}.` : ''}\n\n${USAGE}`,
      );
      return 2;
    }
    throw error;
  }
  if (parsed.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const log = createLogger({ level: config.logLevel });
  const stack = await startStack(config, log);

  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals++;
    if (signals > 1) {
      log.warn('shutdown_forced', { signal });
      process.exit(130);
    }
    process.stderr.write(`\nStopping RepTemple (press Ctrl-C again to force)...\n`);
    void stack.stop(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // Closing the terminal: the children run in their own process groups and would not hear it.
  // (Should this process die without the orderly stop, the child watchdog stops them.)
  process.on('SIGHUP', onSignal);

  printBanner(bannerLines(stack));

  const { fatal } = await stack.stopped;
  return fatal ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof AppError) {
      process.stderr.write(
        `reptemple-server could not start: ${error.message}\n${error.expected ? `  expected: ${error.expected}\n` : ''}${error.received ? `  received: ${error.received}\n` : ''}${error.hint ? `  what to do: ${error.hint}\n` : ''}`,
      );
    } else {
      process.stderr.write(
        `reptemple-server failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
    process.exit(1);
  },
);
