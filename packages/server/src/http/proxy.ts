// Forwards /rest/v1 requests to PostgREST, streaming bodies both ways.

import { Agent, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { Logger } from '../log.js';
import { sendJson } from './http-utils.js';

// Keep connections to PostgREST open between requests: opening one costs more than a query. count
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
];

export function proxyRequest(
  req: IncomingMessage,
  res: ServerResponse,
  target: URL,
  pathAndQuery: string,
  log: Logger,
): Promise<void> {
  return new Promise((resolve) => {
    const headers: Record<string, string | string[] | undefined> = {
      ...req.headers,
      host: target.host,
    };
    for (const header of HOP_BY_HOP) delete headers[header];
    if (req.headers['transfer-encoding'])
      headers['transfer-encoding'] = req.headers['transfer-encoding'];
    const upstream = request(
      {
        agent,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: pathAndQuery,
        headers,
      },
      (answer) => {
        const answerHeaders = { ...answer.headers };
        for (const header of HOP_BY_HOP) delete answerHeaders[header];
        // PostgREST names itself and its version ('postgrest/12.0.2'): nothing a client needs.
        delete answerHeaders.server;
        if (answer.headers['transfer-encoding'] && !answer.headers['content-length'])
          answerHeaders['transfer-encoding'] = 'chunked';
        res.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(res);
        answer.on('end', resolve);
        answer.on('error', (error) => {
          log.warn('proxy_response_failed', { error });
          res.destroy();
          resolve();
        });
      },
    );
    upstream.on('error', (error) => {
      log.warn('proxy_upstream_failed', { error: error.message });
      if (!res.headersSent) {
        sendJson(res, 503, {
          code: 'postgrest_unavailable',
          message: 'The data API is not available right now.',
          hint: 'It restarts on its own; try again in a moment.',
        });
      } else {
        res.destroy();
      }
      resolve();
    });
    req.pipe(upstream);
  });
}

export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** One whole request to PostgREST and its whole answer (for answers the server keeps), over the
 * same kept-alive connections as proxyRequest. */
export function fetchUpstream(
  target: URL,
  call: {
    method: string;
    pathAndQuery: string;
    headers: Record<string, string | string[] | undefined>;
    body?: Buffer;
  },
): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | string[] | undefined> = {
      ...call.headers,
      host: target.host,
    };
    for (const header of [...HOP_BY_HOP, 'content-length', 'if-none-match', 'if-modified-since'])
      delete headers[header];
    if (call.body) headers['content-length'] = String(call.body.length);
    const upstream = request({
      agent,
      hostname: target.hostname,
      port: target.port,
      method: call.method,
      path: call.pathAndQuery,
      headers,
    });
    upstream.on('response', (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('error', reject);
      answer.on('end', () => {
        const answerHeaders: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value === undefined || HOP_BY_HOP.includes(name)) continue;
          // Set again for what is sent; PostgREST names itself: nothing a client needs.
          if (name === 'content-length' || name === 'server' || name === 'date') continue;
          answerHeaders[name] = value;
        }
        resolve({
          status: answer.statusCode ?? 502,
          headers: answerHeaders,
          body: Buffer.concat(chunks),
        });
      });
    });
    upstream.on('error', reject);
    upstream.end(call.body);
  });
}
