import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { candidateRows } from '../exam/candidate.repository.js';
import type { Placement } from './seat-plan.js';

/** Rows per CASE update: three parameters each, well under either engine's limit. */
const ASSIGN_CHUNK = 500;

/** An exam's seat plan: its rooms in order, each candidate's room and seat, the invigilators. */
export class SeatPlanRepository {
  constructor(private readonly db: Db) {}

  /** The exam's candidates in ticket order, with their batch. */
  toSeat(examId: number) {
    return candidateRows(this.db)
      .select(['c.id', 'c.class_id'])
      .where('c.exam_id', '=', examId)
      .orderBy('s.ticket_number')
      .orderBy('c.id')
      .execute();
  }

  /** The rooms of the plan in their order, with their venue. */
  planRooms(examId: number) {
    return this.db
      .selectFrom('exam_rooms as er')
      .innerJoin('venue_rooms as r', 'r.id', 'er.room_id')
      .innerJoin('venues as v', 'v.id', 'r.venue_id')
      .select([
        'r.id',
        'r.name',
        'r.seats',
        'r.ip_allow_list',
        'r.venue_id',
        'v.name as venue_name',
        'er.sort',
      ])
      .where('er.exam_id', '=', examId)
      .orderBy('er.sort')
      .execute();
  }

  /** Every candidate with their room and seat, names and batch (`own`: only those batches named). */
  seated(examId: number) {
    return candidateRows(this.db)
      .select([
        'c.student_id',
        'c.class_id',
        'c.room_id',
        'c.seat_number',
        's.name',
        's.ticket_number',
        'cl.name as class_name',
      ])
      .where('c.exam_id', '=', examId)
      .orderBy('c.seat_number')
      .orderBy('s.ticket_number')
      .execute();
  }

  /** Replaces the plan: the rooms in order, every candidate placed (the rest in no room). */
  async replace(examId: number, roomIds: number[], placements: Placement[]) {
    await this.db
      .updateTable('exam_candidates')
      .set({ room_id: null })
      .where('exam_id', '=', examId)
      .execute();
    for (let i = 0; i < placements.length; i += ASSIGN_CHUNK) {
      const chunk = placements.slice(i, i + ASSIGN_CHUNK);
      const cases = (value: (p: Placement) => number) =>
        sql.join(
          chunk.map((p) => sql`when ${p.id} then cast(${value(p)} as integer)`),
          sql` `,
        );
      await sql`
        update exam_candidates
        set room_id = case id ${cases((p) => p.roomId)} end,
          seat_number = case id ${cases((p) => p.seat)} end
        where id in (${sql.join(chunk.map((p) => p.id))})
      `.execute(this.db);
    }
    await this.db
      .deleteFrom('exam_room_invigilators')
      .where('exam_id', '=', examId)
      .where('room_id', 'not in', roomIds)
      .execute();
    await this.db.deleteFrom('exam_rooms').where('exam_id', '=', examId).execute();
    await this.db
      .insertInto('exam_rooms')
      .values(roomIds.map((roomId, sort) => ({ exam_id: examId, room_id: roomId, sort })))
      .execute();
  }

  /** Locks the rooms for this transaction: two exams planning one room check it in turn. */
  async lockRooms(roomIds: number[]) {
    await this.db
      .selectFrom('venue_rooms')
      .select('id')
      .where('id', 'in', roomIds)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /**
   * Other published exams whose plan holds one of `roomIds` in a window overlapping
   * [startAt, endAt) (a room hosts one exam at a time), earliest first.
   */
  roomClashes(examId: number, roomIds: number[], startAt: string, endAt: string) {
    return this.db
      .selectFrom('exam_rooms as er')
      .innerJoin('exams as e', 'e.id', 'er.exam_id')
      .innerJoin('venue_rooms as r', 'r.id', 'er.room_id')
      .select([
        'r.id as room_id',
        'r.name as room_name',
        'e.id',
        'e.name',
        'e.start_at',
        'e.end_at',
      ])
      .where('er.room_id', 'in', roomIds)
      .where('er.exam_id', '!=', examId)
      .where('e.status', '=', 'published')
      .where('e.start_at', '<', endAt)
      .where('e.end_at', '>', startAt)
      .orderBy('e.start_at')
      .orderBy('e.id')
      .execute();
  }

  /** One candidate of the exam with what the checks and the record name. */
  candidate(examId: number, studentId: number) {
    return candidateRows(this.db)
      .select([
        'c.id',
        'c.class_id',
        'c.status',
        'c.room_id',
        'c.seat_number',
        's.name',
        's.ticket_number',
      ])
      .where('c.exam_id', '=', examId)
      .where('c.student_id', '=', studentId)
      .executeTakeFirst();
  }

  /** Who holds the seat of the room in the exam. */
  occupant(examId: number, roomId: number, seat: number) {
    return candidateRows(this.db)
      .select(['c.id', 's.name', 's.ticket_number'])
      .where('c.exam_id', '=', examId)
      .where('c.room_id', '=', roomId)
      .where('c.seat_number', '=', seat)
      .executeTakeFirst();
  }

  async move(candidateId: number, roomId: number, seat: number) {
    await this.db
      .updateTable('exam_candidates')
      .set({ room_id: roomId, seat_number: seat })
      .where('id', '=', candidateId)
      .execute();
  }

  /** Adds the room at the end of the plan unless it is in it. */
  async includeRoom(examId: number, roomId: number) {
    const rows = await this.db
      .selectFrom('exam_rooms')
      .select(['room_id', 'sort'])
      .where('exam_id', '=', examId)
      .execute();
    if (rows.some((row) => row.room_id === roomId)) return;
    const sort = rows.reduce((max, row) => Math.max(max, row.sort + 1), 0);
    await this.db
      .insertInto('exam_rooms')
      .values({ exam_id: examId, room_id: roomId, sort })
      .execute();
  }

  /** The invigilators of the exam's rooms, with their names. */
  invigilators(examId: number) {
    return this.db
      .selectFrom('exam_room_invigilators as i')
      .innerJoin('users as u', 'u.id', 'i.user_id')
      .select(['i.room_id', 'u.id', 'u.name', 'u.nick_name'])
      .where('i.exam_id', '=', examId)
      .orderBy('u.name')
      .execute();
  }

  async setInvigilators(examId: number, roomId: number, userIds: number[]) {
    await this.db
      .deleteFrom('exam_room_invigilators')
      .where('exam_id', '=', examId)
      .where('room_id', '=', roomId)
      .execute();
    if (userIds.length === 0) return;
    await this.db
      .insertInto('exam_room_invigilators')
      .values(userIds.map((userId) => ({ exam_id: examId, room_id: roomId, user_id: userId })))
      .execute();
  }
}
