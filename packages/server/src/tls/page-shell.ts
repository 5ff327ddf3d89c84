// The frame of the server's own pages about HTTPS (the certificate page, the answer to plain HTTP):
// the app's stone-and-gold look without the app, since a phone reaches them before it can open the
// app. Inline style and script are allowed by their hashes, nothing else.

import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';

const STYLE = `:root{color-scheme:dark}
body{margin:0;background:#0c0a09;color:#f5f2ee;font:16px/1.55 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;-webkit-text-size-adjust:100%}
main{max-width:36rem;margin:0 auto;padding:1.5rem 1.25rem 3rem}
.brand{display:flex;align-items:center;gap:.6rem;color:#e8b84a;font-family:Cinzel,"Iowan Old Style",Palatino,Georgia,serif;letter-spacing:.08em;margin:0 0 1.5rem}
h1{font-family:"Iowan Old Style","Palatino Linotype",Palatino,Georgia,serif;font-size:1.6rem;line-height:1.25;margin:0 0 .75rem}
h2{font-size:1.05rem;margin:0 0 .25rem}
p{margin:.5rem 0 1rem;color:#b3aba3}
.card{background:#171412;border:1px solid #3a3430;border-radius:.9rem;padding:1rem 1.1rem;margin:1rem 0}
.address{display:block;word-break:break-all;font-family:ui-monospace,Menlo,Consolas,monospace;color:#f5cd6b;font-size:1.05rem;text-decoration:none}
.button{display:block;text-align:center;background:#e8b84a;color:#0c0a09;font-weight:700;text-decoration:none;padding:.8rem 1rem;border-radius:.7rem;margin:.75rem 0 0}
.button.quiet{background:transparent;color:#f5cd6b;border:1px solid #b8862a}
.status{min-height:1.6rem;margin:0;color:#f5f2ee}
details{border-top:1px solid #3a3430}
details:first-of-type{border-top:0}
summary{cursor:pointer;font-weight:600;min-height:44px;display:flex;align-items:center}
ol{padding-left:1.3rem;margin:.25rem 0 1rem}
li{margin:.35rem 0}
strong{color:#f5f2ee}
.fingerprint{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.8rem;word-break:break-all;color:#f5f2ee}
a{color:#f5cd6b}
:focus-visible{outline:2px solid #f5cd6b;outline-offset:2px}`;

/** The app's mark (public/favicon.svg of the web app). */
const TEMPLE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true"><rect width="32" height="32" rx="7" fill="#171412"/><path d="M16 5 5 11v2h22v-2L16 5Zm-8 10v9h3v-9H8Zm6.5 0v9h3v-9h-3Zm6.5 0v9h3v-9h-3ZM5 25.5V28h22v-2.5H5Z" fill="#e8b84a"/></svg>';

function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

export interface ShellPage {
  title: string;
  /** Trusted HTML (callers escape what they put in). */
  body: string;
  /** A fixed script (allowed by its hash). */
  script?: string;
  /** Origins the script may fetch. */
  connect?: string[];
}

export function sendShellPage(
  res: ServerResponse,
  method: string,
  page: ShellPage,
  status = 200,
): void {
  const script = page.script ? `<script>${page.script}</script>` : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(page.title)} · RepTemple</title><style>${STYLE}</style></head>
<body><main><p class="brand">${TEMPLE_ICON}<span>REPTEMPLE</span></p>
${page.body}</main>${script}</body></html>`;
  const policy = [
    "default-src 'none'",
    `style-src ${sha256Source(STYLE)}`,
    `script-src ${page.script ? sha256Source(page.script) : "'none'"}`,
    `connect-src ${page.connect?.length ? page.connect.join(' ') : "'none'"}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    'content-security-policy': policy,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    // The plain-HTTP page may carry a one-time link's query; it goes nowhere else.
    'referrer-policy': 'no-referrer',
  });
  res.end(method === 'HEAD' ? undefined : html);
}
