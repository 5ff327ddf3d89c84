// The server's side of the child watchdog (child-watchdog.ts): starts it, and tells it each child
// to stop should the server die without stopping them itself. Every child process of the server
// (PostgreSQL, PostgREST, ffmpeg, and later the verification worker's Chromium) is registered
// here as it starts, with how to stop it:
//   PostgreSQL  SIGINT (fast shutdown), SIGQUIT after 800 ms, SIGKILL after 1500 ms
//   PostgREST   SIGTERM, SIGKILL after 800 ms (it keeps no state)
//   ffmpeg      SIGKILL at once (its output is a temporary file, removed at the next start)

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../log.js';
import { readProcessIdentity } from './process-utils.js';

export interface StopStep {
  signal: NodeJS.Signals;
  /** ms after the server died */
  atMs: number;
}

export const STOP_POSTGRES: readonly StopStep[] = [
  { signal: 'SIGINT', atMs: 0 },
  { signal: 'SIGQUIT', atMs: 800 },
  { signal: 'SIGKILL', atMs: 1500 },
];
export const STOP_STATELESS_SERVICE: readonly StopStep[] = [
  { signal: 'SIGTERM', atMs: 0 },
  { signal: 'SIGKILL', atMs: 800 },
];
export const STOP_AT_ONCE: readonly StopStep[] = [{ signal: 'SIGKILL', atMs: 0 }];

export interface ChildGuard {
  /** Registers a child (started detached, so it leads its own process group). */
  watch(pid: number | undefined, steps: readonly StopStep[]): Promise<void>;
  /** The child exited; its pid may be reused. */
  forget(pid: number | undefined): void;
  /** The watchdog's pid (tests check it too ends). */
  readonly pid: number | undefined;
}

/** dist/child-watchdog.js, next to the module that imports this one (bin.js, index.js). */
function watchdogScript(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, 'child-watchdog.js'),
    path.join(here, '..', 'child-watchdog.js'),
  ];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`child-watchdog.js not found next to ${here}; run pnpm build`);
  return found;
}

export function startChildGuard(log: Logger): ChildGuard {
  const watchdog: ChildProcess = spawn(process.execPath, [watchdogScript()], {
    // A session of its own: a Ctrl-C or a kill of the server's process group does not reach it.
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  watchdog.on('error', (error) => log.error('child_watchdog_failed', { error }));
  // Neither the watchdog nor its pipe keeps the server's event loop alive.
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void }).unref?.();
  watchdog.stdin!.on('error', (error) => log.warn('child_watchdog_pipe_failed', { error }));
  const send = (line: string) => {
    if (watchdog.stdin?.writable) watchdog.stdin.write(`${line}\n`);
  };
  return {
    pid: watchdog.pid,
    async watch(pid, steps) {
      if (pid === undefined) return;
      const identity = await readProcessIdentity(pid);
      // Exited already: nothing to watch.
      if (!identity) return;
      send(
        `watch ${pid} ${identity.startTime} ${steps.map((step) => `${step.signal}:${step.atMs}`).join(',')}`,
      );
    },
    forget(pid) {
      if (pid !== undefined) send(`forget ${pid}`);
    },
  };
}

/** For code paths without a server (the type generator's scratch database, tests of parts). */
export const NO_CHILD_GUARD: ChildGuard = {
  pid: undefined,
  watch: async () => undefined,
  forget: () => undefined,
};
