// The verification worker on a thread of its own (reptemple-server --workers N). A verification
// streams the video's frames between ffmpeg and headless Chromium, analyses them, reads ~290 MB of
// pictures a minute for the contact sheets and draws them: on the server's own event loop that
// work and the garbage collections of its buffers held the API's requests for 50-530 ms at a time
// (docs/benchmarks.md, "Event day"). A worker thread has its own event loop and heap, so the
// server's loop answers requests while a verification runs. The thread runs the very worker
// `reptemple worker` runs (startVerificationWorker), with a job queue of its own on the same
// database; logs and the pids of its child processes come back as messages.
//
//   const worker = await startVerificationWorkerThread({ databaseUrl, media, workers, log,
//     onChildProcess: (pid) => guard.watch(pid) });
//   await worker.stop();

import { Worker } from 'node:worker_threads';
import type { VerifierLogger } from '../log.js';
import type { VerificationWorker, VerificationWorkerOptions } from './verification-worker.js';

/** What crosses to the thread: plain data only. */
export interface VerificationThreadData {
  databaseUrl: string;
  media: VerificationWorkerOptions['media'];
  workers: number;
  ffmpegPath?: string;
}

/** Messages from the thread. */
export type VerificationThreadMessage =
  | { kind: 'started' }
  | { kind: 'start_failed'; error: SerializedError }
  | { kind: 'log'; level: keyof VerifierLogger; event: string; fields?: Record<string, unknown> }
  | { kind: 'child_process'; pid: number }
  | { kind: 'stopped' };

/** Messages to the thread. */
export type VerificationThreadCommand = { kind: 'stop' };

export interface SerializedError {
  name: string;
  message: string;
  code?: string;
  stack?: string;
}

export interface VerificationThreadOptions extends VerificationThreadData {
  log: VerifierLogger;
  onChildProcess?: (pid: number) => void;
}

/** ms the thread may take to stop after its jobs' own stop timeout (the queue's 30 s). */
const THREAD_STOP_MARGIN_MS = 15_000;

/** The thread's entry: dist/verification-thread.js beside this package's index.js. */
const THREAD_ENTRY = new URL('./verification-thread.js', import.meta.url);

export async function startVerificationWorkerThread(
  options: VerificationThreadOptions,
): Promise<VerificationWorker> {
  const { log } = options;
  const data: VerificationThreadData = {
    databaseUrl: options.databaseUrl,
    media: options.media,
    workers: options.workers,
    ...(options.ffmpegPath ? { ffmpegPath: options.ffmpegPath } : {}),
  };
  const thread = new Worker(THREAD_ENTRY, { workerData: data, name: 'reptemple-verifier' });
  let stopping = false;
  let stopped: (() => void) | undefined;
  const exited = new Promise<number>((resolve) => thread.once('exit', resolve));

  const started = new Promise<void>((resolve, reject) => {
    thread.on('message', (message: VerificationThreadMessage) => {
      switch (message.kind) {
        case 'started':
          resolve();
          break;
        case 'start_failed':
          reject(Object.assign(new Error(message.error.message), message.error));
          break;
        case 'log':
          log[message.level](message.event, message.fields);
          break;
        case 'child_process':
          options.onChildProcess?.(message.pid);
          break;
        case 'stopped':
          stopped?.();
          break;
      }
    });
    // An uncaught exception in the thread: in the server's own loop it would have ended the server;
    // here it ends verification in this server, which says so (other workers go on).
    thread.on('error', (error) => {
      log.error('verifier_thread_failed', { error });
      reject(error);
    });
    void exited.then((code) => {
      if (!stopping) log.error('verifier_thread_exited', { code });
      reject(new Error(`The verification thread exited with ${code} before it started.`));
    });
  });
  try {
    await started;
  } catch (error) {
    await thread.terminate();
    throw error;
  }

  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      const done = new Promise<void>((resolve) => {
        stopped = resolve;
      });
      thread.postMessage({ kind: 'stop' } satisfies VerificationThreadCommand);
      // The worker finishes its running jobs (or fails them for a retry) within the queue's stop
      // timeout; a thread stuck past it is ended.
      const timeout = new Promise<'timeout'>((resolve) =>
        setTimeout(() => resolve('timeout'), 30_000 + THREAD_STOP_MARGIN_MS).unref(),
      );
      if ((await Promise.race([done, exited.then(() => undefined), timeout])) === 'timeout') {
        log.warn('verifier_thread_stop_timeout', {});
      }
      await thread.terminate();
    },
  };
}
