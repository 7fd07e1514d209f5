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
        'c.session_id',
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
      .set({ room_id: null, session_id: null })
      .where('exam_id', '=', examId)
      .execute();
    for (let i = 0; i < placements.length; i += ASSIGN_CHUNK) {
      const chunk = placements.slice(i, i + ASSIGN_CHUNK);
      const cases = (value: (p: Placement) => number | null) =>
        sql.join(
          chunk.map((p) => sql`when ${p.id} then cast(${value(p)} as integer)`),
          sql` `,
        );
      await sql`
        update exam_candidates
        set room_id = case id ${cases((p) => p.roomId)} end,
          seat_number = case id ${cases((p) => p.seat)} end,
          session_id = case id ${cases((p) => p.sessionId ?? null)} end
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
   * [startAt, endAt) (a room hosts one exam at a time), earliest first. An exam holds a room in
   * the window of each session seated in it (docs/features/venues.md "Sessions"), and in its
   * own window when candidates without a session sit in it or nobody does yet.
   */
  async roomClashes(examId: number, roomIds: number[], startAt: string, endAt: string) {
    const held = () =>
      this.db
        .selectFrom('exam_rooms as er')
        .innerJoin('exams as e', 'e.id', 'er.exam_id')
        .innerJoin('venue_rooms as r', 'r.id', 'er.room_id')
        .where('er.room_id', 'in', roomIds)
        .where('er.exam_id', '!=', examId)
        .where('e.status', '=', 'published');
    // Candidates of that exam in that room, with or without a session.
    const seatedIn = (session: 'none' | 'some') =>
      this.db
        .selectFrom('exam_candidates as c')
        .select('c.id')
        .where('c.exam_id', '=', sql.ref<number>('er.exam_id'))
        .where('c.room_id', '=', sql.ref<number>('er.room_id'))
        .where('c.session_id', session === 'none' ? 'is' : 'is not', null);
    const [whole, bySession] = await Promise.all([
      held()
        .select([
          'r.id as room_id',
          'r.name as room_name',
          'e.id',
          'e.name',
          'e.start_at',
          'e.end_at',
        ])
        .where((eb) => eb.or([eb.exists(seatedIn('none')), eb.not(eb.exists(seatedIn('some')))]))
        .where('e.start_at', '<', endAt)
        .where('e.end_at', '>', startAt)
        .execute(),
      held()
        .innerJoin('exam_sessions as ses', 'ses.exam_id', 'er.exam_id')
        .select([
          'r.id as room_id',
          'r.name as room_name',
          'e.id',
          sql<string>`${sql.ref('e.name')} || ' ' || ${sql.ref('ses.name')}`.as('name'),
          'ses.start_at',
          'ses.end_at',
        ])
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('exam_candidates as c')
              .select('c.id')
              .whereRef('c.exam_id', '=', 'er.exam_id')
              .whereRef('c.room_id', '=', 'er.room_id')
              .whereRef('c.session_id', '=', 'ses.id'),
          ),
        )
        .where('ses.start_at', '<', endAt)
        .where('ses.end_at', '>', startAt)
        .execute(),
    ]);
    return [...whole, ...bySession].sort(
      (a, b) => a.start_at.localeCompare(b.start_at) || a.id - b.id,
    );
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
        'c.session_id',
        's.name',
        's.ticket_number',
      ])
      .where('c.exam_id', '=', examId)
      .where('c.student_id', '=', studentId)
      .executeTakeFirst();
  }

  /**
   * Who holds the seat of the room in the exam; with `sessionId`, in that session (null: among
   * those without one), since a room is seated once per session.
   */
  occupant(examId: number, roomId: number, seat: number, sessionId?: number | null) {
    let query = candidateRows(this.db)
      .select(['c.id', 's.name', 's.ticket_number'])
      .where('c.exam_id', '=', examId)
      .where('c.room_id', '=', roomId)
      .where('c.seat_number', '=', seat);
    if (sessionId !== undefined) {
      query =
        sessionId === null
          ? query.where('c.session_id', 'is', null)
          : query.where('c.session_id', '=', sessionId);
    }
    return query.executeTakeFirst();
  }

  /** The candidate to the seat (and, with `sessionId`, to that session). */
  async move(candidateId: number, roomId: number, seat: number, sessionId?: number | null) {
    await this.db
      .updateTable('exam_candidates')
      .set({
        room_id: roomId,
        seat_number: seat,
        ...(sessionId === undefined ? {} : { session_id: sessionId }),
      })
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

  /** The invigilators of the exam's rooms with their session (null: all), with their names. */
  invigilators(examId: number) {
    return this.db
      .selectFrom('exam_room_invigilators as i')
      .innerJoin('users as u', 'u.id', 'i.user_id')
      .select(['i.room_id', 'i.session_id', 'u.id', 'u.name', 'u.nick_name'])
      .where('i.exam_id', '=', examId)
      .orderBy('u.name')
      .execute();
  }

  /** The room's invigilators for the session (null: for every session), replaced. */
  async setInvigilators(
    examId: number,
    roomId: number,
    sessionId: number | null,
    userIds: number[],
  ) {
    await this.db
      .deleteFrom('exam_room_invigilators')
      .where('exam_id', '=', examId)
      .where('room_id', '=', roomId)
      .where('session_id', sessionId === null ? 'is' : '=', sessionId)
      .execute();
    if (userIds.length === 0) return;
    await this.db
      .insertInto('exam_room_invigilators')
      .values(
        userIds.map((userId) => ({
          exam_id: examId,
          room_id: roomId,
          session_id: sessionId,
          user_id: userId,
        })),
      )
      .execute();
  }
}
