// The built web app at /: its files, index.html for every other path (the app routes in the
// browser), and a placeholder page while it is not built.

import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { sendJson } from './http-utils.js';
import { decodePath } from './input-checks.js';
import { setPageSecurityHeaders } from './page-security.js';
import { serveFile } from './static-files.js';

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

export interface WebAppOptions {
  webDir: string;
  /** The Content-Security-Policy of the app's responses. */
  contentSecurityPolicy: string;
  /** Source maps (*.map) are served in development only: in production they would hand out the
   * app's source. */
  serveSourceMaps: boolean;
}

export async function serveWebApp(
  options: WebAppOptions,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
): Promise<void> {
  const root = path.resolve(options.webDir);
  setPageSecurityHeaders(res, options.contentSecurityPolicy);
  const decoded = decodePath(pathname);
  if (decoded === undefined) {
    sendJson(res, 400, {
      code: 'bad_path',
      message: 'The path is not valid percent-encoded text.',
      expected: 'a path whose %XX sequences decode to UTF-8 text without NUL',
      received: pathname.slice(0, 200),
    });
    return;
  }
  const requested = path.resolve(root, `.${decoded}`);
  const hiddenSourceMap = !options.serveSourceMaps && requested.endsWith('.map');
  if ((requested !== root && !requested.startsWith(root + path.sep)) || hiddenSourceMap) {
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
