import type { AttemptView, ClientEventType, SavedAnswer, SessionUser } from '@kaoshi/shared';
import type { ServerClock } from './offline-clock';

/** The session the page was opened in, so that a reload offline can open the exam page. */
export interface KeptSession {
  user: SessionUser;
  roles: string[];
  permissions: string[];
}

/** An attempt's paper as the server delivered it (no keys: only what the page rendered). */
export interface KeptPaper {
  attemptId: number;
  view: AttemptView;
  session: KeptSession | null;
}

/** An answer the server acknowledged (the outbox lets it go then): what the paper shows. */
export interface KeptAnswer extends SavedAnswer {
  attemptId: number;
}

export interface KeptClock extends ServerClock {
  attemptId: number;
}

/** An integrity event raised offline: sent with its time when the network returns. */
export interface QueuedEvent {
  /** Unique, and ordered as the events were raised. */
  key: string;
  attemptId: number;
  type: ClientEventType;
  /** On the server's clock, as the page counted it (ISO). */
  at: string;
}

/** One object store: rows by their key (see keyOf). */
export interface Table<Row> {
  get(key: IDBValidKey): Promise<Row | undefined>;
  put(row: Row): Promise<void>;
  delete(key: IDBValidKey): Promise<void>;
  all(): Promise<Row[]>;
}

export interface OfflineTables {
  papers: Table<KeptPaper>;
  answers: Table<KeptAnswer>;
  clocks: Table<KeptClock>;
  events: Table<QueuedEvent>;
}

type Name = keyof OfflineTables;
const KEY_PATHS: Record<Name, string | string[]> = {
  papers: 'attemptId',
  answers: ['attemptId', 'itemId'],
  clocks: 'attemptId',
  events: 'key',
};

/**
 * The exam page's offline copies in IndexedDB (`kaoshi-offline`, apart from the answer outbox):
 * each write resolves once committed.
 */
export function idbTables(): OfflineTables {
  let opening: Promise<IDBDatabase> | undefined;
  function database(): Promise<IDBDatabase> {
    opening ??= new Promise((resolve, reject) => {
      const request = indexedDB.open('kaoshi-offline', 1);
      request.onupgradeneeded = () => {
        for (const [name, keyPath] of Object.entries(KEY_PATHS)) {
          request.result.createObjectStore(name, { keyPath });
        }
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        opening = undefined;
        reject(request.error ?? new Error('IndexedDB did not open'));
      };
    });
    return opening;
  }
  async function run<T>(
    name: Name,
    mode: IDBTransactionMode,
    work: (store: IDBObjectStore) => IDBRequest,
  ): Promise<T> {
    const db = await database();
    return new Promise((resolve, reject) => {
      const transaction = db.transaction(name, mode, { durability: 'strict' });
      const request = work(transaction.objectStore(name));
      transaction.oncomplete = () => resolve(request.result as T);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB aborted'));
    });
  }
  const table = <Row>(name: Name): Table<Row> => ({
    get: (key) => run(name, 'readonly', (store) => store.get(key)),
    put: (row) => run(name, 'readwrite', (store) => store.put(row)),
    delete: (key) => run(name, 'readwrite', (store) => store.delete(key)),
    all: () => run(name, 'readonly', (store) => store.getAll()),
  });
  return {
    papers: table('papers'),
    answers: table('answers'),
    clocks: table('clocks'),
    events: table('events'),
  };
}

/** The same tables in memory (the unit tests; a browser refusing IndexedDB keeps nothing). */
export function memoryTables(): OfflineTables {
  const table = <Row extends object>(name: Name): Table<Row> => {
    const rows = new Map<string, Row>();
    const keyPath = KEY_PATHS[name];
    const id = (key: IDBValidKey) => JSON.stringify(key);
    const keyOf = (row: Row) => {
      const fields = row as Record<string, IDBValidKey>;
      return Array.isArray(keyPath) ? keyPath.map((field) => fields[field]!) : fields[keyPath]!;
    };
    return {
      get: async (key) => structuredClone(rows.get(id(key))),
      put: async (row) => void rows.set(id(keyOf(row)), structuredClone(row)),
      delete: async (key) => void rows.delete(id(key)),
      all: async () => [...rows.values()].map((row) => structuredClone(row)),
    };
  };
  return {
    papers: table('papers'),
    answers: table('answers'),
    clocks: table('clocks'),
    events: table('events'),
  };
}
