import type { Db } from '../../db/database.js';

export interface SessionRow {
  id: number;
  name: string;
  sort: number;
  start_at: string;
  end_at: string;
}

/** An exam's sessions (场次, docs/features/venues.md "Sessions") and who sits in each. */
export class ExamSessionRepository {
  constructor(private readonly db: Db) {}

  /** The exam's sessions in order. */
  list(examId: number): Promise<SessionRow[]> {
    return this.db
      .selectFrom('exam_sessions')
      .select(['id', 'name', 'sort', 'start_at', 'end_at'])
      .where('exam_id', '=', examId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** How many candidates each session holds. */
  async candidateCounts(examId: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('exam_candidates')
      .select(['session_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('exam_id', '=', examId)
      .where('session_id', 'is not', null)
      .groupBy('session_id')
      .execute();
    return new Map(rows.map((row) => [row.session_id!, Number(row.n)]));
  }

  async update(id: number, values: Omit<SessionRow, 'id'>) {
    await this.db.updateTable('exam_sessions').set(values).where('id', '=', id).execute();
  }

  async insert(examId: number, values: Omit<SessionRow, 'id'>) {
    await this.db
      .insertInto('exam_sessions')
      .values({ exam_id: examId, ...values })
      .execute();
  }

  /**
   * Drops the sessions named: their candidates leave the session and their seat (a room is
   * seated per session), to be planned or moved again.
   */
  async remove(examId: number, ids: number[]) {
    if (ids.length === 0) return;
    await this.db
      .updateTable('exam_candidates')
      .set({ session_id: null, room_id: null })
      .where('exam_id', '=', examId)
      .where('session_id', 'in', ids)
      .execute();
    // Their invigilators and room starts go with them (migration 0027).
    for (const table of ['exam_room_invigilators', 'exam_room_session_starts'] as const) {
      await this.db.deleteFrom(table).where('session_id', 'in', ids).execute();
    }
    await this.db.deleteFrom('exam_sessions').where('id', 'in', ids).execute();
  }

  /**
   * No sessions any more: candidates seated in a session keep their room but may now collide
   * on a seat; they are unseated, as after removing their session.
   */
  async clearAll(examId: number) {
    const ids = (await this.list(examId)).map((row) => row.id);
    await this.remove(examId, ids);
  }
}
