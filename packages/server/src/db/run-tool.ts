// The ending of the database tools (pnpm db:types, pnpm db:rules): their exit code, or their error
// as a person can act on it (what failed, what was received, what to do) and exit code 1.

import { AppError, describeError } from '../errors.js';

export function runTool(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const detail =
        error instanceof AppError
          ? `${error.message}${error.received ? `\n  received: ${error.received}` : ''}${error.hint ? `\n  what to do: ${error.hint}` : ''}`
          : error instanceof Error
            ? (error.stack ?? error.message)
            : describeError(error);
      process.stderr.write(`${name} failed: ${detail}\n`);
      process.exit(1);
    },
  );
}
