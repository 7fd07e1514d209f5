import type { Db } from '../db/database.js';

const FINISHED = ['done', 'failed'];

/** The queries behind import jobs (import-job.ts). */
export class ImportJobRepository {
  constructor(private readonly db: Db) {}

  async insert(job: { kind: string; action: string; ownerId: number; now: string }) {
    const row = await this.db
      .insertInto('import_jobs')
      .values({
        kind: job.kind,
        action: job.action,
        owner_id: job.ownerId,
        phase: 'check',
        done: 0,
        total: 0,
        result: null,
        error: null,
        created_at: job.now,
        updated_at: job.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  find(id: number) {
    return this.db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A running job's progress and heartbeat; never undoes its end, nor moves it back. */
  async progress(id: number, state: { phase: string; done: number; total: number }, now: string) {
    await this.db
      .updateTable('import_jobs')
      .set({ phase: state.phase, done: state.done, total: state.total, updated_at: now })
      .where('id', '=', id)
      .where('phase', 'not in', FINISHED)
      .execute();
  }

  /** A job's end, once: the first end written stays. */
  async finish(
    id: number,
    end: { phase: 'done' | 'failed'; result: string | null; error: string | null },
    now: string,
  ) {
    await this.db
      .updateTable('import_jobs')
      .set({ ...end, updated_at: now })
      .where('id', '=', id)
      .where('phase', 'not in', FINISHED)
      .execute();
  }

  /** Ends a running job whose heartbeat is older than `before` as failed. */
  async failSilent(id: number, before: string, error: string, now: string) {
    await this.db
      .updateTable('import_jobs')
      .set({ phase: 'failed', error, updated_at: now })
      .where('id', '=', id)
      .where('phase', 'not in', FINISHED)
      .where('updated_at', '<', before)
      .execute();
  }

  /** Jobs with no sign of life since `before`: finished long ago, or dead long ago. */
  async deleteOlderThan(before: string) {
    await this.db.deleteFrom('import_jobs').where('updated_at', '<', before).execute();
  }
}
