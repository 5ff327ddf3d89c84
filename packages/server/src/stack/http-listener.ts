// The server's one port. It listens before anything else starts, so a port in use is found before
// the database starts; until the stack is ready every request is answered 503. It counts requests
// in flight so that shutdown can let them finish. With TLS, the port speaks HTTPS and plain HTTP
// both, told apart by a connection's first byte (tls/first-byte.ts): the app answers over HTTPS,
// and plain HTTP gets its own handler (the HTTPS address, tls/plain-http.ts).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { createServer as createNetServer, type Server as NetServer } from 'node:net';
import type { ServerConfig } from '../config.js';
import { FIRST_BYTE_TIMEOUT_MS, SHUTDOWN_DRAIN_TIMEOUT_MS } from '../constants.js';
import { describeError, StartupError } from '../errors.js';
import { sendJson } from '../http/http-utils.js';
import type { Logger } from '../log.js';
import { firstByteDispatch } from '../tls/first-byte.js';

/** A slow phone uploading a 5-minute video takes a while. ms */
const REQUEST_TIMEOUT_MS = 10 * 60 * 1000;

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface ListenerTls {
  /** PEM, the chain after the server's certificate. */
  cert: string;
  key: string;
  /** Answers plain HTTP sent to the port. */
  plainHttp: RequestHandler;
}

export interface HttpListener {
  /** The port listened on (the one the OS chose for port 0). */
  port: number;
  /** Starts answering with the app (until then: 503). */
  setHandler(handler: RequestHandler): void;
  /** Serves another certificate from the next connection on (renewed, or a new address). Only
   * with TLS. */
  setCertificate(certificate: { cert: string; key: string }): void;
  readonly shuttingDown: boolean;
  readonly inFlight: number;
  /** Stops accepting connections, waits for requests in flight (at most the drain timeout), then
   * closes every connection. */
  close(log: Logger): Promise<void>;
}

export async function listen(config: ServerConfig, tls?: ListenerTls): Promise<HttpListener> {
  let handler: RequestHandler | undefined;
  let shuttingDown = false;
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const countInFlight = (res: ServerResponse) => {
    inFlight++;
    res.on('close', () => {
      inFlight--;
      if (inFlight === 0) drained?.();
    });
    if (shuttingDown) res.setHeader('connection', 'close');
  };
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    countInFlight(res);
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
  };

  // The servers that answer requests; with TLS they do not listen themselves (the port's server
  // hands them connections), so their timeouts and connection tracking are started by hand, as
  // listening would start them.
  const app: Server | HttpsServer = tls
    ? createHttpsServer({ cert: tls.cert, key: tls.key, minVersion: 'TLSv1.2' }, onRequest)
    : createServer(onRequest);
  const plain: Server | undefined = tls
    ? createServer((req, res) => {
        countInFlight(res);
        void tls.plainHttp(req, res);
      })
    : undefined;
  for (const server of [app, plain]) {
    if (!server) continue;
    server.requestTimeout = REQUEST_TIMEOUT_MS;
    if (tls) server.emit('listening');
  }
  const dispatch =
    tls && plain
      ? firstByteDispatch({ tls: app, plain, timeoutMs: FIRST_BYTE_TIMEOUT_MS })
      : undefined;
  // The server that holds the port.
  const server: NetServer = dispatch
    ? createNetServer({ noDelay: true }, (socket) => dispatch.accept(socket))
    : app;
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
    setCertificate(certificate) {
      if (!tls) throw new Error('setCertificate needs a listener started with TLS');
      (app as HttpsServer).setSecureContext({
        cert: certificate.cert,
        key: certificate.key,
        minVersion: 'TLSv1.2',
      });
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
      for (const socket of dispatch?.waiting ?? []) socket.destroy();
      app.closeIdleConnections();
      plain?.closeIdleConnections();
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          drained = resolve;
          setTimeout(() => {
            log.warn('shutdown_drain_timeout', { inFlight, timeoutMs: SHUTDOWN_DRAIN_TIMEOUT_MS });
            resolve();
          }, SHUTDOWN_DRAIN_TIMEOUT_MS).unref();
        });
      }
      app.closeAllConnections();
      plain?.closeAllConnections();
      if (dispatch) {
        // They never listened: stop their connection checks, which listening's close would stop.
        app.close();
        plain?.close();
      }
    },
  };
}
