import { PostgresAdapter, sql, type Insertable, type Updateable } from 'kysely';
import { UserType, type ListStudentQuery, type StudentOrderField } from '@kaoshi/shared';
import { contains, type Db } from '../../db/database.js';
import type { NewUser, StudentsTable, UserUpdate } from '../../db/types.js';
import { SessionRepository } from '../../lib/session.repository.js';
import { visibleClassIds, type ClassViewer } from '../school/classes.repository.js';

/**
 * Who is asking, for the row-level rule: administrators see every student, a teacher those of
 * the batches assigned to them (visibleClassIds), an examinee only themselves. null: the server
 * itself (sign-in, the session user), unrestricted.
 */
export type StudentViewer = ClassViewer | null;

/** listStudent's filters and order without paging. */
export type StudentFilter = Omit<ListStudentQuery, 'page' | 'limit'>;

export type NewStudent = Insertable<StudentsTable>;
export type StudentUpdate = Updateable<StudentsTable>;

const ORDER_COLUMNS: Record<StudentOrderField, string> = {
  id: 'students.id',
  name: 'students.name',
  ticketNumber: 'students.ticket_number',
  idNumber: 'students.id_number',
  className: 'classes.name',
  status: 'students.status',
  createdAt: 'students.created_at',
};

/** What a student row carries besides its own columns: where it belongs, by name. */
const NAME_COLUMNS = [
  'classes.name as class_name',
  'classes.level',
  'classes.subject_id',
  'subjects.name as subject_name',
  'subjects.department_id',
  'departments.name as department_name',
  'departments.school_id',
  'schools.name as school_name',
] as const;

/** `case id when 1 then 'a' when 2 then 'b' end`: many rows, each its own value, one statement. */
const caseById = (column: string, values: { id: number; value: string }[]) =>
  sql<string>`case ${sql.ref(column)} ${sql.join(
    values.map(({ id, value }) => sql`when ${id} then ${value}`),
    sql` `,
  )} end`;

export class StudentRepository {
  constructor(private readonly db: Db) {}

  private get postgres() {
    return this.db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /** Students with their batch, job type, category and project: one query, no N+1. */
  private joined(viewer: StudentViewer) {
    let query = this.db
      .selectFrom('students')
      .innerJoin('classes', 'classes.id', 'students.class_id')
      .innerJoin('subjects', 'subjects.id', 'classes.subject_id')
      .innerJoin('departments', 'departments.id', 'subjects.department_id')
      .innerJoin('schools', 'schools.id', 'departments.school_id');
    if (!viewer) return query;
    const classIds = visibleClassIds(this.db, viewer);
    if (classIds) query = query.where('students.class_id', 'in', classIds);
    // Even an examinee granted STUDENT sees no classmates.
    if (viewer.user.user_type === UserType.STUDENT) {
      query = query.where('students.user_id', '=', viewer.user.id);
    }
    return query;
  }

  private withNames(viewer: StudentViewer) {
    return this.joined(viewer).selectAll('students').select(NAME_COLUMNS);
  }

  /** listStudent's filters (paging and order aside): the list and the export share them. */
  private filtered(query: StudentFilter, viewer: StudentViewer) {
    let base = this.joined(viewer);
    if (query.keyword) {
      const keyword = query.keyword;
      base = base.where((eb) =>
        eb.or([
          contains('students.name', keyword),
          contains('students.ticket_number', keyword),
          contains('students.id_number', keyword),
          contains('students.phone', keyword),
        ]),
      );
    }
    if (query.schoolId !== undefined)
      base = base.where('departments.school_id', '=', query.schoolId);
    if (query.departmentId !== undefined)
      base = base.where('subjects.department_id', '=', query.departmentId);
    if (query.subjectId !== undefined)
      base = base.where('classes.subject_id', '=', query.subjectId);
    if (query.level !== undefined) base = base.where('classes.level', '=', query.level);
    if (query.classId !== undefined) base = base.where('students.class_id', '=', query.classId);
    if (query.status !== undefined) base = base.where('students.status', '=', query.status);
    return base;
  }

  /** One page of the filtered students in the query's order (then by id, so pages never overlap). */
  private page(query: StudentFilter, viewer: StudentViewer, offset: number, limit: number) {
    return this.filtered(query, viewer)
      .selectAll('students')
      .select(NAME_COLUMNS)
      .select('classes.code as class_code')
      .orderBy(sql.ref(ORDER_COLUMNS[query.orderBy]), query.order)
      .orderBy('students.id', query.order)
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(query: StudentFilter, viewer: StudentViewer) {
    const row = await this.filtered(query, viewer)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  async list(query: ListStudentQuery, viewer: StudentViewer) {
    const [rows, total] = await Promise.all([
      this.page(query, viewer, (query.page - 1) * query.limit, query.limit),
      this.count(query, viewer),
    ]);
    return { rows, total };
  }

  /** Rows `offset` to `offset + limit` of every student matching the filter (exports). */
  /** A page of the export: the list's rows, and the initial password while the account has it. */
  exportPage(query: StudentFilter, viewer: StudentViewer, offset: number, limit: number) {
    return this.filtered(query, viewer)
      .innerJoin('users', 'users.id', 'students.user_id')
      .selectAll('students')
      .select(NAME_COLUMNS)
      .select(['classes.code as class_code', 'users.password_is_default'])
      .orderBy(sql.ref(ORDER_COLUMNS[query.orderBy]), query.order)
      .orderBy('students.id', query.order)
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** The students holding these (normalised) identity numbers, whoever may see them. */
  findByIdNumbers(idNumbers: string[]) {
    if (idNumbers.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('students')
      .select([
        'id',
        'user_id',
        'class_id',
        'name',
        'gender',
        'id_type',
        'id_number',
        'phone',
        'email',
        'photo',
        'status',
      ])
      .where('id_number', 'in', idNumbers)
      .execute();
  }

  /** Batches by their codes (unique), with their seats. */
  findClassesByCodes(codes: string[]) {
    if (codes.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('classes')
      .select(['id', 'code', 'name', 'capacity'])
      .where('code', 'in', codes)
      .execute();
  }

  /** The ids of the batches the viewer may use; null: every batch. */
  async visibleClassIdSet(viewer: StudentViewer): Promise<Set<number> | null> {
    const classIds = viewer && visibleClassIds(this.db, viewer);
    if (!classIds) return null;
    const rows = await classIds.execute();
    return new Set(rows.map((row) => row.class_id));
  }

  /** The batches the viewer may put students in, by code, with their job type (templates). */
  usableClasses(viewer: StudentViewer, limit: number) {
    let query = this.db
      .selectFrom('classes')
      .innerJoin('subjects', 'subjects.id', 'classes.subject_id')
      .select(['classes.code', 'classes.name', 'classes.level', 'subjects.name as subject_name'])
      .orderBy('classes.code')
      .limit(limit);
    const classIds = viewer && visibleClassIds(this.db, viewer);
    if (classIds) query = query.where('classes.id', 'in', classIds);
    return query.execute();
  }

  /** Students per batch, for the batches given. */
  async countByClass(classIds: number[]) {
    if (classIds.length === 0) return new Map<number, number>();
    const rows = await this.db
      .selectFrom('students')
      .select(['class_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('class_id', 'in', classIds)
      .groupBy('class_id')
      .execute();
    return new Map(rows.map((row) => [row.class_id, Number(row.count)]));
  }

  /** lockClass for many batches, in id order so that two importers never deadlock. */
  async lockClasses(ids: number[]) {
    if (!this.postgres || ids.length === 0) return;
    await this.db
      .selectFrom('classes')
      .select('id')
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  findById(id: number, viewer: StudentViewer) {
    return this.withNames(viewer).where('students.id', '=', id).executeTakeFirst();
  }

  findByUserId(userId: number) {
    return this.withNames(null).where('students.user_id', '=', userId).executeTakeFirst();
  }

  /** The students among `ids` the viewer may see. */
  findManyByIds(ids: number[], viewer: StudentViewer) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.joined(viewer)
      .select([
        'students.id',
        'students.user_id',
        'students.class_id',
        'students.name',
        'students.status',
        'students.id_number',
        'students.ticket_number',
      ])
      .where('students.id', 'in', ids)
      .execute();
  }

  /** Students with their batch, and the columns every such read shows. */
  private withBatch() {
    return this.db
      .selectFrom('students')
      .innerJoin('classes', 'classes.id', 'students.class_id')
      .select(['students.id', 'students.name', 'students.ticket_number']);
  }

  /**
   * Enabled students of the exam's job type and level who are not yet candidates; `own` limits
   * them to those batches. At most 50, by ticket number.
   */
  notCandidatesOf(
    exam: { id: number; subject_id: number; level: number },
    own: Set<number> | null,
    keyword: string | undefined,
  ) {
    let query = this.withBatch()
      .select(['classes.id as class_id', 'classes.name as class_name'])
      .where('classes.subject_id', '=', exam.subject_id)
      .where('classes.level', '=', exam.level)
      .where('students.status', '=', 1)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('exam_candidates')
              .select('exam_candidates.id')
              .where('exam_candidates.exam_id', '=', exam.id)
              .whereRef('exam_candidates.student_id', '=', 'students.id'),
          ),
        ),
      );
    if (own) query = query.where('students.class_id', 'in', [...own, 0]);
    if (keyword) {
      query = query.where((eb) =>
        eb.or([contains('students.name', keyword), contains('students.ticket_number', keyword)]),
      );
    }
    return query.orderBy('students.ticket_number').limit(50).execute();
  }

  /** Students by id with their batch's job type and level (an exam's candidate checks). */
  withBatchFacts(ids: number[]) {
    return this.withBatch()
      .select(['students.status', 'students.class_id', 'classes.subject_id', 'classes.level'])
      .where('students.id', 'in', ids)
      .execute();
  }

  /** Enabled students per batch, for the batches given. */
  countEnabledByClass(classIds: number[]) {
    if (classIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('students')
      .select(['class_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('class_id', 'in', classIds)
      .where('status', '=', 1)
      .groupBy('class_id')
      .execute();
  }

  findByIdNumber(idNumber: string) {
    return this.db
      .selectFrom('students')
      .select(['id', 'name'])
      .where('id_number', '=', idNumber)
      .executeTakeFirst();
  }

  /** A batch the viewer may see, with its seat count. */
  findClass(id: number, viewer: StudentViewer) {
    let query = this.db
      .selectFrom('classes')
      .select(['id', 'name', 'capacity'])
      .where('id', '=', id);
    const classIds = viewer && visibleClassIds(this.db, viewer);
    if (classIds) query = query.where('id', 'in', classIds);
    return query.executeTakeFirst();
  }

  /**
   * Holds the batch's row until the transaction ends so that two writers cannot both take its
   * last seat. SQLite's writers are serialised already; PostgreSQL takes a row lock.
   */
  async lockClass(id: number) {
    if (!this.postgres) return;
    await this.db.selectFrom('classes').select('id').where('id', '=', id).forUpdate().execute();
  }

  async countInClass(classId: number) {
    const row = await this.db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('class_id', '=', classId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async roleIdOf(key: string) {
    const row = await this.db
      .selectFrom('roles')
      .select('id')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.id;
  }

  /** Inserts many users in one statement; answers each new id with the name it was given. */
  insertUsers(rows: NewUser[]) {
    return this.db.insertInto('users').values(rows).returning(['id', 'name']).execute();
  }

  async bindRole(userIds: number[], roleId: number) {
    if (userIds.length === 0) return;
    await this.db
      .insertInto('user_roles')
      .values(userIds.map((userId) => ({ user_id: userId, role_id: roleId })))
      .execute();
  }

  /** Inserts many students in one statement; answers each new id with its user id. */
  insertStudents(rows: NewStudent[]) {
    return this.db.insertInto('students').values(rows).returning(['id', 'user_id']).execute();
  }

  /** Sets each student's ticket number and makes it their user's name: two statements. */
  async setTicketNumbers(rows: { id: number; userId: number; ticketNumber: string }[]) {
    if (rows.length === 0) return;
    await this.db
      .updateTable('students')
      .set({
        ticket_number: caseById(
          'id',
          rows.map((row) => ({ id: row.id, value: row.ticketNumber })),
        ),
      })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    await this.db
      .updateTable('users')
      .set({
        name: caseById(
          'id',
          rows.map((row) => ({ id: row.userId, value: row.ticketNumber })),
        ),
      })
      .where(
        'id',
        'in',
        rows.map((row) => row.userId),
      )
      .execute();
  }

  /**
   * Gives each row its own values, a whole slice per statement (`case id when … then … end` for
   * each column): for 500 students one UPDATE, not 500. `shared` values are the same for all.
   * Numbers are cast so that PostgreSQL does not read the parameters as text.
   */
  async updateEach<T extends 'students' | 'users'>(
    table: T,
    rows: { id: number; values: Record<string, string | number> }[],
    shared: Record<string, string | number>,
  ) {
    const first = rows[0];
    if (!first) return;
    const typed = (value: string | number) =>
      typeof value === 'number' ? sql`cast(${value} as integer)` : sql`${value}`;
    const set: Record<string, unknown> = { ...shared };
    for (const column of Object.keys(first.values)) {
      set[column] = sql`case ${sql.ref('id')} ${sql.join(
        rows.map((row) => sql`when ${row.id} then ${typed(row.values[column]!)}`),
        sql` `,
      )} end`;
    }
    await this.db
      .updateTable(table as 'students')
      .set(set as StudentUpdate)
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
  }

  async updateMany(ids: number[], values: StudentUpdate) {
    if (ids.length === 0) return;
    await this.db.updateTable('students').set(values).where('id', 'in', ids).execute();
  }

  async updateUsers(userIds: number[], values: UserUpdate) {
    if (userIds.length === 0) return;
    await this.db.updateTable('users').set(values).where('id', 'in', userIds).execute();
  }

  async deleteSessionsOf(userIds: number[]) {
    await new SessionRepository(this.db).deleteSessionsOfUsers(userIds);
  }

  /** The student row, then its user (sessions and role bindings go with the user). */
  async deleteWithUser(id: number, userId: number) {
    await this.deleteSessionsOf([userId]);
    await this.db.deleteFrom('students').where('id', '=', id).execute();
    await this.db.deleteFrom('users').where('id', '=', userId).execute();
  }

  /** The user account of the student with this (normalised) identity number: sign-in by ID. */
  findUserByIdNumber(idNumber: string) {
    return this.db
      .selectFrom('students')
      .innerJoin('users', 'users.id', 'students.user_id')
      .selectAll('users')
      .where('students.id_number', '=', idNumber)
      .executeTakeFirst();
  }
}
