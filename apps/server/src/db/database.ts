import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Compilable,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type TransactionSettings,
  type Expression,
  type SqlBool,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { onControlLane } from './control-lane.js';
import type { Database } from './types.js';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

// COUNT(*) and other int8 values fit in a JS number here; without this pg returns strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
}

export function openDatabase(database: Config['database']): DatabaseHandle {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: database.poolSize });
    const control = new pg.Pool({
      connectionString: database.url,
      max: database.controlPoolSize ?? 3,
      // Kept open: a pause in a storm should not wait for a connection to be made.
      idleTimeoutMillis: 0,
    });
    return {
      db: new Kysely<Database>({
        dialect: new PostgresDialect({ pool: withNamedStatements(pool, control) }),
      }),
      dialect: 'postgres',
    };
  }
  if (database.file !== ':memory:') fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({
      dialect: new LanedSqliteDialect({ database: withStatementCache(sqlite) }),
    }),
    dialect: 'sqlite',
  };
}

/** SQL text of the hot queries (see `precompiled`) → the name PostgreSQL prepares it under. */
const namedStatements = new Map<string, string>();

/**
 * PostgreSQL parses and plans every unnamed statement anew, which for the session query costs
 * more than running it. The hot queries go as named statements instead: prepared once per
 * connection, then only bound and executed. A call in the control lane (control-lane.ts) takes
 * its connection from `control`, a few connections no storm of saves queues for.
 */
function withNamedStatements(pool: pg.Pool, control: pg.Pool): PostgresPool {
  return {
    end: async () => {
      await Promise.all([pool.end(), control.end()]);
    },
    async connect() {
      const client = await (onControlLane() ? control : pool).connect();
      const query = (text: unknown, values?: readonly unknown[]) => {
        const name = typeof text === 'string' ? namedStatements.get(text) : undefined;
        if (name) return client.query({ name, text: text as string, values: values as unknown[] });
        // Unnamed statements, and cursors (streaming), go through untouched.
        return client.query(text as string, values as unknown[]);
      };
      // query() returns what pg returns: a result, or the cursor it was given.
      return { release: () => client.release(), query } as unknown as PostgresPoolClient;
    },
  };
}

/**
 * SQLite has one connection, which Kysely hands out in turn (first come, first served). Here the
 * control lane's calls (control-lane.ts) come first in that line: a pause waits for the statement
 * or transaction running, not for every start and save queued behind it.
 */
class LanedSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    return new LanedDriver(super.createDriver());
  }
}

class LanedDriver implements Driver {
  private busy = false;
  private readonly waiting: (() => void)[] = [];
  private readonly controlWaiting: (() => void)[] = [];

  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection() {
    if (this.busy) {
      // Handed over by releaseConnection, still busy.
      await new Promise<void>((resolve) =>
        (onControlLane() ? this.controlWaiting : this.waiting).push(resolve),
      );
    } else {
      this.busy = true;
    }
    return this.inner.acquireConnection();
  }

  async releaseConnection(connection: DatabaseConnection) {
    await this.inner.releaseConnection(connection);
    const next = this.controlWaiting.shift() ?? this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.savepoint!(connection, name, compile);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    return this.inner.rollbackToSavepoint!(connection, name, compile);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    return this.inner.releaseSavepoint!(connection, name, compile);
  }

  destroy() {
    return this.inner.destroy();
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and preparing costs several times what running a simple
 * statement does. Reuse prepared statements by SQL text: Kysely runs one query at a time on the
 * connection, so a statement is never busy twice. Past the limit the oldest goes first.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      // Transactions take the write lock at their start: a transaction that read first and
      // wrote later would be refused (SQLITE_BUSY, no wait) whenever another process of the
      // deployment (WORKERS) wrote in between; waiting at `begin` it is never refused.
      if (text === 'begin') text = 'begin immediate';
      let statement = cache.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * For queries on the hot path of every request: builds and compiles `query` once; each call then
 * runs the same SQL with new parameter values, given in the order the query binds them.
 */
export function precompiled<Row>(db: Db, query: Compilable<Row>) {
  const compiled = query.compile();
  if (!namedStatements.has(compiled.sql)) {
    namedStatements.set(compiled.sql, `kaoshi_hot_${namedStatements.size + 1}`);
  }
  return async (...parameters: unknown[]): Promise<Row[]> => {
    if (parameters.length !== compiled.parameters.length) {
      throw new Error(
        `expected ${compiled.parameters.length} parameters, got ${parameters.length}`,
      );
    }
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

export const nowIso = () => new Date().toISOString();

/** Runs `work` in one transaction: all of it lands, or none of it does. */
/** What runs once the transaction of each `inTransaction` has committed (afterCommit). */
const commitHooks = new WeakMap<Db, (() => void)[]>();

export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  const hooks: (() => void)[] = [];
  const result = await db.transaction().execute((trx) => {
    commitHooks.set(trx, hooks);
    return work(trx);
  });
  for (const hook of hooks) hook();
  return result;
}

/**
 * Runs `hook` once what `db` wrote has committed: after its transaction when `db` is one (never,
 * if it rolls back), else at once. For news other processes act on: they must find it done.
 */
export function afterCommit(db: Db, hook: () => void) {
  const hooks = commitHooks.get(db);
  if (hooks) hooks.push(hook);
  else hook();
}

/** Escapes LIKE wildcards so a user's `%` or `_` matches itself. */
const likeContains = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Case-insensitive "contains" on both engines, with the user's % and _ matching themselves. */
export const contains = (column: string, text: string): Expression<SqlBool> =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${likeContains(text)} escape '\\'`;
