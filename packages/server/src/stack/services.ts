// The stack's own services over the database: the project's API keys, mail (SMTP or the local
// outbox), the auth service with its redirect policy, the job queue, the media service with its
// bounded ffmpeg pool and its media workers, and the verification workers (issue 18).

import path from 'node:path';
import {
  type JobQueue,
  ORPHAN_CHECK_INTERVAL_MS,
  startJobQueue,
  startVerificationWorkerThread,
  VERIFICATION_QUEUE,
  type VerificationWorker,
} from '@reptemple/verifier';
import type pg from 'pg';
import { makeApiKey } from '../auth/jwt.js';
import { type Mailer, OutboxMailer, SmtpMailer } from '../auth/mailer.js';
import { RateLimiter } from '../auth/rate-limit.js';
import { AuthService } from '../auth/service.js';
import type { ServerConfig } from '../config.js';
import { API_KEY_TTL_SECONDS } from '../constants.js';
import type { Logger } from '../log.js';
import type { FfmpegRunner } from '../media/ffmpeg.js';
import { FfmpegPool } from '../media/ffmpeg-pool.js';
import { LocalDirectoryStore } from '../media/local-directory-store.js';
import { createMediaJobHandler, MEDIA_QUEUE } from '../media/media-jobs.js';
import type { MediaStore } from '../media/media-storage.js';
import { MediaService } from '../media/upload-service.js';
import { type ChildGuard, STOP_AT_ONCE } from '../process/child-guard.js';
import type { StackSecrets } from '../secrets.js';

export interface StackServices {
  anonKey: string;
  serviceRoleKey: string;
  mailer: Mailer;
  /** The local outbox, when no SMTP server is configured. */
  outbox: OutboxMailer | undefined;
  auth: AuthService;
  media: MediaService;
  queue: JobQueue;
  /** Undefined with --workers 0. */
  verifier: VerificationWorker | undefined;
}

/** Where a one-time link may send the browser afterwards: this site (the public URL, or any
 * origin of this server: a phone on https://<LAN address>:<port>), the allow-list, and in
 * development any http://localhost page. Anything else goes to the site itself. */
export function redirectPolicy(
  config: ServerConfig,
  publicUrl: string,
  isOwnOrigin: (target: URL) => boolean = () => false,
): (requested: string | undefined) => string {
  const publicOrigin = new URL(publicUrl).origin;
  return (requested) => {
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
      isOwnOrigin(target) ||
      isLocalDev ||
      config.redirectAllowList.some((prefix) => target.toString().startsWith(prefix));
    return allowed ? target.toString() : publicUrl;
  };
}

export async function createServices(options: {
  config: ServerConfig;
  secrets: StackSecrets;
  pool: pg.Pool;
  databaseUrl: string;
  guard: ChildGuard;
  publicUrl: string;
  /** Whether a URL is on this server (its scheme, its port and a host name it answers). */
  isOwnOrigin?: (target: URL) => boolean;
  log: Logger;
}): Promise<StackServices> {
  const { config, secrets, pool, publicUrl, log } = options;
  const apiKey = (role: 'anon' | 'service_role') =>
    makeApiKey(role, secrets.jwtSecret, secrets.apiKeysIssuedAt, API_KEY_TTL_SECONDS);
  const outbox = config.smtpUrl
    ? undefined
    : new OutboxMailer(path.join(config.dataDir, 'outbox'), log.child('mail'));
  const mailer: Mailer =
    outbox ?? new SmtpMailer(config.smtpUrl!, config.mailFrom, log.child('mail'));
  const auth = new AuthService({
    pool,
    jwtSecret: secrets.jwtSecret,
    publicUrl,
    mailer,
    limiter: new RateLimiter(pool, log.child('rate-limit')),
    rateLimits: config.rateLimits,
    resolveRedirect: redirectPolicy(config, publicUrl, options.isOwnOrigin),
    log: log.child('auth'),
  });
  const queue = await startJobQueue({ databaseUrl: options.databaseUrl, log: log.child('queue') });
  await queue.ensureQueue(MEDIA_QUEUE);
  // Always: the database queues verification jobs into it, for this server's workers or others'.
  await queue.ensureQueue(VERIFICATION_QUEUE);
  // The media store: this server's own directory, or one every server of the database shares.
  const store: MediaStore = config.mediaDir
    ? new LocalDirectoryStore(config.mediaDir, true)
    : new LocalDirectoryStore(path.join(config.dataDir, 'media'));
  // Before any upload or job: leftovers of a crash go, jobs it interrupted run again.
  await store.prepare(pool, log.child('media'));
  // A media job left running by a killed server: with a store of its own, every running media
  // job was this server's predecessor's; with a shared one, only those whose worker's job lock is
  // free (another server's running jobs hold theirs), checked again now and then.
  if (store.shared) {
    await queue.retryOrphanedJobs(MEDIA_QUEUE);
    queue.watchOrphanedJobs(MEDIA_QUEUE, ORPHAN_CHECK_INTERVAL_MS);
  } else {
    await queue.retryInterruptedJobs(MEDIA_QUEUE);
  }
  const runner: FfmpegRunner = {
    path: config.ffmpegPath,
    pool: new FfmpegPool(config.mediaWorkers),
    guard: options.guard,
  };
  const media = new MediaService({
    store,
    // Uploads are received and checked here, on this server's disk, then moved into the store.
    stagingDir: path.join(config.dataDir, 'media', 'incoming'),
    pool,
    queue,
    runner,
    maxBytes: config.uploadMaxBytes,
    log: log.child('media'),
  });
  await queue.work(
    MEDIA_QUEUE,
    config.mediaWorkers,
    createMediaJobHandler({ pool, store, runner, log: log.child('media') }),
  );
  await media.prepareStaging();
  log.info('media_store', { store: store.description });
  // Verification runs on a thread of its own, so its frames, analysis, pictures and their garbage
  // collections never hold the event loop that answers requests (docs/decisions.md, "Event day").
  // It reads the videos from this server's media directory; its Chromium and ffmpeg are stopped
  // by the watchdog should the server die.
  const verifier =
    config.verificationWorkers > 0
      ? await startVerificationWorkerThread({
          databaseUrl: options.databaseUrl,
          media: store.verifierSource,
          workers: config.verificationWorkers,
          ffmpegPath: config.ffmpegPath,
          log: log.child('verifier'),
          onChildProcess: (pid) => void options.guard.watch(pid, STOP_AT_ONCE),
        })
      : undefined;
  return {
    queue,
    verifier,
    anonKey: apiKey('anon'),
    serviceRoleKey: apiKey('service_role'),
    mailer,
    outbox,
    auth,
    media,
  };
}
