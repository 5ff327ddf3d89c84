// Starts, supervises and stops the whole local stack on one port: PostgreSQL (embedded or
// DATABASE_URL), PostgREST, the auth service, the media API and the web app. Each part is its own
// module under stack/; this file orders their start, watches the children, and stops them in
// reverse order.

import type { JobQueue, VerificationWorker } from '@reptemple/verifier';
import { createAuthRoutes } from './auth/routes.js';
import type { ServerConfig } from './config.js';
import { seedDatabase } from './db/seed.js';
import { createApp } from './http/app.js';
import { createHostPolicy, serverUrlFor } from './http/host-policy.js';
import { connectOriginsFor, contentSecurityPolicy } from './http/page-security.js';
import type { Logger } from './log.js';
import { readContactSheet } from './media/contact-sheets.js';
import { type RunningPostgrest, startPostgrest } from './postgrest.js';
import { startChildGuard } from './process/child-guard.js';
import { loadOrCreateSecrets } from './secrets.js';
import { claimDataDir } from './stack/data-dir-lock.js';
import { type StackDatabase, startDatabase, withCredentials } from './stack/database.js';
import { startEventLoopMonitor } from './stack/event-loop-monitor.js';
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
  /** Drains requests in flight, then stops PostgREST and PostgreSQL. Idempotent. */
  stop(reason: string): Promise<void>;
  /** Resolves when the stack stopped, with the reason; fatal when a child died on its own. */
  stopped: Promise<{ reason: string; fatal: boolean }>;
}

export async function startStack(config: ServerConfig, log: Logger): Promise<RunningStack> {
  const secrets = await loadOrCreateSecrets(config.dataDir, config.jwtSecret);
  const lock = await claimDataDir(config.dataDir, log);
  // From here on, every child is registered with the watchdog, which stops it should this process
  // die without stopping it (SIGKILL, a crash).
  const guard = startChildGuard(log.child('watchdog'));
  // Listen first: a port in use is found before the database starts.
  const http = await listen(config);
  const publicUrl = config.publicUrl ?? `http://localhost:${http.port}`;
  let eventLoop: { stop(): void } | undefined;

  let database: StackDatabase | undefined;
  let postgrest: RunningPostgrest | undefined;
  let queue: JobQueue | undefined;
  let verifier: VerificationWorker | undefined;
  let stopping: Promise<void> | undefined;
  let resolveStopped: (value: { reason: string; fatal: boolean }) => void = () => undefined;
  const stopped = new Promise<{ reason: string; fatal: boolean }>((resolve) => {
    resolveStopped = resolve;
  });

  const stop = (reason: string, fatal = false): Promise<void> => {
    stopping ??= (async () => {
      log.info('shutdown_begin', { reason, inFlight: http.inFlight });
      await http.close(log);
      // Media and verification jobs running now finish (or are failed, to be retried at the next
      // start); then the verification workers' browsers close.
      await queue?.stop().catch((error: unknown) => log.error('queue_stop_failed', { error }));
      await verifier
        ?.stop()
        .catch((error: unknown) => log.error('verifier_stop_failed', { error }));
      await postgrest
        ?.stop()
        .catch((error: unknown) => log.error('postgrest_stop_failed', { error }));
      await database?.stop();
      await lock.release();
      eventLoop?.stop();
      log.info('shutdown_complete', { reason });
      resolveStopped({ reason, fatal });
    })();
    return stopping;
  };

  try {
    database = await startDatabase(config, secrets, guard, log);
    postgrest = await startPostgrest({
      databaseUri: withCredentials(
        database.databaseUrl,
        'authenticator',
        secrets.authenticatorPassword,
      ),
      jwtSecret: secrets.jwtSecret,
      log: log.child('postgrest'),
      guard,
    });
    await lock.recordPostgrest(postgrest.pid);
    const { pool, embedded } = database;
    const services = await createServices({
      config,
      secrets,
      pool,
      databaseUrl: database.databaseUrl,
      guard,
      publicUrl,
      log,
    });
    queue = services.queue;
    verifier = services.verifier;
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
        hostPolicy: createHostPolicy({
          publicUrl: config.publicUrl,
          listenHost: config.host,
          allowedHosts: config.allowedHosts,
        }),
        serverUrlFor: (acceptedHost) => serverUrlFor(acceptedHost, http.port, config.publicUrl),
        contentSecurityPolicy: contentSecurityPolicy(connectOriginsFor(config.publicUrl)),
        // Development builds only (NODE_ENV=production turns the development endpoints off).
        serveSourceMaps: config.devEndpoints,
        contactSheet: (recordingId, repNumber) => readContactSheet(pool, recordingId, repNumber),
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

    // From here on the loop serves requests only: its delay is reported (start-up's one-off work,
    // migrations and the seed's password hashing, is not what it measures).
    eventLoop = startEventLoopMonitor(log.child('event-loop'));
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
      stop: (reason) => stop(reason),
      stopped,
    };
  } catch (error) {
    await stop('start failed');
    throw error;
  }
}
