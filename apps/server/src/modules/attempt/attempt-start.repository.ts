import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AttemptsTable } from '../../db/types.js';

/**
 * The address allow-list a candidate starts and answers from: their room's when they are seated
 * in a room that has one, in place of the exam's (docs/features/venues.md); else the exam's.
 */
export const roomOrExamAllowList =
  sql<string>`case when room.ip_allow_list is not null and room.ip_allow_list <> '[]' then room.ip_allow_list else exams.ip_allow_list end`.as(
    'ip_allow_list',
  );

/** The student of a user account (placeholder 0: compiled once, bound per call). */
export function studentByUserQuery(db: Db) {
  return db
    .selectFrom('students')
    .select(['id', 'name', 'ticket_number', 'photo'])
    .where('user_id', '=', 0);
}

/**
 * The exam as the student's candidate row sees it, with the attempt if one was started
 * (placeholders 0: exam id, student id).
 */
export function candidateExamQuery(db: Db) {
  return (
    db
      .selectFrom('exams')
      .innerJoin('exam_candidates as c', 'c.exam_id', 'exams.id')
      .leftJoin('attempts as a', 'a.candidate_id', 'c.id')
      .leftJoin('instructions as i', 'i.id', 'exams.instruction_id')
      .leftJoin('venue_rooms as room', 'room.id', 'c.room_id')
      .leftJoin('exam_rooms as er', (join) =>
        join.onRef('er.exam_id', '=', 'exams.id').onRef('er.room_id', '=', 'c.room_id'),
      )
      .leftJoin('exam_sessions as ses', 'ses.id', 'c.session_id')
      // A room is started per session (migration 0027): the candidate's session's start.
      .leftJoin('exam_room_session_starts as st', (join) =>
        join
          .onRef('st.exam_id', '=', 'exams.id')
          .onRef('st.room_id', '=', 'c.room_id')
          .onRef('st.session_id', '=', 'c.session_id'),
      )
      .select((eb) => [
        'exams.id',
        // The candidate's session (docs/features/venues.md "Sessions"); null: the exam's window.
        'ses.name as session_name',
        'ses.start_at as session_start_at',
        'ses.end_at as session_end_at',
        'exams.status',
        'exams.paper_version_id',
        'exams.start_at',
        'exams.end_at',
        'exams.duration_minutes',
        'exams.late_entry_minutes',
        'exams.access_code',
        roomOrExamAllowList,
        'exams.apply_accommodations',
        'exams.require_check_in',
        'exams.hold_until_room_start',
        'c.room_id',
        'c.checked_in_at',
        'c.check_in_refused',
        eb
          .case()
          .when('c.session_id', 'is', null)
          .then(eb.ref('er.started_at'))
          .else(eb.ref('st.started_at'))
          .end()
          .as('room_started_at'),
        'c.id as candidate_id',
        'c.extra_minutes',
        'c.access_locked_until',
        'c.notice_opened_at',
        'i.min_read_seconds',
        'a.id as attempt_id',
      ])
      .where('exams.id', '=', 0)
      .where('c.student_id', '=', 0)
  );
}

/** Whether the student user has an attempt running at `now`. */
export async function hasOpenAttempt(db: Db, userId: number, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('attempts')
    .innerJoin('students', 'students.id', 'attempts.student_id')
    .select('attempts.id')
    .where('students.user_id', '=', userId)
    .where('attempts.finished_at', 'is', null)
    .where((eb) =>
      eb.or([eb('attempts.deadline', '>', now), eb('attempts.paused_at', 'is not', null)]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** The student's published exams, newest first, each with its attempt if one was started. */
export function myExamRows(db: Db, studentId: number) {
  return db
    .selectFrom('exam_candidates as c')
    .innerJoin('exams as e', 'e.id', 'c.exam_id')
    .innerJoin('subjects as s', 's.id', 'e.subject_id')
    .innerJoin('paper_versions as pv', 'pv.id', 'e.paper_version_id')
    .leftJoin('attempts as a', 'a.candidate_id', 'c.id')
    .leftJoin('instructions as i', 'i.id', 'e.instruction_id')
    .leftJoin('exam_sessions as ses', 'ses.id', 'c.session_id')
    .select([
      'e.id as exam_id',
      'ses.start_at as session_start_at',
      'ses.end_at as session_end_at',
      'e.name',
      's.name as subject_name',
      'e.level',
      'e.start_at',
      'e.end_at',
      'e.duration_minutes',
      'e.late_entry_minutes',
      'e.access_code',
      'e.show_result',
      'e.released_at',
      'e.pass_score',
      'pv.total_score',
      'c.extra_minutes',
      'c.status',
      'c.score as candidate_score',
      'c.passed as candidate_passed',
      'a.id as attempt_id',
      'a.seed',
      'a.paper_version_id',
      'a.deadline',
      'a.paused_at',
      'a.finished_at',
      'a.finish_reason',
      'a.objective_score',
      'a.pending_marking',
      'i.title as notice_title',
      'i.body as notice_body',
      'i.min_read_seconds',
    ])
    .where('c.student_id', '=', studentId)
    .where('e.status', '=', 'published')
    .orderBy('e.start_at', 'desc')
    .execute();
}

/** The candidate's attempt, if one was started (two starts at once: the one that won). */
export async function attemptIdOfCandidate(db: Db, candidateId: number) {
  const row = await db
    .selectFrom('attempts')
    .select('id')
    .where('candidate_id', '=', candidateId)
    .executeTakeFirst();
  return row?.id;
}

/**
 * The attempt's row and its candidate marked `status` in one statement (PostgreSQL: a round
 * trip instead of four; a start storm waits on round trips, not on work).
 */
export async function startAttemptAtOnce(
  db: Db,
  attempt: Insertable<AttemptsTable>,
  status: number,
): Promise<number> {
  const row = await db
    .with('started', (db) => db.insertInto('attempts').values(attempt).returning('id'))
    .with('candidate', (db) =>
      db
        .updateTable('exam_candidates')
        .set({ status })
        .where('id', '=', attempt.candidate_id)
        .returning('id'),
    )
    .selectFrom('started')
    .select('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The attempt's row, in the caller's transaction; answers its id. */
export async function insertAttempt(trx: Db, attempt: Insertable<AttemptsTable>): Promise<number> {
  const row = await trx
    .insertInto('attempts')
    .values(attempt)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The candidate's status (in progress, submitted, saved), in the caller's transaction. */
export async function setCandidateStatus(trx: Db, candidateId: number, status: number) {
  await trx.updateTable('exam_candidates').set({ status }).where('id', '=', candidateId).execute();
}
