// What the start banner says: where RepTemple runs, how phones on the same network reach it (the
// address and a QR code of it), the local CA's fingerprint with --https, and the admin's password
// on the start that made the account.

import { renderUnicodeCompact } from 'uqr';
import type { RunningStack } from './stack.js';

/** A QR code in text: two rows of modules per line; light modules drawn, for the usual dark
 * terminal (phones read the inverse of a code as well). */
export function terminalQrCode(text: string): string[] {
  return renderUnicodeCompact(text, { border: 2, ecc: 'L' }).split('\n');
}

export function bannerLines(
  stack: Pick<
    RunningStack,
    | 'url'
    | 'https'
    | 'networkUrls'
    | 'localCa'
    | 'certificateUrl'
    | 'tlsNamesLeftOut'
    | 'adminEmail'
    | 'adminPassword'
  >,
): string[] {
  const lines = [
    `RepTemple is running at ${stack.url}`,
    `Data API: ${stack.url}/rest/v1   Auth: ${stack.url}/auth/v1`,
  ];
  const secure = stack.https;
  const [networkUrl, ...otherNetworkUrls] = stack.networkUrls;
  if (networkUrl) {
    // Phones scan the plain-HTTP address: the server answers it with a page that goes on to
    // HTTPS once the phone trusts the certificate, and shows how to install it until then.
    const scanned = secure ? networkUrl.replace(/^https:/, 'http:') : networkUrl;
    lines.push('', `Phones on the same network: scan, or open ${networkUrl}`);
    lines.push(...terminalQrCode(scanned));
    if (otherNetworkUrls.length > 0) lines.push(`Also: ${otherNetworkUrls.join('  ')}`);
    if (!secure) {
      lines.push("Phones' browsers give the camera to HTTPS pages only: start with --https.");
    }
  } else if (secure) {
    lines.push(
      '',
      'Only this machine can reach it. For phones on the same network: --host 0.0.0.0.',
    );
  }
  if (stack.localCa && stack.certificateUrl) {
    lines.push(
      '',
      `First time on a phone: install the certificate at ${stack.certificateUrl}`,
      `(the scanned page leads there). Its root, ${stack.localCa.commonName}, has the SHA-256`,
      `fingerprint ${stack.localCa.fingerprint256}`,
    );
  }
  if (stack.tlsNamesLeftOut.length > 0) {
    lines.push(
      `Not in the certificate (browsers warn on them): ${stack.tlsNamesLeftOut.join(', ')}`,
    );
  }
  if (stack.adminPassword) {
    lines.push(
      '',
      'Admin account created. The password is shown only this once:',
      `  e-mail:   ${stack.adminEmail}`,
      `  password: ${stack.adminPassword}`,
    );
  }
  lines.push('', 'Press Ctrl-C to stop.');
  return lines;
}
