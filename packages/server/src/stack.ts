// Starts, supervises and stops the whole local stack on one port: PostgreSQL (embedded or
// DATABASE_URL), PostgREST, the auth service, the media API and the web app. Each part is its own
// module under stack/; this file orders their start, watches the children, and stops them in
// reverse order.

import { createAuthRoutes } from './auth/routes.js';
import type { ServerConfig } from './config.js';
import { seedDatabase } from './db/seed.js';
import { createApp } from './http/app.js';
import type { Logger } from './log.js';
import { type RunningPostgrest, startPostgrest } from './postgrest.js';
import { loadOrCreateSecrets } from './secrets.js';
import { claimDataDir } from './stack/data-dir-lock.js';
import { type StackDatabase, startDatabase, withCredentials } from './stack/database.js';
import { createHealthCheck } from './stack/health.js';
import { listen } from './stack/http-listener.js';
import { createServices } from './stack/services.js';

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

export async function startStack(config: ServerConfig, log: Logger): Promise<RunningStack> {
  const secrets = await loadOrCreateSecrets(config.dataDir, config.jwtSecret);
  const lock = await claimDataDir(config.dataDir, log);
  // Listen first: a port in use is found before the database starts.
  const http = await listen(config);
  const publicUrl = config.publicUrl ?? `http://localhost:${http.port}`;

  let database: StackDatabase | undefined;
  let postgrest: RunningPostgrest | undefined;
  let stopping: Promise<void> | undefined;
  let resolveStopped: (value: { reason: string; fatal: boolean }) => void = () => undefined;
  const stopped = new Promise<{ reason: string; fatal: boolean }>((resolve) => {
    resolveStopped = resolve;
  });

  const stop = (reason: string, fatal = false): Promise<void> => {
    stopping ??= (async () => {
      log.info('shutdown_begin', { reason, inFlight: http.inFlight });
      await http.close(log);
      await postgrest
        ?.stop()
        .catch((error: unknown) => log.error('postgrest_stop_failed', { error }));
      await database?.stop();
      await lock.release();
      log.info('shutdown_complete', { reason });
      resolveStopped({ reason, fatal });
    })();
    return stopping;
  };

  try {
    database = await startDatabase(config, secrets, log);
    postgrest = await startPostgrest({
      databaseUri: withCredentials(
        database.databaseUrl,
        'authenticator',
        secrets.authenticatorPassword,
      ),
      jwtSecret: secrets.jwtSecret,
      log: log.child('postgrest'),
    });
    await lock.recordPostgrest(postgrest.pid);
    const { pool, embedded } = database;
    const services = await createServices({ config, secrets, pool, publicUrl, log });
    const seeded = await seedDatabase(pool, services.auth, config.adminEmail, log.child('seed'));

    const runningPostgrest = postgrest;
    http.setHandler(
      createApp({
        log: log.child('http'),
        trustProxy: config.trustProxy,
        devEndpoints: config.devEndpoints,
        anonKey: services.anonKey,
        serviceRoleKey: services.serviceRoleKey,
        jwtSecret: secrets.jwtSecret,
        postgrestUrl: () => new URL(runningPostgrest.url),
        auth: services.auth,
        handleAuth: createAuthRoutes(services.auth, log.child('auth')),
        media: services.media,
        outbox: services.outbox,
        webDir: config.webDir,
        publicUrlFor: (req) =>
          config.publicUrl ?? (req.headers.host ? `http://${req.headers.host}` : publicUrl),
        health: createHealthCheck({
          pool,
          dataApiHealthy: () => runningPostgrest.isHealthy(),
          shuttingDown: () => http.shuttingDown,
          databaseKind: config.databaseUrl ? 'external' : 'embedded',
          mailKind: services.mailer.kind,
        }),
      }),
    );

    // A child that dies on its own takes the stack down (the supervisor restarts it, if any).
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
      port: http.port,
      dataDir: config.dataDir,
      mail: services.mailer.kind,
    });
    return {
      url: publicUrl,
      port: http.port,
      anonKey: services.anonKey,
      serviceRoleKey: services.serviceRoleKey,
      databaseUrl: database.databaseUrl,
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
