import type { Db } from '../../db/database.js';
import { candidateRows } from '../exam/candidate.repository.js';

/** What the room documents print (docs/features/irregularities.md "Room documents"). */
export class RoomDocumentsRepository {
  constructor(private readonly db: Db) {}

  exam(examId: number) {
    return this.db
      .selectFrom('exams')
      .select(['id', 'name', 'start_at', 'end_at', 'duration_minutes'])
      .where('id', '=', examId)
      .executeTakeFirstOrThrow();
  }

  room(roomId: number) {
    return this.db
      .selectFrom('venue_rooms as r')
      .innerJoin('venues as v', 'v.id', 'r.venue_id')
      .select(['r.id', 'r.name', 'r.seats', 'v.name as venue_name', 'v.address'])
      .where('r.id', '=', roomId)
      .executeTakeFirstOrThrow();
  }

  /** The session of the exam (its name and window); undefined when not of the exam. */
  session(examId: number, sessionId: number) {
    return this.db
      .selectFrom('exam_sessions')
      .select(['id', 'name', 'start_at', 'end_at'])
      .where('exam_id', '=', examId)
      .where('id', '=', sessionId)
      .executeTakeFirst();
  }

  /** The room's candidates of the session (null: those without one) in seat order, with their attempt. */
  candidates(examId: number, roomId: number, sessionId: number | null) {
    return candidateRows(this.db)
      .select([
        'c.student_id',
        'c.class_id',
        'c.seat_number',
        's.name',
        's.ticket_number',
        's.id_number',
        's.photo',
        'a.id as attempt_id',
        'a.started_at',
        'a.finished_at',
        'a.finish_reason',
      ])
      .where('c.exam_id', '=', examId)
      .where('c.room_id', '=', roomId)
      .where('c.session_id', sessionId === null ? 'is' : '=', sessionId)
      .orderBy('c.seat_number')
      .orderBy('s.ticket_number')
      .execute();
  }

  /** The room's invigilators for the session: those assigned to it and those for every session. */
  async invigilators(examId: number, roomId: number, sessionId: number | null) {
    return this.db
      .selectFrom('exam_room_invigilators as i')
      .innerJoin('users as u', 'u.id', 'i.user_id')
      .select(['u.name', 'u.nick_name'])
      .where('i.exam_id', '=', examId)
      .where('i.room_id', '=', roomId)
      .where((eb) =>
        sessionId === null
          ? eb('i.session_id', 'is', null)
          : eb.or([eb('i.session_id', 'is', null), eb('i.session_id', '=', sessionId)]),
      )
      .orderBy('u.name')
      .execute();
  }

  /** Every pause of these attempts, with who paused it. */
  pauses(attemptIds: number[]) {
    if (attemptIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('attempt_pauses as p')
      .innerJoin('attempts as a', 'a.id', 'p.attempt_id')
      .innerJoin('students as s', 's.id', 'a.student_id')
      .innerJoin('users as u', 'u.id', 'p.paused_by')
      .select([
        'p.started_at',
        'p.ended_at',
        'p.reason',
        's.name',
        's.ticket_number',
        'u.name as by_name',
        'u.nick_name as by_nick',
      ])
      .where('p.attempt_id', 'in', attemptIds)
      .orderBy('p.started_at')
      .orderBy('p.id')
      .execute();
  }

  /** The integrity events of these attempts by type: how many, of how many candidates. */
  eventSummary(attemptIds: number[]) {
    if (attemptIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('attempt_events')
      .select((eb) => [
        'type',
        eb.fn.countAll<number>().as('count'),
        eb.fn.count<number>('attempt_id').distinct().as('attempts'),
      ])
      .where('attempt_id', 'in', attemptIds)
      .where('type', '!=', 'joined')
      .groupBy('type')
      .orderBy('type')
      .execute();
  }
}
