// Plain HTTP on the HTTPS port (the listener tells them apart by their first byte). A browser gets a
// page naming the HTTPS address of what it asked for; the page checks whether this device already
// trusts the server (a no-cors request to the HTTPS address) and goes on there by itself when it
// does, and otherwise says how to install the local CA's root (/certificate, served here too).
// Not a bare redirect: on a phone that does not trust the server yet, a redirect ends on a
// certificate warning that explains nothing. Other clients get 400 `https_required` naming the
// address.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseRequestUrl } from '../http/app.js';
import type { HostPolicy } from '../http/host-policy.js';
import { sendJson } from '../http/http-utils.js';
import { answerCertificatePath, CERTIFICATE_PAGE_PATH } from './certificate-page.js';
import type { LocalCa } from './local-ca.js';
import { escapeHtml, sendShellPage } from './page-shell.js';

/** How long the page waits for the HTTPS address to answer before it offers the certificate. ms */
const TRUST_PROBE_TIMEOUT_MS = 4000;

/** Fixed (its hash is in the page's Content-Security-Policy); it reads the address from the page. */
const TRUST_PROBE_SCRIPT = `(() => {
  const link = document.getElementById('secure-link');
  const status = document.getElementById('trust-status');
  const untrusted = document.getElementById('untrusted');
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ${TRUST_PROBE_TIMEOUT_MS});
  fetch(new URL('/api/config', link.href), { mode: 'no-cors', cache: 'no-store', signal: controller.signal })
    .then(() => {
      status.textContent = 'This device trusts the server. Opening the secure page…';
      location.replace(link.href);
    })
    .catch(() => {
      status.textContent = 'This device does not trust the server yet.';
      untrusted.hidden = false;
    })
    .finally(() => clearTimeout(timer));
})();`;

/** https://<the name the client used>:<the port it used>, from an accepted Host header. */
export function secureOriginFor(
  acceptedName: string,
  hostHeader: string,
  localPort: number,
): string {
  const port = new URL(`http://${hostHeader}`).port || String(localPort);
  const host = acceptedName.includes(':') ? `[${acceptedName}]` : acceptedName;
  return port === '443' ? `https://${host}` : `https://${host}:${port}`;
}

function explanationPage(
  res: ServerResponse,
  method: string,
  secureUrl: string,
  offersCertificate: boolean,
): void {
  const address = escapeHtml(secureUrl);
  const untrusted = offersCertificate
    ? `<p>Install the server's certificate once on this device; then the secure address opens without a warning.</p>
<a class="button" href="${CERTIFICATE_PAGE_PATH}">Install the certificate</a>
<a class="button quiet" href="${address}">Open the secure address anyway</a>`
    : `<p>Its certificate is not one this device knows. Ask whoever runs the server, or open the address anyway.</p>
<a class="button quiet" href="${address}">Open the secure address anyway</a>`;
  sendShellPage(res, method, {
    title: 'Open RepTemple over HTTPS',
    body: `<h1>This server uses HTTPS</h1>
<p>The camera works only on a secure page, so RepTemple answers here over HTTPS:</p>
<div class="card"><a id="secure-link" class="address" href="${address}">${address}</a></div>
<p id="trust-status" class="status" role="status">Checking whether this device trusts the server…</p>
<div id="untrusted" hidden>${untrusted}</div>
<noscript><a class="button" href="${address}">Open the secure address</a>${offersCertificate ? `<a class="button quiet" href="${CERTIFICATE_PAGE_PATH}">Install the certificate</a>` : ''}</noscript>`,
    script: TRUST_PROBE_SCRIPT,
    connect: [new URL(secureUrl).origin],
  });
}

export function createPlainHttpHandler(options: {
  hostPolicy: HostPolicy;
  /** The local CA, when the server's certificate comes from it (its page is offered here too). */
  localCa: LocalCa | undefined;
}): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const method = req.method ?? 'GET';
    const url = parseRequestUrl(req.url);
    if (!url) {
      sendJson(res, 400, {
        code: 'bad_request',
        message: 'Malformed request URL',
        expected: 'a path starting with /',
      });
      return;
    }
    const host = options.hostPolicy.accept(req.headers.host);
    if (host === undefined) {
      sendJson(res, 421, {
        code: 'host_not_allowed',
        message: 'This server does not answer to that host name.',
        expected: 'localhost, the public URL, ALLOWED_HOSTS or (with --host 0.0.0.0) this machine',
        received: String(req.headers.host).slice(0, 100),
      });
      return;
    }
    const origin = secureOriginFor(host, req.headers.host!, req.socket.localPort ?? 443);
    if (
      options.localCa &&
      answerCertificatePath(req, res, {
        pathname: url.pathname,
        method,
        ca: options.localCa,
        secureUrl: `${origin}/`,
      })
    ) {
      return;
    }
    const secureUrl = `${origin}${url.pathname}${url.search}`;
    const wantsPage =
      (method === 'GET' || method === 'HEAD') &&
      (req.headers.accept === undefined || req.headers.accept.includes('text/html'));
    if (wantsPage) {
      explanationPage(res, method, secureUrl, options.localCa !== undefined);
      return;
    }
    // Nothing is read from a request sent in the clear; the client repeats it over HTTPS.
    req.resume();
    sendJson(
      res,
      400,
      {
        code: 'https_required',
        message: 'This port speaks HTTPS; the request was sent as plain HTTP.',
        expected: secureUrl,
        hint: `Send it to ${secureUrl}`,
      },
      { connection: 'close' },
    );
  };
}
