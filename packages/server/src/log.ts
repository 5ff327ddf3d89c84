// Structured logs: one JSON object per line on stdout, with a level, a time and an event name.
// Human banners (the admin password) go through printBanner so they are easy to spot.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const LEVEL_ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(event: string, fields?: Record<string, unknown>): void;
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
  child(component: string): Logger;
}

export interface LoggerOptions {
  level?: LogLevel;
  component?: string;
  write?: (line: string) => void;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const minimum = LEVEL_ORDER[options.level ?? 'info'];
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const emit = (level: LogLevel, event: string, fields?: Record<string, unknown>) => {
    if (LEVEL_ORDER[level] < minimum) return;
    const record: Record<string, unknown> = {
      time: new Date().toISOString(),
      level,
      ...(options.component ? { component: options.component } : {}),
      event,
      ...fields,
    };
    write(JSON.stringify(record, errorReplacer));
  };
  return {
    debug: (event, fields) => emit('debug', event, fields),
    info: (event, fields) => emit('info', event, fields),
    warn: (event, fields) => emit('warn', event, fields),
    error: (event, fields) => emit('error', event, fields),
    child: (component) =>
      createLogger({
        ...options,
        component: options.component ? `${options.component}.${component}` : component,
      }),
  };
}

function errorReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, ...(value as unknown as object) };
  }
  return value;
}

export function printBanner(lines: string[]): void {
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  const rule = '='.repeat(width);
  process.stdout.write(`\n${rule}\n${lines.map((line) => `  ${line}`).join('\n')}\n${rule}\n\n`);
}
