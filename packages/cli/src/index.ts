/** The CLI as a library: run a command line in-process (used by tests and other tools). */

export type { CommandContext } from './context.js';
export { EXIT, type ExitCode } from './errors.js';
export { run } from './program.js';
