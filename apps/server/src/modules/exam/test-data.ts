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
import { addPaper, addStudents, inMinutes } from '../../../test/exams.js';
import { addClass, assignTeacher } from '../base/test-data.js';
import { createStructure, type Structure } from '../question/test-data.js';
import { EXAM_BASE } from './exam.routes.js';

/**
 * Data for the exam tests: exams published through the API whose window is then moved, for every
 * test that needs an exam (marking, analysis…). Students and papers come from test/exams.ts.
 */

export { addPaper, addStudents, inMinutes };

let counter = 0;
const next = () => ++counter;

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
