import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/build-app.js';
import { inControlLane } from './control-lane.js';
import { openDatabase, type DatabaseHandle } from './database.js';

/** The main pool of this test's database (PostgreSQL); SQLite has one connection anyway. */
const MAIN_POOL = 2;

describe('the control lane', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    const database =
      fresh.database.kind === 'postgres'
        ? { ...fresh.database, poolSize: MAIN_POOL, controlPoolSize: 1 }
        : fresh.database;
    handle = openDatabase(database);
  });
  afterAll(async () => {
    await handle.db.destroy();
    await drop();
  });

  /** Every main connection held by a transaction until `release`. */
  async function holdMainConnections() {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const count = handle.dialect === 'postgres' ? MAIN_POOL : 1;
    const holding: Promise<void>[] = [];
    const held: Promise<void>[] = [];
    for (let i = 0; i < count; i++) {
      let acquired!: () => void;
      holding.push(new Promise<void>((resolve) => (acquired = resolve)));
      held.push(
        handle.db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          acquired();
          await gate;
        }),
      );
    }
    await Promise.all(holding);
    return { release, held };
  }

  it('serves its calls before the calls queued for the main connections', async () => {
    const { release, held } = await holdMainConnections();
    const order: string[] = [];
    const query = (name: string) =>
      sql`select 1`.execute(handle.db).then(() => {
        order.push(name);
      });
    const queued = [query('first in line'), query('second in line')];
    const control = inControlLane(() => query('control'));
    if (handle.dialect === 'postgres') {
      // Its own connections: answered while the main ones are all held.
      await control;
      expect(order).toEqual(['control']);
    }
    release();
    await Promise.all([...held, ...queued, control]);
    expect(order[0]).toBe('control');
    // SQLite: handed the one connection first when the transaction ends, then the line in order
    // (PostgreSQL's two may answer the line in either order).
    if (handle.dialect === 'sqlite') {
      expect(order).toEqual(['control', 'first in line', 'second in line']);
    }
  });

  it('keeps the order of the calls outside it (SQLite: one connection)', async () => {
    if (handle.dialect !== 'sqlite') return;
    const { release, held } = await holdMainConnections();
    const order: number[] = [];
    const queued = [1, 2, 3].map((n) =>
      sql`select 1`.execute(handle.db).then(() => {
        order.push(n);
      }),
    );
    release();
    await Promise.all([...held, ...queued]);
    expect(order).toEqual([1, 2, 3]);
  });
});
