// The server's one port. It listens before anything else starts, so a port in use is found before
// the database starts; until the stack is ready every request is answered 503. It counts requests
// in flight so that shutdown can let them finish.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { ServerConfig } from '../config.js';
import { SHUTDOWN_DRAIN_TIMEOUT_MS } from '../constants.js';
import { describeError, StartupError } from '../errors.js';
import { sendJson } from '../http/http-utils.js';
import type { Logger } from '../log.js';

/** A slow phone uploading a 5-minute video takes a while. ms */
const REQUEST_TIMEOUT_MS = 10 * 60 * 1000;

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface HttpListener {
  /** The port listened on (the one the OS chose for port 0). */
  port: number;
  /** Starts answering with the app (until then: 503). */
  setHandler(handler: RequestHandler): void;
  readonly shuttingDown: boolean;
  readonly inFlight: number;
  /** Stops accepting connections, waits for requests in flight (at most the drain timeout), then
   * closes every connection. */
  close(log: Logger): Promise<void>;
}

export async function listen(config: ServerConfig): Promise<HttpListener> {
  let handler: RequestHandler | undefined;
  let shuttingDown = false;
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const server: Server = createServer((req, res) => {
    inFlight++;
    res.on('close', () => {
      inFlight--;
      if (inFlight === 0) drained?.();
    });
    if (shuttingDown) res.setHeader('connection', 'close');
    if (!handler) {
      sendJson(
        res,
        503,
        { code: 'starting', message: 'The server is starting; try again in a moment.' },
        { 'retry-after': '1' },
      );
      return;
    }
    void handler(req, res);
  });
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new StartupError({
          code: error.code === 'EADDRINUSE' ? 'port_in_use' : 'listen_failed',
          message:
            error.code === 'EADDRINUSE'
              ? `Port ${config.port} is already in use.`
              : `Cannot listen on ${config.host}:${config.port}.`,
          expected: 'a free port',
          received: describeError(error),
          hint: 'Start with --port <another port>, or stop what uses it.',
          cause: error,
        }),
      ),
    );
    server.listen(config.port, config.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  return {
    port,
    setHandler(next) {
      handler = next;
    },
    get shuttingDown() {
      return shuttingDown;
    },
    get inFlight() {
      return inFlight;
    },
    async close(log) {
      shuttingDown = true;
      server.close();
      server.closeIdleConnections();
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          drained = resolve;
          setTimeout(() => {
            log.warn('shutdown_drain_timeout', { inFlight, timeoutMs: SHUTDOWN_DRAIN_TIMEOUT_MS });
            resolve();
          }, SHUTDOWN_DRAIN_TIMEOUT_MS).unref();
        });
      }
      server.closeAllConnections();
    },
  };
}
