import { CandidateStatus } from '@kaoshi/shared';
import { sql, type Expression, type SqlBool } from 'kysely';
import { contains, type Db } from '../../db/database.js';
import { candidateRows } from '../exam/candidate.repository.js';

/**
 * The reads of score analysis (docs/features/analysis.md): exams with their paper's total, candidates with
 * their student, batch and attempt, section totals summed in SQL. Every read is a few queries
 * over an exam's candidates whatever their number (no query per candidate).
 */

/** Absent: never started (or their window ran out before they did), as make-ups count them. */
export const ABSENT_STATUSES = [CandidateStatus.NOT_STARTED, CandidateStatus.EXPIRED];

export type ExamFacts = Awaited<ReturnType<StatisticsRepository['exams']>>[number];
export type CandidateRow = Awaited<ReturnType<StatisticsRepository['candidates']>>[number];

export class StatisticsRepository {
  constructor(private readonly db: Db) {}

  /** Published exams (with a paper version) by id, with their paper's total. */
  exams(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.examQuery().where('exams.id', 'in', ids).execute();
  }

  /**
   * Published exams whose window has closed or whose scores are released, of batches in `own`
   * (null: all), by part of their name; newest first, a page of them and how many in all.
   */
  async analysableExams(
    own: Set<number> | null,
    query: { keyword?: string; page: number; limit: number },
    now: string,
  ) {
    let base = this.db
      .selectFrom('exams')
      .where('exams.status', '=', 'published')
      .where((eb) =>
        eb.or([eb('exams.end_at', '<=', now), eb('exams.released_at', 'is not', null)]),
      );
    if (own) {
      base = base.where('exams.id', 'in', (eb) =>
        eb
          .selectFrom('exam_classes')
          .select('exam_id')
          .where('class_id', 'in', [...own, 0]),
      );
    }
    if (query.keyword) base = base.where(contains('exams.name', query.keyword));
    const [rows, count] = await Promise.all([
      base
        .select(['exams.id', 'exams.name', 'exams.start_at', 'exams.end_at', 'exams.released_at'])
        .orderBy('exams.start_at', 'desc')
        .orderBy('exams.id', 'desc')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const classes =
      rows.length === 0
        ? []
        : await this.db
            .selectFrom('exam_classes')
            .innerJoin('classes', 'classes.id', 'exam_classes.class_id')
            .select(['exam_classes.exam_id', 'classes.id', 'classes.name'])
            .where(
              'exam_classes.exam_id',
              'in',
              rows.map((row) => row.id),
            )
            .orderBy('classes.name')
            .execute();
    return { rows, total: Number(count.n), classes };
  }

  private examQuery() {
    return this.db
      .selectFrom('exams')
      .innerJoin('paper_versions', 'paper_versions.id', 'exams.paper_version_id')
      .select([
        'exams.id',
        'exams.name',
        'exams.subject_id',
        'exams.level',
        'exams.start_at',
        'exams.end_at',
        'exams.pass_score',
        'exams.released_at',
        'exams.paper_version_id',
        'exams.make_up_of',
        'exams.make_up_who',
        'paper_versions.total_score',
      ])
      .where('exams.status', '=', 'published');
  }

  /**
   * Published exams of a job type and level starting in [from, to], not make-ups (a make-up
   * counts its candidates a second time; §3 has them), oldest first. `visible`: exams with one
   * of these batches; null: all.
   */
  examsOf(filter: {
    subjectId: number;
    level: number;
    from?: string;
    to?: string;
    released: boolean;
    visible: readonly number[] | null;
    classId?: number;
  }) {
    let query = this.examQuery()
      .where('exams.subject_id', '=', filter.subjectId)
      .where('exams.level', '=', filter.level)
      .where('exams.make_up_of', 'is', null);
    if (filter.from) query = query.where('exams.start_at', '>=', filter.from);
    if (filter.to) query = query.where('exams.start_at', '<=', filter.to);
    if (filter.released) query = query.where('exams.released_at', 'is not', null);
    const classes =
      filter.classId !== undefined
        ? [filter.classId]
        : filter.visible === null
          ? null
          : [...filter.visible];
    if (classes !== null) {
      if (classes.length === 0) return Promise.resolve([]);
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('exam_classes')
            .select('exam_classes.exam_id')
            .whereRef('exam_classes.exam_id', '=', 'exams.id')
            .where('exam_classes.class_id', 'in', classes),
        ),
      );
    }
    return query.orderBy('exams.start_at').orderBy('exams.id').execute();
  }

  /** The make-ups of these exams (one level down). */
  makeUpsOf(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.examQuery()
      .where('exams.make_up_of', 'in', ids)
      .orderBy('exams.start_at')
      .orderBy('exams.id')
      .execute();
  }

  async classNames(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('classes')
      .select(['id', 'name'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /**
   * Every candidate of the exams (of the batches when given), with their student, batch and
   * attempt: one query, in seat order.
   */
  candidates(
    examIds: readonly number[],
    classIds: readonly number[] | null,
    studentIds?: readonly number[],
  ) {
    if (examIds.length === 0 || classIds?.length === 0) return Promise.resolve([]);
    let query = candidateRows(this.db)
      .select([
        'c.id',
        'c.exam_id',
        'c.student_id',
        'c.class_id',
        'c.status',
        'c.score',
        'c.passed',
        's.ticket_number',
        's.name',
        'cl.name as class_name',
        'a.id as attempt_id',
        'a.started_at',
        'a.finished_at',
      ])
      .where('c.exam_id', 'in', examIds)
      .orderBy('c.exam_id')
      .orderBy('c.seat_number');
    if (classIds !== null) query = query.where('c.class_id', 'in', classIds);
    if (studentIds !== undefined) query = query.where('c.student_id', 'in', studentIds);
    return query.execute();
  }

  /**
   * Hundredths earned per section (1-based `s{n}` of the item ids s1q3, s2p7) of the attempts,
   * summed in SQL: one row per attempt with s1…sN. `attempts`: ids, or every attempt of an exam.
   */
  async sectionSums(
    attempts: { ids: readonly number[] } | { examId: number },
    sectionCount: number,
  ): Promise<Map<number, (number | null)[]>> {
    if (sectionCount === 0 || ('ids' in attempts && attempts.ids.length === 0)) return new Map();
    const item = sql.ref('item_id');
    let query = this.db
      .selectFrom('attempt_answers')
      .select('attempt_id')
      .select(
        Array.from({ length: sectionCount }, (_, s) =>
          sql<
            number | string | null
          >`sum(case when ${item} like ${`s${s + 1}q%`} or ${item} like ${`s${s + 1}p%`} then score end)`.as(
            `s${s + 1}`,
          ),
        ),
      )
      .groupBy('attempt_id');
    query =
      'ids' in attempts
        ? query.where('attempt_id', 'in', attempts.ids)
        : query.where('attempt_id', 'in', (eb) =>
            eb.selectFrom('attempts').select('attempts.id').where('exam_id', '=', attempts.examId),
          );
    const rows = (await query.execute()) as unknown as Record<string, number | string | null>[];
    return new Map(
      rows.map((row) => [
        Number(row.attempt_id),
        Array.from({ length: sectionCount }, (_, s) => {
          const value = row[`s${s + 1}`];
          return value === null || value === undefined ? null : Number(value);
        }),
      ]),
    );
  }

  /**
   * Per exam: candidates, those who sat, passed, failed and still unknown, of the batches when
   * given. One grouped query.
   */
  async counts(examIds: readonly number[], classIds: readonly number[] | null) {
    if (examIds.length === 0 || classIds?.length === 0) return new Map<number, ExamCounts>();
    const absent = sql<SqlBool>`c.status in (${sql.join(ABSENT_STATUSES)})`;
    const sat = sql<SqlBool>`c.status not in (${sql.join(ABSENT_STATUSES)})`;
    const countWhere = (condition: Expression<SqlBool>) =>
      sql<number | string>`sum(case when ${condition} then 1 else 0 end)`;
    let query = this.db
      .selectFrom('exam_candidates as c')
      .select((eb) => [
        'c.exam_id',
        eb.fn.countAll<number | string>().as('candidates'),
        countWhere(absent).as('absent'),
        countWhere(sql<SqlBool>`${sat} and c.passed = 1`).as('passed'),
        countWhere(sql<SqlBool>`${sat} and c.passed = 0`).as('failed'),
        countWhere(sql<SqlBool>`${sat} and c.passed is null`).as('pending'),
      ])
      .where('c.exam_id', 'in', examIds)
      .groupBy('c.exam_id');
    if (classIds !== null) query = query.where('c.class_id', 'in', classIds);
    const rows = await query.execute();
    return new Map(
      rows.map((row) => [
        row.exam_id,
        {
          candidates: Number(row.candidates),
          absent: Number(row.absent),
          passed: Number(row.passed),
          failed: Number(row.failed),
          pending: Number(row.pending),
        },
      ]),
    );
  }

  /** The known scores (hundredths) of those who sat, ascending. */
  async scores(examIds: readonly number[], classIds: readonly number[] | null) {
    if (examIds.length === 0 || classIds?.length === 0) return [];
    let query = this.db
      .selectFrom('exam_candidates as c')
      .select('c.score')
      .where('c.exam_id', 'in', examIds)
      .where('c.status', 'not in', ABSENT_STATUSES)
      .where('c.score', 'is not', null)
      .orderBy('c.score');
    if (classIds !== null) query = query.where('c.class_id', 'in', classIds);
    return (await query.execute()).map((row) => row.score!);
  }

  /**
   * Those who sat and failed, closest to the pass line first, a page of them (all when `page`
   * is absent), and how many in all.
   */
  async failed(
    examIds: readonly number[],
    classIds: readonly number[] | null,
    page?: { limit: number; offset: number },
  ) {
    if (examIds.length === 0 || classIds?.length === 0) return { rows: [], total: 0 };
    let base = this.db
      .selectFrom('exam_candidates as c')
      .where('c.exam_id', 'in', examIds)
      .where('c.status', 'not in', ABSENT_STATUSES)
      .where('c.passed', '=', 0);
    if (classIds !== null) base = base.where('c.class_id', 'in', classIds);
    const { total } = await base
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow();
    let rows = base
      .innerJoin('exams as e', 'e.id', 'c.exam_id')
      .innerJoin('students as s', 's.id', 'c.student_id')
      .innerJoin('classes as cl', 'cl.id', 'c.class_id')
      .select([
        'c.id',
        'c.exam_id',
        'e.name as exam_name',
        'e.pass_score',
        'e.released_at',
        'c.class_id',
        'cl.name as class_name',
        's.ticket_number',
        's.name',
        'c.score',
      ])
      .orderBy(sql`e.pass_score - c.score`)
      .orderBy('e.start_at')
      .orderBy('c.id');
    if (page) rows = rows.limit(page.limit).offset(page.offset);
    return { rows: await rows.execute(), total: Number(total) };
  }
}

export interface ExamCounts {
  candidates: number;
  absent: number;
  passed: number;
  failed: number;
  pending: number;
}
