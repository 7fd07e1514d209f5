import type { Db } from '../../db/database.js';

/** What the invigilator's console reads and writes (docs/features/invigilation.md). */
export class InvigilationRepository {
  constructor(private readonly db: Db) {}

  /**
   * The rooms `userId` invigilates of exams that have not closed by `now`, one row per session
   * of the room (all of the exam's when assigned for all; none: one row without a session),
   * soonest first.
   */
  myRooms(userId: number, now: string) {
    return this.db
      .selectFrom('exam_room_invigilators as i')
      .innerJoin('exams as e', 'e.id', 'i.exam_id')
      .innerJoin('exam_rooms as er', (join) =>
        join.onRef('er.exam_id', '=', 'i.exam_id').onRef('er.room_id', '=', 'i.room_id'),
      )
      .innerJoin('venue_rooms as r', 'r.id', 'i.room_id')
      .innerJoin('venues as v', 'v.id', 'r.venue_id')
      .leftJoin('exam_sessions as ses', (join) =>
        join
          .onRef('ses.exam_id', '=', 'i.exam_id')
          .on((eb) =>
            eb.or([eb('i.session_id', 'is', null), eb('ses.id', '=', eb.ref('i.session_id'))]),
          ),
      )
      .leftJoin('exam_room_session_starts as st', (join) =>
        join
          .onRef('st.exam_id', '=', 'i.exam_id')
          .onRef('st.room_id', '=', 'i.room_id')
          .onRef('st.session_id', '=', 'ses.id'),
      )
      .select((eb) => [
        'e.id as exam_id',
        'e.name as exam_name',
        eb.fn.coalesce('ses.start_at', 'e.start_at').as('start_at'),
        eb.fn.coalesce('ses.end_at', 'e.end_at').as('end_at'),
        'r.id as room_id',
        'r.name as room_name',
        'v.name as venue_name',
        'ses.id as session_id',
        'ses.name as session_name',
        eb
          .case()
          .when('ses.id', 'is', null)
          .then(eb.ref('er.started_at'))
          .else(eb.ref('st.started_at'))
          .end()
          .as('started_at'),
        eb
          .selectFrom('exam_candidates as c')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('c.exam_id', '=', 'e.id')
          .whereRef('c.room_id', '=', 'r.id')
          .where((inner) =>
            inner.or([
              inner.and([inner('ses.id', 'is', null), inner('c.session_id', 'is', null)]),
              inner('c.session_id', '=', inner.ref('ses.id')),
            ]),
          )
          .as('candidates'),
      ])
      .where('i.user_id', '=', userId)
      .where('e.status', '=', 'published')
      .where('e.end_at', '>', now)
      .orderBy('start_at')
      .orderBy('r.name')
      .execute();
  }

  /** The exam and room as the console's head shows them. */
  roomHead(examId: number, roomId: number) {
    return this.db
      .selectFrom('exams as e')
      .innerJoin('exam_rooms as er', 'er.exam_id', 'e.id')
      .innerJoin('venue_rooms as r', 'r.id', 'er.room_id')
      .innerJoin('venues as v', 'v.id', 'r.venue_id')
      .select([
        'e.id',
        'e.name',
        'e.start_at',
        'e.end_at',
        'e.duration_minutes',
        'e.require_check_in',
        'e.hold_until_room_start',
        'r.name as room_name',
        'v.name as venue_name',
        'er.started_at',
      ])
      .where('e.id', '=', examId)
      .where('er.room_id', '=', roomId)
      .executeTakeFirstOrThrow();
  }

  /**
   * The room's candidates of the session (null: those without one) in seat order, with their
   * attempt (none yet: null columns).
   */
  candidates(examId: number, roomId: number, sessionId: number | null) {
    return this.db
      .selectFrom('exam_candidates as c')
      .innerJoin('students as s', 's.id', 'c.student_id')
      .leftJoin('attempts as a', 'a.candidate_id', 'c.id')
      .select([
        'c.id as candidate_id',
        'c.student_id',
        'c.seat_number',
        'c.status',
        'c.extra_minutes',
        'c.checked_in_at',
        'c.check_in_refused',
        'c.door_photo',
        's.name',
        's.ticket_number',
        's.id_number',
        's.photo',
        'a.id as attempt_id',
        'a.started_at',
        'a.deadline',
        'a.finished_at',
        'a.paused_at',
        'a.pause_reason',
        'a.paused_ms',
        'a.answered_count',
        'a.accommodation_minutes',
      ])
      .where('c.exam_id', '=', examId)
      .where('c.room_id', '=', roomId)
      .where('c.session_id', sessionId === null ? 'is' : '=', sessionId)
      .orderBy('c.seat_number')
      .execute();
  }

  /** The candidate seated in the room for the session, with their attempt; undefined elsewhere. */
  candidateInRoom(examId: number, roomId: number, sessionId: number | null, studentId: number) {
    return this.db
      .selectFrom('exam_candidates as c')
      .innerJoin('students as s', 's.id', 'c.student_id')
      .leftJoin('attempts as a', 'a.candidate_id', 'c.id')
      .select(['c.id as candidate_id', 's.name', 's.ticket_number', 'a.id as attempt_id'])
      .where('c.exam_id', '=', examId)
      .where('c.room_id', '=', roomId)
      .where('c.session_id', sessionId === null ? 'is' : '=', sessionId)
      .where('c.student_id', '=', studentId)
      .executeTakeFirst();
  }

  async setCheckIn(
    candidateId: number,
    values: {
      checkedInAt: string | null;
      by: number;
      refused: string | null;
      doorPhoto: string | null | undefined;
    },
  ) {
    await this.db
      .updateTable('exam_candidates')
      .set({
        checked_in_at: values.checkedInAt,
        checked_in_by: values.by,
        check_in_refused: values.refused,
        ...(values.doorPhoto !== undefined ? { door_photo: values.doorPhoto } : {}),
      })
      .where('id', '=', candidateId)
      .execute();
  }

  /**
   * Starts the room once for the session (null: its candidates without one): false when it had
   * been started already (two invigilators at once).
   */
  async startRoom(
    examId: number,
    roomId: number,
    sessionId: number | null,
    at: string,
    by: number,
  ): Promise<boolean> {
    if (sessionId !== null) {
      const inserted = await this.db
        .insertInto('exam_room_session_starts')
        .values({
          exam_id: examId,
          room_id: roomId,
          session_id: sessionId,
          started_at: at,
          started_by: by,
        })
        .onConflict((oc) => oc.columns(['exam_id', 'room_id', 'session_id']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    }
    const result = await this.db
      .updateTable('exam_rooms')
      .set({ started_at: at, started_by: by })
      .where('exam_id', '=', examId)
      .where('room_id', '=', roomId)
      .where('started_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The running attempts of the room's session (paused ones with `paused`), with who they are. */
  runningAttempts(examId: number, roomId: number, sessionId: number | null, paused: boolean) {
    return this.db
      .selectFrom('attempts as a')
      .innerJoin('exam_candidates as c', 'c.id', 'a.candidate_id')
      .innerJoin('students as s', 's.id', 'a.student_id')
      .select(['a.id', 'a.student_id', 's.name', 's.ticket_number'])
      .where('c.exam_id', '=', examId)
      .where('c.room_id', '=', roomId)
      .where('c.session_id', sessionId === null ? 'is' : '=', sessionId)
      .where('a.finished_at', 'is', null)
      .where('a.paused_at', paused ? 'is not' : 'is', null)
      .execute();
  }

  /**
   * The live sign-in sessions of the candidates of the room's exam session (their waiting pages
   * hear of the start).
   */
  async sessionsOfRoom(
    examId: number,
    roomId: number,
    sessionId: number | null,
    now: string,
  ): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sessions as se')
      .innerJoin('students as s', 's.user_id', 'se.user_id')
      .innerJoin('exam_candidates as c', 'c.student_id', 's.id')
      .select('se.id')
      .where('c.exam_id', '=', examId)
      .where('c.room_id', '=', roomId)
      .where('c.session_id', sessionId === null ? 'is' : '=', sessionId)
      .where('se.expires_at', '>', now)
      .execute();
    return rows.map((row) => row.id);
  }

  /** The live sessions of a student's account (their pages, on every process). */
  async sessionsOfStudent(studentId: number, now: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sessions as se')
      .innerJoin('students as s', 's.user_id', 'se.user_id')
      .select('se.id')
      .where('s.id', '=', studentId)
      .where('se.expires_at', '>', now)
      .execute();
    return rows.map((row) => row.id);
  }
}
