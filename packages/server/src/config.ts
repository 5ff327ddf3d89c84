// The server's configuration from command-line flags and environment variables. Flags win over
// the environment; everything has a default that starts a working local stack.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type AuthRateLimits,
  DEFAULT_ADMIN_EMAIL,
  DEFAULT_AUTH_RATE_LIMITS,
  DEFAULT_DATA_DIR,
  DEFAULT_HOST,
  DEFAULT_MEDIA_WORKERS,
  DEFAULT_PORT,
  DEFAULT_UPLOAD_MAX_BYTES,
  DEFAULT_VERIFICATION_WORKERS,
  MAX_VERIFICATION_WORKERS,
} from './constants.js';
import { AppError } from './errors.js';
import type { LogLevel } from './log.js';

export interface ServerConfig {
  /** 0 lets the OS choose a free port. */
  port: number;
  host: string;
  /** Absolute path of the data directory (database, media, outbox, secrets). */
  dataDir: string;
  /** A media directory every server of the database shares (MEDIA_DIR), instead of
   * <dataDir>/media, this server's own. */
  mediaDir: string | undefined;
  /** An existing PostgreSQL database (a superuser's URL) instead of the embedded one. */
  databaseUrl: string | undefined;
  /** The address people use to reach the server; links in e-mails and token issuers use it.
   * Without it, http://localhost:{port}. */
  publicUrl: string | undefined;
  /** The built web app to serve at /, when present. */
  webDir: string;
  migrationsDir: string;
  /** smtp(s)://user:pass@host:port; without it mail goes to the local outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmail: string;
  uploadMaxBytes: number;
  /** Development-only endpoints (the mail outbox). Off when NODE_ENV=production. */
  devEndpoints: boolean;
  /** Take the client address from X-Forwarded-For (only behind a proxy you run). */
  trustProxy: boolean;
  /** Host names (or addresses) answered besides loopback names, the public URL's host and, when
   * listening on every interface, this machine's own addresses (ALLOWED_HOSTS). */
  allowedHosts: string[];
  /** Extra redirect targets allowed after a one-time link, as URL prefixes. */
  redirectAllowList: string[];
  rateLimits: AuthRateLimits;
  logLevel: LogLevel;
  ffmpegPath: string;
  /** ffmpeg processes at once, and media jobs (thumbnail and GIF) at once (MEDIA_WORKERS). */
  mediaWorkers: number;
  /** Verification jobs at once in this server, one headless Chromium each; 0 runs none (other
   * machines run `reptemple worker`). */
  verificationWorkers: number;
  /** A fixed JWT secret (hosted set-ups); otherwise one is generated and kept in the data dir. */
  jwtSecret: string | undefined;
  /** HTTPS on the one port (plain HTTP there is answered with the HTTPS address): certificates
   * from the local CA in the data directory (--https), or one's own files (--tls-cert, --tls-key).
   * Undefined: plain HTTP. */
  tls: TlsSource | undefined;
}

export type TlsSource = { kind: 'local-ca' } | { kind: 'files'; certFile: string; keyFile: string };

export const USAGE = `Usage: reptemple-server [options]

Starts RepTemple's backend on one port: PostgreSQL (embedded, or DATABASE_URL), PostgREST under
/rest/v1, auth under /auth/v1, the media API under /api, and the web app at /.

Options (environment variable in brackets):
  --port <n>            port to listen on, 0 for any free port [PORT] (default ${DEFAULT_PORT})
  --host <addr>         address to listen on; 0.0.0.0 to reach it from other devices [HOST]
                        (default ${DEFAULT_HOST})
  --data <dir>          data directory: database, media, mail outbox, secrets [DATA_DIR]
                        (default ${DEFAULT_DATA_DIR})
  --media-dir <dir>     the media store, when every server of one database shares it (a
                        network file system, a volume they all mount) [MEDIA_DIR]
                        (default <data>/media, this server's own)
  --database-url <url>  use this PostgreSQL database instead of the embedded one; needs a
                        superuser [DATABASE_URL]
  --public-url <url>    address used in e-mailed links and token issuers [PUBLIC_URL]
  --web-dir <dir>       built web app to serve at / [WEB_DIR] (default packages/web/dist)
  --workers <n>         verification workers in this server, one headless Chromium each; 0 for
                        none (run \`reptemple worker\` elsewhere) [VERIFY_WORKERS]
                        (default ${DEFAULT_VERIFICATION_WORKERS})
  --https               HTTPS on the same port, with a certificate from a local certificate
                        authority made in the data directory; phones install its root from
                        /certificate. Phones need HTTPS for the camera [HTTPS=1]
  --tls-cert <file>     HTTPS with your own certificate (PEM, chain included) [TLS_CERT]
  --tls-key <file>      its private key (PEM) [TLS_KEY]
  --help                show this text

Other environment variables: SMTP_URL, MAIL_FROM, ADMIN_EMAIL, UPLOAD_MAX_BYTES, TRUST_PROXY=1,
ALLOWED_HOSTS (comma-separated host names), AUTH_REDIRECT_URLS (comma-separated prefixes), AUTH_RATE_LIMITS (JSON, partial), LOG_LEVEL,
FFMPEG_PATH, MEDIA_WORKERS, JWT_SECRET, NODE_ENV=production (turns off development endpoints).
`;

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(packageRoot, '..', '..');

export interface ParsedArgs {
  help: boolean;
  values: Record<string, string>;
}

const VALUE_FLAGS = new Set([
  'port',
  'host',
  'data',
  'media-dir',
  'database-url',
  'public-url',
  'web-dir',
  'workers',
  'tls-cert',
  'tls-key',
]);
/** Flags without a value; parsed as 'true'. */
const SWITCH_FLAGS = new Set(['https']);

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const values: Record<string, string> = {};
  let help = false;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    // `pnpm start -- --port 1` passes the separator on.
    if (arg === '--') continue;
    if (arg === '--help' || arg === '-h') {
      help = true;
      continue;
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (match && SWITCH_FLAGS.has(match[1]!) && match[2] === undefined) {
      values[match[1]!] = 'true';
      continue;
    }
    if (!match || !VALUE_FLAGS.has(match[1]!)) {
      throw new AppError({
        code: 'unknown_option',
        status: 2,
        message: `Unknown option ${arg}.`,
        expected: [...VALUE_FLAGS, ...SWITCH_FLAGS].map((flag) => `--${flag}`).join(', '),
        received: arg,
        hint: 'Run reptemple-server --help.',
      });
    }
    const value = match[2] ?? argv[++index];
    if (value === undefined) {
      throw new AppError({
        code: 'missing_option_value',
        status: 2,
        message: `Option --${match[1]} needs a value.`,
        expected: `--${match[1]} <value>`,
        received: arg,
      });
    }
    values[match[1]!] = value;
  }
  return { help, values };
}

function parsePort(raw: string, source: string): number {
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new AppError({
      code: 'invalid_port',
      status: 2,
      message: `The port from ${source} is not a port number.`,
      expected: 'an integer from 0 to 65535',
      received: raw,
    });
  }
  return port;
}

function parsePositiveInteger(raw: string, name: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new AppError({
      code: 'invalid_setting',
      status: 2,
      message: `${name} must be a positive integer.`,
      expected: 'a positive integer',
      received: raw,
    });
  }
  return value;
}

function parseWorkerCount(raw: string, source: string): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isInteger(value) || value > MAX_VERIFICATION_WORKERS) {
    throw new AppError({
      code: 'invalid_setting',
      status: 2,
      message: `${source} must be a whole number of verification workers.`,
      expected: `0 to ${MAX_VERIFICATION_WORKERS} (0 runs none in this server)`,
      received: raw,
    });
  }
  return value;
}

function parseRateLimits(raw: string | undefined): AuthRateLimits {
  if (!raw) return DEFAULT_AUTH_RATE_LIMITS;
  let overrides: unknown;
  try {
    overrides = JSON.parse(raw);
  } catch (error) {
    throw new AppError({
      code: 'invalid_setting',
      status: 2,
      message: 'AUTH_RATE_LIMITS is not valid JSON.',
      expected: '{"signInPerIp":{"limit":60,"windowMs":300000}, ...}',
      received: raw,
      cause: error,
    });
  }
  const known = Object.keys(DEFAULT_AUTH_RATE_LIMITS);
  const isObject = typeof overrides === 'object' && overrides !== null && !Array.isArray(overrides);
  const entries = isObject ? Object.entries(overrides as Record<string, unknown>) : [];
  const unknown = entries.filter(([rule]) => !known.includes(rule));
  const malformed = entries.filter(([, rule]) => !isRateLimitRule(rule));
  if (!isObject || unknown.length > 0 || malformed.length > 0) {
    throw new AppError({
      code: 'invalid_setting',
      status: 2,
      message:
        'AUTH_RATE_LIMITS names an unknown rule or a rule without a positive limit and window.',
      expected: `an object with some of ${known.join(', ')}, each {"limit": n, "windowMs": ms}`,
      received: raw,
    });
  }
  return { ...DEFAULT_AUTH_RATE_LIMITS, ...(overrides as Partial<AuthRateLimits>) };
}

function isRateLimitRule(value: unknown): boolean {
  const rule = value as { limit?: unknown; windowMs?: unknown } | null;
  return (
    typeof rule === 'object' &&
    rule !== null &&
    Number.isInteger(rule.limit) &&
    (rule.limit as number) > 0 &&
    Number.isInteger(rule.windowMs) &&
    (rule.windowMs as number) > 0
  );
}

function parseTls(
  args: ParsedArgs['values'],
  env: NodeJS.ProcessEnv,
  cwd: string,
): TlsSource | undefined {
  const certFile = args['tls-cert'] ?? (env.TLS_CERT || undefined);
  const keyFile = args['tls-key'] ?? (env.TLS_KEY || undefined);
  if (certFile !== undefined || keyFile !== undefined) {
    if (certFile === undefined || keyFile === undefined) {
      throw new AppError({
        code: 'invalid_setting',
        status: 2,
        message: 'A certificate of your own needs both its file and its key.',
        expected: '--tls-cert <file> --tls-key <file> (or TLS_CERT and TLS_KEY)',
        received:
          certFile === undefined ? `a key only (${keyFile})` : `a certificate only (${certFile})`,
      });
    }
    return {
      kind: 'files',
      certFile: path.resolve(cwd, certFile),
      keyFile: path.resolve(cwd, keyFile),
    };
  }
  const https = args.https ?? env.HTTPS;
  if (https === undefined || https === '' || https === '0' || https === 'false') return undefined;
  if (https === '1' || https === 'true') return { kind: 'local-ca' };
  throw new AppError({
    code: 'invalid_setting',
    status: 2,
    message: 'HTTPS must be 1 or 0.',
    expected: '1 (true) or 0 (false)',
    received: https,
  });
}

function parseLogLevel(raw: string | undefined): LogLevel {
  if (raw === undefined) return 'info';
  if (raw === 'debug' || raw === 'info' || raw === 'warn' || raw === 'error') return raw;
  throw new AppError({
    code: 'invalid_setting',
    status: 2,
    message: 'LOG_LEVEL is not a log level.',
    expected: 'debug, info, warn or error',
    received: raw,
  });
}

export function resolveConfig(
  args: ParsedArgs['values'],
  env: NodeJS.ProcessEnv,
  cwd = process.cwd(),
): ServerConfig {
  const portSource = args.port !== undefined ? '--port' : 'PORT';
  const rawPort = args.port ?? env.PORT;
  const publicUrl = args['public-url'] ?? env.PUBLIC_URL;
  return {
    port: rawPort === undefined ? DEFAULT_PORT : parsePort(rawPort, portSource),
    host: args.host ?? env.HOST ?? DEFAULT_HOST,
    dataDir: path.resolve(cwd, args.data ?? env.DATA_DIR ?? DEFAULT_DATA_DIR),
    mediaDir:
      (args['media-dir'] ?? env.MEDIA_DIR)
        ? path.resolve(cwd, (args['media-dir'] ?? env.MEDIA_DIR)!)
        : undefined,
    databaseUrl: args['database-url'] ?? (env.DATABASE_URL || undefined),
    publicUrl: publicUrl ? publicUrl.replace(/\/+$/, '') : undefined,
    webDir: path.resolve(
      cwd,
      args['web-dir'] ?? env.WEB_DIR ?? path.join(repoRoot, 'packages', 'web', 'dist'),
    ),
    migrationsDir: path.resolve(
      cwd,
      env.MIGRATIONS_DIR ?? path.join(repoRoot, 'supabase', 'migrations'),
    ),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'RepTemple <no-reply@reptemple.local>',
    adminEmail: (env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase(),
    uploadMaxBytes: env.UPLOAD_MAX_BYTES
      ? parsePositiveInteger(env.UPLOAD_MAX_BYTES, 'UPLOAD_MAX_BYTES')
      : DEFAULT_UPLOAD_MAX_BYTES,
    devEndpoints: env.NODE_ENV !== 'production',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    allowedHosts: (env.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
    redirectAllowList: (env.AUTH_REDIRECT_URLS ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    rateLimits: parseRateLimits(env.AUTH_RATE_LIMITS),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    ffmpegPath: env.FFMPEG_PATH ?? 'ffmpeg',
    mediaWorkers: env.MEDIA_WORKERS
      ? parsePositiveInteger(env.MEDIA_WORKERS, 'MEDIA_WORKERS')
      : DEFAULT_MEDIA_WORKERS,
    jwtSecret: env.JWT_SECRET || undefined,
    verificationWorkers:
      args.workers !== undefined
        ? parseWorkerCount(args.workers, '--workers')
        : env.VERIFY_WORKERS
          ? parseWorkerCount(env.VERIFY_WORKERS, 'VERIFY_WORKERS')
          : DEFAULT_VERIFICATION_WORKERS,
    tls: parseTls(args, env, cwd),
  };
}

export const PACKAGE_ROOT = packageRoot;
export const REPO_ROOT = repoRoot;
