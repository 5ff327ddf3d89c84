// One server per data directory: server.lock names the running server's pid (and its PostgREST's,
// once started). A lock left by a killed server is taken over, and its PostgREST, still running,
// is stopped first.

import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ORPHAN_STOP_TIMEOUT_MS } from '../constants.js';
import { StartupError } from '../errors.js';
import type { Logger } from '../log.js';
import { isProcessAlive, waitForPidExit } from '../process-utils.js';

interface LockFile {
  pid: number;
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

async function isPostgrestProcess(pid: number): Promise<boolean> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).includes('postgrest');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Takes the data directory for this process, or refuses while another server holds it. */
export async function claimDataDir(dataDir: string, log: Logger): Promise<DataDirLock> {
  const lockFile = path.join(dataDir, 'server.lock');
  const previous = await readLock(lockFile);
  if (previous && previous.pid !== process.pid && isProcessAlive(previous.pid)) {
    throw new StartupError({
      code: 'data_dir_in_use',
      message: `Another reptemple-server (pid ${previous.pid}) uses this data directory.`,
      expected: 'one server per data directory',
      received: `pid ${previous.pid} is running`,
      hint: 'Stop it, or start this one with another --data directory.',
    });
  }
  if (
    previous?.postgrestPid &&
    isProcessAlive(previous.postgrestPid) &&
    (await isPostgrestProcess(previous.postgrestPid))
  ) {
    log.warn('postgrest_orphan_stop', { pid: previous.postgrestPid });
    process.kill(previous.postgrestPid, 'SIGTERM');
    // Stateless, so a PostgREST that ignores SIGTERM is killed; either way it is gone before ours starts.
    if (!(await waitForPidExit(previous.postgrestPid, ORPHAN_STOP_TIMEOUT_MS))) {
      process.kill(previous.postgrestPid, 'SIGKILL');
      await waitForPidExit(previous.postgrestPid, ORPHAN_STOP_TIMEOUT_MS);
    }
  }
  await writeFile(lockFile, JSON.stringify({ pid: process.pid } satisfies LockFile));
  return {
    recordPostgrest: (postgrestPid) =>
      writeFile(lockFile, JSON.stringify({ pid: process.pid, postgrestPid } satisfies LockFile)),
    release: () => rm(lockFile, { force: true }),
  };
}
