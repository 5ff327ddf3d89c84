import { isRepTempleError } from '@reptemple/definitions';
import { isPoseEngineError } from '@reptemple/pose-sdk/node';
import { CommanderError } from 'commander';

/** Exit codes: scripts and CI branch on these. */
export const EXIT = {
  ok: 0,
  /** Some inputs failed, or a regression run fell below its threshold. */
  failed: 1,
  /** The command line or a definition file was wrong; nothing was analysed. */
  usage: 2,
  /** Stopped by Ctrl-C (SIGINT, 128 + 2); the results finished before it were printed. */
  interrupted: 130,
  /** Stopped by SIGHUP (128 + 1, the terminal closed), finished results printed. */
  hangup: 129,
  /** Stopped by SIGTERM (128 + 15, e.g. a supervisor or `kill`), finished results printed. */
  terminated: 143,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A problem with what the user asked for: wrong option, missing file, unknown exercise. */
export class UsageError extends Error {
  readonly code = 'USAGE';

  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The signals that stop a run the way Ctrl-C does, each with the exit code shells expect. */
export const STOP_SIGNALS = {
  SIGINT: { exitCode: EXIT.interrupted, described: 'Ctrl-C' },
  SIGTERM: { exitCode: EXIT.terminated, described: 'SIGTERM' },
  SIGHUP: { exitCode: EXIT.hangup, described: 'SIGHUP' },
} as const;

export type StopSignal = keyof typeof STOP_SIGNALS;

/** The abort reason when a stop signal arrives: which signal, so the exit code can say so. */
export class Interruption extends Error {
  readonly code = 'INTERRUPTED';
  readonly exitCode: ExitCode;

  constructor(readonly signalName: StopSignal) {
    super(`interrupted by ${STOP_SIGNALS[signalName].described}`);
    this.name = 'Interruption';
    this.exitCode = STOP_SIGNALS[signalName].exitCode;
  }
}

/**
 * The exit code of a run stopped by `signal`: 128 + the signal's number when it was aborted by a
 * stop signal, else 130 (an abort from a library caller counts as Ctrl-C).
 */
export function interruptedExitCode(signal: AbortSignal): ExitCode {
  return signal.reason instanceof Interruption ? signal.reason.exitCode : EXIT.interrupted;
}

/**
 * The one place where errors become a message and an exit code. Typed errors carry their own
 * message (what was expected, what was received, what to do); anything else is a bug, shown
 * with its stack so it can be reported.
 */
export function describeError(error: unknown): { message: string; exitCode: ExitCode } {
  if (error instanceof UsageError)
    return { message: `error: ${error.message}`, exitCode: EXIT.usage };
  if (error instanceof CommanderError)
    return { message: '', exitCode: error.exitCode === 0 ? EXIT.ok : EXIT.usage };
  // Engine errors are RepTempleErrors too: checked first for their own usage code.
  if (isPoseEngineError(error)) {
    const usage = error.code === 'INVALID_OPTIONS';
    return {
      message: `error [${error.code}]: ${error.message}`,
      exitCode: usage ? EXIT.usage : EXIT.failed,
    };
  }
  if (isRepTempleError(error)) {
    const usage = error.code === 'DEFINITION_INVALID' || error.code === 'DEFINITION_NOT_COUNTABLE';
    return {
      message: `error [${error.code}]: ${error.message}`,
      exitCode: usage ? EXIT.usage : EXIT.failed,
    };
  }
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return {
    message: `internal error (please report it with the command you ran): ${detail}`,
    exitCode: EXIT.failed,
  };
}

/** A one-line reason for a failed input, for its row in a batch. */
export function inputErrorMessage(error: unknown): string {
  if (isRepTempleError(error)) return `${error.code}: ${firstLine(error.message)}`;
  if (error instanceof UsageError) return error.message;
  return error instanceof Error ? firstLine(error.message) : String(error);
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? text;
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}
