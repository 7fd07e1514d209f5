import { PostgresAdapter, sql, type Selectable } from 'kysely';
import { CandidateStatus, type ExamState, type ListExamQuery } from '@kaoshi/shared';
import { contains, type Db } from '../../db/database.js';
import type { ExamsTable } from '../../db/types.js';
import { snapshotPaper } from '../paper/paper-version.js';
import type { visibleExams } from '../../lib/access.js';

export type ExamRow = Selectable<ExamsTable>;
export type ExamValues = Omit<
  ExamRow,
  | 'id'
  | 'scheme_component_id'
  | 'apply_accommodations'
  | 'require_check_in'
  | 'hold_until_room_start'
> & {
  scheme_component_id?: number | null;
  apply_accommodations?: number;
  require_check_in?: number;
  hold_until_room_start?: number;
};

/** Candidates whose status says an attempt exists (anything but "not started" and "expired"). */
export const STARTED_STATUSES = [
  CandidateStatus.SUBMITTED,
  CandidateStatus.SAVED,
  CandidateStatus.IN_PROGRESS,
  CandidateStatus.REOPENED,
];

/** The highest seat number given in an exam, 0 when none. */
export async function lastSeat(db: Db, examId: number): Promise<number> {
  const seated = await db
    .selectFrom('exam_candidates')
    .select((eb) => eb.fn.max<number>('seat_number').as('seat'))
    .where('exam_id', '=', examId)
    .executeTakeFirst();
  return Number(seated?.seat ?? 0);
}

/** Where an exam is at `now` (ISO): only draft and published are stored. */
export function examState(
  row: Pick<ExamRow, 'status' | 'start_at' | 'end_at' | 'released_at'>,
  now: string,
): ExamState {
  if (row.status === 'draft') return 'draft';
  if (row.released_at) return 'released';
  if (now < row.start_at) return 'upcoming';
  if (now < row.end_at) return 'open';
  return 'closed';
}

/** The exam rows and everything their lists and checks read. */
export class ExamRepository {
  constructor(private readonly db: Db) {}

  /** Exams (draft or published) for a batch. */
  namesUsingClass(classId: number) {
    return this.db
      .selectFrom('exam_classes')
      .innerJoin('exams', 'exams.id', 'exam_classes.exam_id')
      .select('exams.name')
      .where('exam_classes.class_id', '=', classId)
      .orderBy('exams.id')
      .execute();
  }

  /** Exams a student is a candidate of. */
  namesUsingStudent(studentId: number) {
    return this.db
      .selectFrom('exam_candidates')
      .innerJoin('exams', 'exams.id', 'exam_candidates.exam_id')
      .select('exams.name')
      .where('exam_candidates.student_id', '=', studentId)
      .orderBy('exams.id')
      .execute();
  }

  /** Locks the exam's row until the transaction ends (PostgreSQL; SQLite's writer lock does it). */
  async lock(id: number): Promise<void> {
    await this.db.selectFrom('exams').select('id').where('id', '=', id).forUpdate().execute();
  }

  find(id: number) {
    return this.db.selectFrom('exams').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(values: ExamValues): Promise<number> {
    const row = await this.db
      .insertInto('exams')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: Partial<ExamValues>): Promise<void> {
    await this.db.updateTable('exams').set(values).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('exam_candidates').where('exam_id', '=', id).execute();
    await this.db.deleteFrom('exam_classes').where('exam_id', '=', id).execute();
    await this.db.deleteFrom('exams').where('id', '=', id).execute();
  }

  async classIds(examId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('exam_classes')
      .select('class_id')
      .where('exam_id', '=', examId)
      .orderBy('class_id')
      .execute();
    return rows.map((row) => row.class_id);
  }

  async setClasses(examId: number, classIds: number[]): Promise<void> {
    await this.db.deleteFrom('exam_classes').where('exam_id', '=', examId).execute();
    if (classIds.length === 0) return;
    await this.db
      .insertInto('exam_classes')
      .values(classIds.map((classId) => ({ exam_id: examId, class_id: classId })))
      .execute();
  }

  /** Exams matching the list's filters; `visible` limits a teacher to exams of their batches. */
  filtered(query: ListExamQuery, now: string, visible: ReturnType<typeof visibleExams>) {
    let base = this.db.selectFrom('exams');
    if (visible) base = base.where('exams.id', 'in', visible);
    if (query.keyword) base = base.where(contains('exams.name', query.keyword));
    if (query.subjectId !== undefined) base = base.where('exams.subject_id', '=', query.subjectId);
    if (query.level !== undefined) base = base.where('exams.level', '=', query.level);
    if (query.classId !== undefined) {
      const classId = query.classId;
      base = base.where('exams.id', 'in', (eb) =>
        eb.selectFrom('exam_classes').select('exam_id').where('class_id', '=', classId),
      );
    }
    if (query.from) base = base.where('exams.end_at', '>', query.from);
    if (query.to) base = base.where('exams.start_at', '<', query.to);
    switch (query.state) {
      case 'draft':
        base = base.where('exams.status', '=', 'draft');
        break;
      case 'released':
        base = base
          .where('exams.status', '=', 'published')
          .where('exams.released_at', 'is not', null);
        break;
      case 'upcoming':
        base = base
          .where('exams.status', '=', 'published')
          .where('exams.released_at', 'is', null)
          .where('exams.start_at', '>', now);
        break;
      case 'open':
        base = base
          .where('exams.status', '=', 'published')
          .where('exams.released_at', 'is', null)
          .where('exams.start_at', '<=', now)
          .where('exams.end_at', '>', now);
        break;
      case 'closed':
        base = base
          .where('exams.status', '=', 'published')
          .where('exams.released_at', 'is', null)
          .where('exams.end_at', '<=', now);
        break;
    }
    return base;
  }

  /** The count of `filtered` rows and one page of their ids, latest opening first. */
  async page(base: ReturnType<ExamRepository['filtered']>, limit: number, offset: number) {
    const { total } = await base
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .select('exams.id')
      .orderBy('exams.start_at', 'desc')
      .orderBy('exams.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { total: Number(total), ids: rows.map((row) => row.id) };
  }

  /** List rows with the names a list shows. */
  listRows(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('exams')
      .innerJoin('papers', 'papers.id', 'exams.paper_id')
      .innerJoin('subjects', 'subjects.id', 'exams.subject_id')
      .leftJoin('users as creator', 'creator.id', 'exams.created_by')
      .leftJoin('exams as original', 'original.id', 'exams.make_up_of')
      .selectAll('exams')
      .select([
        'papers.name as paper_name',
        'subjects.name as subject_name',
        'creator.nick_name as creator_nick',
        'creator.name as creator_login',
        'original.name as original_name',
        (eb) =>
          eb
            .selectFrom('exam_candidates')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('exam_candidates.exam_id', '=', 'exams.id')
            .as('candidate_count'),
      ])
      .where('exams.id', 'in', ids)
      .execute();
  }

  /** The batches of each exam, by exam id. */
  async classesByExam(examIds: number[]) {
    const map = new Map<number, { id: number; name: string; code: string }[]>();
    if (examIds.length === 0) return map;
    const rows = await this.db
      .selectFrom('exam_classes')
      .innerJoin('classes', 'classes.id', 'exam_classes.class_id')
      .select(['exam_classes.exam_id', 'classes.id', 'classes.name', 'classes.code'])
      .where('exam_classes.exam_id', 'in', examIds)
      .orderBy('classes.id')
      .execute();
    for (const row of rows) {
      const list = map.get(row.exam_id) ?? [];
      list.push({ id: row.id, name: row.name, code: row.code });
      map.set(row.exam_id, list);
    }
    return map;
  }

  /** How many candidates have an attempt (any status but not started or expired). */
  async startedCount(examId: number): Promise<number> {
    const row = await this.db
      .selectFrom('exam_candidates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('exam_id', '=', examId)
      .where('status', 'in', STARTED_STATUSES)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Adds every enabled student of `classIds` not yet a candidate, seated after those there
   * (batch by batch, by ticket number), in one statement: 20,000 rows are one write.
   */
  async addClassCandidates(examId: number, classIds: number[], createdAt: string) {
    if (classIds.length === 0) return;
    const after = await lastSeat(this.db, examId);
    await sql`
      insert into exam_candidates (exam_id, student_id, class_id, seat_number, added_singly,
        extra_minutes, status, created_at)
      select ${examId}, s.id, s.class_id,
        ${after} + row_number() over (order by s.class_id, s.ticket_number, s.id),
        0, 0, ${CandidateStatus.NOT_STARTED}, ${createdAt}
      from students s
      where s.class_id in (${sql.join(classIds)}) and s.status = 1
        and not exists (select 1 from exam_candidates c
          where c.exam_id = ${examId} and c.student_id = s.id)
    `.execute(this.db);
  }

  /** Removes the candidates a batch brought who have not started (unpublishing, a batch dropped). */
  async removeClassCandidates(examId: number, classIds: number[] | 'all') {
    let query = this.db
      .deleteFrom('exam_candidates')
      .where('exam_id', '=', examId)
      .where('status', 'not in', STARTED_STATUSES);
    if (classIds !== 'all') {
      if (classIds.length === 0) return;
      query = query.where('class_id', 'in', classIds).where('added_singly', '=', 0);
    }
    await query.execute();
  }

  /**
   * Copies the original's absent and/or failed candidates into a make-up, numbered in the
   * original's seat-plan order: room by room as the plan lists them, seat by seat (seats repeat
   * per room), then those in no room by their number.
   */
  async copyMakeUpCandidates(
    originalId: number,
    makeUpId: number,
    who: 'absent' | 'failed' | 'both',
    now: string,
  ): Promise<void> {
    const chosen = {
      absent: sql<boolean>`c.status in (${CandidateStatus.NOT_STARTED}, ${CandidateStatus.EXPIRED})`,
      failed: sql<boolean>`c.passed = 0`,
      both: sql<boolean>`(c.passed = 0 or c.status in (${CandidateStatus.NOT_STARTED}, ${CandidateStatus.EXPIRED}))`,
    }[who];
    await sql`
      insert into exam_candidates (exam_id, student_id, class_id, seat_number, added_singly,
        extra_minutes, status, created_at)
      select ${makeUpId}, c.student_id, c.class_id,
        row_number() over (order by case when c.room_id is null then 1 else 0 end,
          coalesce(er.sort, 0), c.room_id, c.seat_number, c.id),
        c.added_singly, c.extra_minutes, ${CandidateStatus.NOT_STARTED}, ${now}
      from exam_candidates c
      left join exam_rooms er on er.exam_id = c.exam_id and er.room_id = c.room_id
      where c.exam_id = ${originalId} and ${chosen}
    `.execute(this.db);
  }

  async candidateCount(examId: number): Promise<number> {
    const row = await this.db
      .selectFrom('exam_candidates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('exam_id', '=', examId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Make-up exams published for `examId`. */
  async makeUpCount(examId: number): Promise<number> {
    const row = await this.db
      .selectFrom('exams')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('make_up_of', '=', examId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Another make-up of `originalId` that already has some of `makeUpId`'s students: its name and
   * how many of them (the first such make-up by id), or undefined.
   */
  async overlappingMakeUp(originalId: number, makeUpId: number) {
    const row = await this.db
      .selectFrom('exam_candidates as mine')
      .innerJoin('exam_candidates as theirs', 'theirs.student_id', 'mine.student_id')
      .innerJoin('exams', 'exams.id', 'theirs.exam_id')
      .select(['exams.id', 'exams.name', (eb) => eb.fn.countAll<number>().as('n')])
      .where('mine.exam_id', '=', makeUpId)
      .where('exams.make_up_of', '=', originalId)
      .where('exams.id', '!=', makeUpId)
      .groupBy(['exams.id', 'exams.name'])
      .orderBy('exams.id')
      .executeTakeFirst();
    return row && { name: row.name, count: Number(row.n) };
  }

  makeUps(examId: number) {
    return this.db
      .selectFrom('exams')
      .select([
        'exams.id',
        'exams.name',
        'exams.make_up_who',
        (eb) =>
          eb
            .selectFrom('exam_candidates')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('exam_candidates.exam_id', '=', 'exams.id')
            .as('candidate_count'),
      ])
      .where('exams.make_up_of', '=', examId)
      .orderBy('exams.id')
      .execute();
  }

  /** A version no exam points at any more (its exam unpublished or deleted before anyone sat). */
  async deleteUnusedVersion(versionId: number): Promise<void> {
    await this.db
      .deleteFrom('paper_versions')
      .where('id', '=', versionId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('exams').select('id').where('exams.paper_version_id', '=', versionId),
          ),
        ),
      )
      .execute();
  }

  /** Total, pass score (hundredths) and question count: the version's once published, else the paper's. */
  async figures(row: Pick<ExamRow, 'paper_id' | 'paper_version_id' | 'pass_score'>) {
    if (row.paper_version_id !== null) {
      const version = await this.db
        .selectFrom('paper_versions')
        .select(['total_score', 'question_count'])
        .where('id', '=', row.paper_version_id)
        .executeTakeFirstOrThrow();
      return {
        total: version.total_score,
        passScore: row.pass_score,
        questionCount: version.question_count,
      };
    }
    // A draft shows the paper as it is now, worked out as publishing would freeze it.
    const snapshot = await snapshotPaper(this.db, row.paper_id);
    return {
      total: snapshot.total,
      passScore: snapshot.paper.passScore,
      questionCount: snapshot.questionCount,
    };
  }

  async record(examId: number, userId: number, action: string, detail: unknown, at: string) {
    await this.db
      .insertInto('exam_changes')
      .values({
        exam_id: examId,
        user_id: userId,
        action,
        detail: JSON.stringify(detail),
        created_at: at,
      })
      .execute();
  }

  /** Many entries of the change record at once (a whole exam paused): 500 rows per INSERT. */
  async recordMany(
    entries: readonly {
      examId: number;
      userId: number;
      action: string;
      detail: unknown;
      at: string;
    }[],
  ) {
    if (entries.length > 1 && this.db.getExecutor().adapter instanceof PostgresAdapter) {
      // One statement however many (a whole exam's pause): one array parameter per column.
      const column = <T>(value: (entry: (typeof entries)[number]) => T) => entries.map(value);
      await sql`
        insert into exam_changes (exam_id, user_id, action, detail, created_at)
        select * from unnest(
          cast(${column((entry) => entry.examId)} as integer[]),
          cast(${column((entry) => entry.userId)} as integer[]),
          cast(${column((entry) => entry.action)} as varchar(32)[]),
          cast(${column((entry) => JSON.stringify(entry.detail))} as text[]),
          cast(${column((entry) => entry.at)} as varchar(30)[])
        )`.execute(this.db);
      return;
    }
    for (let i = 0; i < entries.length; i += 500) {
      await this.db
        .insertInto('exam_changes')
        .values(
          entries.slice(i, i + 500).map((entry) => ({
            exam_id: entry.examId,
            user_id: entry.userId,
            action: entry.action,
            detail: JSON.stringify(entry.detail),
            created_at: entry.at,
          })),
        )
        .execute();
    }
  }

  changes(examId: number) {
    return this.db
      .selectFrom('exam_changes')
      .leftJoin('users', 'users.id', 'exam_changes.user_id')
      .select([
        'exam_changes.id',
        'exam_changes.user_id',
        'exam_changes.action',
        'exam_changes.detail',
        'exam_changes.created_at',
        'users.nick_name',
        'users.name as login',
      ])
      .where('exam_changes.exam_id', '=', examId)
      .orderBy('exam_changes.id', 'desc')
      .execute();
  }
}
