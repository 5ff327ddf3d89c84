// One port for HTTPS and plain HTTP: a connection's first byte says which it speaks. A TLS
// connection opens with a handshake record (content type 22); an HTTP request opens with its
// method's first letter. The byte read is put back, and the connection handed to the HTTPS or the
// HTTP server as though it had accepted it (Node's TLS socket takes over bytes already read).

import type { Server, Socket } from 'node:net';

/** The first byte of a TLS record carrying a handshake (a ClientHello). */
const TLS_HANDSHAKE_RECORD = 22;

export interface FirstByteDispatch {
  /** Sockets still waiting for their first byte (closed at shutdown). */
  readonly waiting: ReadonlySet<Socket>;
  /** Hands a new connection to the right server once its first byte arrives. */
  accept(socket: Socket): void;
}

export function firstByteDispatch(options: {
  tls: Server;
  plain: Server;
  /** A connection silent this long is closed. ms */
  timeoutMs: number;
}): FirstByteDispatch {
  const waiting = new Set<Socket>();
  return {
    waiting,
    accept(socket) {
      waiting.add(socket);
      // A client that connects and goes away before sending anything is no error of ours.
      const onError = () => socket.destroy();
      socket.on('error', onError);
      socket.on('close', () => waiting.delete(socket));
      socket.setTimeout(options.timeoutMs, () => socket.destroy());
      socket.once('data', (chunk: Buffer) => {
        socket.pause();
        waiting.delete(socket);
        socket.setTimeout(0);
        socket.removeListener('error', onError);
        socket.unshift(chunk);
        if (chunk[0] === TLS_HANDSHAKE_RECORD) {
          // The TLS socket takes the put-back bytes and reads the connection itself from now on;
          // resuming the plain socket as well would race it for the bytes.
          options.tls.emit('connection', socket);
        } else {
          options.plain.emit('connection', socket);
          // The HTTP server reads the put-back bytes from the stream.
          socket.resume();
        }
      });
    },
  };
}
