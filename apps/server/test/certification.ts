import { QuestionType, type ExamBody } from '@kaoshi/shared';
import { sql } from 'kysely';
import type { Client, TestApp } from './build-app.js';
import { addStudents } from './exams.js';
import { expectOk } from './factories.js';
import type { Db } from '../src/db/database.js';
import { addClass } from '../src/modules/base/test-data.js';
import { EXAM_BASE } from '../src/modules/exam/exam.routes.js';
import { addPaper } from '../src/modules/exam/test-data.js';
import { addFinishedAttempts } from '../src/modules/marking/test-data.js';
import { createStructure } from '../src/modules/question/test-data.js';
import {
  addSkillAssessment,
  addSkillCandidate,
  addSkillSession,
} from '../src/modules/skills/scoring-test-data.js';

/**
 * Test world of certification (issue 26 §4): a scheme of theory + skills for a job type and
 * level, a batch of students, and theory exams counting for the theory component; skills
 * results written straight to cert_results as a checker's signature leaves them.
 */
export interface CertWorld {
  subjectId: number;
  level: number;
  classId: number;
  paperId: number;
  studentIds: number[];
  schemeId: number;
  theoryId: number;
  skillsId: number;
}

export const FIXED = '2026-01-01T00:00:00.000Z';

export async function certWorld(db: Db, students = 4, validityMonths = 12): Promise<CertWorld> {
  const s = await createStructure(db);
  // One single-choice question of 2 points: a score of 200 hundredths is full marks.
  const paperId = await addPaper(db, {
    subjectId: s.subjectId,
    level: s.level,
    courseId: s.courseId,
    types: [QuestionType.SINGLE],
    passScore: 1,
  });
  const classId = await addClass(db, s.subjectId, { level: s.level, name: 'Cert scheme batch' });
  const studentIds = await addStudents(db, classId, students);
  const scheme = await db
    .insertInto('cert_schemes')
    .values({
      subject_id: s.subjectId,
      level: s.level,
      validity_months: validityMonths,
      created_at: FIXED,
      updated_at: FIXED,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const component = (kind: string, sort: number) =>
    db
      .insertInto('cert_scheme_components')
      .values({ scheme_id: scheme.id, kind, full_score: 10000, pass_score: 6000, sort })
      .returning('id')
      .executeTakeFirstOrThrow();
  const theory = await component('theory', 0);
  const skills = await component('skills', 1);
  return {
    subjectId: s.subjectId,
    level: s.level,
    classId,
    paperId,
    studentIds,
    schemeId: scheme.id,
    theoryId: theory.id,
    skillsId: skills.id,
  };
}

let examCount = 0;
/**
 * A published, closed exam of the batch counting for the theory component, every candidate
 * finished with the given score (hundredths of 2 points, by student id; 0 for the others).
 */
export async function closedTheoryExam(
  t: TestApp,
  admin: Client,
  w: CertWorld,
  scores: Record<number, number>,
  options: { componentId?: number | null } = {},
): Promise<number> {
  examCount += 1;
  const db = t.handle.db;
  const body: ExamBody = {
    name: `Theory ${examCount}`,
    paperId: w.paperId,
    instructionId: null,
    classIds: [w.classId],
    startAt: new Date(Date.now() + (100 + examCount) * 3_600_000).toISOString(),
    endAt: new Date(Date.now() + (102 + examCount) * 3_600_000).toISOString(),
    durationMinutes: 30,
  };
  const { id } = expectOk(await admin.post<{ id: number }>(`${EXAM_BASE}/addExam`, body));
  expectOk(await admin.post(`${EXAM_BASE}/publishExam/${id}`));
  await db
    .updateTable('exams')
    .set({
      start_at: '2025-12-01T02:00:00.000Z',
      end_at: '2025-12-01T04:00:00.000Z',
      scheme_component_id: options.componentId === undefined ? w.theoryId : options.componentId,
    })
    .where('id', '=', id)
    .execute();
  await addFinishedAttempts(db, id, { markedItemIds: [], objective: 0 });
  for (const studentId of w.studentIds) {
    const score = scores[studentId] ?? 0;
    await db
      .updateTable('exam_candidates')
      .set({ score, passed: score >= 100 ? 1 : 0 })
      .where('exam_id', '=', id)
      .where('student_id', '=', studentId)
      .execute();
  }
  return id;
}

/** A skills result as the checker's signature writes it; its id. */
export async function addSkillsResult(
  db: Db,
  r: { studentId: number; componentId: number; score: number; finalAt: string },
): Promise<number> {
  const { id } = await db
    .insertInto('cert_results')
    .values({
      student_id: r.studentId,
      component_id: r.componentId,
      score: r.score,
      passed: r.score >= 6000 ? 1 : 0,
      final_at: r.finalAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** How many of the database's lock requests wait (PostgreSQL): a transaction blocked on a row lock. */
export async function waitingLocks(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_locks where not granted`.execute(db);
  return rows[0]?.n ?? 0;
}

/** A skills candidate of an assessment counting for the component, checked with its final score. */
export async function checkedSkillCandidate(
  db: Db,
  c: {
    subjectId: number;
    classId: number;
    studentId: number;
    componentId: number;
    finalScore: number;
  },
): Promise<number> {
  const assessmentId = await addSkillAssessment(db, {
    subjectId: c.subjectId,
    chiefId: 1,
    checkerId: 1,
  });
  await db
    .updateTable('skill_assessments')
    .set({ scheme_component_id: c.componentId })
    .where('id', '=', assessmentId)
    .execute();
  const sessionId = await addSkillSession(db, assessmentId, 1, [{ station: 1, userId: 1 }]);
  const candidateId = await addSkillCandidate(db, {
    assessmentId,
    sessionId,
    station: 1,
    turn: 1,
    studentId: c.studentId,
    classId: c.classId,
  });
  await db
    .updateTable('skill_candidates')
    .set({ state: 'checked', final_score: c.finalScore })
    .where('id', '=', candidateId)
    .execute();
  return candidateId;
}

/** Moves a student's results `months` further into the past (their validity window runs out). */
export async function ageResults(db: Db, studentId: number, months: number) {
  const rows = await db
    .selectFrom('cert_results')
    .select(['id', 'final_at'])
    .where('student_id', '=', studentId)
    .execute();
  for (const row of rows) {
    const date = new Date(row.final_at);
    date.setUTCMonth(date.getUTCMonth() - months);
    await db
      .updateTable('cert_results')
      .set({ final_at: date.toISOString() })
      .where('id', '=', row.id)
      .execute();
  }
}
