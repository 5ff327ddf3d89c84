// Starts, supervises and stops the whole local stack on one port: PostgreSQL (embedded or
// DATABASE_URL), PostgREST, the auth service, the media API and the web app. Each part is its own
// module under stack/; this file orders their start, watches the children, and stops them in
// reverse order.

import { type JobQueue, type VerificationWorker, verificationProgress } from '@reptemple/verifier';
import { createAuthRoutes } from './auth/routes.js';
import type { ServerConfig } from './config.js';
import { TLS_REFRESH_INTERVAL_MS } from './constants.js';
import { seedDatabase } from './db/seed.js';
import { createApp } from './http/app.js';
import { createHostPolicy, serverUrlFor } from './http/host-policy.js';
import { connectOriginsFor, contentSecurityPolicy } from './http/page-security.js';
import { createLeaderboardReads } from './leaderboards/leaderboard-cache.js';
import {
  type LeaderboardChanges,
  listenForLeaderboardChanges,
} from './leaderboards/leaderboard-changes.js';
import {
  createLeaderboardEvents,
  type LeaderboardEvents,
} from './leaderboards/leaderboard-events.js';
import type { Logger } from './log.js';
import { mediaAudience, readVisibleContactSheet } from './media/media-visibility.js';
import { type RunningPostgrest, startPostgrest } from './postgrest.js';
import { startChildGuard } from './process/child-guard.js';
import { loadOrCreateSecrets } from './secrets.js';
import { claimDataDir } from './stack/data-dir-lock.js';
import { type StackDatabase, startDatabase, withCredentials } from './stack/database.js';
import { startEventLoopMonitor } from './stack/event-loop-monitor.js';
import { createHealthCheck } from './stack/health.js';
import { listen } from './stack/http-listener.js';
import { lanAddresses, reachableAddresses } from './stack/lan-address.js';
import { createServices } from './stack/services.js';
import { CERTIFICATE_PAGE_PATH } from './tls/certificate-page.js';
import type { LocalCa } from './tls/local-ca.js';
import { createPlainHttpHandler } from './tls/plain-http.js';
import { prepareServerTls } from './tls/server-tls.js';

export interface RunningStack {
  /** e.g. http://localhost:54321; the public URL when one is configured; with HTTPS on the
   * network, https://<this machine's LAN address>:<port>. */
  url: string;
  port: number;
  /** Whether this server speaks HTTPS itself (--https, --tls-cert); not when a proxy does. */
  https: boolean;
  /** The server's addresses for other devices on the network (none when it listens on loopback
   * only), e.g. https://192.168.1.20:54321. */
  networkUrls: string[];
  /** With --https: the local CA whose root phones install from `certificateUrl`. */
  localCa: Pick<LocalCa, 'commonName' | 'fingerprint256'> | undefined;
  /** Where phones install the local CA's root (over plain HTTP: they do not trust it yet). */
  certificateUrl: string | undefined;
  /** Names the server answers that its certificate lacks (a CA made before them). */
  tlsNamesLeftOut: string[];
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
  const tls = await prepareServerTls(config, log);
  const scheme = tls ? 'https' : 'http';
  const hostPolicy = createHostPolicy({
    publicUrl: config.publicUrl,
    listenHost: config.host,
    allowedHosts: config.allowedHosts,
  });
  // Listen first: a port in use is found before the database starts.
  const http = await listen(
    config,
    tls && {
      cert: tls.cert,
      key: tls.key,
      plainHttp: createPlainHttpHandler({ hostPolicy, localCa: tls.localCa }),
    },
  );
  const networkAddresses = reachableAddresses(config.host, lanAddresses());
  const networkUrls = networkAddresses.map((address) => `${scheme}://${address}:${http.port}`);
  // Links in e-mails must open on the phone that asked for them: with HTTPS on the network, the
  // LAN address (the banner's); otherwise this machine.
  const publicUrl =
    config.publicUrl ?? (tls && networkUrls[0]) ?? `${scheme}://localhost:${http.port}`;
  const isOwnOrigin = (target: URL) =>
    target.protocol === `${scheme}:` &&
    target.port === String(http.port) &&
    hostPolicy.accept(target.host) !== undefined;
  const tlsRefresh =
    tls &&
    setInterval(() => {
      void tls.refresh().then((next) => next && http.setCertificate(next));
    }, TLS_REFRESH_INTERVAL_MS).unref();
  let eventLoop: { stop(): void } | undefined;

  let database: StackDatabase | undefined;
  let postgrest: RunningPostgrest | undefined;
  let queue: JobQueue | undefined;
  let verifier: VerificationWorker | undefined;
  let leaderboardChanges: LeaderboardChanges | undefined;
  let leaderboardEvents: LeaderboardEvents | undefined;
  let stopping: Promise<void> | undefined;
  let resolveStopped: (value: { reason: string; fatal: boolean }) => void = () => undefined;
  const stopped = new Promise<{ reason: string; fatal: boolean }>((resolve) => {
    resolveStopped = resolve;
  });

  const stop = (reason: string, fatal = false): Promise<void> => {
    stopping ??= (async () => {
      log.info('shutdown_begin', { reason, inFlight: http.inFlight });
      if (tlsRefresh) clearInterval(tlsRefresh);
      // Open event streams would hold the drain below until its timeout.
      leaderboardEvents?.stop();
      await http.close(log);
      await leaderboardChanges?.stop();
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
      isOwnOrigin,
      log,
    });
    queue = services.queue;
    verifier = services.verifier;
    const seeded = await seedDatabase(pool, services.auth, config.adminEmail, log.child('seed'));

    const runningPostgrest = postgrest;
    leaderboardChanges = await listenForLeaderboardChanges(
      database.databaseUrl,
      log.child('leaderboards'),
    );
    leaderboardEvents = createLeaderboardEvents(leaderboardChanges);
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
        hostPolicy,
        serverUrlFor: (acceptedHost) =>
          serverUrlFor(acceptedHost, http.port, config.publicUrl, scheme),
        localCa: tls?.localCa,
        contentSecurityPolicy: contentSecurityPolicy(connectOriginsFor(config.publicUrl)),
        // Development builds only (NODE_ENV=production turns the development endpoints off).
        serveSourceMaps: config.devEndpoints,
        contactSheet: (recordingId, repNumber, viewer) =>
          readVisibleContactSheet(pool, recordingId, repNumber, viewer),
        mediaAudience: (uploadId, viewer) => mediaAudience(pool, uploadId, viewer),
        verificationProgress: (recordingId) => verificationProgress(pool, recordingId),
        leaderboardReads: createLeaderboardReads({
          changes: leaderboardChanges,
          jwtSecret: secrets.jwtSecret,
          postgrestUrl: () => new URL(runningPostgrest.url),
          log: log.child('leaderboards'),
        }),
        leaderboardEvents,
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
      networkUrls,
      host: config.host,
      port: http.port,
      dataDir: config.dataDir,
      mail: services.mailer.kind,
    });
    const plainNetworkUrl = networkAddresses[0] && `http://${networkAddresses[0]}:${http.port}`;
    return {
      url: publicUrl,
      port: http.port,
      https: tls !== undefined,
      networkUrls,
      localCa: tls?.localCa && {
        commonName: tls.localCa.commonName,
        fingerprint256: tls.localCa.fingerprint256,
      },
      certificateUrl: tls?.localCa
        ? `${plainNetworkUrl ?? `http://localhost:${http.port}`}${CERTIFICATE_PAGE_PATH}`
        : undefined,
      tlsNamesLeftOut: tls?.leftOut ?? [],
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
