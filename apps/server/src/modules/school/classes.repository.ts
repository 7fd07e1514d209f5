import { sql, type Selectable } from 'kysely';
import {
  ClassStatus,
  Perm,
  UserType,
  type ClassSelectQuery,
  type ListClassQuery,
  type TeacherSelectQuery,
} from '@kaoshi/shared';
import { contains, type Db } from '../../db/database.js';
import type { ClassesTable } from '../../db/types.js';
import { nullsLast } from './query-helpers.js';

export type ClassRow = Selectable<ClassesTable>;
export type ClassValues = Omit<ClassRow, 'id' | 'created_at' | 'updated_at'>;

/** Enough of the signed-in user (an AuthContext will do) to tell which batches they may see. */
export interface ClassViewer {
  user: { id: number; user_type: number };
  superAdmin: boolean;
  permissionKeys: ReadonlySet<string>;
}

/**
 * SUPER_ADMIN and holders of SCHOOL-ALLCLASSES see every batch. A key, not the user type: a
 * user type is a field a user manager edits, and seeing every batch shows every ID number.
 */
export const seesEveryClass = (viewer: ClassViewer) =>
  viewer.superAdmin || viewer.permissionKeys.has(Perm.ALL_CLASSES);

/**
 * The ids of the registration batches `viewer` may see, as a subquery to filter with
 * (`.where('students.class_id', 'in', scope)`), or null when they may see every batch.
 * SUPER_ADMIN and holders of SCHOOL-ALLCLASSES see all; anyone else sees the batches they are
 * assigned to as a teacher (class_teachers) and, for an examinee, their own batch.
 */
export function visibleClassIds(db: Db, viewer: ClassViewer) {
  if (seesEveryClass(viewer)) return null;
  return db
    .selectFrom('class_teachers')
    .select('class_teachers.class_id')
    .where('class_teachers.user_id', '=', viewer.user.id)
    .union(
      db
        .selectFrom('students')
        .select('students.class_id')
        .where('students.user_id', '=', viewer.user.id),
    );
}

/** A calendar day as the server's clock reads it (its time zone, TZ), e.g. 2026-03-31. */
const localDay = (now: Date) =>
  [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0'))
    .join('-');

/**
 * Where a batch is in its life by its dates at `now`, or null when no date decides: finished
 * once the exam has ended; registration closed once it has ended or the exam has begun; open
 * from its first day; preparing before it. A date without a time (YYYY-MM-DD) counts whole days
 * in the server's time zone: registration ending on the 31st is open all that day.
 *
 * The one place a batch's state is worked out: lists, filters, sorting and selects all read it
 * (with `classState`), so what a list shows is what its filter finds.
 */
export function classStateByDates(now: Date) {
  const instant = now.toISOString();
  const day = localDay(now);
  // A day-only value is compared with today's date, an instant with the instant (ISO-8601 UTC
  // strings sort as the times they name).
  const current = (column: string) =>
    sql`case when length(${sql.ref(column)}) = 10 then ${day} else ${instant} end`;
  const over = (column: string) =>
    sql`(${sql.ref(column)} is not null and ${sql.ref(column)} < ${current(column)})`;
  const reached = (column: string) =>
    sql`(${sql.ref(column)} is not null and ${sql.ref(column)} <= ${current(column)})`;
  return sql<number | null>`case
    when ${over('classes.exam_end')} then ${sql.lit(ClassStatus.FINISHED)}
    when ${over('classes.registration_end')} or ${reached('classes.exam_start')}
      then ${sql.lit(ClassStatus.CLOSED)}
    when ${reached('classes.registration_start')} then ${sql.lit(ClassStatus.OPEN)}
    when classes.registration_start is not null then ${sql.lit(ClassStatus.PREPARING)}
    else null end`;
}

/** A batch's state: by its dates (classStateByDates), else the one set by hand. */
export const classState = (now: Date) =>
  sql<number>`coalesce(${classStateByDates(now)}, classes.status)`;

/** Sort columns; status sorts by the state lists show (classState). */
const ORDER_COLUMNS = {
  createdAt: 'classes.created_at',
  name: 'classes.name',
  code: 'classes.code',
  level: 'classes.level',
  registrationStart: 'classes.registration_start',
  examStart: 'classes.exam_start',
} as const;
const NULLABLE_ORDER = new Set(['registrationStart', 'examStart']);

/** A batch's columns an exam reads: its names, job type and level. */
const EXAM_FACTS = [
  'classes.id',
  'classes.name',
  'classes.code',
  'classes.subject_id',
  'classes.level',
] as const;

type ClassIds = ReturnType<ClassesRepository['filtered']>;

export class ClassesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Batches among `ids` with the names of their job type, category and project, and their
   * number of students from one grouped subquery over the same batches (no query per row).
   */
  private withNames(ids: ClassIds | number, now: Date) {
    let counts = this.db
      .selectFrom('students')
      .select((eb) => ['students.class_id', eb.fn.countAll<number>().as('student_count')])
      .groupBy('students.class_id');
    counts =
      typeof ids === 'number'
        ? counts.where('students.class_id', '=', ids)
        : counts.where('students.class_id', 'in', ids);
    const query = this.db
      .selectFrom('classes')
      .innerJoin('subjects', 'subjects.id', 'classes.subject_id')
      .innerJoin('departments', 'departments.id', 'subjects.department_id')
      .innerJoin('schools', 'schools.id', 'departments.school_id')
      .leftJoin(counts.as('counts'), 'counts.class_id', 'classes.id')
      .selectAll('classes')
      .select([
        'subjects.name as subject_name',
        'subjects.code as subject_code',
        'subjects.department_id as department_id',
        'departments.name as department_name',
        'departments.school_id as school_id',
        'schools.name as school_name',
        'counts.student_count',
        classStateByDates(now).as('state_by_dates'),
        classState(now).as('state'),
      ]);
    return typeof ids === 'number'
      ? query.where('classes.id', '=', ids)
      : query.where('classes.id', 'in', ids);
  }

  /** Ids of the batches that pass the list's filters and the viewer's scope. */
  private filtered(query: Omit<ListClassQuery, 'page' | 'limit'>, viewer: ClassViewer, now: Date) {
    let base = this.db
      .selectFrom('classes')
      .innerJoin('subjects', 'subjects.id', 'classes.subject_id')
      .innerJoin('departments', 'departments.id', 'subjects.department_id')
      .select('classes.id');
    const scope = visibleClassIds(this.db, viewer);
    if (scope) base = base.where('classes.id', 'in', scope);
    if (query.schoolId !== undefined) {
      base = base.where('departments.school_id', '=', query.schoolId);
    }
    if (query.departmentId !== undefined) {
      base = base.where('subjects.department_id', '=', query.departmentId);
    }
    if (query.subjectId !== undefined)
      base = base.where('classes.subject_id', '=', query.subjectId);
    if (query.level !== undefined) base = base.where('classes.level', '=', query.level);
    if (query.status !== undefined) base = base.where(classState(now), '=', query.status);
    if (query.keyword) {
      const keyword = query.keyword;
      base = base.where((eb) =>
        eb.or([contains('classes.name', keyword), contains('classes.code', keyword)]),
      );
    }
    return base;
  }

  async list(query: ListClassQuery, viewer: ClassViewer, now: Date) {
    const ids = this.filtered(query, viewer, now);
    const field = query.orderBy ?? 'createdAt';
    // Newest first unless the caller chose an order.
    const direction = query.order ?? (query.orderBy ? 'asc' : 'desc');
    let rows = this.withNames(ids, now);
    const column = field === 'status' ? undefined : ORDER_COLUMNS[field];
    if (column && NULLABLE_ORDER.has(field)) rows = rows.orderBy(nullsLast(column));
    const [list, count] = await Promise.all([
      rows
        .orderBy(column ?? classState(now), direction)
        .orderBy('classes.id', direction)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
      this.db
        .selectFrom(ids.as('ids'))
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: list, total: Number(count.total) };
  }

  listForSelect(query: ClassSelectQuery, viewer: ClassViewer, now: Date) {
    let base = this.db
      .selectFrom('classes')
      .select(['id', 'subject_id', 'level', 'name', 'code', classState(now).as('state')]);
    const scope = visibleClassIds(this.db, viewer);
    if (scope) base = base.where('id', 'in', scope);
    if (query.subjectId !== undefined) base = base.where('subject_id', '=', query.subjectId);
    if (query.level !== undefined) base = base.where('level', '=', query.level);
    if (query.status !== undefined) base = base.where(classState(now), '=', query.status);
    return base.orderBy('id', 'desc').execute();
  }

  /** The batch with its names and student count, if it exists and the viewer may see it. */
  async findVisible(id: number, viewer: ClassViewer, now = new Date()) {
    const scope = visibleClassIds(this.db, viewer);
    let query = this.withNames(id, now);
    if (scope) query = query.where('classes.id', 'in', scope);
    return query.executeTakeFirst();
  }

  findByCode(code: string) {
    return this.db.selectFrom('classes').selectAll().where('code', '=', code).executeTakeFirst();
  }

  async insert(values: ClassValues, now: string) {
    const row = await this.db
      .insertInto('classes')
      .values({ ...values, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: ClassValues, now: string) {
    await this.db
      .updateTable('classes')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number) {
    await this.db.deleteFrom('class_teachers').where('class_id', '=', id).execute();
    await this.db.deleteFrom('classes').where('id', '=', id).execute();
  }

  /** The batches among `ids` with their job type's name: what an exam checks them against. */
  forExam(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('classes')
      .innerJoin('subjects', 'subjects.id', 'classes.subject_id')
      .select([...EXAM_FACTS, 'subjects.name as subject_name'])
      .where('classes.id', 'in', ids)
      .orderBy('classes.id')
      .execute();
  }

  /** Batches newest first with their enabled students' count, limited to `scope` (visibleClassIds) unless null. */
  withEnabledCount(scope: ReturnType<typeof visibleClassIds>) {
    let query = this.db
      .selectFrom('classes')
      .select([
        ...EXAM_FACTS,
        'classes.exam_start',
        'classes.exam_end',
        (eb) =>
          eb
            .selectFrom('students')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('students.class_id', '=', 'classes.id')
            .where('students.status', '=', 1)
            .as('student_count'),
      ]);
    if (scope) query = query.where('classes.id', 'in', scope);
    return query.orderBy('classes.id', 'desc').execute();
  }

  async countStudents(id: number) {
    const row = await this.db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('class_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  teachersOf(classId: number) {
    return this.db
      .selectFrom('class_teachers')
      .innerJoin('users', 'users.id', 'class_teachers.user_id')
      .select(['users.id', 'users.name', 'users.nick_name'])
      .where('class_teachers.class_id', '=', classId)
      .orderBy('users.id')
      .execute();
  }

  async setTeachers(classId: number, userIds: readonly number[]) {
    await this.db.deleteFrom('class_teachers').where('class_id', '=', classId).execute();
    if (userIds.length > 0) {
      await this.db
        .insertInto('class_teachers')
        .values(userIds.map((userId) => ({ class_id: classId, user_id: userId })))
        .execute();
    }
  }

  usersByIds(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('users').select(['id', 'user_type']).where('id', 'in', ids).execute();
  }

  /** Active teachers (userType 2) to assign, by part of the username or nickname. */
  teachersForSelect(query: TeacherSelectQuery, limit: number) {
    let base = this.db
      .selectFrom('users')
      .select(['id', 'name', 'nick_name'])
      .where('user_type', '=', UserType.TEACHER)
      .where('status', '=', 1);
    if (query.keyword) {
      const keyword = query.keyword;
      base = base.where((eb) =>
        eb.or([contains('users.name', keyword), contains('users.nick_name', keyword)]),
      );
    }
    return base.orderBy('id').limit(limit).execute();
  }
}
