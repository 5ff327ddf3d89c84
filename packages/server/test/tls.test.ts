// HTTPS on the local network (issue 26): the local CA and its name constraints, the server's
// certificate and its renewal, one's own certificate files, one port for HTTPS and plain HTTP,
// the answer to plain HTTP, the certificate page, the banner's network address and QR code, and
// the client address behind a reverse proxy.
// OpenSSL (through Node's TLS client) checks the chains as a phone would, name constraints
// included; the browser test is packages/web/e2e/phone-https.e2e.ts.

import 'reflect-metadata';
import { webcrypto, X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import {
  createServer as createNetServer,
  isIP,
  type Socket,
  connect as tcpConnect,
} from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import * as x509 from '@peculiar/x509';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bannerLines, terminalQrCode } from '../src/banner.js';
import { parseArgs, resolveConfig } from '../src/config.js';
import { DAY_MS } from '../src/constants.js';
import { createHostPolicy } from '../src/http/host-policy.js';
import { clientIp } from '../src/http/http-utils.js';
import { createLogger } from '../src/log.js';
import { type HttpListener, listen } from '../src/stack/http-listener.js';
import { lanAddresses, reachableAddresses } from '../src/stack/lan-address.js';
import { redirectPolicy } from '../src/stack/services.js';
import { ROOT_DER_PATH } from '../src/tls/certificate-page.js';
import { firstByteDispatch } from '../src/tls/first-byte.js';
import { loadOrCreateLocalCertificates, localCaFiles } from '../src/tls/local-ca.js';
import { loadOwnCertificate, ownCertificateChanged } from '../src/tls/own-certificate.js';
import { createPlainHttpHandler } from '../src/tls/plain-http.js';
import {
  type CertificateNames,
  isPermitted,
  permittedNamesFor,
  serverNames,
  splitByPermission,
} from '../src/tls/tls-names.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'reptemple-tls-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const quiet = createLogger({ level: 'error', write: () => undefined });
const NAMES: CertificateNames = {
  dnsNames: ['localhost', 'phone.reptemple.test', 'studio', 'studio.local'],
  ipAddresses: ['127.0.0.1', '192.0.2.7', '192.168.1.20', '::1'],
};

/** A TLS handshake to `port` that trusts only `ca`, naming `servername`; resolves with OpenSSL's
 * verdict. */
function handshake(
  port: number,
  ca: string,
  servername: string,
): Promise<{ authorized: boolean; error: string | undefined }> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({
      host: '127.0.0.1',
      port,
      ca,
      servername: isIP(servername) ? undefined : servername,
      rejectUnauthorized: false,
      checkServerIdentity: () => undefined,
    });
    socket.once('secureConnect', () => {
      const peer = socket.getPeerX509Certificate()!;
      const matches = isIP(servername) ? peer.checkIP(servername) : peer.checkHost(servername);
      const nameError = matches === undefined ? 'name mismatch' : undefined;
      resolve({
        authorized: socket.authorized && !nameError,
        error: socket.authorizationError?.toString() ?? nameError,
      });
      socket.end();
    });
    socket.once('error', reject);
  });
}

/** A bare HTTPS server on a free port serving `cert` and `key`. */
async function serveCertificate(
  cert: string,
  key: string,
): Promise<{ port: number; close: () => void }> {
  const listener = await listen({ port: 0, host: '127.0.0.1' } as Parameters<typeof listen>[0], {
    cert,
    key,
    plainHttp: async (_req, res) => void res.end('plain'),
  });
  listener.setHandler(async (_req, res) => void res.end('tls'));
  return { port: listener.port, close: () => void listener.close(quiet) };
}

describe('names in the certificate and what the local CA may vouch for', () => {
  it('collects loopback, machine, ALLOWED_HOSTS, public URL and listen names, without wildcards', () => {
    const names = serverNames({
      machine: ['192.168.1.20', 'fe80::1', 'Studio', 'studio.local', '::ffff:127.0.0.1'],
      allowedHosts: ['phone.reptemple.test', 'bad name!'],
      publicUrl: 'https://reptemple.example.com:8443',
      listenHost: '0.0.0.0',
    });
    expect(names).toEqual({
      dnsNames: [
        'localhost',
        'phone.reptemple.test',
        'reptemple.example.com',
        'studio',
        'studio.local',
      ],
      ipAddresses: ['127.0.0.1', '192.168.1.20', '::1', 'fe80::1'],
    });
  });
  it('permits private networks and the names the server had, never other public names', () => {
    const permitted = permittedNamesFor(NAMES);
    for (const name of ['localhost', 'a.local', 'studio', 'x.studio', 'printer.lan', '10.1.2.3']) {
      expect(isPermitted(name, permitted), name).toBe(true);
    }
    for (const address of ['192.168.200.1', '172.20.0.1', '100.100.1.1', 'fd12::1', '192.0.2.7']) {
      expect(isPermitted(address, permitted), address).toBe(true);
    }
    for (const name of [
      'bank.example.com',
      'studio.evil.com',
      'local.evil',
      '8.8.8.8',
      '192.0.2.8',
      '2001:db8::1',
    ]) {
      expect(isPermitted(name, permitted), name).toBe(false);
    }
    const later = splitByPermission(
      { dnsNames: ['studio', 'new.example.org'], ipAddresses: ['203.0.113.9', '10.0.0.2'] },
      permitted,
    );
    expect(later).toEqual({
      covered: { dnsNames: ['studio'], ipAddresses: ['10.0.0.2'] },
      leftOut: ['new.example.org', '203.0.113.9'],
    });
  });
});

describe('the local CA in the data directory', () => {
  it('is made once, keeps its keys private, and its server certificate passes OpenSSL for every name', async () => {
    const dataDir = path.join(root, 'made-once');
    const first = await loadOrCreateLocalCertificates(dataDir, NAMES);
    expect(first.made).toEqual({ ca: true, server: true });
    expect(first.leftOut).toEqual([]);
    const files = localCaFiles(dataDir);
    expect((await stat(files.caKey)).mode & 0o777).toBe(0o600);
    expect((await stat(files.serverKey)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(files.caKey))).mode & 0o777).toBe(0o700);
    const rootCertificate = new X509Certificate(first.ca.certPem);
    expect(rootCertificate.ca).toBe(true);
    expect(first.ca.fingerprint256).toBe(rootCertificate.fingerprint256);
    expect(first.ca.commonName).toMatch(/^RepTemple local CA on .+ \(\d{4}-\d{2}-\d{2}\)$/);
    const leaf = new X509Certificate(first.cert);
    expect(leaf.verify(rootCertificate.publicKey)).toBe(true);
    const days = (Date.parse(leaf.validTo) - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(390);
    expect(days).toBeLessThanOrEqual(398);

    const server = await serveCertificate(first.cert, first.key);
    try {
      for (const name of [...NAMES.dnsNames, '127.0.0.1']) {
        expect(await handshake(server.port, first.ca.certPem, name), name).toEqual({
          authorized: true,
          error: undefined,
        });
      }
      expect((await handshake(server.port, first.ca.certPem, 'other.local')).authorized).toBe(
        false,
      );
    } finally {
      server.close();
    }

    const again = await loadOrCreateLocalCertificates(dataDir, NAMES);
    expect(again.made).toEqual({ ca: false, server: false });
    expect(again.cert).toBe(first.cert);
    expect(again.ca.fingerprint256).toBe(first.ca.fingerprint256);
  });

  it('renews the server certificate, same root, for a new address and before it ends', async () => {
    const dataDir = path.join(root, 'renewal');
    const first = await loadOrCreateLocalCertificates(dataDir, NAMES);
    const moved = await loadOrCreateLocalCertificates(dataDir, {
      ...NAMES,
      ipAddresses: [...NAMES.ipAddresses, '10.0.0.99'],
    });
    expect(moved.made).toEqual({ ca: false, server: true });
    expect(moved.renewedBecause).toBe('it lacks 10.0.0.99');
    expect(moved.ca.fingerprint256).toBe(first.ca.fingerprint256);
    expect(new X509Certificate(moved.cert).subjectAltName).toContain('IP Address:10.0.0.99');
    const nearItsEnd = new Date(Date.now() + 370 * DAY_MS);
    const renewed = await loadOrCreateLocalCertificates(dataDir, NAMES, nearItsEnd);
    expect(renewed.made.server).toBe(true);
    expect(renewed.renewedBecause).toMatch(/^it ends on /);
  });

  it('leaves out, and says so, a name its root may not vouch for', async () => {
    const dataDir = path.join(root, 'left-out');
    await loadOrCreateLocalCertificates(dataDir, NAMES);
    const later = await loadOrCreateLocalCertificates(dataDir, {
      ...NAMES,
      dnsNames: [...NAMES.dnsNames, 'reptemple.example.org'],
    });
    expect(later.leftOut).toEqual(['reptemple.example.org']);
    expect(new X509Certificate(later.cert).subjectAltName).not.toContain('reptemple.example.org');
  });

  it('its root cannot vouch for another site: OpenSSL refuses a certificate it signed for one', async () => {
    const dataDir = path.join(root, 'constraints');
    const made = await loadOrCreateLocalCertificates(dataDir, NAMES);
    const files = localCaFiles(dataDir);
    // What a thief of the CA's key would make: the same certificate for a local name and for a
    // bank.
    x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
    const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
    const caKey = await webcrypto.subtle.importKey(
      'pkcs8',
      x509.PemConverter.decodeFirst(await readFile(files.caKey, 'utf8')),
      algorithm,
      false,
      ['sign'],
    );
    const forge = async (name: string) => {
      const keys = await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
      const forged = await x509.X509CertificateGenerator.create({
        serialNumber: '0badc0de',
        subject: `CN=${name}`,
        issuer: new x509.X509Certificate(made.ca.certPem).subject,
        notBefore: new Date(Date.now() - DAY_MS),
        notAfter: new Date(Date.now() + 30 * DAY_MS),
        signingKey: caKey,
        publicKey: keys.publicKey,
        signingAlgorithm: algorithm,
        extensions: [
          new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
          new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: name }]),
        ],
      });
      const key = x509.PemConverter.encode(
        await webcrypto.subtle.exportKey('pkcs8', keys.privateKey),
        'PRIVATE KEY',
      );
      return serveCertificate(forged.toString('pem'), key);
    };
    const local = await forge('thief.local');
    const bank = await forge('bank.example.com');
    try {
      expect(await handshake(local.port, made.ca.certPem, 'thief.local')).toEqual({
        authorized: true,
        error: undefined,
      });
      // OpenSSL's "permitted subtree violation" (47), which Node reports as UNSPECIFIED.
      expect((await handshake(bank.port, made.ca.certPem, 'bank.example.com')).authorized).toBe(
        false,
      );
    } finally {
      local.close();
      bank.close();
    }
  });

  it('refuses to start on a damaged CA rather than make a new root behind the phones’ backs', async () => {
    const dataDir = path.join(root, 'damaged');
    await loadOrCreateLocalCertificates(dataDir, NAMES);
    const files = localCaFiles(dataDir);
    const other = await loadOrCreateLocalCertificates(path.join(root, 'other'), NAMES);
    await writeFile(files.caKey, await readFile(localCaFiles(path.join(root, 'other')).caKey));
    await expect(loadOrCreateLocalCertificates(dataDir, NAMES)).rejects.toMatchObject({
      code: 'local_ca_unusable',
      message: expect.stringContaining('its key does not belong to its certificate'),
    });
    expect(other.made.ca).toBe(true);
    await rm(files.caKey);
    await expect(loadOrCreateLocalCertificates(dataDir, NAMES)).rejects.toMatchObject({
      code: 'local_ca_unusable',
      hint: expect.stringContaining('--tls-cert'),
    });
  });
});

describe('a certificate of your own (--tls-cert, --tls-key)', () => {
  it('is loaded, checked against its key, and noticed when renewed', async () => {
    const a = await loadOrCreateLocalCertificates(path.join(root, 'own-a'), NAMES);
    const b = await loadOrCreateLocalCertificates(path.join(root, 'own-b'), NAMES);
    const certFile = path.join(root, 'own.pem');
    const keyFile = path.join(root, 'own-key.pem');
    await writeFile(certFile, a.cert);
    await writeFile(keyFile, a.key);
    const loaded = await loadOwnCertificate({ certFile, keyFile });
    expect(loaded.subjectAltName).toContain('DNS:phone.reptemple.test');
    expect(await ownCertificateChanged({ certFile, keyFile }, loaded)).toBe(false);
    await utimes(certFile, new Date(), new Date(Date.now() + 5000));
    expect(await ownCertificateChanged({ certFile, keyFile }, loaded)).toBe(true);

    await writeFile(keyFile, b.key);
    await expect(loadOwnCertificate({ certFile, keyFile })).rejects.toMatchObject({
      code: 'tls_certificate_unusable',
      message: expect.stringContaining('does not belong to the certificate'),
    });
    await expect(loadOwnCertificate({ certFile, keyFile: certFile })).rejects.toMatchObject({
      message: expect.stringContaining('holds no private key'),
    });
    await expect(loadOwnCertificate({ certFile: keyFile, keyFile })).rejects.toMatchObject({
      message: expect.stringContaining('holds no certificate'),
    });
    await expect(
      loadOwnCertificate({ certFile: path.join(root, 'missing.pem'), keyFile }),
    ).rejects.toMatchObject({ message: expect.stringContaining('Cannot read the certificate') });
    await writeFile(keyFile, a.key);
    await expect(
      loadOwnCertificate({ certFile, keyFile }, new Date(Date.now() + 400 * DAY_MS)),
    ).rejects.toMatchObject({ message: expect.stringContaining('expired') });
  });

  it('the command line takes --https, or both files, and says what is missing', () => {
    expect(resolveConfig(parseArgs(['--https']).values, {}, '/w').tls).toEqual({
      kind: 'local-ca',
    });
    expect(resolveConfig({}, { HTTPS: '1' }, '/w').tls).toEqual({ kind: 'local-ca' });
    expect(resolveConfig({}, { HTTPS: '0' }, '/w').tls).toBeUndefined();
    expect(resolveConfig({}, {}, '/w').tls).toBeUndefined();
    expect(
      resolveConfig(parseArgs(['--tls-cert', 'c.pem', '--tls-key=k.pem']).values, {}, '/w').tls,
    ).toEqual({ kind: 'files', certFile: '/w/c.pem', keyFile: '/w/k.pem' });
    expect(() => resolveConfig(parseArgs(['--tls-cert', 'c.pem']).values, {}, '/w')).toThrow(
      /needs both its file and its key/,
    );
    expect(() => resolveConfig({}, { HTTPS: 'yes' }, '/w')).toThrow(/HTTPS must be 1 or 0/);
    expect(() => parseArgs(['--https=1'])).toThrow(/Unknown option/);
  });
});

/** One HTTP/1.1 request over a raw socket (plain or TLS); resolves with the whole answer. */
function rawRequest(socket: Socket, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    socket.once('end', () => resolve(answer));
    socket.once('error', reject);
    socket.write(text);
  });
}

describe('one port for HTTPS and plain HTTP', () => {
  let listener: HttpListener;
  let caPem: string;
  beforeAll(async () => {
    const certificates = await loadOrCreateLocalCertificates(path.join(root, 'port'), NAMES);
    caPem = certificates.ca.certPem;
    listener = await listen({ port: 0, host: '127.0.0.1' } as Parameters<typeof listen>[0], {
      cert: certificates.cert,
      key: certificates.key,
      plainHttp: createPlainHttpHandler({
        hostPolicy: createHostPolicy({
          publicUrl: undefined,
          listenHost: '127.0.0.1',
          allowedHosts: ['phone.reptemple.test'],
        }),
        localCa: certificates.ca,
      }),
    });
    // The app: counts the bytes of the body it is sent.
    listener.setHandler(async (req, res) => {
      let bytes = 0;
      for await (const chunk of req) bytes += (chunk as Buffer).length;
      res.end(`tls ${req.method} ${req.url} ${bytes}`);
    });
  });
  afterAll(async () => {
    await listener?.close(quiet);
  });

  it('serves HTTPS with keep-alive, and a 20 MB upload arrives whole', async () => {
    const socket = tlsConnect({
      host: '127.0.0.1',
      port: listener.port,
      ca: caPem,
      servername: 'localhost',
    });
    await new Promise((resolve) => socket.once('secureConnect', resolve));
    expect(socket.authorized).toBe(true);
    const body = Buffer.alloc(20 * 1024 * 1024, 7);
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (
          text.includes(`tls POST /upload ${body.length}`) &&
          text.includes('tls GET /second 0')
        ) {
          resolve(text);
        }
      });
      socket.once('error', reject);
      socket.write(
        `POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      socket.write(body);
      socket.write('GET /second HTTP/1.1\r\nHost: localhost\r\n\r\n');
    });
    socket.destroy();
    expect(answer.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
  });

  it('answers plain HTTP with a page naming the HTTPS address, and API calls with 400', async () => {
    const page = await rawRequest(
      tcpConnect(listener.port, '127.0.0.1'),
      'GET /challenge/abc?ref=x%40y.test HTTP/1.1\r\nHost: phone.reptemple.test:8443\r\nAccept: text/html\r\nConnection: close\r\n\r\n',
    );
    expect(page).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(page).toContain('href="https://phone.reptemple.test:8443/challenge/abc?ref=x%40y.test"');
    expect(page).toContain('href="/certificate"');
    expect(page).toMatch(
      /content-security-policy: .*connect-src https:\/\/phone\.reptemple\.test:8443;/,
    );
    const api = await rawRequest(
      tcpConnect(listener.port, '127.0.0.1'),
      'POST /api/upload-video HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc',
    );
    expect(api).toMatch(/^HTTP\/1\.1 400 /);
    expect(api).toContain(`"expected":"https://localhost:${listener.port}/api/upload-video"`);
    const refused = await rawRequest(
      tcpConnect(listener.port, '127.0.0.1'),
      'GET / HTTP/1.1\r\nHost: evil.test\r\nAccept: text/html\r\nConnection: close\r\n\r\n',
    );
    expect(refused).toMatch(/^HTTP\/1\.1 421 /);
  });

  it('offers the root over plain HTTP, as a phone downloads it', async () => {
    const answer = await new Promise<{ response: IncomingMessage; body: Buffer }>(
      (resolve, reject) => {
        httpRequest(
          {
            host: '127.0.0.1',
            port: listener.port,
            path: ROOT_DER_PATH,
            headers: { host: 'localhost' },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ response, body: Buffer.concat(chunks) }));
          },
        )
          .once('error', reject)
          .end();
      },
    );
    expect(answer.response.statusCode).toBe(200);
    expect(answer.response.headers['content-type']).toBe('application/x-x509-ca-cert');
    expect(new X509Certificate(answer.body).fingerprint256).toBe(
      new X509Certificate(caPem).fingerprint256,
    );
  });

  it('serves a renewed certificate from the next connection on, without a restart', async () => {
    const renewed = await loadOrCreateLocalCertificates(path.join(root, 'port-renewed'), NAMES);
    const fingerprint = async () => {
      const socket = tlsConnect({
        host: '127.0.0.1',
        port: listener.port,
        servername: 'localhost',
        rejectUnauthorized: false,
      });
      await new Promise((resolve) => socket.once('secureConnect', resolve));
      const seen = socket.getPeerX509Certificate()!.fingerprint256;
      socket.destroy();
      return seen;
    };
    const before = await fingerprint();
    listener.setCertificate({ cert: renewed.cert, key: renewed.key });
    const after = await fingerprint();
    expect(before).not.toBe(after);
    expect(after).toBe(new X509Certificate(renewed.cert).fingerprint256);
  });

  it('closes a connection that never says anything', async () => {
    const waiting = createNetServer();
    const dispatch = firstByteDispatch({ tls: waiting, plain: waiting, timeoutMs: 200 });
    const server = createNetServer((socket) => dispatch.accept(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address() as { port: number };
    const socket = tcpConnect(address.port, '127.0.0.1');
    const started = Date.now();
    await new Promise((resolve) => socket.once('close', resolve));
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    await vi.waitFor(() => expect(dispatch.waiting.size).toBe(0));
    server.close();
  });
});

describe('what follows the HTTPS address', () => {
  it('one-time links may return to any origin of this server, and nowhere else', () => {
    const policy = createHostPolicy({
      publicUrl: undefined,
      listenHost: '0.0.0.0',
      allowedHosts: [],
    });
    const own = (target: URL) =>
      target.protocol === 'https:' &&
      target.port === '54321' &&
      policy.accept(target.host) !== undefined;
    const resolve = redirectPolicy(
      resolveConfig({}, { NODE_ENV: 'production' }, '/w'),
      'https://192.168.1.20:54321',
      own,
    );
    expect(resolve('https://localhost:54321/profile')).toBe('https://localhost:54321/profile');
    expect(resolve('https://evil.test:54321/')).toBe('https://192.168.1.20:54321');
    expect(resolve('http://localhost:54321/')).toBe('https://192.168.1.20:54321');
  });

  it('the banner gives phones the network address and a QR code of its plain-HTTP form', () => {
    const server = {
      url: 'http://localhost:54321',
      https: false,
      networkUrls: [] as string[],
      localCa: undefined,
      certificateUrl: undefined,
      tlsNamesLeftOut: [] as string[],
      adminEmail: 'admin@reptemple.local',
      adminPassword: undefined,
    };
    const text = bannerLines({
      ...server,
      url: 'https://192.168.1.20:54321',
      https: true,
      networkUrls: ['https://192.168.1.20:54321', 'https://10.0.0.5:54321'],
      localCa: { commonName: 'RepTemple local CA on studio (2026-11-27)', fingerprint256: 'AB:CD' },
      certificateUrl: 'http://192.168.1.20:54321/certificate',
    }).join('\n');
    expect(text).toContain('Phones on the same network: scan, or open https://192.168.1.20:54321');
    expect(text).toContain(terminalQrCode('http://192.168.1.20:54321').join('\n'));
    expect(text).toContain('Also: https://10.0.0.5:54321');
    expect(text).toContain('install the certificate at http://192.168.1.20:54321/certificate');
    expect(text).toContain('fingerprint AB:CD');
    expect(bannerLines(server).join('\n')).not.toContain('Phones');
    const plainLan = bannerLines({ ...server, networkUrls: ['http://192.168.1.20:54321'] });
    expect(plainLan.join('\n')).toContain('start with --https');
    // Behind a proxy that speaks HTTPS (PUBLIC_URL https://...), the server itself does not.
    const proxied = bannerLines({ ...server, url: 'https://reptemple.example.test' }).join('\n');
    expect(proxied).not.toContain('Only this machine');
    expect(proxied).not.toContain('Phones');
  });

  it('picks the address a phone reaches first: Wi-Fi before container bridges', () => {
    const entry = (address: string, internal = false) => ({
      address,
      family: 'IPv4' as const,
      internal,
      netmask: '255.255.255.0',
      mac: '00:00:00:00:00:00',
      cidr: `${address}/24`,
    });
    const found = lanAddresses({
      lo: [entry('127.0.0.1', true)],
      docker0: [entry('172.17.0.1')],
      wlan0: [entry('192.168.1.20'), entry('169.254.3.4')],
      eth0: [entry('10.0.0.5')],
    });
    expect(found).toEqual(['192.168.1.20', '10.0.0.5', '172.17.0.1']);
    expect(reachableAddresses('0.0.0.0', found)).toEqual(found);
    expect(reachableAddresses('127.0.0.1', found)).toEqual([]);
    expect(reachableAddresses('192.168.1.20', found)).toEqual(['192.168.1.20']);
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  const request = (forwarded: string | string[] | undefined) =>
    ({
      headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
      socket: { remoteAddress: '127.0.0.1' },
    }) as unknown as IncomingMessage;
  it('takes the address the proxy added, never one the client wrote before it', () => {
    // nginx's $proxy_add_x_forwarded_for keeps what the client sent and appends what it saw.
    expect(clientIp(request('203.0.113.7, 198.51.100.2'), true)).toBe('198.51.100.2');
    expect(clientIp(request(['203.0.113.7', '198.51.100.2']), true)).toBe('198.51.100.2');
    expect(clientIp(request('198.51.100.2'), true)).toBe('198.51.100.2');
    expect(clientIp(request('198.51.100.2'), false)).toBe('127.0.0.1');
    expect(clientIp(request(undefined), true)).toBe('127.0.0.1');
  });
});
