#!/usr/bin/env node
import { run } from './program.js';
import { stopOnSignals } from './signals.js';

// First Ctrl-C, SIGTERM or SIGHUP: stop starting new work and print what finished. Second: leave at once.
const controller = new AbortController();
stopOnSignals(controller, process, (text) => process.stderr.write(text));

const exitCode = await run(process.argv, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stderrIsTTY: process.stderr.isTTY === true,
  // 0 or undefined when unknown: the progress line then assumes DEFAULT_TERMINAL_COLUMNS.
  stderrColumns: process.stderr.columns ?? 0,
  signal: controller.signal,
  cwd: process.cwd(),
  env: process.env,
});
process.exitCode = exitCode;
