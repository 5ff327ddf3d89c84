import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
  '.task': 'application/octet-stream',
};

/** What the server does for one job: hand out its frames, take in its results. */
export interface JobHandlers {
  /** Answers the page's request for up to `count` frames from number `index` (0-based). */
  serveFrames(index: number, count: number, response: ServerResponse): void;
  /** Receives a batch of results (a JSON body) the page posted, in the order it posted them. */
  acceptResults(body: string): void;
  /** Answers the job's whole video file, for a page that decodes it itself. */
  serveVideo?(response: ServerResponse): void;
}

/**
 * The HTTP server on 127.0.0.1 that feeds the inference pages: the page bundle and wasm runtime,
 * the model bundle, each job's decoded frames, one request per frame (`frames/<job>/<index>`), and
 * the results the page posts back (`results/<job>`): plain HTTP, so no per-frame DevTools traffic. Every path starts with a random token so no
 * other local process can guess its way into a job.
 */
export class LoopbackServer {
  private readonly jobs = new Map<string, JobHandlers>();
  private readonly files = new Map<string, Buffer>();
  private readonly token = randomBytes(12).toString('hex');
  private server: Server | undefined;
  private origin = '';

  constructor(
    private readonly pageDir: string,
    private readonly modelPath: string,
  ) {}

  /**
   * Reads the page bundle, the wasm runtime and the model into memory (~20-45 MB), so a rebuild of
   * dist/ or a replaced model file cannot pull files from under running workers.
   */
  async start(): Promise<void> {
    for (const name of readdirSync(this.pageDir, { recursive: true, encoding: 'utf8' })) {
      const path = join(this.pageDir, name);
      if (statSync(path).isFile()) this.files.set(path, readFileSync(path));
    }
    this.files.set(this.modelPath, readFileSync(this.modelPath));
    const server = createServer((request, response) => this.handle(request, response));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    this.origin = `http://127.0.0.1:${port}`;
  }

  get baseUrl(): string {
    return `${this.origin}/${this.token}`;
  }

  get pageUrl(): string {
    return `${this.baseUrl}/page/index.html`;
  }

  get wasmBaseUrl(): string {
    return `${this.baseUrl}/page/wasm`;
  }

  get modelUrl(): string {
    return `${this.baseUrl}/model.task`;
  }

  /** Where the page posts a job's results. */
  resultsUrl(jobId: string): string {
    return `${this.baseUrl}/results/${jobId}`;
  }

  /** The job's whole video file (jobs the page decodes itself). */
  videoUrl(jobId: string): string {
    return `${this.baseUrl}/video/${jobId}`;
  }

  /** Base URL of a job's frames; the page appends `/<index>`. */
  framesUrl(jobId: string): string {
    return `${this.baseUrl}/frames/${jobId}`;
  }

  registerJob(jobId: string, handlers: JobHandlers): void {
    this.jobs.set(jobId, handlers);
  }

  unregisterJob(jobId: string): void {
    this.jobs.delete(jobId);
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', this.origin);
    if (url.pathname === '/favicon.ico') {
      response.writeHead(204).end(); // Chromium asks for it; answering avoids a console error
      return;
    }
    const prefix = `/${this.token}/`;
    if (!url.pathname.startsWith(prefix)) {
      this.fail(response, 403, 'unknown token');
      return;
    }
    const route = url.pathname.slice(prefix.length);
    if (route.startsWith('frames/')) {
      const [jobId = '', index = ''] = route.slice('frames/'.length).split('/');
      const handler = this.jobs.get(jobId);
      if (!handler || !/^\d+$/.test(index)) {
        this.fail(response, 404, 'no such job or frame');
        return;
      }
      const count = Number(url.searchParams.get('count') ?? '1');
      handler.serveFrames(
        Number(index),
        Number.isInteger(count) && count > 0 ? count : 1,
        response,
      );
      return;
    }
    if (route.startsWith('video/')) {
      const handler = this.jobs.get(route.slice('video/'.length));
      if (!handler?.serveVideo) {
        this.fail(response, 404, 'no such job');
        return;
      }
      handler.serveVideo(response);
      return;
    }
    if (route.startsWith('results/') && request.method === 'POST') {
      const handler = this.jobs.get(route.slice('results/'.length));
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (!handler) {
          this.fail(response, 404, 'no such job');
          return;
        }
        handler.acceptResults(Buffer.concat(chunks).toString('utf8'));
        response.writeHead(204).end();
      });
      return;
    }
    if (route === 'model.task') {
      this.sendFile(response, this.modelPath);
      return;
    }
    if (route.startsWith('page/')) {
      const relative = normalize(decodeURIComponent(route.slice('page/'.length)));
      if (relative.startsWith('..') || relative.includes(`${sep}..`)) {
        this.fail(response, 403, 'path escapes the page folder');
        return;
      }
      this.sendFile(response, join(this.pageDir, relative));
      return;
    }
    this.fail(response, 404, 'not found');
  }

  private sendFile(response: ServerResponse, path: string): void {
    const body = this.files.get(path);
    if (!body) {
      this.fail(response, 404, `missing file ${path}`);
      return;
    }
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
      'content-length': body.length,
      'cache-control': 'no-store',
    });
    response.end(body);
  }

  private fail(response: ServerResponse, status: number, message: string): void {
    response.writeHead(status, { 'content-type': 'text/plain' });
    response.end(message);
  }
}
