// The stack's own services over the database: the project's API keys, mail (SMTP or the local
// outbox), the auth service with its redirect policy, and the media service.

import path from 'node:path';
import type pg from 'pg';
import { makeApiKey } from '../auth/jwt.js';
import { type Mailer, OutboxMailer, SmtpMailer } from '../auth/mailer.js';
import { RateLimiter } from '../auth/rate-limit.js';
import { AuthService } from '../auth/service.js';
import type { ServerConfig } from '../config.js';
import { API_KEY_TTL_SECONDS } from '../constants.js';
import type { Logger } from '../log.js';
import { MediaService } from '../media/upload-service.js';
import type { StackSecrets } from '../secrets.js';

export interface StackServices {
  anonKey: string;
  serviceRoleKey: string;
  mailer: Mailer;
  /** The local outbox, when no SMTP server is configured. */
  outbox: OutboxMailer | undefined;
  auth: AuthService;
  media: MediaService;
}

/** Where a one-time link may send the browser afterwards: this site, the allow-list, and in
 * development any http://localhost page. Anything else goes to the site itself. */
export function redirectPolicy(
  config: ServerConfig,
  publicUrl: string,
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
      isLocalDev ||
      config.redirectAllowList.some((prefix) => target.toString().startsWith(prefix));
    return allowed ? target.toString() : publicUrl;
  };
}

export async function createServices(options: {
  config: ServerConfig;
  secrets: StackSecrets;
  pool: pg.Pool;
  publicUrl: string;
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
    limiter: new RateLimiter(),
    rateLimits: config.rateLimits,
    resolveRedirect: redirectPolicy(config, publicUrl),
    log: log.child('auth'),
  });
  const media = new MediaService({
    mediaDir: path.join(config.dataDir, 'media'),
    maxBytes: config.uploadMaxBytes,
    ffmpegPath: config.ffmpegPath,
    log: log.child('media'),
  });
  await media.prepare();
  return {
    anonKey: apiKey('anon'),
    serviceRoleKey: apiKey('service_role'),
    mailer,
    outbox,
    auth,
    media,
  };
}
