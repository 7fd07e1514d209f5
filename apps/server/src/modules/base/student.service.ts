import { randomBytes } from 'node:crypto';
import {
  RoleKey,
  UserType,
  type AddStudentBody,
  type BatchResult,
  type ResetStudentPasswordsResult,
  type ListResult,
  type ListStudentQuery,
  type StudentInput,
  type StudentView,
  type UpdateStudentBody,
} from '@kaoshi/shared';
import type { Config } from '../../config.js';
import { inTransaction, type Db } from '../../db/database.js';
import { conflict, forbidden, notFound, type AppError } from '../../errors.js';
import { classAccess } from '../../lib/access.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { isUniqueViolation, violationText } from '../../db/constraint.js';
import { InitialPasswords, type InitialPassword } from './student-password.js';
import { StudentRepository, type StudentViewer } from './student.repository.js';

/**
 * Exam ticket number (准考证号): "KS", the two-digit year the student was created (UTC), then the
 * student id zero-padded to 8 digits, e.g. KS2600000042. Unique because the id is; stable because
 * neither part changes afterwards (moving to another batch keeps it). Past 99,999,999 students
 * the id simply takes more digits. It is also the student's username.
 */

/** Another module's reason not to delete a student, or null. */
export type StudentUsageCheck = (
  trx: Db,
  student: { id: number; name: string },
) => Promise<AppError | null>;
export const ticketNumberOf = (studentId: number, createdAt: Date) =>
  `KS${String(createdAt.getUTCFullYear() % 100).padStart(2, '0')}${String(studentId).padStart(8, '0')}`;

/** Rows per INSERT: about 15 bound values a row stays well below both engines' limits. */
export const STUDENT_CHUNK = 500;

export interface CreatedStudent {
  id: number;
  userId: number;
  ticketNumber: string;
  /** The account's first password (STUDENT_INITIAL_PASSWORD): the only time it is answered. */
  initialPassword: string;
}

/** One student's new values, for `updateStudents`. */
export interface StudentChange extends StudentInput {
  id: number;
  userId: number;
}

/** A student's own columns, as created and as updated (the ticket number is set apart). */
const studentColumns = (row: StudentInput) => ({
  class_id: row.classId,
  name: row.name,
  gender: row.gender,
  id_type: row.idType,
  id_number: row.idNumber,
  phone: row.phone,
  email: row.email,
  photo: row.photo,
  status: row.status,
});

const chunks = <T>(rows: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
};

/**
 * Creates students with their user accounts (userType 3, role STUDENT, each with its initial
 * password, flagged as the default password) inside the caller's transaction, STUDENT_CHUNK rows
 * per statement: for 500 students about five statements, never one per row.
 *
 * The caller has validated the rows (studentInput), checked that their batches exist and have
 * room, and that their identity numbers are new; the unique constraints still refuse a duplicate
 * (the caller maps that error). `passwords[i]` is row i's (InitialPasswords.make, hashed by the
 * caller outside the transaction).
 *
 * A new row gets a unique placeholder as username and ticket number until its id is known;
 * both are replaced before this returns, inside the same transaction.
 */
export async function createStudents(
  trx: Db,
  rows: StudentInput[],
  passwords: InitialPassword[],
  now = new Date(),
): Promise<CreatedStudent[]> {
  if (passwords.length !== rows.length) throw new Error('createStudents: one password per row');
  const students = new StudentRepository(trx);
  const roleId = await students.roleIdOf(RoleKey.STUDENT);
  if (roleId === undefined) throw new Error('The built-in role STUDENT is missing');
  const at = now.toISOString();
  const created: CreatedStudent[] = [];
  for (const [index, chunk] of chunks(rows, STUDENT_CHUNK).entries()) {
    const chunkPasswords = passwords.slice(index * STUDENT_CHUNK, (index + 1) * STUDENT_CHUNK);
    const placeholders = chunk.map(() => `~${randomBytes(12).toString('hex')}`);
    // RETURNING order is not guaranteed on SQLite: match new rows by their placeholder.
    const users = await students.insertUsers(
      chunk.map((row, i) => ({
        name: placeholders[i]!,
        nick_name: row.name,
        password_hash: chunkPasswords[i]!.hash,
        password_is_default: 1,
        user_type: UserType.STUDENT,
        email: row.email,
        introduction: '',
        avatar: row.photo,
        end_date: null,
        // 1 shows the web app's user menu (sign out, change password).
        remote_login: 1,
        resource_url: '',
        socket_open: 0,
        status: row.status,
        created_at: at,
        updated_at: at,
      })),
    );
    const userIdOf = new Map(users.map((user) => [user.name, user.id]));
    const userIds = placeholders.map((placeholder) => userIdOf.get(placeholder)!);
    await students.bindRole(userIds, roleId);
    const inserted = await students.insertStudents(
      chunk.map((row, i) => ({
        user_id: userIds[i]!,
        ...studentColumns(row),
        ticket_number: placeholders[i]!,
        initial_password: chunkPasswords[i]!.password,
        created_at: at,
        updated_at: at,
      })),
    );
    const studentIdOf = new Map(inserted.map((student) => [student.user_id, student.id]));
    const done = userIds.map((userId, i) => {
      const id = studentIdOf.get(userId)!;
      return {
        id,
        userId,
        ticketNumber: ticketNumberOf(id, now),
        initialPassword: chunkPasswords[i]!.password,
      };
    });
    await students.setTicketNumbers(done);
    created.push(...done);
  }
  return created;
}

/**
 * Writes new values of existing students and their accounts (nick name = name, email, avatar =
 * photo, status) inside the caller's transaction; the ticket number and username never change.
 * Disabled students' sessions end. Same preconditions as createStudents.
 */
export async function updateStudents(trx: Db, rows: StudentChange[], now = new Date()) {
  const students = new StudentRepository(trx);
  const updated_at = now.toISOString();
  // Two statements per STUDENT_CHUNK rows, not two per row: an import may update thousands.
  for (const chunk of chunks(rows, STUDENT_CHUNK)) {
    await students.updateEach(
      'students',
      chunk.map((row) => ({
        id: row.id,
        values: {
          ...studentColumns(row),
        },
      })),
      { updated_at },
    );
    await students.updateEach(
      'users',
      chunk.map((row) => ({
        id: row.userId,
        values: { nick_name: row.name, email: row.email, avatar: row.photo, status: row.status },
      })),
      { updated_at },
    );
  }
  await students.deleteSessionsOf(rows.filter((row) => row.status !== 1).map((row) => row.userId));
}

/**
 * Gives students' accounts these initial passwords (row i gets `passwords[i]`), flagged as the
 * default so that they are asked to change it, and ends their sessions; inside the caller's
 * transaction. Also used when an administrator resets a student's account from the user list.
 */
export async function resetStudentPasswords(
  trx: Db,
  rows: { id: number; user_id: number }[],
  passwords: InitialPassword[],
  now = new Date(),
) {
  const students = new StudentRepository(trx);
  const updated_at = now.toISOString();
  for (const [index, chunk] of chunks(rows, STUDENT_CHUNK).entries()) {
    const slice = passwords.slice(index * STUDENT_CHUNK, (index + 1) * STUDENT_CHUNK);
    await students.updateEach(
      'users',
      chunk.map((row, i) => ({
        id: row.user_id,
        values: { password_hash: slice[i]!.hash, password_is_default: 1 },
      })),
      { updated_at },
    );
    await students.updateEach(
      'students',
      chunk.map((row, i) => ({ id: row.id, values: { initial_password: slice[i]!.password } })),
      { updated_at },
    );
  }
  await students.deleteSessionsOf(rows.map((row) => row.user_id));
}

type StudentRow = NonNullable<Awaited<ReturnType<StudentRepository['findById']>>>;

const toView = (row: StudentRow): StudentView => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  gender: row.gender,
  idType: row.id_type,
  idNumber: row.id_number,
  phone: row.phone,
  email: row.email,
  ticketNumber: row.ticket_number,
  photo: row.photo,
  status: row.status,
  classId: row.class_id,
  className: row.class_name,
  level: row.level,
  subjectId: row.subject_id,
  subjectName: row.subject_name,
  departmentId: row.department_id,
  departmentName: row.department_name,
  schoolId: row.school_id,
  schoolName: row.school_name,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/**
 * An ID number as lists, admission tickets and certificates show it: the first third (at most 6,
 * the region of a resident ID) kept, the rest starred, e.g. 110101************. Never a digit
 * of the end: an initial password may be made of it (STUDENT_INITIAL_PASSWORD=id-last6). The full
 * number is sent only to whoever opens the student (the detail call, which needs the key that
 * edits it) and to the student themself.
 */
export function maskIdNumber(idNumber: string): string {
  const head = Math.min(6, Math.floor(idNumber.length / 3));
  return `${idNumber.slice(0, head)}${'*'.repeat(idNumber.length - head)}`;
}

const toListView = (row: StudentRow): StudentView => ({
  ...toView(row),
  idNumber: maskIdNumber(row.id_number),
});

/** A duplicate that slipped past the checks (concurrent write), answered as the check would. */
function explainUnique(error: unknown): unknown {
  if (!isUniqueViolation(error)) return error;
  if (/id_number/.test(violationText(error))) {
    return conflict('idNumberTaken', {}, 'idNumber');
  }
  return conflict('ticketNumberTaken', {}, 'ticketNumber');
}

const listIds = (ids: number[]) =>
  ids.length > 10 ? `${ids.slice(0, 10).join(', ')}, … (+${ids.length - 10})` : ids.join(', ');

export class StudentService {
  private readonly passwords: InitialPasswords;

  constructor(
    private readonly db: Db,
    config: Config,
    /** Other modules' reasons not to delete a student (exams they are a candidate of). */
    private readonly usageChecks: readonly StudentUsageCheck[] = [],
  ) {
    this.passwords = new InitialPasswords(config.studentInitialPassword);
  }

  async list(query: ListStudentQuery, actor: AuthContext): Promise<ListResult<StudentView>> {
    // Naming another's batch is refused, not answered with an empty page.
    if (query.classId !== undefined) await classAccess(this.db, actor, query.classId);
    const { rows, total } = await new StudentRepository(this.db).list(query, actor);
    return { list: rows.map(toListView), total };
  }

  async get(id: number, actor: AuthContext): Promise<StudentView> {
    const row = await new StudentRepository(this.db).findById(id, actor);
    if (!row) throw notFound('student', id);
    return toView(row);
  }

  /** The signed-in student's own record. */
  async mine(actor: AuthContext): Promise<StudentView> {
    if (actor.user.user_type !== UserType.STUDENT) {
      throw forbidden('onlyExamineeHasRecord');
    }
    const row = await new StudentRepository(this.db).findByUserId(actor.user.id);
    if (!row) throw notFound('ownStudentRecord');
    return toView(row);
  }

  async add(body: AddStudentBody, actor: AuthContext): Promise<CreatedStudent> {
    const passwords = await this.passwords.make([body.idNumber]);
    try {
      return await inTransaction(this.db, async (trx) => {
        const students = new StudentRepository(trx);
        await this.batchWithRoom(students, body.classId, actor, 1);
        if (await students.findByIdNumber(body.idNumber)) {
          throw conflict('idNumberTaken', {}, 'idNumber');
        }
        const [created] = await createStudents(trx, [body], passwords);
        return created!;
      });
    } catch (error) {
      throw explainUnique(error);
    }
  }

  async update(body: UpdateStudentBody, actor: AuthContext): Promise<void> {
    try {
      await inTransaction(this.db, async (trx) => {
        const students = new StudentRepository(trx);
        const current = await students.findById(body.id, actor);
        if (!current) throw notFound('student', body.id);
        if (current.class_id !== body.classId) {
          await this.batchWithRoom(students, body.classId, actor, 1);
        }
        const holder = await students.findByIdNumber(body.idNumber);
        if (holder && holder.id !== body.id) {
          throw conflict('idNumberTaken', {}, 'idNumber');
        }
        await updateStudents(trx, [{ ...body, userId: current.user_id }]);
      });
    } catch (error) {
      throw explainUnique(error);
    }
  }

  /** Deletes the student and their user account (with its sessions and role binding). */
  async delete(id: number, actor: AuthContext): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const students = new StudentRepository(trx);
      const row = await students.findById(id, actor);
      if (!row) throw notFound('student', id);
      for (const check of this.usageChecks) {
        const refusal = await check(trx, { id: row.id, name: row.name });
        if (refusal) throw refusal;
      }
      await students.deleteWithUser(row.id, row.user_id);
    });
  }

  async moveMany(ids: number[], classId: number, actor: AuthContext): Promise<BatchResult> {
    return inTransaction(this.db, async (trx) => {
      const students = new StudentRepository(trx);
      const rows = await this.visibleStudents(students, ids, actor);
      const moving = rows.filter((row) => row.class_id !== classId).map((row) => row.id);
      await this.batchWithRoom(students, classId, actor, moving.length);
      await students.updateMany(moving, {
        class_id: classId,
        updated_at: new Date().toISOString(),
      });
      return { count: moving.length };
    });
  }

  /**
   * Back to an initial password by today's rule (a new one each under 'random'); their sessions
   * end. Answers each student's new password: the only time it is shown.
   */
  async resetPasswords(ids: number[], actor: AuthContext): Promise<ResetStudentPasswordsResult> {
    const rows = await this.visibleStudents(new StudentRepository(this.db), ids, actor);
    // Hashed before the transaction, which then only writes.
    const passwords = await this.passwords.make(rows.map((row) => row.id_number));
    await inTransaction(this.db, (trx) => resetStudentPasswords(trx, rows, passwords));
    return {
      count: rows.length,
      accounts: rows.map((row, i) => ({
        id: row.id,
        ticketNumber: row.ticket_number,
        name: row.name,
        initialPassword: passwords[i]!.password,
      })),
    };
  }

  /** Enables (1) or disables (0) students and their accounts; a disabled one is signed out. */
  async setStatus(ids: number[], status: number, actor: AuthContext): Promise<BatchResult> {
    return inTransaction(this.db, async (trx) => {
      const students = new StudentRepository(trx);
      const rows = await this.visibleStudents(students, ids, actor);
      const at = new Date().toISOString();
      const userIds = rows.map((row) => row.user_id);
      await students.updateMany(
        rows.map((row) => row.id),
        { status, updated_at: at },
      );
      await students.updateUsers(userIds, { status, updated_at: at });
      if (status !== 1) await students.deleteSessionsOf(userIds);
      return { count: rows.length };
    });
  }

  /** All of `ids`, or 10003 naming those the actor cannot see (existence is not revealed). */
  private async visibleStudents(students: StudentRepository, ids: number[], viewer: StudentViewer) {
    const rows = await students.findManyByIds(ids, viewer);
    const found = new Set(rows.map((row) => row.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw notFound('student', listIds(missing));
    return rows;
  }

  /** A batch the actor may use that has seats for `incoming` more students (capacity 0: no limit). */
  private async batchWithRoom(
    students: StudentRepository,
    classId: number,
    viewer: StudentViewer,
    incoming: number,
  ) {
    const batch = await students.findClass(classId, viewer);
    if (!batch) throw notFound('batch', classId);
    if (batch.capacity > 0 && incoming > 0) {
      await students.lockClass(classId);
      const taken = await students.countInClass(classId);
      if (taken + incoming > batch.capacity) {
        throw conflict(
          'batchFull',
          { name: batch.name, capacity: batch.capacity, taken, incoming },
          'classId',
        );
      }
    }
    return batch;
  }
}
