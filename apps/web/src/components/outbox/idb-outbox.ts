/** One change the server has not acknowledged: an item's latest value and its sequence number. */
export interface OutboxEntry<Item extends IDBValidKey, Value> {
  itemId: Item;
  seq: number;
  value: Value;
  /** When the change was made, on the server's clock as the page counted it (ISO), if given. */
  at?: string;
}

/**
 * Changes the server has not acknowledged, kept in the browser's IndexedDB (DESIGN.md "An
 * acknowledged answer is never lost"): one row per owner (an attempt, an examiner's sheet) and
 * item holding its latest value and seq, written before the change is sent and removed only by
 * an acknowledgement of that seq or a later one, so that a reload, a crash or a night offline
 * resends it. `ownerKey` names the owner's field in the stored rows (kept as the exam first
 * stored them, so an outbox written before an update still reads).
 */
export function idbOutbox<Item extends IDBValidKey, Value>(dbName: string, ownerKey: string) {
  const STORE = 'outbox';
  let opening: Promise<IDBDatabase> | undefined;

  function database(): Promise<IDBDatabase> {
    opening ??= new Promise((resolve, reject) => {
      const request = indexedDB.open(dbName, 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore(STORE, { keyPath: [ownerKey, 'itemId'] });
        store.createIndex(ownerKey, ownerKey);
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

  type Row = OutboxEntry<Item, Value> & Record<string, unknown>;

  return {
    /** Stores the latest change of an item, replacing what it held; `at`: when it was made. */
    put(ownerId: number, itemId: Item, seq: number, value: Value, at?: string) {
      return inTransaction('readwrite', (store) =>
        store.put({ [ownerKey]: ownerId, itemId, seq, value, ...(at ? { at } : {}) }),
      );
    },

    /** Drops an item's entry once the server holds `seq`, unless a later change replaced it. */
    async acknowledge(ownerId: number, itemId: Item, seq: number) {
      await inTransaction('readwrite', (store) => {
        const read = store.get([ownerId, itemId]);
        read.onsuccess = () => {
          const row = read.result as Row | undefined;
          if (row && row.seq <= seq) store.delete([ownerId, itemId]);
        };
        return undefined;
      });
    },

    async list(ownerId: number): Promise<OutboxEntry<Item, Value>[]> {
      const rows = await inTransaction('readonly', (store) =>
        store.index(ownerKey).getAll(ownerId),
      );
      return ((rows ?? []) as Row[]).map(({ itemId, seq, value, at }) =>
        at ? { itemId, seq, value, at } : { itemId, seq, value },
      );
    },
  };
}
