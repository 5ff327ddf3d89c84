// Options of the commands that work on a RepTemple database (worker, rescore).

import { z } from 'zod';

export const databaseUrlOption = z
  .string({ error: () => 'expected --database-url postgres://user:password@host:port/database' })
  .regex(/^postgres(ql)?:\/\//, {
    error: () => 'expected --database-url to start with postgres:// or postgresql://',
  });

export const mediaOption = z
  .string()
  .min(1, { error: () => 'expected --media to be the media directory or the server URL' });

export const workersOption = (minimum: 0 | 1) =>
  z.coerce
    .number({ error: () => 'expected --workers to be a whole number' })
    .int({ error: () => 'expected --workers to be a whole number' })
    .min(minimum, { error: () => `expected --workers to be at least ${minimum}` })
    .max(16, { error: () => 'expected --workers to be at most 16' })
    .default(1);

/** Log lines of a long-running command: one JSON object per line on stderr, like the server's. */
export function jsonLineLogger(write: (text: string) => void) {
  const emit = (level: string) => (event: string, fields?: Record<string, unknown>) =>
    write(
      `${JSON.stringify(
        { time: new Date().toISOString(), level, event, ...fields },
        (_key, value) =>
          value instanceof Error ? { name: value.name, message: value.message } : value,
      )}\n`,
    );
  return { debug: () => undefined, info: emit('info'), warn: emit('warn'), error: emit('error') };
}
