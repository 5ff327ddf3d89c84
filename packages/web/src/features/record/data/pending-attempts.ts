// Finished attempts kept on the device (IndexedDB) until they are saved: a reload, a closed tab or
// a failed upload never loses one. Saved when the recording finishes; removed when its row is in
// the database with its video (or the database refused it for good). An attempt saved without its
// video keeps its recording id until the video is sent again.

import type { FinishedAttempt } from '../logic/submission';

const DB_NAME = 'reptemple-record';
const DB_VERSION = 1;
const STORE = 'attempts';

export interface PendingAttempt {
  attempt: FinishedAttempt;
  video: Blob;
  mimeType: string;
  /** Set once the row is saved without its video. */
  recordingId: string | null;
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
  });
}

async function withStore<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openDatabase();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB aborted'));
    });
  } finally {
    db.close();
  }
}

export async function savePendingAttempt(pending: PendingAttempt): Promise<void> {
  await withStore('readwrite', (store) => store.put(pending, pending.attempt.id));
}

export async function removePendingAttempt(id: string): Promise<void> {
  await withStore('readwrite', (store) => store.delete(id));
}

/** The attempts of this participant in this challenge, oldest first. */
export async function listPendingAttempts(
  challengeId: string,
  userId: string,
): Promise<PendingAttempt[]> {
  const all = await withStore(
    'readonly',
    (store) => store.getAll() as IDBRequest<PendingAttempt[]>,
  );
  return all
    .filter(
      (pending) => pending.attempt.challengeId === challengeId && pending.attempt.userId === userId,
    )
    .sort((a, b) => a.attempt.recordedAt.localeCompare(b.attempt.recordedAt));
}
