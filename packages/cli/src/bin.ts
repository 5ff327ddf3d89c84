#!/usr/bin/env node
import { run } from './program.js';

// First Ctrl-C: stop starting new work and print what finished. Second: leave at once.
const controller = new AbortController();
process.on('SIGINT', () => {
  if (controller.signal.aborted) process.exit(130);
  process.stderr.write('\nstopping after the current step (Ctrl-C again to quit at once)...\n');
  controller.abort(new Error('interrupted by Ctrl-C'));
});

const exitCode = await run(process.argv, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stderrIsTTY: process.stderr.isTTY === true,
  stderrColumns: process.stderr.columns ?? 80,
  signal: controller.signal,
  cwd: process.cwd(),
  env: process.env,
});
process.exitCode = exitCode;
