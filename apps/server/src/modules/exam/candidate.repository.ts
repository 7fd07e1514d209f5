import { sql } from 'kysely';
import { CandidateStatus, type ListCandidateQuery } from '@kaoshi/shared';
import { contains, type Db } from '../../db/database.js';
import { STARTED_STATUSES, lastSeat, type ExamRow } from './exam.repository.js';

/**
 * The candidate ⨝ student ⨝ batch ⨝ attempt join, written once: `c` exam_candidates, `s` students,
 * `cl` the batch the candidate sits with, `a` the attempt (left join: at most one per candidate, so
 * rows are one per candidate). Callers add their own select, where and order.
 */
export function candidateRows(db: Db) {
  return db
    .selectFrom('exam_candidates as c')
    .innerJoin('students as s', 's.id', 'c.student_id')
    .innerJoin('classes as cl', 'cl.id', 'c.class_id')
    .leftJoin('attempts as a', 'a.candidate_id', 'c.id');
}

/**
 * Candidate rows with their room of the seat plan (`r`, its venue `v`) and session (`ses`), in
 * plan order: session by session (those without one first), room by room as the plan lists
 * them, seat by seat, then those in no room by their number.
 */
export function inSeatPlanOrder(rows: ReturnType<typeof candidateRows>) {
  return rows
    .leftJoin('venue_rooms as r', 'r.id', 'c.room_id')
    .leftJoin('venues as v', 'v.id', 'r.venue_id')
    .leftJoin('exam_rooms as er', (join) =>
      join.onRef('er.exam_id', '=', 'c.exam_id').onRef('er.room_id', '=', 'c.room_id'),
    )
    .leftJoin('exam_sessions as ses', 'ses.id', 'c.session_id')
    .orderBy(sql`case when c.room_id is null then 1 else 0 end`)
    .orderBy(sql`coalesce(ses.sort, -1)`)
    .orderBy(sql`coalesce(er.sort, 0)`)
    .orderBy('c.room_id')
    .orderBy('c.seat_number')
    .orderBy('s.ticket_number');
}

export type CandidateFilter = Omit<ListCandidateQuery, 'page' | 'limit' | 'examId'>;

/** An exam's candidate rows: the list and its filters, adding and removing, extra time, tickets. */
export class CandidateRepository {
  constructor(private readonly db: Db) {}

  /** The candidates matching the list's filters; "absent" covers the not-started once closed. */
  filtered(exam: Pick<ExamRow, 'id' | 'end_at'>, query: CandidateFilter, now: string) {
    let base = candidateRows(this.db).where('c.exam_id', '=', exam.id);
    if (query.classId !== undefined) base = base.where('c.class_id', '=', query.classId);
    if (query.keyword) {
      const keyword = query.keyword;
      base = base.where((eb) =>
        eb.or([
          contains('s.name', keyword),
          contains('s.ticket_number', keyword),
          contains('s.id_number', keyword),
        ]),
      );
    }
    if (query.status !== undefined) {
      const closed = exam.end_at <= now;
      if (query.status === CandidateStatus.EXPIRED) {
        base = closed
          ? base.where('c.status', 'in', [CandidateStatus.EXPIRED, CandidateStatus.NOT_STARTED])
          : base.where('c.status', '=', CandidateStatus.EXPIRED);
      } else if (query.status === CandidateStatus.NOT_STARTED && closed) {
        base = base.where(sql<boolean>`1 = 0`);
      } else {
        base = base.where('c.status', '=', query.status);
      }
    }
    return base;
  }

  async count(base: ReturnType<CandidateRepository['filtered']>): Promise<number> {
    const { total } = await base
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(total);
  }

  /** One page of `base` in seat order, with the names a list shows. */
  page(base: ReturnType<CandidateRepository['filtered']>, page: { limit: number; offset: number }) {
    return inSeatPlanOrder(base)
      .select([
        sql<
          string | null
        >`case when r.id is null then null else ${sql.ref('v.name')} || ' ' || ${sql.ref('r.name')} end`.as(
          'room_name',
        ),
        'c.student_id',
        'c.class_id',
        'c.seat_number',
        'c.extra_minutes',
        'c.status',
        'c.score',
        'c.passed',
        'c.added_singly',
        's.name',
        's.ticket_number',
        's.id_number',
        'cl.name as class_name',
      ])
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  /** Candidates per batch. */
  countByClass(examId: number) {
    return this.db
      .selectFrom('exam_candidates')
      .select(['class_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('exam_id', '=', examId)
      .groupBy('class_id')
      .execute();
  }

  /** Which of `studentIds` are candidates already. */
  async present(examId: number, studentIds: number[]): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('exam_candidates')
      .select('student_id')
      .where('exam_id', '=', examId)
      .where('student_id', 'in', studentIds)
      .execute();
    return new Set(rows.map((row) => row.student_id));
  }

  /** Seats students added one by one after the last seat, in the order given. */
  async addSingly(examId: number, students: { id: number; class_id: number }[], now: string) {
    const after = await lastSeat(this.db, examId);
    await this.db
      .insertInto('exam_candidates')
      .values(
        students.map((row, index) => ({
          exam_id: examId,
          student_id: row.id,
          class_id: row.class_id,
          seat_number: after + index + 1,
          added_singly: 1,
          extra_minutes: 0,
          status: CandidateStatus.NOT_STARTED,
          created_at: now,
        })),
      )
      .execute();
  }

  /** The candidates among `studentIds`, with the names the checks and the record use. */
  withNames(examId: number, studentIds: number[]) {
    return candidateRows(this.db)
      .select(['c.student_id', 'c.status', 'c.class_id', 's.name', 's.ticket_number'])
      .where('c.exam_id', '=', examId)
      .where('c.student_id', 'in', studentIds)
      .execute();
  }

  /** Removes those of `studentIds` who have not started. */
  async removeNotStarted(examId: number, studentIds: number[]): Promise<void> {
    await this.db
      .deleteFrom('exam_candidates')
      .where('exam_id', '=', examId)
      .where('student_id', 'in', studentIds)
      .where('status', 'not in', STARTED_STATUSES)
      .execute();
  }

  /** One candidate's extra minutes and name. */
  extraTimeOf(examId: number, studentId: number) {
    return candidateRows(this.db)
      .select(['c.extra_minutes', 's.name', 's.ticket_number'])
      .where('c.exam_id', '=', examId)
      .where('c.student_id', '=', studentId)
      .executeTakeFirst();
  }

  async setExtraMinutes(examId: number, studentId: number, minutes: number): Promise<void> {
    await this.db
      .updateTable('exam_candidates')
      .set({ extra_minutes: minutes })
      .where('exam_id', '=', examId)
      .where('student_id', '=', studentId)
      .execute();
  }

  /** What admission tickets print, in seat order; `own` limits them to those batches. */
  tickets(examId: number, classId: number | undefined, own: Set<number> | null) {
    let rows = inSeatPlanOrder(candidateRows(this.db))
      .innerJoin('users', 'users.id', 's.user_id')
      .select([
        'v.name as venue_name',
        'r.name as room_name',
        'ses.name as session_name',
        'ses.start_at as session_start_at',
        'ses.end_at as session_end_at',
        's.id',
        's.name',
        's.photo',
        's.ticket_number',
        's.id_number',
        's.initial_password',
        'users.password_is_default',
        'cl.name as class_name',
        'c.seat_number',
      ])
      .where('c.exam_id', '=', examId);
    if (classId !== undefined) rows = rows.where('c.class_id', '=', classId);
    if (own) rows = rows.where('c.class_id', 'in', [...own, 0]);
    return rows.execute();
  }
}
