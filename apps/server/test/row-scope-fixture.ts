import { MARKING_BASE, Perm, QuestionType, RoleKey, type ExamBody } from '@kaoshi/shared';
import { addClass } from '../src/modules/base/test-data.js';
import { EXAM_BASE } from '../src/modules/exam/exam.routes.js';
import { addPaper, addStudents } from '../src/modules/exam/test-data.js';
import { addFinishedAttempts } from '../src/modules/marking/test-data.js';
import { addSheet } from '../src/modules/skills/assessment-test-data.js';
import {
  addSkillAssessment,
  addSkillCandidate,
  addSkillSession,
} from '../src/modules/skills/scoring-test-data.js';
import { createStructure } from '../src/modules/question/test-data.js';
import { login, type Client, type TestApp } from './build-app.js';
import { bindRoles, expectOk, roleIdOf, signedInTeacher } from './factories.js';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/** One batch's rows: what a user scoped to the other batch must not reach. */
export interface Side {
  classId: number;
  studentIds: number[];
  paperId: number;
  /** Published, open now: its candidates are sitting it. */
  openExamId: number;
  /** Published, closed, every candidate finished, a short answer each to mark. */
  closedExamId: number;
  /** Published, closed, objective only, not released: ready to release. */
  readyExamId: number;
  /** Published, closed, objective only, released. */
  releasedExamId: number;
  attemptIds: number[];
  /** Issued to the released exam's candidates. */
  certificateIds: number[];
  answerIds: number[];
  /** The marked (short answer) and a keyed (single choice) item of the closed exam. */
  markedItemId: string;
  singleItemId: string;
  /** A frozen scoring sheet of the batches' job type and level, and a draft skills assessment of the batch. */
  skillSheetId: number;
  skillAssessmentId: number;
  /** A candidate of this batch in another (published) assessment, and an examiner's signed sheet of it. */
  skillCandidateId: number;
  skillScoringId: number;
}

export interface RowScopeFixture {
  admin: Client;
  /** The job type and level of both batches, and a course of it (for more papers). */
  structure: { subjectId: number; level: number; courseId: number };
  a: Side;
  b: Side;
  /** Scoped to batch A, holding every permission key and role SUPER, not SUPER_ADMIN. */
  manager: { id: number; client: Client };
}

/** Lets the user teach the batches (class_teachers: what visibleClassIds reads). */
export async function assignBatches(t: TestApp, userId: number, classIds: number[]) {
  await t.handle.db
    .insertInto('class_teachers')
    .values(classIds.map((classId) => ({ class_id: classId, user_id: userId })))
    .execute();
}

/** A teacher holding the keys (and role SUPER for the publishing group), assigned the batches. */
export async function scopedTeacher(
  t: TestApp,
  admin: Client,
  keys: string[],
  classIds: number[],
): Promise<{ id: number; client: Client }> {
  const teacher = await signedInTeacher(t.app, admin, keys);
  await bindRoles(admin, teacher.id, [teacher.role.roleId, await roleIdOf(admin, RoleKey.SUPER)]);
  await assignBatches(t, teacher.id, classIds);
  return { id: teacher.id, client: teacher.client };
}

/** Two batches of one job type, each with its papers, exams, students, attempts and answers. */
export async function buildRowScopeFixture(t: TestApp): Promise<RowScopeFixture> {
  const db = t.handle.db;
  const admin = await login(t.app);
  const s = await createStructure(db);
  let hours = 0;
  const { id: adminId } = await db
    .selectFrom('users')
    .select('id')
    .where('name', '=', 'admin')
    .executeTakeFirstOrThrow();
  async function exam(paperId: number, classId: number, window: 'open' | 'closed') {
    hours += 10;
    const body: ExamBody = {
      name: `Row scope exam ${hours}`,
      paperId,
      instructionId: null,
      classIds: [classId],
      startAt: at(100 + hours),
      endAt: at(102 + hours),
      durationMinutes: 30,
    };
    const { id } = expectOk(await admin.post<{ id: number }>(`${EXAM_BASE}/addExam`, body));
    expectOk(await admin.post(`${EXAM_BASE}/publishExam/${id}`));
    const times = window === 'open' ? [at(-1), at(2)] : [at(-3), at(-1)];
    await db
      .updateTable('exams')
      .set({ start_at: times[0]!, end_at: times[1]! })
      .where('id', '=', id)
      .execute();
    return id;
  }
  async function side(name: string): Promise<Side> {
    const classId = await addClass(db, s.subjectId, { level: 5, name: `Row scope ${name}` });
    const studentIds = await addStudents(db, classId, 2, { prefix: `RS${name}-` });
    const paperId = await addPaper(db, {
      subjectId: s.subjectId,
      level: s.level,
      courseId: s.courseId,
      types: [QuestionType.SINGLE, QuestionType.SHORT_ANSWER],
      name: `Row scope paper ${name}`,
    });
    const openExamId = await exam(paperId, classId, 'open');
    const closedExamId = await exam(paperId, classId, 'closed');
    const readyExamId = await exam(paperId, classId, 'closed');
    const releasedExamId = await exam(paperId, classId, 'closed');
    const version = await db
      .selectFrom('exams')
      .innerJoin('paper_versions', 'paper_versions.id', 'exams.paper_version_id')
      .select('paper_versions.snapshot')
      .where('exams.id', '=', closedExamId)
      .executeTakeFirstOrThrow();
    const items = (
      JSON.parse(version.snapshot) as { sections: { items: { itemId: string; type: number }[] }[] }
    ).sections.flatMap((section) => section.items);
    const markedItemId = items.find((item) => item.type === QuestionType.SHORT_ANSWER)!.itemId;
    const singleItemId = items.find((item) => item.type === QuestionType.SINGLE)!.itemId;
    const attemptIds = await addFinishedAttempts(db, closedExamId, {
      markedItemIds: [markedItemId],
      objective: 0,
    });
    await addFinishedAttempts(db, readyExamId, { markedItemIds: [], objective: 200 });
    await addFinishedAttempts(db, releasedExamId, { markedItemIds: [], objective: 400 });
    // Passed, so that the release issues their certificates.
    await db
      .updateTable('exam_candidates')
      .set({ score: 400, passed: 1 })
      .where('exam_id', '=', releasedExamId)
      .execute();
    expectOk(await admin.post(`${MARKING_BASE}/releaseScores/${releasedExamId}`));
    // The overview enrolls the finished answers for marking (marking_answers rows).
    expectOk(await admin.get(`${MARKING_BASE}/getMarkingProgress/${closedExamId}`));
    const answers = await db
      .selectFrom('marking_answers')
      .select('id')
      .where('exam_id', '=', closedExamId)
      .orderBy('id')
      .execute();
    const certificates = await db
      .selectFrom('certificates')
      .select('id')
      .where('exam_id', '=', releasedExamId)
      .execute();
    const sheet = await addSheet(db, { subjectId: s.subjectId, level: s.level });
    const assessment = await db
      .insertInto('skill_assessments')
      .values({
        name: `Row scope assessment ${name}`,
        sheet_version_id: sheet.versionId,
        created_at: at(0),
        updated_at: at(0),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('skill_assessment_classes')
      .values({ assessment_id: assessment.id, class_id: classId })
      .execute();
    const scoredAssessmentId = await addSkillAssessment(db, {
      subjectId: s.subjectId,
      chiefId: adminId,
      checkerId: adminId,
    });
    const skillSessionId = await addSkillSession(db, scoredAssessmentId, 1, [
      { station: 1, userId: adminId },
    ]);
    const skillCandidateId = await addSkillCandidate(db, {
      assessmentId: scoredAssessmentId,
      sessionId: skillSessionId,
      station: 1,
      turn: 1,
      studentId: studentIds[0]!,
      classId,
    });
    const skillScoring = await db
      .insertInto('skill_scorings')
      .values({
        candidate_id: skillCandidateId,
        examiner_id: adminId,
        signed_at: at(0),
        updated_at: at(0),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      skillSheetId: sheet.sheetId,
      skillAssessmentId: assessment.id,
      skillCandidateId,
      skillScoringId: skillScoring.id,
      certificateIds: certificates.map((row) => row.id),
      classId,
      studentIds,
      paperId,
      openExamId,
      closedExamId,
      readyExamId,
      releasedExamId,
      attemptIds,
      answerIds: answers.map((row) => row.id),
      markedItemId,
      singleItemId,
    };
  }
  const a = await side('A');
  const b = await side('B');
  // Every key but the one that widens a user's batches to all (seesEveryClass).
  const every = Object.values(Perm).filter((key: string) => key !== 'SCHOOL-ALLCLASSES');
  const manager = await scopedTeacher(t, admin, every, [a.classId]);
  const structure = { subjectId: s.subjectId, level: s.level, courseId: s.courseId };
  return { admin, structure, a, b, manager };
}
