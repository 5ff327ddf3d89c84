// The verification thread's own side (built to dist/verification-thread.js): starts the worker
// with the data it was given, sends its logs and its child processes' pids to the thread that
// started it, and stops the worker when told to. See verification-thread.ts.

import { parentPort, workerData } from 'node:worker_threads';
import type { VerifierLogger } from '../log.js';
import type {
  SerializedError,
  VerificationThreadCommand,
  VerificationThreadData,
  VerificationThreadMessage,
} from './verification-thread.js';
import { startVerificationWorker } from './verification-worker.js';

const port = parentPort!;
const send = (message: VerificationThreadMessage) => port.postMessage(message);

function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name,
    message: error.message,
    ...(typeof code === 'string' ? { code } : {}),
    ...(error.stack ? { stack: error.stack } : {}),
  };
}

/** Fields as they can cross to the other thread: errors as plain objects. */
function plainFields(fields?: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!fields) return undefined;
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      value instanceof Error ? serializeError(value) : value,
    ]),
  );
}

const log: VerifierLogger = {
  debug: (event, fields) =>
    send({ kind: 'log', level: 'debug', event, fields: plainFields(fields) }),
  info: (event, fields) => send({ kind: 'log', level: 'info', event, fields: plainFields(fields) }),
  warn: (event, fields) => send({ kind: 'log', level: 'warn', event, fields: plainFields(fields) }),
  error: (event, fields) =>
    send({ kind: 'log', level: 'error', event, fields: plainFields(fields) }),
};

const data = workerData as VerificationThreadData;
try {
  const worker = await startVerificationWorker({
    databaseUrl: data.databaseUrl,
    media: data.media,
    workers: data.workers,
    log,
    ...(data.ffmpegPath ? { ffmpegPath: data.ffmpegPath } : {}),
    onChildProcess: (pid) => send({ kind: 'child_process', pid }),
  });
  port.on('message', (command: VerificationThreadCommand) => {
    if (command.kind !== 'stop') return;
    worker.stop().then(
      () => send({ kind: 'stopped' }),
      (error: unknown) => {
        log.error('verifier_stop_failed', { error });
        send({ kind: 'stopped' });
      },
    );
  });
  send({ kind: 'started' });
} catch (error) {
  send({ kind: 'start_failed', error: serializeError(error) });
}
