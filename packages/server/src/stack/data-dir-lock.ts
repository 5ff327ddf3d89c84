// One server per data directory: server.lock names the running server's pid and start time (and
// its PostgREST's, once started). A lock whose pid is no longer that same process (it exited, and
// the system may since have given the pid to any program) is stale and taken over; a PostgREST
// left running by a killed server is stopped, but only when the pid is still that PostgREST.

import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ORPHAN_STOP_TIMEOUT_MS } from '../constants.js';
import { StartupError } from '../errors.js';
import type { Logger } from '../log.js';
import { readProcessIdentity, waitForPidExit } from '../process/process-utils.js';

interface LockedProcess {
  pid: number;
  /** Start time from /proc (clock ticks after boot); absent in locks of older versions. */
  startTime?: string;
}

interface LockFile extends LockedProcess {
  postgrest?: LockedProcess;
  /** Older versions wrote the PostgREST pid alone. */
  postgrestPid?: number;
}

export interface DataDirLock {
  /** Records the PostgREST child, so a later start can stop it if this server is killed. */
  recordPostgrest(pid: number | undefined): Promise<void>;
  release(): Promise<void>;
}

async function readLock(file: string): Promise<LockFile | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as LockFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    // A lock file cut short by a crash while it was written: treat it as stale.
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/** Whether `locked` is still the process that wrote the lock: same pid and start time; for an
 * older lock without a start time, a command line that `looksRight`. */
async function isStillRunning(
  locked: LockedProcess | undefined,
  looksRight: (argv: string[]) => boolean,
): Promise<boolean> {
  if (!locked || !Number.isInteger(locked.pid) || locked.pid <= 0) return false;
  const identity = await readProcessIdentity(locked.pid);
  if (!identity) return false;
  return locked.startTime !== undefined
    ? identity.startTime === locked.startTime
    : looksRight(identity.argv);
}

const isReptempleServer = (argv: string[]) =>
  argv.some((arg) => arg.endsWith('reptemple-server') || /server[/\\]dist[/\\]bin\.js$/.test(arg));
const isPostgrest = (argv: string[]) => path.basename(argv[0] ?? '').startsWith('postgrest');

async function describeProcess(pid: number): Promise<LockedProcess> {
  const identity = await readProcessIdentity(pid);
  return identity ? { pid, startTime: identity.startTime } : { pid };
}

/** Takes the data directory for this process, or refuses while another server holds it. */
export async function claimDataDir(dataDir: string, log: Logger): Promise<DataDirLock> {
  const lockFile = path.join(dataDir, 'server.lock');
  const previous = await readLock(lockFile);
  if (
    previous &&
    previous.pid !== process.pid &&
    (await isStillRunning(previous, isReptempleServer))
  ) {
    throw new StartupError({
      code: 'data_dir_in_use',
      message: `Another reptemple-server (pid ${previous.pid}) uses this data directory.`,
      expected: 'one server per data directory',
      received: `pid ${previous.pid} is running`,
      hint: 'Stop it, or start this one with another --data directory.',
    });
  }
  if (previous) log.info('data_dir_lock_stale', { pid: previous.pid });
  const orphan: LockedProcess | undefined =
    previous?.postgrest ?? (previous?.postgrestPid ? { pid: previous.postgrestPid } : undefined);
  if (orphan && (await isStillRunning(orphan, isPostgrest))) {
    log.warn('postgrest_orphan_stop', { pid: orphan.pid });
    process.kill(orphan.pid, 'SIGTERM');
    // Stateless, so a PostgREST that ignores SIGTERM is killed; either way it is gone before ours starts.
    if (!(await waitForPidExit(orphan.pid, ORPHAN_STOP_TIMEOUT_MS))) {
      process.kill(orphan.pid, 'SIGKILL');
      await waitForPidExit(orphan.pid, ORPHAN_STOP_TIMEOUT_MS);
    }
  }
  const self = await describeProcess(process.pid);
  await writeFile(lockFile, JSON.stringify(self satisfies LockFile));
  return {
    recordPostgrest: async (postgrestPid) =>
      writeFile(
        lockFile,
        JSON.stringify({
          ...self,
          ...(postgrestPid ? { postgrest: await describeProcess(postgrestPid) } : {}),
        } satisfies LockFile),
      ),
    release: () => rm(lockFile, { force: true }),
  };
}
