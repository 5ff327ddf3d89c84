// Small helpers for supervising child processes.

import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { Readable } from 'node:stream';

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Waits until a process that is not our child (an orphan of an earlier run) has exited, polling
 * every 100 ms; true when it did within `timeoutMs` (ms).
 */
export async function waitForPidExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isProcessAlive(pid) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isProcessAlive(pid);
}

/** Resolves with the exit code (null when killed by a signal) once the child has exited. */
export function waitForExit(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve(child.exitCode);
      return;
    }
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(child.exitCode ?? -1));
  });
}

/**
 * Resolves once the child's stdout and stderr have been read to the end, or after `timeoutMs`
 * (ms): a process's last lines can still be in its pipes when its exit is reported.
 */
export function outputDrained(child: ChildProcess, timeoutMs: number): Promise<void> {
  const streams = [child.stdout, child.stderr].filter(
    (stream): stream is Readable => stream !== null && !stream.readableEnded && !stream.destroyed,
  );
  const ended = Promise.all(
    streams.map((stream) => new Promise<void>((resolve) => stream.once('close', resolve))),
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  return Promise.race([ended.then(() => undefined), timeout]).finally(() => clearTimeout(timer));
}

/** Calls onLine for every complete line of a stream. */
export function forwardLines(stream: Readable, onLine: (line: string) => void): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) onLine(line.trimEnd());
  });
  stream.on('end', () => {
    if (pending.trim()) onLine(pending.trimEnd());
  });
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Who a process is: enough to tell it from a later process that got the same pid. */
export interface ProcessIdentity {
  /** Start time in clock ticks after boot (/proc/<pid>/stat, field 22): unique per pid and boot. */
  startTime: string;
  /** Its command line, one entry per argument. */
  argv: string[];
}

/** The identity of a running process, or undefined when no process runs with that pid (none has
 * it, or it has exited and awaits reaping) (Linux /proc). */
export async function readProcessIdentity(pid: number): Promise<ProcessIdentity | undefined> {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    const [stat, cmdline] = await Promise.all([
      readFile(`/proc/${pid}/stat`, 'utf8'),
      readFile(`/proc/${pid}/cmdline`, 'utf8'),
    ]);
    // The command name in brackets may hold spaces and ')': fields are counted after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // A zombie (Z) or dead (X) process has exited; only its parent has yet to reap it (for an
    // orphan, init): it is not running and holds nothing.
    if (fields[0] === 'Z' || fields[0] === 'X') return undefined;
    // Field 22 of stat is the 20th after the name and the state.
    const startTime = fields[19];
    if (startTime === undefined) return undefined;
    return { startTime, argv: cmdline.split('\0').filter((arg) => arg !== '') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ESRCH') return undefined;
    throw error;
  }
}
