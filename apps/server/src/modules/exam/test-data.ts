import {
  CandidateStatus,
  Perm,
  RoleKey,
  UserType,
  type CandidateView,
  type ExamBody,
  type ExamPublishCheck,
  type ExamView,
  type ListResult,
} from '@kaoshi/shared';
import { DEFAULT_PASSWORD, login, type Client, type TestApp } from '../../../test/build-app.js';
import { addUser, createRole, expectOk, roleIdOf } from '../../../test/factories.js';
import type { Db } from '../../db/database.js';
import { addClass, assignTeacher, residentId } from '../base/test-data.js';
import { addBankQuestions, writePaper } from '../paper/test-data.js';
import { createStructure, type Structure } from '../question/test-data.js';
import { EXAM_BASE } from './exam.routes.js';

/**
 * Data for the exam tests, written straight into the database: students in bulk (the bench
 * writes 20,000 this way) and papers that have passed their audit; and exams published through
 * the API whose window is then moved, for every test that needs an exam (marking, analysis…).
 */

let counter = 0;
const next = () => ++counter;

/**
 * `count` enabled students (with their accounts) in a batch; their ids. Ticket numbers are
 * `${prefix}00001`…, so seats follow the order they were added in.
 */
export async function addStudents(
  db: Db,
  classId: number,
  count: number,
  options: { prefix?: string; status?: number; initialPassword?: string | null } = {},
): Promise<number[]> {
  const prefix = options.prefix ?? `T${next()}-`;
  const at = new Date().toISOString();
  const ids: number[] = [];
  const CHUNK = 500;
  for (let start = 0; start < count; start += CHUNK) {
    const size = Math.min(CHUNK, count - start);
    const numbers = Array.from(
      { length: size },
      (_, i) => `${prefix}${String(start + i + 1).padStart(5, '0')}`,
    );
    const users = await db
      .insertInto('users')
      .values(
        numbers.map((ticket) => ({
          name: ticket,
          nick_name: `Candidate ${ticket}`,
          // Never matches a password: these students sign in only in the attempt tests.
          password_hash: 'x',
          password_is_default: 1,
          user_type: UserType.STUDENT,
          email: '',
          introduction: '',
          avatar: '',
          end_date: null,
          remote_login: 0,
          resource_url: '',
          socket_open: 0,
          status: 1,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning('id')
      .execute();
    const students = await db
      .insertInto('students')
      .values(
        numbers.map((ticket, i) => ({
          user_id: users[i]!.id,
          class_id: classId,
          name: `Candidate ${ticket}`,
          gender: 1,
          id_type: 1,
          id_number: residentId(100_000 + next()),
          phone: '',
          email: '',
          ticket_number: ticket,
          photo: '',
          status: options.status ?? 1,
          initial_password: options.initialPassword ?? null,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...students.map((row) => row.id));
  }
  return ids;
}

/**
 * A paper of `questionCount` judgement questions worth 2 points each (new approved bank
 * questions), audited as given (passed unless told); its id.
 */
export async function addPaper(
  db: Db,
  fields: {
    subjectId: number;
    level: number;
    courseId: number;
    questionCount?: number;
    /** The question types in order (QuestionType codes); else questionCount judgements. */
    types?: number[];
    passScore?: number;
    auditStatus?: number | null;
    name?: string;
  },
): Promise<number> {
  const questionIds = await addBankQuestions(
    db,
    Array.from({ length: fields.types?.length ?? fields.questionCount ?? 3 }, (_, i) => ({
      type: fields.types?.[i],
      subjectId: fields.subjectId,
      level: fields.level,
      courseId: fields.courseId,
    })),
  );
  return writePaper(db, {
    subjectId: fields.subjectId,
    level: fields.level,
    passScore: fields.passScore ?? 3,
    name: fields.name,
    auditStatus: fields.auditStatus,
    sections: [{ title: 'Part one', questions: questionIds.map((id) => ({ id, score: 2 })) }],
  });
}

/** The instant `minutes` from now (negative: before now), as the API writes times. */
export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

export interface ExamWindow {
  startAt: string;
  endAt: string;
}

/** A window that closed an hour ago (two hours long): marking, release and make-ups need one. */
export const closedWindow = (): ExamWindow => ({ startAt: inMinutes(-180), endAt: inMinutes(-60) });

/**
 * Publishes an exam through the API (as `admin`; its window an hour ahead unless `exam` says)
 * and, given `window`, then moves its window there in the table: the tests cannot wait hours for
 * a window to open or close. Its id.
 */
export async function addPublishedExam(
  admin: Client,
  db: Db,
  exam: Pick<ExamBody, 'paperId' | 'classIds'> & Partial<ExamBody>,
  window?: ExamWindow,
): Promise<number> {
  const body: ExamBody = {
    name: `Test exam ${next()}`,
    instructionId: null,
    startAt: inMinutes(60),
    endAt: inMinutes(180),
    durationMinutes: 30,
    ...exam,
  };
  const { id } = expectOk(await admin.post<{ id: number }>(`${EXAM_BASE}/addExam`, body));
  expectOk(await admin.post(`${EXAM_BASE}/publishExam/${id}`));
  if (window) await moveWindow(db, id, window);
  return id;
}

/** Moves an exam's window as the clock would see it later (the tests cannot wait hours). */
export async function moveWindow(db: Db, examId: number, { startAt, endAt }: ExamWindow) {
  await db
    .updateTable('exams')
    .set({ start_at: startAt, end_at: endAt })
    .where('id', '=', examId)
    .execute();
}

/** A teacher with the publishing keys (and role SUPER unless told), signed in. */
export async function signedInPublisher(
  t: TestApp,
  admin: Client,
  withSuper = true,
  keys: string[] = [Perm.PUBLISH_GROUP, Perm.PUBLISH],
): Promise<{ id: number; client: Client }> {
  const role = await createRole(admin, { permissionKeys: keys });
  const superId = await roleIdOf(admin, RoleKey.SUPER);
  const user = await addUser(admin, {
    userType: UserType.TEACHER,
    roleIds: withSuper ? [role.roleId, superId] : [role.roleId],
  });
  return { id: user.id, client: await login(t.app, user.name, DEFAULT_PASSWORD, UserType.TEACHER) };
}

/**
 * The exam tests' world: a passed paper of 3 judgements ("Electrician 5, paper A", 6 points,
 * pass 3), two batches of its job type and level (A "Spring batch": 5 enabled students and a
 * disabled one; B "Summer batch": 3), a batch of level 4, and (when asked) a publisher assigned to
 * batch A only; with the calls the exam tests make. Made at collection, built in `beforeAll`:
 * its calls can be taken apart at once.
 */
export class ExamWorld {
  t!: TestApp;
  admin!: Client;
  s!: Structure;
  paperId!: number;
  batchA!: number;
  batchB!: number;
  otherLevelBatch!: number;
  studentsA!: number[];
  studentsB!: number[];
  /** PUBLISHMANAGE with role SUPER, assigned to batch A only (built only when asked). */
  teacher!: { id: number; client: Client };

  constructor(private readonly options: { teacher?: boolean } = {}) {}

  async build(t: TestApp): Promise<this> {
    const db = t.handle.db;
    this.t = t;
    this.admin = await login(t.app);
    this.s = await createStructure(db);
    this.paperId = await addPaper(db, {
      subjectId: this.s.subjectId,
      level: this.s.level,
      courseId: this.s.courseId,
      name: 'Electrician 5, paper A',
    });
    this.batchA = await addClass(db, this.s.subjectId, { level: 5, name: 'Spring batch' });
    this.batchB = await addClass(db, this.s.subjectId, { level: 5, name: 'Summer batch' });
    this.otherLevelBatch = await addClass(db, this.s.subjectId, {
      level: 4,
      name: 'Level 4 batch',
    });
    this.studentsA = await addStudents(db, this.batchA, 5, { prefix: 'A-' });
    await addStudents(db, this.batchA, 1, { prefix: 'AX-', status: 0 });
    this.studentsB = await addStudents(db, this.batchB, 3, { prefix: 'B-' });
    if (this.options.teacher) {
      this.teacher = await signedInPublisher(t, this.admin);
      await assignTeacher(db, this.batchA, this.teacher.id);
    }
    return this;
  }

  /** A valid exam of the paper for both batches: an hour ahead, 90 minutes of a 2-hour window. */
  examBody = (fields: Partial<ExamBody> = {}): ExamBody => ({
    name: 'Electrician level 5, June',
    paperId: this.paperId,
    instructionId: null,
    classIds: [this.batchA, this.batchB],
    startAt: inMinutes(60),
    endAt: inMinutes(180),
    durationMinutes: 90,
    ...fields,
  });

  addDraft = async (fields: Partial<ExamBody> = {}, client = this.admin) =>
    expectOk(await client.post<{ id: number }>(`${EXAM_BASE}/addExam`, this.examBody(fields))).id;

  published = async (fields: Partial<ExamBody> = {}, client = this.admin) => {
    const id = await this.addDraft(fields, client);
    const check = expectOk(await client.post<ExamPublishCheck>(`${EXAM_BASE}/publishExam/${id}`));
    return { id, check };
  };

  getExam = async (id: number, client = this.admin) =>
    expectOk(await client.get<ExamView>(`${EXAM_BASE}/getExam/${id}`));

  candidatesOf = async (id: number, query: Record<string, string> = {}) =>
    expectOk(
      await this.admin.get<ListResult<CandidateView>>(`${EXAM_BASE}/listCandidate`, {
        examId: String(id),
        limit: '100',
        ...query,
      }),
    );

  setWindow = (id: number, startAt: string, endAt: string) =>
    moveWindow(this.t.handle.db, id, { startAt, endAt });

  /** What starting an attempt writes on the candidate row. */
  startAttempt = async (examId: number, studentId: number) => {
    await this.t.handle.db
      .updateTable('exam_candidates')
      .set({ status: CandidateStatus.IN_PROGRESS })
      .where('exam_id', '=', examId)
      .where('student_id', '=', studentId)
      .execute();
  };
}
