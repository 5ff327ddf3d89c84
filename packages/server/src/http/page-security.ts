// Security headers of the web app's responses: a Content-Security-Policy that allows what the built
// app needs and nothing else, and no framing (click-jacking). What the app needs, and why:
//   script-src 'wasm-unsafe-eval'   the pose runtime (tasks-vision) compiles its wasm
//   style-src 'unsafe-inline'       index.html's @font-face block and React's style attributes
//   img-src/media-src blob: data:   videos picked from disk play as blob: URLs; frame stills
//   worker-src blob:                the runtime may start its worker from a blob: URL
//   connect-src                     this server, and the public URL when the app is reached by
//                                   another name (its supabaseUrl then points there); blob:
//                                   because the analysis screen reads a picked video's bytes
//                                   (its MP4 header, or the whole WebM) back from its blob: URL

import type { ServerResponse } from 'node:http';

export function contentSecurityPolicy(extraConnectOrigins: readonly string[]): string {
  const connect = ["'self'", 'blob:', ...extraConnectOrigins].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The origins besides this page's own that the app may call: the public URL's, over HTTP(S) and
 * its WebSocket equivalent (supabase-js realtime). */
export function connectOriginsFor(publicUrl: string | undefined): string[] {
  if (!publicUrl) return [];
  const origin = new URL(publicUrl).origin;
  return [origin, origin.replace(/^http/, 'ws')];
}

export function setPageSecurityHeaders(res: ServerResponse, policy: string): void {
  res.setHeader('content-security-policy', policy);
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
  res.setHeader('x-content-type-options', 'nosniff');
}
