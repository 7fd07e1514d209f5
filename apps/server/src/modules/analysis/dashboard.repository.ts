import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

const num = (value: unknown) => Number(value ?? 0);

/** The dashboard's reads: counts and short lists, each one grouped query. */
export class DashboardRepository {
  constructor(private readonly db: Db) {}

  async students(): Promise<number> {
    const row = await this.db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return num(row.n);
  }

  async questionsByState() {
    const rows = await this.db
      .selectFrom('questions')
      .select((eb) => ['audit_status', eb.fn.countAll<number>().as('n')])
      .where('retired', '=', 0)
      .groupBy('audit_status')
      .execute();
    return rows.map((row) => ({ state: row.audit_status, count: num(row.n) }));
  }

  /** Published exams starting within [dayStart, dayEnd), open at `now`, and starting after it. */
  async examCounts(now: string, dayStart: string, dayEnd: string) {
    const row = await this.db
      .selectFrom('exams')
      .select([
        sql<number>`sum(case when start_at >= ${dayStart} and start_at < ${dayEnd} then 1 else 0 end)`.as(
          'today',
        ),
        sql<number>`sum(case when start_at <= ${now} and end_at > ${now} then 1 else 0 end)`.as(
          'running',
        ),
        sql<number>`sum(case when start_at > ${now} then 1 else 0 end)`.as('upcoming'),
      ])
      .where('status', '=', 'published')
      .executeTakeFirstOrThrow();
    return { today: num(row.today), running: num(row.running), upcoming: num(row.upcoming) };
  }

  /**
   * Per UTC day (the exam's start), candidates of released exams who finished an attempt with a
   * known score, and how many passed.
   */
  async passByDay(from: string, to: string) {
    const day = sql<string>`substr(e.start_at, 1, 10)`;
    const rows = await this.db
      .selectFrom('exams as e')
      .innerJoin('exam_candidates as c', 'c.exam_id', 'e.id')
      .innerJoin('attempts as a', 'a.candidate_id', 'c.id')
      .select([
        day.as('day'),
        sql<number>`count(*)`.as('sat'),
        sql<number>`sum(case when c.passed = 1 then 1 else 0 end)`.as('passed'),
      ])
      .where('e.released_at', 'is not', null)
      .where('e.start_at', '>=', from)
      .where('e.start_at', '<', to)
      .where('a.finished_at', 'is not', null)
      .where('c.score', 'is not', null)
      .groupBy(day)
      .execute();
    return rows.map((row) => ({ day: row.day, sat: num(row.sat), passed: num(row.passed) }));
  }

  /** The batches assigned to the teacher, with their students. */
  async teacherBatches(userId: number) {
    const rows = await this.db
      .selectFrom('class_teachers as t')
      .innerJoin('classes as k', 'k.id', 't.class_id')
      .leftJoin('students as s', 's.class_id', 'k.id')
      .select((eb) => ['k.id', 'k.name', 'k.level', eb.fn.count<number>('s.id').as('students')])
      .where('t.user_id', '=', userId)
      .groupBy(['k.id', 'k.name', 'k.level'])
      .orderBy('k.id')
      .execute();
    return rows.map((row) => ({ ...row, students: num(row.students) }));
  }

  /**
   * Unreleased exams with questions assigned to the marker: the answers of those questions that
   * marking has enrolled, how many are final, and the marker's own marks of the current cycle.
   */
  async markingFor(userId: number) {
    const rows = await this.db
      .selectFrom('marking_assignments as m')
      .innerJoin('exams as e', 'e.id', 'm.exam_id')
      .leftJoin('marking_answers as ans', (join) =>
        join.onRef('ans.exam_id', '=', 'm.exam_id').onRef('ans.item_id', '=', 'm.item_id'),
      )
      .select([
        'e.id as examId',
        'e.name',
        'e.end_at as endAt',
        sql<number>`count(ans.id)`.as('answers'),
        sql<number>`sum(case when ans.final_score is not null then 1 else 0 end)`.as('finalized'),
        sql<number>`sum(case when exists (select 1 from marking_marks mm where mm.answer_id = ans.id and mm.cycle = ans.cycle and mm.marker_id = ${userId}) then 1 else 0 end)`.as(
          'mine',
        ),
      ])
      .where('m.marker_id', '=', userId)
      .where('e.released_at', 'is', null)
      .groupBy(['e.id', 'e.name', 'e.end_at'])
      .orderBy('e.end_at')
      .execute();
    return rows.map((row) => ({
      examId: row.examId,
      name: row.name,
      endAt: row.endAt,
      answers: num(row.answers),
      finalized: num(row.finalized),
      mine: num(row.mine),
    }));
  }

  /** The student user's candidacies (`c`), each with its exam (`e`) and attempt (`a`, if any). */
  private candidaciesOf(userId: number) {
    return this.db
      .selectFrom('students as s')
      .innerJoin('exam_candidates as c', 'c.student_id', 's.id')
      .innerJoin('exams as e', 'e.id', 'c.exam_id')
      .leftJoin('attempts as a', 'a.candidate_id', 'c.id')
      .where('s.user_id', '=', userId);
  }

  /** The student's candidacies of published exams not yet over, without a finished attempt. */
  upcomingFor(userId: number, now: string) {
    return this.candidaciesOf(userId)
      .select([
        'e.id as examId',
        'e.name',
        'e.start_at as startAt',
        'e.end_at as endAt',
        'e.duration_minutes as durationMinutes',
      ])
      .where('e.status', '=', 'published')
      .where('e.end_at', '>', now)
      .where('a.finished_at', 'is', null)
      .orderBy('e.start_at')
      .orderBy('e.id')
      .execute();
  }

  /** The student's released results (an exam that never shows results is left out). */
  resultsFor(userId: number) {
    return this.candidaciesOf(userId)
      .innerJoin('paper_versions as v', 'v.id', 'e.paper_version_id')
      .select([
        'e.id as examId',
        'a.id as attemptId',
        'e.name',
        'c.score',
        'c.passed',
        'v.total_score as total',
        'e.pass_score as passScore',
        'e.released_at as releasedAt',
      ])
      .where('e.released_at', 'is not', null)
      .where('e.show_result', '!=', 'none')
      .where('c.score', 'is not', null)
      .orderBy('e.released_at', 'desc')
      .orderBy('e.id', 'desc')
      .execute();
  }
}
