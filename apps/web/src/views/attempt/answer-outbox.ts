import type { AnswerValue } from '@kaoshi/shared';
import type { PendingAnswer } from './answer-merge';

const DB_NAME = 'kaoshi-attempt';
const STORE = 'outbox';

interface OutboxRow extends PendingAnswer {
  attemptId: number;
}

let opening: Promise<IDBDatabase> | undefined;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: ['attemptId', 'itemId'] });
      store.createIndex('attemptId', 'attemptId');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = undefined;
      reject(request.error ?? new Error('IndexedDB did not open'));
    };
  });
  return opening;
}

/** Runs `work` in one transaction and resolves once it has committed (the data is on disk). */
async function inTransaction<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T> | undefined,
): Promise<T | undefined> {
  const db = await database();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode, { durability: 'strict' });
    const request = work(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request?.result);
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB aborted'));
  });
}

/**
 * The answers of an attempt the server has not acknowledged, kept in the browser's IndexedDB
 * (DESIGN.md "An acknowledged answer is never lost"): one row per question holding its latest
 * value and seq, written before the answer is sent and removed only by an acknowledgement of
 * that seq or a later one, so that a reload, a crash or a night offline resends it.
 */
export const answerOutbox = {
  /** Stores the latest change of a question, replacing what it held. */
  put(attemptId: number, itemId: string, seq: number, value: AnswerValue) {
    return inTransaction('readwrite', (store) =>
      store.put({ attemptId, itemId, seq, value } satisfies OutboxRow),
    );
  },

  /** Drops a question's entry once the server holds `seq`, unless a later change replaced it. */
  async acknowledge(attemptId: number, itemId: string, seq: number) {
    await inTransaction('readwrite', (store) => {
      const read = store.get([attemptId, itemId]);
      read.onsuccess = () => {
        const row = read.result as OutboxRow | undefined;
        if (row && row.seq <= seq) store.delete([attemptId, itemId]);
      };
      return undefined;
    });
  },

  async list(attemptId: number): Promise<PendingAnswer[]> {
    const rows = await inTransaction('readonly', (store) =>
      store.index('attemptId').getAll(attemptId),
    );
    return ((rows ?? []) as OutboxRow[]).map(({ itemId, seq, value }) => ({ itemId, seq, value }));
  },
};
