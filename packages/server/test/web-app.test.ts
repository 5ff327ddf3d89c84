// The web app's pages over real HTTP, without the stack: security headers, source maps only in
// development, malformed paths; and which Host headers the server answers.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostPolicy, hostNameOf, serverUrlFor } from '../src/http/host-policy.js';
import { connectOriginsFor, contentSecurityPolicy } from '../src/http/page-security.js';
import { serveWebApp } from '../src/http/web-app.js';

let dir: string;
const servers: Server[] = [];

/** A raw request: fetch would normalise the path ('/%E0%A4%A' stays as sent here). */
function get(
  port: number,
  rawPath: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ port, path: rawPath }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function serve(serveSourceMaps: boolean): Promise<number> {
  const server = createServer((req, res) => {
    void serveWebApp(
      { webDir: dir, contentSecurityPolicy: contentSecurityPolicy([]), serveSourceMaps },
      req,
      res,
      req.url!,
    );
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'reptemple-web-app-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(
    path.join(dir, 'assets', 'app.js'),
    'console.log(1)\n//# sourceMappingURL=app.js.map',
  );
  await writeFile(
    path.join(dir, 'assets', 'app.js.map'),
    '{"version":3,"sources":["src/secret.ts"]}',
  );
});
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('the web app', () => {
  it('sends a Content-Security-Policy and refuses framing on its pages', async () => {
    const port = await serve(true);
    const page = await get(port, '/challenge/some-slug');
    expect(page.status).toBe(200);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain("'unsafe-eval'");
    expect(page.headers['x-frame-options']).toBe('DENY');
  });
  it('serves source maps in development only', async () => {
    expect((await get(await serve(true), '/assets/app.js.map')).status).toBe(200);
    const production = await serve(false);
    const map = await get(production, '/assets/app.js.map');
    expect(map.status).toBe(404);
    expect(map.body).not.toContain('secret.ts');
    expect((await get(production, '/assets/app.js')).status).toBe(200);
  });
  it.each(['/%E0%A4%A', '/assets/%ZZ', '/%00', '/assets/app.js%00.map', '/%C0%AF'])(
    'answers a malformed path %s with 400, not 500',
    async (rawPath) => {
      const answer = await get(await serve(true), rawPath);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'bad_path' });
    },
  );
  it('lets the app call the public URL when it has one', () => {
    expect(contentSecurityPolicy(connectOriginsFor('https://reptemple.example/x'))).toContain(
      "connect-src 'self' blob: https://reptemple.example wss://reptemple.example",
    );
  });
});

describe('the Host header policy', () => {
  const lanAddress = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && !address.internal && address.family === 'IPv4')?.address;

  it('reads host names the way browsers send them', () => {
    expect(hostNameOf('LocalHost:54321')).toBe('localhost');
    expect(hostNameOf('[::1]:80')).toBe('::1');
    expect(hostNameOf('example.test.')).toBe('example.test');
    for (const bad of [undefined, '', 'a b', 'evil.test/x', 'user@evil.test', '[::1']) {
      expect(hostNameOf(bad), String(bad)).toBeUndefined();
    }
  });
  it('on loopback: loopback names, the public URL and ALLOWED_HOSTS; never a rebinding name', () => {
    const policy = createHostPolicy({
      publicUrl: 'https://reptemple.example',
      listenHost: '127.0.0.1',
      allowedHosts: ['booth.local'],
    });
    for (const host of [
      'localhost:54321',
      '127.0.0.1',
      '[::1]:1',
      'app.localhost',
      'reptemple.example',
      'booth.local:8080',
    ]) {
      expect(policy.accept(host), host).toBeDefined();
    }
    for (const host of [
      'evil.test',
      'evil.test:54321',
      'localhost.evil.test',
      '10.0.0.1',
      undefined,
    ]) {
      expect(policy.accept(host), String(host)).toBeUndefined();
    }
    if (lanAddress) expect(policy.accept(lanAddress)).toBeUndefined();
  });
  it("on every interface (--host 0.0.0.0, phones on the LAN): also this machine's addresses", () => {
    const policy = createHostPolicy({
      publicUrl: undefined,
      listenHost: '0.0.0.0',
      allowedHosts: [],
    });
    if (lanAddress) expect(policy.accept(`${lanAddress}:54321`)).toBe(lanAddress);
    expect(policy.accept('localhost')).toBe('localhost');
    expect(policy.accept('evil.test')).toBeUndefined();
  });
  it('builds the server URL from configuration, not from the header', () => {
    expect(serverUrlFor('192.168.1.5', 54321, undefined)).toBe('http://192.168.1.5:54321');
    expect(serverUrlFor('::1', 80, undefined)).toBe('http://[::1]:80');
    expect(serverUrlFor('localhost', 54321, 'https://reptemple.example')).toBe(
      'https://reptemple.example',
    );
  });
});
