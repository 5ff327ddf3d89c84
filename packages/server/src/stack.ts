// Starts, supervises and stops the whole local stack on one port: PostgreSQL (embedded or
// DATABASE_URL), PostgREST, the auth service, the media API and the web app.

import { readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { makeApiKey } from './auth/jwt.js';
import { type Mailer, OutboxMailer, SmtpMailer } from './auth/mailer.js';
import { RateLimiter } from './auth/rate-limit.js';
import { createAuthRoutes } from './auth/routes.js';
import { AuthService } from './auth/service.js';
import type { ServerConfig } from './config.js';
import {
  API_KEY_TTL_SECONDS,
  ORPHAN_STOP_TIMEOUT_MS,
  SHUTDOWN_DRAIN_TIMEOUT_MS,
} from './constants.js';
import { type RunningEmbeddedPostgres, startEmbeddedPostgres } from './db/embedded-postgres.js';
import { applyMigrations, bootstrapDatabase } from './db/migrations.js';
import { seedDatabase } from './db/seed.js';
import { describeError, StartupError } from './errors.js';
import { createApp } from './http/app.js';
import { sendJson } from './http/http-utils.js';
import type { Logger } from './log.js';
import { MediaService } from './media/upload-service.js';
import { type RunningPostgrest, startPostgrest } from './postgrest.js';
import { findFreePort, isProcessAlive, waitForPidExit } from './process-utils.js';
import { loadOrCreateSecrets } from './secrets.js';

export interface RunningStack {
  /** e.g. http://localhost:54321 */
  url: string;
  port: number;
  anonKey: string;
  serviceRoleKey: string;
  /** Superuser connection string of the database in use. */
  databaseUrl: string;
  /** Only on the start that created the admin account. */
  adminPassword: string | undefined;
  adminEmail: string;
  /** Process ids of the children (for checks and last-resort cleanup). */
  childPids(): number[];
  /** Drains requests in flight, then stops PostgREST and PostgreSQL. Idempotent. */
  stop(reason: string): Promise<void>;
  /** Resolves when the stack stopped, with the reason; fatal when a child died on its own. */
  stopped: Promise<{ reason: string; fatal: boolean }>;
}

interface LockFile {
  pid: number;
  postgrestPid?: number;
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

/** One server per data directory; cleans up after a previous run that was killed. */
async function claimDataDir(lockFile: string, log: Logger): Promise<void> {
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
}

function withCredentials(databaseUrl: string, user: string, password: string): string {
  const url = new URL(databaseUrl);
  url.username = encodeURIComponent(user);
  url.password = encodeURIComponent(password);
  return url.toString();
}

export async function startStack(config: ServerConfig, log: Logger): Promise<RunningStack> {
  const lockFile = path.join(config.dataDir, 'server.lock');
  const secrets = await loadOrCreateSecrets(config.dataDir, config.jwtSecret);
  await claimDataDir(lockFile, log);

  // Listen first: a port in use is found before the database starts. Requests before the stack
  // is ready are answered 503.
  let handler:
    | ((req: IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>)
    | undefined;
  let shuttingDown = false;
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const server: Server = createServer((req, res) => {
    inFlight++;
    res.on('close', () => {
      inFlight--;
      if (inFlight === 0) drained?.();
    });
    if (shuttingDown) res.setHeader('connection', 'close');
    if (!handler) {
      sendJson(
        res,
        503,
        { code: 'starting', message: 'The server is starting; try again in a moment.' },
        { 'retry-after': '1' },
      );
      return;
    }
    void handler(req, res);
  });
  // s: uploads of a 5-minute video on a slow phone connection take a while.
  server.requestTimeout = 10 * 60 * 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new StartupError({
          code: error.code === 'EADDRINUSE' ? 'port_in_use' : 'listen_failed',
          message:
            error.code === 'EADDRINUSE'
              ? `Port ${config.port} is already in use.`
              : `Cannot listen on ${config.host}:${config.port}.`,
          expected: 'a free port',
          received: describeError(error),
          hint: 'Start with --port <another port>, or stop what uses it.',
          cause: error,
        }),
      ),
    );
    server.listen(config.port, config.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const publicUrl = config.publicUrl ?? `http://localhost:${port}`;

  let embedded: RunningEmbeddedPostgres | undefined;
  let postgrest: RunningPostgrest | undefined;
  let pool: pg.Pool | undefined;
  let stopping: Promise<void> | undefined;
  let resolveStopped: (value: { reason: string; fatal: boolean }) => void = () => undefined;
  const stopped = new Promise<{ reason: string; fatal: boolean }>((resolve) => {
    resolveStopped = resolve;
  });

  const stopChildren = async () => {
    await postgrest
      ?.stop()
      .catch((error: unknown) => log.error('postgrest_stop_failed', { error }));
    await pool?.end().catch((error: unknown) => log.error('pool_end_failed', { error }));
    await embedded?.stop().catch((error: unknown) => log.error('postgres_stop_failed', { error }));
  };

  const stop = (reason: string, fatal = false): Promise<void> => {
    stopping ??= (async () => {
      log.info('shutdown_begin', { reason, inFlight });
      shuttingDown = true;
      server.close();
      server.closeIdleConnections();
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          drained = resolve;
          setTimeout(() => {
            log.warn('shutdown_drain_timeout', { inFlight, timeoutMs: SHUTDOWN_DRAIN_TIMEOUT_MS });
            resolve();
          }, SHUTDOWN_DRAIN_TIMEOUT_MS).unref();
        });
      }
      server.closeAllConnections();
      await stopChildren();
      await rm(lockFile, { force: true });
      log.info('shutdown_complete', { reason });
      resolveStopped({ reason, fatal });
    })();
    return stopping;
  };

  try {
    let databaseUrl: string;
    if (config.databaseUrl) {
      databaseUrl = config.databaseUrl;
      log.info('database_external', {
        host: new URL(databaseUrl).host,
        database: new URL(databaseUrl).pathname.slice(1),
      });
    } else {
      embedded = await startEmbeddedPostgres({
        clusterDir: path.join(config.dataDir, 'postgres'),
        port: await findFreePort(),
        superuserPassword: secrets.postgresPassword,
        log: log.child('postgres'),
      });
      databaseUrl = embedded.connectionString;
    }
    pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    pool.on('error', (error) => log.warn('pool_client_error', { error: error.message }));
    const client = await pool.connect().catch((error: unknown) => {
      throw new StartupError({
        code: 'database_unreachable',
        message: 'Cannot connect to the database.',
        expected: config.databaseUrl
          ? 'DATABASE_URL naming a reachable PostgreSQL superuser'
          : 'the embedded PostgreSQL',
        received: describeError(error),
        cause: error,
      });
    });
    try {
      await bootstrapDatabase(client, secrets.authenticatorPassword, log.child('db'));
      await applyMigrations(client, config.migrationsDir, log.child('db'));
    } finally {
      client.release();
    }

    postgrest = await startPostgrest({
      databaseUri: withCredentials(databaseUrl, 'authenticator', secrets.authenticatorPassword),
      jwtSecret: secrets.jwtSecret,
      log: log.child('postgrest'),
    });
    await writeFile(
      lockFile,
      JSON.stringify({ pid: process.pid, postgrestPid: postgrest.pid } satisfies LockFile),
    );

    const anonKey = makeApiKey(
      'anon',
      secrets.jwtSecret,
      secrets.apiKeysIssuedAt,
      API_KEY_TTL_SECONDS,
    );
    const serviceRoleKey = makeApiKey(
      'service_role',
      secrets.jwtSecret,
      secrets.apiKeysIssuedAt,
      API_KEY_TTL_SECONDS,
    );
    const outbox = config.smtpUrl
      ? undefined
      : new OutboxMailer(path.join(config.dataDir, 'outbox'), log.child('mail'));
    const mailer: Mailer =
      outbox ?? new SmtpMailer(config.smtpUrl!, config.mailFrom, log.child('mail'));
    const publicOrigin = new URL(publicUrl).origin;
    const resolveRedirect = (requested: string | undefined): string => {
      if (!requested) return publicUrl;
      // Not an absolute URL: never follow it (it could be protocol-relative or a path trick).
      if (!URL.canParse(requested)) return publicUrl;
      const target = new URL(requested);
      const isLocalDev =
        config.devEndpoints &&
        target.protocol === 'http:' &&
        (target.hostname === 'localhost' || target.hostname === '127.0.0.1');
      const allowed =
        target.origin === publicOrigin ||
        isLocalDev ||
        config.redirectAllowList.some((prefix) => target.toString().startsWith(prefix));
      return allowed ? target.toString() : publicUrl;
    };
    const auth = new AuthService({
      pool,
      jwtSecret: secrets.jwtSecret,
      publicUrl,
      mailer,
      limiter: new RateLimiter(),
      rateLimits: config.rateLimits,
      resolveRedirect,
      log: log.child('auth'),
    });
    const media = new MediaService({
      mediaDir: path.join(config.dataDir, 'media'),
      maxBytes: config.uploadMaxBytes,
      ffmpegPath: config.ffmpegPath,
      log: log.child('media'),
    });
    await media.prepare();
    const seeded = await seedDatabase(pool, auth, config.adminEmail, log.child('seed'));

    const runningPool = pool;
    const runningPostgrest = postgrest;
    handler = createApp({
      log: log.child('http'),
      trustProxy: config.trustProxy,
      devEndpoints: config.devEndpoints,
      anonKey,
      serviceRoleKey,
      jwtSecret: secrets.jwtSecret,
      postgrestUrl: () => new URL(runningPostgrest.url),
      auth,
      handleAuth: createAuthRoutes(auth, log.child('auth')),
      media,
      outbox,
      webDir: config.webDir,
      publicUrlFor: (req) =>
        config.publicUrl ?? (req.headers.host ? `http://${req.headers.host}` : publicUrl),
      health: async () => {
        let database = 'up';
        try {
          await runningPool.query('select 1');
        } catch (error) {
          database = `down: ${describeError(error)}`;
        }
        const dataApi = runningPostgrest.isHealthy() ? 'up' : 'down';
        const ok = database === 'up' && dataApi === 'up' && !shuttingDown;
        return {
          ok,
          report: {
            status: ok ? 'ok' : shuttingDown ? 'stopping' : 'degraded',
            database,
            databaseKind: config.databaseUrl ? 'external' : 'embedded',
            dataApi,
            mail: mailer.kind,
            uptimeSeconds: Math.round(process.uptime()),
          },
        };
      },
    });

    embedded?.exited.then((code) => {
      if (!stopping) {
        log.error('postgres_exited_unexpectedly', { code });
        void stop('postgres exited', true);
      }
    });
    postgrest.onFatalExit((code) => {
      if (!stopping) void stop(`postgrest exited (${code})`, true);
    });

    log.info('stack_ready', {
      url: publicUrl,
      host: config.host,
      port,
      dataDir: config.dataDir,
      mail: mailer.kind,
    });
    return {
      url: publicUrl,
      port,
      anonKey,
      serviceRoleKey,
      databaseUrl,
      adminPassword: seeded.adminPassword,
      adminEmail: seeded.adminEmail,
      childPids: () =>
        [embedded?.pid, runningPostgrest.pid].filter((pid): pid is number => pid !== undefined),
      stop: (reason) => stop(reason),
      stopped,
    };
  } catch (error) {
    await stop('start failed');
    throw error;
  }
}
