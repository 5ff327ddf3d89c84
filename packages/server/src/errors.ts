// Typed errors: each says what went wrong (code), what was expected, what was received and what to
// do, so a log line or an HTTP answer is enough to act on.

export interface AppErrorDetails {
  /** Stable machine-readable code, e.g. 'not_a_video'. */
  code: string;
  /** HTTP status when the error reaches a client. */
  status: number;
  message: string;
  expected?: string;
  received?: string;
  hint?: string;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly expected: string | undefined;
  readonly received: string | undefined;
  readonly hint: string | undefined;

  constructor(details: AppErrorDetails) {
    super(details.message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'AppError';
    this.code = details.code;
    this.status = details.status;
    this.expected = details.expected;
    this.received = details.received;
    this.hint = details.hint;
  }

  toJSON(): Record<string, unknown> {
    return {
      code: this.code,
      message: this.message,
      ...(this.expected === undefined ? {} : { expected: this.expected }),
      ...(this.received === undefined ? {} : { received: this.received }),
      ...(this.hint === undefined ? {} : { hint: this.hint }),
    };
  }
}

/** Start-up and supervision failures: the stack cannot run as configured. */
export class StartupError extends AppError {
  constructor(details: Omit<AppErrorDetails, 'status'>) {
    super({ ...details, status: 500 });
    this.name = 'StartupError';
  }
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
