// /certificate: how a participant installs the local CA's root on their phone (steps for the
// device the page is opened on first), the root itself to download (DER for phones and
// computers, PEM for tools such as NODE_EXTRA_CA_CERTS), and its fingerprint to compare with the
// one the server printed. Offered over HTTPS and over plain HTTP on the same port: a phone that
// does not trust the server yet can reach it only over plain HTTP without a warning.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LocalCa } from './local-ca.js';
import { escapeHtml, sendShellPage } from './page-shell.js';

export const CERTIFICATE_PAGE_PATH = '/certificate';
export const ROOT_DER_PATH = '/certificate/reptemple-ca.crt';
export const ROOT_PEM_PATH = '/certificate/reptemple-ca.pem';

type Platform = 'ios' | 'android' | 'computer';

function platformOf(userAgent: string | undefined): Platform {
  if (/iPhone|iPad|iPod/.test(userAgent ?? '')) return 'ios';
  if (/Android/.test(userAgent ?? '')) return 'android';
  return 'computer';
}

const STEPS: Record<Platform, { title: string; steps: string[] }> = {
  ios: {
    title: 'iPhone and iPad',
    steps: [
      'Open this page in <strong>Safari</strong>, tap <strong>Download the certificate</strong>, then <strong>Allow</strong>.',
      'Open <strong>Settings → General → VPN &amp; Device Management</strong>, tap the RepTemple profile, then <strong>Install</strong>.',
      'Open <strong>Settings → General → About → Certificate Trust Settings</strong> and turn on the RepTemple local CA.',
    ],
  },
  android: {
    title: 'Android',
    steps: [
      'Tap <strong>Download the certificate</strong>.',
      'Open <strong>Settings</strong>, search for <strong>CA certificate</strong> (under Security, Encryption &amp; credentials, Install a certificate), tap <strong>Install anyway</strong> and pick <strong>reptemple-ca.crt</strong> from Downloads.',
      'Come back and open the secure address below in Chrome.',
    ],
  },
  computer: {
    title: 'Computer',
    steps: [
      'Download the certificate.',
      '<strong>macOS</strong>: open it, and in Keychain Access set it to <strong>Always Trust</strong>. <strong>Windows</strong>: open it, <strong>Install Certificate</strong>, into <strong>Trusted Root Certification Authorities</strong>. <strong>Linux Chrome</strong>: Settings → Privacy and security → Security → Manage certificates → Authorities → Import.',
      '<strong>Firefox</strong> keeps its own list: Settings → Privacy &amp; Security → View Certificates → Authorities → Import.',
    ],
  },
};

function stepsHtml(platform: Platform, open: boolean): string {
  const { title, steps } = STEPS[platform];
  const items = steps.map((step) => `<li>${step}</li>`).join('');
  return `<details${open ? ' open' : ''}><summary>${title}</summary><ol>${items}</ol></details>`;
}

export function certificatePage(
  res: ServerResponse,
  method: string,
  options: { ca: LocalCa; secureUrl: string; userAgent: string | undefined },
): void {
  const platform = platformOf(options.userAgent);
  const others = (['ios', 'android', 'computer'] as const).filter((entry) => entry !== platform);
  const secureUrl = escapeHtml(options.secureUrl);
  sendShellPage(res, method, {
    title: 'Trust this server',
    body: `<h1>Trust this RepTemple server</h1>
<p>The camera works only on a secure (HTTPS) page. This server makes its own certificate: install its root once on each device, and every page of this server opens securely.</p>
<a class="button" href="${ROOT_DER_PATH}" download="reptemple-ca.crt">Download the certificate</a>
<div class="card">${stepsHtml(platform, true)}${others.map((other) => stepsHtml(other, false)).join('')}</div>
<div class="card"><h2>Check it is this server's</h2>
<p>${escapeHtml(options.ca.commonName)}, SHA-256 fingerprint:</p>
<p class="fingerprint">${escapeHtml(options.ca.fingerprint256)}</p>
<p>It must match the fingerprint printed where the server was started.</p></div>
<div class="card"><h2>What it can vouch for</h2>
<p>Only this server's names and local-network names and addresses (such as <code>*.local</code> and <code>192.168.*</code>), never another web site. Remove it in the same settings when you no longer need it.</p></div>
<p>Installed it? Open RepTemple securely:</p>
<a class="address" href="${secureUrl}">${secureUrl}</a>
<a class="button quiet" href="${secureUrl}">Open RepTemple</a>`,
  });
}

/** Answers /certificate and the root's files; false for any other path. */
export function answerCertificatePath(
  req: IncomingMessage,
  res: ServerResponse,
  options: { pathname: string; method: string; ca: LocalCa; secureUrl: string },
): boolean {
  const { pathname, method, ca } = options;
  if (pathname !== CERTIFICATE_PAGE_PATH && !pathname.startsWith(`${CERTIFICATE_PAGE_PATH}/`)) {
    return false;
  }
  if (method !== 'GET' && method !== 'HEAD') {
    res.writeHead(405, {
      allow: 'GET, HEAD',
      'content-type': 'text/plain; charset=utf-8',
      'x-content-type-options': 'nosniff',
    });
    res.end(`${method} is not allowed on ${pathname}\n`);
    return true;
  }
  if (pathname === ROOT_DER_PATH || pathname === ROOT_PEM_PATH) {
    const der = pathname === ROOT_DER_PATH;
    const body = der ? ca.certDer : Buffer.from(ca.certPem);
    res.writeHead(200, {
      // What iOS opens as a profile and Android as a CA certificate.
      'content-type': der ? 'application/x-x509-ca-cert' : 'application/x-pem-file',
      'content-disposition': `attachment; filename="reptemple-ca.${der ? 'crt' : 'pem'}"`,
      'content-length': body.length,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    res.end(method === 'HEAD' ? undefined : body);
    return true;
  }
  if (pathname === CERTIFICATE_PAGE_PATH || pathname === `${CERTIFICATE_PAGE_PATH}/`) {
    certificatePage(res, method, {
      ca,
      secureUrl: options.secureUrl,
      userAgent: req.headers['user-agent'],
    });
    return true;
  }
  res.writeHead(404, {
    'content-type': 'text/plain; charset=utf-8',
    'x-content-type-options': 'nosniff',
  });
  res.end(`No such file: ${pathname}. The root is at ${ROOT_DER_PATH}.\n`);
  return true;
}
