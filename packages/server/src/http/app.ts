// The one HTTP entry point: CORS for the APIs, then the route table below (first match answers),
// with one request log line and one error answer for whatever a route throws.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { VerificationProgress } from '@reptemple/verifier';
import type { OutboxMailer } from '../auth/mailer.js';
import type { AuthRouteContext } from '../auth/routes.js';
import type { AuthService } from '../auth/service.js';
import { AppError } from '../errors.js';
import type { LeaderboardReads } from '../leaderboards/leaderboard-cache.js';
import type { LeaderboardEvents } from '../leaderboards/leaderboard-events.js';
import type { Logger } from '../log.js';
import type { MediaKind } from '../media/media-storage.js';
import { type MediaAudience, viewerOf } from '../media/media-visibility.js';
import { type MediaService, UPLOAD_ID_PATTERN } from '../media/upload-service.js';
import { answerCertificatePath, CERTIFICATE_PAGE_PATH } from '../tls/certificate-page.js';
import type { LocalCa } from '../tls/local-ca.js';
import { checkApiKey } from './api-keys.js';
import type { HostPolicy } from './host-policy.js';
import { clientIp, isLoopback, sendAppError, sendJson } from './http-utils.js';
import { decodePath, findQueryProblem, isDataException } from './input-checks.js';
import { proxyRequest } from './proxy.js';
import {
  anyPath,
  atOrBelow,
  exactly,
  findRoute,
  matching,
  type Route,
  startingWith,
} from './router.js';
import { handleUpload, refuseUploadMethod } from './upload-route.js';
import { serveWebApp } from './web-app.js';

export interface AppDependencies {
  log: Logger;
  trustProxy: boolean;
  devEndpoints: boolean;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  postgrestUrl: () => URL;
  auth: AuthService;
  handleAuth: (context: AuthRouteContext) => Promise<void>;
  media: MediaService;
  outbox: OutboxMailer | undefined;
  webDir: string;
  /** Host headers the server answers (DNS rebinding). */
  hostPolicy: HostPolicy;
  /** This server's URL for a request that reached it by an accepted host name: the URL the web app
   * gives supabase-js. */
  serverUrlFor: (acceptedHost: string) => string;
  /** The web app's Content-Security-Policy. */
  contentSecurityPolicy: string;
  /** Whether the web app's source maps are served (development only). */
  serveSourceMaps: boolean;
  health: () => Promise<{ ok: boolean; report: Record<string, unknown> }>;
  /** A rep's verification contact sheet (JPEG), if the recording has one and `viewer` (an account
   * id, null for a visitor) may see its results. */
  contactSheet: (
    recordingId: string,
    repNumber: number,
    viewer: string | null,
  ) => Promise<{ jpeg: Buffer; audience: Exclude<MediaAudience, 'nobody'> } | undefined>;
  /** Who may fetch an upload's files (hidden results: the participant and admins only). */
  mediaAudience: (uploadId: string, viewer: string | null) => Promise<MediaAudience>;
  /** A recording's verification: its place in the queue and an estimate; undefined for none. */
  verificationProgress: (recordingId: string) => Promise<VerificationProgress | undefined>;
  /** With --https: the local CA, whose root /certificate offers. */
  localCa?: LocalCa | undefined;
  /** The two leaderboard functions' answers, kept until the database announces a change. */
  leaderboardReads: LeaderboardReads;
  /** Open leaderboards' event streams. */
  leaderboardEvents: LeaderboardEvents;
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
  'access-control-allow-headers':
    'authorization, apikey, content-type, content-profile, accept-profile, prefer, range, x-client-info, x-supabase-api-version, x-upsert',
  'access-control-expose-headers':
    'content-range, content-location, x-supabase-api-version, retry-after',
  'access-control-max-age': '86400',
};

/** Paths under /auth/v1 that a browser opens directly, without the API key (as on Supabase). */
const AUTH_PATHS_WITHOUT_KEY = new Set([
  '/verify',
  '/health',
  '/.well-known/jwks.json',
  '/callback',
]);
const MEDIA_FILE_PATTERN =
  /^\/media\/(videos|thumbnails|gifs)\/([A-Za-z0-9_-]+\.(?:webm|mp4|mov|jpg|gif))$/;
const READ_METHODS = ['GET', 'HEAD'] as const;
const UPLOAD_STATUS_PATTERN = new RegExp(
  `^/api/uploads/(${UPLOAD_ID_PATTERN.source.slice(1, -1)})$`,
);
const VERIFICATION_PROGRESS_PATTERN =
  /^\/api\/recordings\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/verification$/;
const CONTACT_SHEET_PATTERN =
  /^\/api\/recordings\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/reps\/([1-9][0-9]{0,3})\.jpg$/;
const LEADERBOARD_READ_PATTERN =
  /^\/rest\/v1\/rpc\/(challenge_leaderboard|challenge_leaderboard_aggregate)$/;
const LEADERBOARD_EVENTS_PATTERN =
  /^\/api\/leaderboards\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/events$/;
/** What a client waiting for a thumbnail or GIF is told to wait. s */
const MEDIA_RETRY_AFTER_SECONDS = 2;

/** The APIs answer cross-origin requests (a hosted web app may call this server); the
 * development outbox does not. */
function isCorsPath(pathname: string): boolean {
  const isApi =
    pathname.startsWith('/rest/v1') ||
    pathname.startsWith('/auth/v1') ||
    pathname.startsWith('/api/');
  return isApi && !pathname.startsWith('/api/dev/');
}

/** 405 for a read-only path asked with another method. */
function refuseMethod(res: ServerResponse, method: string, pathname: string): void {
  sendJson(
    res,
    405,
    { code: 'method_not_allowed', message: `${method} is not allowed on ${pathname}` },
    { allow: READ_METHODS.join(', ') },
  );
}

/** 400 for a data API request whose path or query cannot be passed on; true when it answered. */
function refuseMalformedDataRequest(res: ServerResponse, url: URL): boolean {
  const rest = url.pathname.slice('/rest/v1'.length) || '/';
  const problem =
    decodePath(rest) === undefined
      ? 'the path is not valid percent-encoded text'
      : findQueryProblem(url.search);
  if (!problem) return false;
  sendJson(res, 400, {
    code: 'bad_query',
    message: `The data API request is malformed: ${problem}.`,
    hint: 'Encode values with encodeURIComponent; NUL characters are never allowed.',
  });
  return true;
}

/** Every path the server answers, in the order they are tried. */
export function createRoutes(deps: AppDependencies): Route[] {
  const notFound = (res: ServerResponse, message = 'Not found') =>
    sendJson(res, 404, { code: 'not_found', message });
  return [
    {
      name: 'health of the database, the data API and mail',
      path: exactly('/health'),
      methods: READ_METHODS,
      async handle({ res }) {
        const { ok, report } = await deps.health();
        sendJson(res, ok ? 200 : 503, report);
      },
    },
    {
      name: 'health with another method',
      path: exactly('/health'),
      handle: ({ res, method }) => refuseMethod(res, method, '/health'),
    },
    {
      name: 'leaderboard reads (data API), kept until the database announces a change',
      path: matching(LEADERBOARD_READ_PATTERN),
      async handle({ req, res, url, match }) {
        if (!checkApiKey(deps, req, res, url)) return;
        if (refuseMalformedDataRequest(res, url)) return;
        await deps.leaderboardReads.handle(
          req,
          res,
          url,
          match![1] as 'challenge_leaderboard' | 'challenge_leaderboard_aggregate',
        );
      },
    },
    {
      name: 'data API (PostgREST), behind the project key',
      path: atOrBelow('/rest/v1'),
      async handle({ req, res, url }) {
        if (!checkApiKey(deps, req, res, url)) return;
        if (refuseMalformedDataRequest(res, url)) return;
        const rest = url.pathname.slice('/rest/v1'.length) || '/';
        await proxyRequest(req, res, deps.postgrestUrl(), `${rest}${url.search}`, deps.log);
      },
    },
    {
      name: 'auth API, behind the project key except for links opened in a browser',
      path: startingWith('/auth/v1/'),
      async handle({ req, res, url }) {
        const authPath = url.pathname.slice('/auth/v1'.length);
        if (!AUTH_PATHS_WITHOUT_KEY.has(authPath) && !checkApiKey(deps, req, res, url)) return;
        await deps.handleAuth({
          req,
          res,
          path: authPath,
          url,
          client: { ip: clientIp(req, deps.trustProxy), userAgent: req.headers['user-agent'] },
        });
      },
    },
    {
      name: 'public configuration for the web app',
      path: exactly('/api/config'),
      methods: READ_METHODS,
      handle({ res, host }) {
        // Public values only: the anon key is meant for browsers; the service key never leaves.
        sendJson(res, 200, { supabaseUrl: deps.serverUrlFor(host), anonKey: deps.anonKey });
      },
    },
    {
      name: 'public configuration with another method',
      path: exactly('/api/config'),
      handle: ({ res, method }) => refuseMethod(res, method, '/api/config'),
    },
    {
      name: 'video upload',
      path: exactly('/api/upload-video'),
      methods: ['POST'],
      handle: (context) => handleUpload(deps.auth, deps.media, context),
    },
    {
      name: 'video upload with another method',
      path: exactly('/api/upload-video'),
      handle: refuseUploadMethod,
    },
    {
      name: 'sent e-mails (development only, this machine only)',
      path: exactly('/api/dev/outbox'),
      async handle({ req, res, url }) {
        if (!deps.devEndpoints || !deps.outbox || !isLoopback(req.socket.remoteAddress)) {
          notFound(res);
          return;
        }
        sendJson(res, 200, {
          messages: await deps.outbox.list(url.searchParams.get('to') ?? undefined),
        });
      },
    },
    {
      name: 'uploaded media files, with range requests',
      path: matching(MEDIA_FILE_PATTERN),
      methods: READ_METHODS,
      async handle({ req, res, url, match }) {
        const kind = match![1] as MediaKind;
        // videos/<upload id>.<ext>, thumbnails/<upload id>.jpg, gifs/<upload id>.gif
        const uploadId = match![2]!.split('.')[0]!;
        const audience = await deps.mediaAudience(uploadId, viewerOf(req, url, deps.jwtSecret));
        if (audience === 'nobody') {
          notFound(res, 'No such media file');
          return;
        }
        // Hidden results are the participant's and admins' only: never in a shared cache.
        const cacheControl =
          audience === 'everyone' ? 'public, max-age=31536000, immutable' : 'private, no-store';
        if (await deps.media.mediaStore.serve(req, res, kind, match![2]!, cacheControl)) return;
        const missing = await deps.media.missingMedia(kind, match![2]!);
        if (missing.state === 'processing') {
          sendJson(
            res,
            503,
            {
              code: 'media_processing',
              message: 'This file is being made; it will be here in a moment.',
              hint: `Try again in ${MEDIA_RETRY_AFTER_SECONDS} s, or follow GET /api/uploads/{id}.`,
            },
            { 'retry-after': String(MEDIA_RETRY_AFTER_SECONDS) },
          );
          return;
        }
        if (missing.state === 'failed') {
          notFound(res, `This file could not be made: ${missing.reason ?? 'unknown reason'}`);
          return;
        }
        notFound(res, 'No such media file');
      },
    },
    {
      name: "an upload's media status (thumbnail and GIF)",
      path: matching(UPLOAD_STATUS_PATTERN),
      methods: READ_METHODS,
      async handle({ res, match }) {
        const status = await deps.media.status(match![1]!);
        if (!status) {
          notFound(res, 'No such upload');
          return;
        }
        sendJson(res, 200, status);
      },
    },
    {
      name: "a recording's verification progress (place in the queue, estimate)",
      path: matching(VERIFICATION_PROGRESS_PATTERN),
      methods: READ_METHODS,
      async handle({ res, match }) {
        // Public as the verification status is (leaderboard_entries): a place in the queue and a
        // time say nothing about the counts.
        const progress = await deps.verificationProgress(match![1]!);
        if (!progress) {
          notFound(res, 'No such recording');
          return;
        }
        sendJson(res, 200, progress);
      },
    },
    {
      name: "a challenge's leaderboard changes, as they land (Server-Sent Events)",
      path: matching(LEADERBOARD_EVENTS_PATTERN),
      methods: ['GET'],
      handle({ req, res, match }) {
        // Public: that a board changed says nothing its next read does not.
        deps.leaderboardEvents.handle(req, res, match![1]!);
      },
    },
    {
      name: "a rep's verification contact sheet",
      path: matching(CONTACT_SHEET_PATTERN),
      methods: READ_METHODS,
      async handle({ req, res, url, method, match }) {
        const sheet = await deps.contactSheet(
          match![1]!,
          Number(match![2]),
          viewerOf(req, url, deps.jwtSecret),
        );
        if (!sheet) {
          notFound(
            res,
            'No contact sheet for this rep (not verified yet, no such rep, its sheet could not be drawn, or its results are hidden)',
          );
          return;
        }
        res.writeHead(200, {
          'content-type': 'image/jpeg',
          'content-length': sheet.jpeg.length,
          // A new verification replaces it: revalidate after a minute. Hidden results are the
          // participant's and admins' only: never in a shared cache.
          'cache-control':
            sheet.audience === 'everyone' ? 'public, max-age=60' : 'private, no-store',
          'x-content-type-options': 'nosniff',
        });
        res.end(method === 'HEAD' ? undefined : sheet.jpeg);
      },
    },
    ...(deps.localCa ? [certificateRoute(deps.localCa)] : []),
    {
      name: 'any other API or media path',
      path: (pathname) => pathname.startsWith('/api/') || pathname.startsWith('/media/'),
      handle({ res, method, url }) {
        notFound(res, `No route for ${method} ${url.pathname}`);
      },
    },
    {
      name: 'the web app',
      path: anyPath,
      methods: READ_METHODS,
      handle: ({ req, res, url }) =>
        serveWebApp(
          {
            webDir: deps.webDir,
            contentSecurityPolicy: deps.contentSecurityPolicy,
            serveSourceMaps: deps.serveSourceMaps,
          },
          req,
          res,
          url.pathname,
        ),
    },
    {
      name: 'any other method',
      path: anyPath,
      handle({ res, method, url }) {
        sendJson(res, 405, {
          code: 'method_not_allowed',
          message: `${method} is not allowed on ${url.pathname}`,
        });
      },
    },
  ];
}

/** With --https and the local CA: its install page and its root, at /certificate. */
function certificateRoute(ca: LocalCa): Route {
  return {
    name: "the local CA's root and how to install it",
    path: atOrBelow(CERTIFICATE_PAGE_PATH),
    handle({ req, res, url, method }) {
      answerCertificatePath(req, res, { pathname: url.pathname, method, ca, secureUrl: '/' });
    },
  };
}

/** The request target as a URL. Only origin-form ('/path?query') is taken: `new URL('//x/y', base)`
 * would read 'x' as a host and route '//api/...' as '/...'. */
export function parseRequestUrl(target: string | undefined): URL | undefined {
  if (!target?.startsWith('/')) return undefined;
  try {
    return new URL(`http://local${target}`);
  } catch (error) {
    if (error instanceof TypeError) return undefined;
    throw error;
  }
}

export function createApp(deps: AppDependencies) {
  const { log } = deps;
  const routes = createRoutes(deps);

  async function route(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    host: string,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    if (isCorsPath(url.pathname)) {
      for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
      if (method === 'OPTIONS') {
        res.writeHead(204);
        res.end();
        return;
      }
    }
    // The last route takes every path and method, so there always is one.
    const found = findRoute(routes, url.pathname, method)!;
    await found.route.handle({ req, res, url, method, host, match: found.match });
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = parseRequestUrl(req.url);
    if (!url) {
      sendJson(res, 400, {
        code: 'bad_request',
        message: 'Malformed request URL',
        expected: 'a path starting with /',
        received: String(req.url).slice(0, 200),
      });
      return;
    }
    res.on('finish', () => {
      // Only the path: queries can hold one-time tokens.
      log.info('http_request', {
        method: req.method,
        path: url.pathname,
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
      });
    });
    const host = deps.hostPolicy.accept(req.headers.host);
    if (host === undefined) {
      log.warn('http_host_refused', { host: String(req.headers.host).slice(0, 100) });
      sendJson(res, 421, {
        code: 'host_not_allowed',
        message: 'This server does not answer to that host name.',
        expected: 'localhost, the public URL, ALLOWED_HOSTS or (with --host 0.0.0.0) this machine',
        received: String(req.headers.host).slice(0, 100),
        hint: 'Open the server by its own address, or add the name to ALLOWED_HOSTS.',
      });
      return;
    }
    try {
      await route(req, res, url, host);
    } catch (error) {
      if (error instanceof AppError) {
        if (!res.headersSent) sendAppError(res, error);
        return;
      }
      if (isDataException(error) && !res.headersSent) {
        log.warn('http_input_refused_by_database', { path: url.pathname, error });
        sendJson(res, 400, {
          code: 'invalid_input',
          message: 'A value in the request cannot be stored.',
          received: (error as Error).message,
        });
        return;
      }
      log.error('http_unhandled_error', { path: url.pathname, error });
      if (!res.headersSent)
        sendJson(res, 500, {
          code: 'internal_error',
          message: 'Unexpected failure; see the server log.',
        });
      else res.destroy();
    }
  };
}
