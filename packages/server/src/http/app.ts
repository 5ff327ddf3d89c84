// The one HTTP entry point: thin routing to the data API proxy, the auth routes, the media API,
// the development outbox, health, and the web app.

import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { verifyJwt } from '../auth/jwt.js';
import type { OutboxMailer } from '../auth/mailer.js';
import type { AuthRouteContext } from '../auth/routes.js';
import type { AuthService } from '../auth/service.js';
import { AppError } from '../errors.js';
import type { Logger } from '../log.js';
import type { MEDIA_KINDS, MediaService } from '../media/upload-service.js';
import { clientIp, isLoopback, sendAppError, sendJson } from './http-utils.js';
import { proxyRequest } from './proxy.js';
import { serveFile } from './static-files.js';

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
  /** The URL the web app should use for supabase-js, as seen by this request. */
  publicUrlFor: (req: IncomingMessage) => string;
  health: () => Promise<{ ok: boolean; report: Record<string, unknown> }>;
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

const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>RepTemple</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1b1b1b}
code{background:#f2f2f2;padding:.1rem .3rem;border-radius:.2rem}</style></head>
<body><h1>RepTemple</h1><p><em>Treat Your Body Like a Place of Worship</em></p>
<p>The backend is running. The web app is not built yet: run <code>pnpm --filter @reptemple/web build</code> and restart.</p>
<ul><li><a href="/health">/health</a>: status of the database and the data API</li>
<li><a href="/api/config">/api/config</a>: what the web app reads at start</li>
<li><a href="/api/dev/outbox">/api/dev/outbox</a>: sign-in e-mails (development only, this machine only)</li></ul>
</body></html>`;

function apiKeyFrom(req: IncomingMessage, url: URL): string | undefined {
  const header = req.headers.apikey;
  return (
    (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey') ?? undefined
  );
}

export function createApp(deps: AppDependencies) {
  const { log } = deps;

  /** Like Supabase's gateway: the data and auth APIs need one of the project's API keys, that is
   * an anon or service_role token signed with the project's secret. */
  function isProjectApiKey(key: string | undefined): boolean {
    if (!key) return false;
    if (key === deps.anonKey || key === deps.serviceRoleKey) return true;
    try {
      const claims = verifyJwt(key, deps.jwtSecret);
      return claims.role === 'anon' || claims.role === 'service_role';
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }

  function checkApiKey(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
    const key = apiKeyFrom(req, url);
    if (isProjectApiKey(key)) {
      if (!req.headers.authorization) req.headers.authorization = `Bearer ${key}`;
      return true;
    }
    sendJson(res, 401, {
      message: key ? 'Invalid API key' : 'No API key found in request',
      hint: key
        ? 'Double check your Supabase `anon` or `service_role` API key.'
        : 'No `apikey` request header or url param was found.',
    });
    return false;
  }

  async function serveWeb(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
  ): Promise<void> {
    const root = path.resolve(deps.webDir);
    const requested = path.resolve(root, `.${decodeURIComponent(pathname)}`);
    if (requested !== root && !requested.startsWith(root + path.sep)) {
      sendJson(res, 404, { code: 'not_found', message: 'Not found' });
      return;
    }
    const immutable = pathname.startsWith('/assets/')
      ? 'public, max-age=31536000, immutable'
      : 'no-cache';
    if (requested !== root && (await serveFile(req, res, requested, immutable))) return;
    // The app routes in the browser: any other path gets index.html.
    if (await serveFile(req, res, path.join(root, 'index.html'), 'no-cache')) return;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : PLACEHOLDER_PAGE);
  }

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const pathname = url.pathname;
    const method = req.method ?? 'GET';
    const isApi =
      pathname.startsWith('/rest/v1') ||
      pathname.startsWith('/auth/v1') ||
      pathname.startsWith('/api/');
    if (isApi && !pathname.startsWith('/api/dev/')) {
      for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
      if (method === 'OPTIONS') {
        res.writeHead(204);
        res.end();
        return;
      }
    }

    if (pathname === '/health') {
      const { ok, report } = await deps.health();
      sendJson(res, ok ? 200 : 503, report);
      return;
    }
    if (pathname === '/rest/v1' || pathname.startsWith('/rest/v1/')) {
      if (!checkApiKey(req, res, url)) return;
      const rest = pathname.slice('/rest/v1'.length) || '/';
      await proxyRequest(req, res, deps.postgrestUrl(), `${rest}${url.search}`, log);
      return;
    }
    if (pathname.startsWith('/auth/v1/')) {
      const authPath = pathname.slice('/auth/v1'.length);
      if (!AUTH_PATHS_WITHOUT_KEY.has(authPath) && !checkApiKey(req, res, url)) return;
      await deps.handleAuth({
        req,
        res,
        path: authPath,
        url,
        client: { ip: clientIp(req, deps.trustProxy), userAgent: req.headers['user-agent'] },
      });
      return;
    }
    if (pathname === '/api/config' && (method === 'GET' || method === 'HEAD')) {
      // Public values only: the anon key is meant for browsers; the service key never leaves.
      sendJson(res, 200, { supabaseUrl: deps.publicUrlFor(req), anonKey: deps.anonKey });
      return;
    }
    if (pathname === '/api/upload-video') {
      if (method !== 'POST') {
        sendJson(
          res,
          405,
          {
            success: false,
            error: 'Use POST with multipart/form-data.',
            code: 'method_not_allowed',
          },
          { allow: 'POST' },
        );
        return;
      }
      try {
        const { user } = await deps.auth.authenticate(req.headers.authorization);
        sendJson(res, 200, await deps.media.handleUpload(req, user.id));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const status =
          error.code === 'no_authorization' ||
          error.code === 'bad_jwt' ||
          error.code === 'session_not_found' ||
          error.code === 'user_not_found'
            ? 401
            : error.status;
        if (error.status === 413) res.setHeader('connection', 'close');
        sendJson(res, status, { success: false, error: error.message, ...error.toJSON() });
        // A rejected upload's remaining body is drained briefly so the client reads the answer,
        // then the connection is closed rather than reading megabytes. ms
        if (!req.complete) {
          req.resume();
          setTimeout(() => req.destroy(), 5000).unref();
        }
      }
      return;
    }
    if (pathname === '/api/dev/outbox') {
      if (!deps.devEndpoints || !deps.outbox || !isLoopback(req.socket.remoteAddress)) {
        sendJson(res, 404, { code: 'not_found', message: 'Not found' });
        return;
      }
      sendJson(res, 200, {
        messages: await deps.outbox.list(url.searchParams.get('to') ?? undefined),
      });
      return;
    }
    const mediaMatch = MEDIA_FILE_PATTERN.exec(pathname);
    if (mediaMatch && (method === 'GET' || method === 'HEAD')) {
      const kind = mediaMatch[1] as keyof typeof MEDIA_KINDS;
      if (
        await serveFile(
          req,
          res,
          path.join(deps.media.dir(kind), mediaMatch[2]!),
          'public, max-age=31536000, immutable',
        )
      )
        return;
      sendJson(res, 404, { code: 'not_found', message: 'No such media file' });
      return;
    }
    if (pathname.startsWith('/api/') || pathname.startsWith('/media/')) {
      sendJson(res, 404, { code: 'not_found', message: `No route for ${method} ${pathname}` });
      return;
    }
    if (method === 'GET' || method === 'HEAD') {
      await serveWeb(req, res, pathname);
      return;
    }
    sendJson(res, 405, {
      code: 'method_not_allowed',
      message: `${method} is not allowed on ${pathname}`,
    });
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://local');
    } catch (error) {
      sendJson(res, 400, {
        code: 'bad_request',
        message: 'Malformed request URL',
        received: String(req.url),
        cause: String(error),
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
    try {
      await route(req, res, url);
    } catch (error) {
      if (error instanceof AppError) {
        if (!res.headersSent) sendAppError(res, error);
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
