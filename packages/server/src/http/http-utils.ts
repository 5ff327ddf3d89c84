// Helpers every route uses: JSON answers, bounded JSON bodies, the client's address.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from '../errors.js';
import { findJsonProblem, jsonProblemMessage } from './input-checks.js';

const PAYLOAD_TOO_LARGE = 413;
/** Largest JSON body accepted by the auth API. bytes */
const MAX_JSON_BODY_BYTES = 64 * 1024;

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  // A 413 leaves the rest of the body unread: the connection cannot carry another request (a
  // client reusing it had its next request reset seconds later). Close it once answered.
  const closing = status === PAYLOAD_TOO_LARGE;
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    'cache-control': 'no-store',
    ...headers,
    ...(closing ? { connection: 'close' } : {}),
  });
  if (closing) res.once('finish', () => res.req?.destroy());
  res.end(payload);
}

export function sendAppError(res: ServerResponse, error: AppError): void {
  sendJson(res, error.status, { error: error.message, ...error.toJSON() });
}

export async function readJsonBody(
  req: IncomingMessage,
  maxBytes = MAX_JSON_BODY_BYTES,
): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      throw new AppError({
        code: 'request_too_large',
        status: 413,
        message: 'Request body is too large',
        expected: `at most ${maxBytes} bytes of JSON`,
        received: `more than ${maxBytes} bytes`,
      });
    }
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (error) {
    throw new AppError({
      code: 'bad_json',
      status: 400,
      message: 'Could not parse request body as JSON',
      expected: 'a JSON object',
      received: 'text that is not JSON',
      cause: error,
    });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new AppError({
      code: 'bad_json',
      status: 400,
      message: 'Request body must be a JSON object',
      expected: 'a JSON object',
      received: Array.isArray(parsed) ? 'an array' : typeof parsed,
    });
  }
  const problem = findJsonProblem(parsed);
  if (problem)
    throw new AppError({ code: 'bad_json', status: 400, ...jsonProblemMessage(problem) });
  return parsed as Record<string, unknown>;
}

/** The client's address. Behind a proxy (TRUST_PROXY), the last X-Forwarded-For entry: the one
 * the proxy added. Entries before it come from the client and are whatever it wrote (nginx's usual
 * `$proxy_add_x_forwarded_for` keeps them), so taking the first let anyone pick a new address for
 * every request and step around the per-address rate limits. */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const header = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
    const last = header?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  return req.socket.remoteAddress ?? 'unknown';
}

export function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}
