import { CandidateStatus } from '@kaoshi/shared';
import type { Db } from '../../db/database.js';

/** The batches a proctor is limited to (null: all); 0 keeps `in` valid when the set is empty. */
const inOwn = (own: Set<number>) => [...own, 0];

/** What the proctor's view and actions read and change; never the values candidates answered. */
export class ProctorRepository {
  constructor(private readonly db: Db) {}

  /** The exam's candidates with their student and attempt (none yet: null columns). */
  private withAttempts(examId: number) {
    return this.db
      .selectFrom('exam_candidates as c')
      .innerJoin('students as s', 's.id', 'c.student_id')
      .leftJoin('attempts as a', 'a.candidate_id', 'c.id')
      .where('c.exam_id', '=', examId);
  }

  /** Integrity events as the views show them, newest first. */
  private events() {
    return this.db
      .selectFrom('attempt_events')
      .select(['id', 'attempt_id', 'type', 'ip', 'detail', 'created_at'])
      .orderBy('id', 'desc');
  }

  /** One candidate of the exam with their attempt, as the actions need it. */
  candidate(examId: number, studentId: number) {
    return this.withAttempts(examId)
      .select([
        'c.id as candidate_id',
        'c.class_id',
        'c.extra_minutes',
        's.name',
        's.ticket_number',
        'a.id as attempt_id',
        'a.started_at',
        'a.finished_at',
        'a.accommodation_minutes',
        'a.given_back_ms',
        'a.break_ms',
      ])
      .where('c.student_id', '=', studentId)
      .executeTakeFirst();
  }

  /**
   * The live view's rows: every candidate (of `own`'s batches) with their attempt; its answered
   * count and latest save are kept by the grouped writer, so no answer is read.
   */
  liveCandidates(examId: number, own: Set<number> | null) {
    let query = this.withAttempts(examId)
      .innerJoin('classes as cl', 'cl.id', 'c.class_id')
      // The seat plan's room (venues.md): the rooms column and filter.
      .leftJoin('venue_rooms as vr', 'vr.id', 'c.room_id')
      .leftJoin('venues as v', 'v.id', 'vr.venue_id')
      .select([
        'c.student_id',
        'c.room_id',
        'c.seat_number',
        'vr.name as room_name',
        'v.name as venue_name',
        'c.status',
        'c.extra_minutes',
        'c.class_id',
        's.name',
        's.ticket_number',
        'cl.name as class_name',
        'a.id as attempt_id',
        'a.started_at',
        'a.deadline',
        'a.finished_at',
        'a.finish_reason',
        'a.start_ip',
        'a.answered_count',
        'a.last_saved_at',
        'a.breaks_allowed',
        'a.breaks_taken',
        'a.paused_at',
        'a.pause_reason',
        'a.paused_ms',
        'c.access_locked_until',
      ]);
    if (own) query = query.where('c.class_id', 'in', inOwn(own));
    return query.orderBy('c.seat_number').orderBy('s.ticket_number').execute();
  }

  /** The running attempts with their count of answered items and latest save (kept by the writer). */
  runningProgress(examId: number) {
    return this.db
      .selectFrom('attempts')
      .select(['id', 'student_id', 'answered_count', 'last_saved_at'])
      .where('exam_id', '=', examId)
      .where('finished_at', 'is', null)
      .execute();
  }

  /** Which room each seated candidate of the exam is in (the invigilators' socket rooms). */
  seatedRooms(examId: number) {
    return this.db
      .selectFrom('exam_candidates')
      .select(['student_id', 'room_id'])
      .where('exam_id', '=', examId)
      .where('room_id', 'is not', null)
      .execute();
  }

  /** One attempt's events, newest first. */
  attemptEvents(attemptId: number) {
    return this.events().where('attempt_id', '=', attemptId).execute();
  }

  /** The exam's events (of `own`'s batches) with whose they are, in time order, for the export. */
  eventLog(examId: number, own: Set<number> | null) {
    let events = this.db
      .selectFrom('attempt_events as e')
      .innerJoin('attempts as a', 'a.id', 'e.attempt_id')
      .innerJoin('exam_candidates as c', 'c.id', 'a.candidate_id')
      .innerJoin('students as s', 's.id', 'a.student_id')
      .select(['e.type', 'e.detail', 'e.ip', 'e.created_at', 's.name', 's.ticket_number'])
      .where('e.exam_id', '=', examId);
    if (own) events = events.where('c.class_id', 'in', inOwn(own));
    return events.orderBy('e.created_at').orderBy('e.id').execute();
  }

  /** The exam's candidates in `own`'s batches. */
  async studentsIn(examId: number, own: Set<number>): Promise<number[]> {
    const rows = await this.db
      .selectFrom('exam_candidates')
      .select('student_id')
      .where('exam_id', '=', examId)
      .where('class_id', 'in', inOwn(own))
      .execute();
    return rows.map((row) => row.student_id);
  }

  async deadline(attemptId: number): Promise<string> {
    const row = await this.db
      .selectFrom('attempts')
      .select('deadline')
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow();
    return row.deadline;
  }

  /** Whether marking has begun on the attempt. */
  async markingStarted(attemptId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('marking_answers')
      .select('id')
      .where('attempt_id', '=', attemptId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Runs the attempt again until `deadline` with every answer kept, its scores cleared; the
   * candidate reopened with `extraMinutes`.
   */
  async reopen(candidateId: number, attemptId: number, deadline: string, extraMinutes: number) {
    await this.db
      .updateTable('attempts')
      .set({
        finished_at: null,
        finish_reason: null,
        objective_score: null,
        pending_marking: null,
        receipt_code: null,
        deadline,
      })
      .where('id', '=', attemptId)
      .execute();
    await this.db
      .updateTable('attempt_answers')
      .set({ score: null })
      .where('attempt_id', '=', attemptId)
      .execute();
    await this.db
      .updateTable('exam_candidates')
      .set({
        status: CandidateStatus.REOPENED,
        score: null,
        passed: null,
        extra_minutes: extraMinutes,
      })
      .where('id', '=', candidateId)
      .execute();
  }
}
