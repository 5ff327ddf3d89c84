// Password hashes: bcrypt at BCRYPT_COST (Supabase Auth's hashes), computed on worker threads.
// bcryptjs is JavaScript: a hash or a comparison is ~80-230 ms of CPU on this 2-core machine, and
// its "async" functions still run on the event loop, in slices of up to 100 ms. A CPU profile of
// the server under load (docs/benchmarks.md, "Event day") showed each sign-up and sign-in holding
// every other request for that long; at an event's booth sign-ins come in bursts. The threads
// (one per core, at most PASSWORD_THREADS) start with the first request and do not keep the
// process alive.

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { BCRYPT_COST } from '../constants.js';

export type PasswordRequest =
  | { id: number; op: 'hash'; password: string; cost: number }
  | { id: number; op: 'compare'; password: string; hash: string };
export type PasswordResponse =
  | { id: number; result: string | boolean; error?: undefined }
  | { id: number; error: string };

/** Threads at most: two sign-ins hash at once on a 2-core machine, and PostgreSQL gets the rest. */
const PASSWORD_THREADS = 2;
const THREAD_ENTRY = new URL('./password-thread.js', import.meta.url);

interface HashThread {
  worker: Worker;
  pending: Map<
    number,
    { resolve: (value: string | boolean) => void; reject: (error: Error) => void }
  >;
}

const threads: HashThread[] = [];
let nextId = 0;

function startThread(): HashThread {
  const worker = new Worker(THREAD_ENTRY, { name: 'reptemple-passwords' });
  const thread: HashThread = { worker, pending: new Map() };
  worker.unref();
  worker.on('message', (response: PasswordResponse) => {
    const waiting = thread.pending.get(response.id);
    thread.pending.delete(response.id);
    if (response.error !== undefined) waiting?.reject(new Error(response.error));
    else waiting?.resolve(response.result);
  });
  const fail = (error: Error) => {
    threads.splice(threads.indexOf(thread), 1);
    for (const waiting of thread.pending.values()) waiting.reject(error);
    thread.pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (threads.includes(thread)) fail(new Error(`The password thread exited with ${code}.`));
  });
  threads.push(thread);
  return thread;
}

/** The least busy thread, starting one more while under the limit. */
function threadForNext(): HashThread {
  const idle = threads.find((thread) => thread.pending.size === 0);
  if (idle) return idle;
  if (threads.length < Math.min(PASSWORD_THREADS, availableParallelism())) return startThread();
  return threads.reduce((least, thread) =>
    thread.pending.size < least.pending.size ? thread : least,
  );
}

/** A request as it is made, before it has its id. */
type NewRequest = PasswordRequest extends infer R
  ? R extends unknown
    ? Omit<R, 'id'>
    : never
  : never;

function run(request: NewRequest): Promise<string | boolean> {
  const thread = threadForNext();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    thread.pending.set(id, { resolve, reject });
    // A thread with work to do keeps the process alive until it answers.
    thread.worker.ref();
    thread.worker.postMessage({ ...request, id } as PasswordRequest);
  }).finally(() => {
    if (thread.pending.size === 0) thread.worker.unref();
  }) as Promise<string | boolean>;
}

export async function hashPassword(password: string): Promise<string> {
  return (await run({ op: 'hash', password, cost: BCRYPT_COST })) as string;
}

export async function passwordMatches(password: string, hash: string): Promise<boolean> {
  return (await run({ op: 'compare', password, hash })) as boolean;
}
