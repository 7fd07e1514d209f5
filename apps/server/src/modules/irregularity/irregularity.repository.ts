import type { Db } from '../../db/database.js';
import { candidateRows } from '../exam/candidate.repository.js';

/** Who a user is on a record: their nickname, else their login name. */
const person = (nick: string | null, name: string | null) => nick || name || '';
export { person };

/** Irregularities and the candidates they concern (docs/features/irregularities.md). */
export class IrregularityRepository {
  constructor(private readonly db: Db) {}

  /** The named candidates of the exam with their batch, room, seat and attempt. */
  candidates(examId: number, studentIds: number[]) {
    if (studentIds.length === 0) return Promise.resolve([]);
    return candidateRows(this.db)
      .select([
        'c.student_id',
        'c.class_id',
        'c.room_id',
        'c.seat_number',
        's.name',
        's.ticket_number',
        'a.id as attempt_id',
        'a.deadline',
        'a.finished_at',
        'a.finish_reason',
      ])
      .where('c.exam_id', '=', examId)
      .where('c.student_id', 'in', studentIds)
      .execute();
  }

  async add(row: {
    examId: number;
    roomId: number | null;
    category: string;
    note: string;
    action: string;
    reason: string;
    by: number;
    at: string;
  }): Promise<number> {
    const inserted = await this.db
      .insertInto('exam_irregularities')
      .values({
        exam_id: row.examId,
        room_id: row.roomId,
        category: row.category,
        note: row.note,
        action: row.action,
        reason: row.reason,
        recorded_by: row.by,
        recorded_at: row.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  async addCandidates(
    rows: {
      irregularity_id: number;
      student_id: number;
      attempt_id: number | null;
      remaining_ms: number | null;
    }[],
  ) {
    if (rows.length > 0) {
      await this.db.insertInto('exam_irregularity_candidates').values(rows).execute();
    }
  }

  /** The exam's records, newest first; `roomIds`: only those rooms' (null: all). */
  list(examId: number, roomIds: number[] | null) {
    let query = this.db
      .selectFrom('exam_irregularities as i')
      .innerJoin('users as u', 'u.id', 'i.recorded_by')
      .leftJoin('users as r', 'r.id', 'i.reversed_by')
      .leftJoin('venue_rooms as room', 'room.id', 'i.room_id')
      .selectAll('i')
      .select([
        'u.nick_name as recorder_nick',
        'u.name as recorder_name',
        'r.nick_name as reverser_nick',
        'r.name as reverser_name',
        'room.name as room_name',
      ])
      .where('i.exam_id', '=', examId);
    if (roomIds) query = query.where('i.room_id', 'in', roomIds.length ? roomIds : [-1]);
    return query.orderBy('i.id', 'desc').execute();
  }

  one(id: number) {
    return this.db
      .selectFrom('exam_irregularities')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The candidates of these records, with names and seats. */
  candidatesOf(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('exam_irregularity_candidates as ic')
      .innerJoin('exam_irregularities as i', 'i.id', 'ic.irregularity_id')
      .innerJoin('students as s', 's.id', 'ic.student_id')
      .leftJoin('exam_candidates as c', (join) =>
        join.onRef('c.exam_id', '=', 'i.exam_id').onRef('c.student_id', '=', 'ic.student_id'),
      )
      .select([
        'ic.irregularity_id',
        'ic.student_id',
        'ic.attempt_id',
        'ic.remaining_ms',
        's.name',
        's.ticket_number',
        'c.seat_number',
        'c.class_id',
        'c.room_id',
      ])
      .where('ic.irregularity_id', 'in', ids)
      .orderBy('c.seat_number')
      .orderBy('s.ticket_number')
      .execute();
  }

  /** Marks a record reversed, unless another chief did first; answers whether it did. */
  async reverse(id: number, by: number, at: string, reason: string): Promise<boolean> {
    const result = await this.db
      .updateTable('exam_irregularities')
      .set({ reversed_by: by, reversed_at: at, reverse_reason: reason })
      .where('id', '=', id)
      .where('reversed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
