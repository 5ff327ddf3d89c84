// Static files over real HTTP: gzip for text and wasm when asked, the file as is otherwise.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFile } from '../src/http/static-files.js';

let dir: string;
let server: Server;
let port: number;
const script = `${'console.log("RepTemple");\n'.repeat(400)}`;
const video = Buffer.alloc(4096, 7);

/** A raw request (fetch would decompress silently and hide what the server sent). */
function get(
  name: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ port, path: `/${name}`, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'reptemple-static-'));
  await writeFile(path.join(dir, 'app.js'), script);
  await writeFile(path.join(dir, 'clip.mp4'), video);
  server = createServer((req, res) => {
    void serveFile(req, res, path.join(dir, req.url!.slice(1)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('static files', () => {
  it('gzips a script for a client that accepts gzip, and the body unzips to the file', async () => {
    const answer = await get('app.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(script.length / 10);
    expect(gunzipSync(answer.body).toString()).toBe(script);
  });

  it('sends the file as is without Accept-Encoding, with gzip;q=0, and for a range', async () => {
    const cases: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'gzip;q=0' },
      { range: 'bytes=0-9' },
    ];
    for (const headers of cases) {
      const answer = await get('app.js', { ...headers });
      expect(answer.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(answer.body.toString()).toBe('range' in headers ? script.slice(0, 10) : script);
    }
  });

  it('never compresses videos (already compressed, and players need byte ranges)', async () => {
    const answer = await get('clip.mp4', { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
    expect(answer.body.equals(video)).toBe(true);
  });

  it('answers HEAD with the compressed length and no body', async () => {
    const full = await get('app.js', { 'accept-encoding': 'gzip' });
    const head = await get('app.js', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.body.length).toBe(0);
  });
});
