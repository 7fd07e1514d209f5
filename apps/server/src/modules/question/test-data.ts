import type { Db } from '../../db/database.js';
import { addDepartment, addSchool, addSubject } from '../base/test-data.js';

/**
 * Exam structure for the question tests, written straight into the database: a job type with
 * levels 5, 4 and 3, a course with two appraisal points at level 5 and a course with a point at
 * level 4.
 */

let counter = 0;
const next = () => ++counter;

export interface Structure {
  subjectId: number;
  subjectCode: string;
  level: 5;
  courseId: number;
  courseCode: string;
  pointId: number;
  pointCode: string;
  secondPointId: number;
  /** Level 4 of the same job type. */
  otherCourseId: number;
  otherCourseCode: string;
  otherPointId: number;
}

async function addKnowledge(
  db: Db,
  fields: { subjectId: number; level: number; type: 'cn' | 'kn'; parentId?: number; code: string },
) {
  const at = new Date().toISOString();
  const row = await db
    .insertInto('knowledge')
    .values({
      subject_id: fields.subjectId,
      level: fields.level,
      type: fields.type,
      parent_id: fields.parentId ?? null,
      code: fields.code,
      name: `${fields.type === 'cn' ? 'Course' : 'Point'} ${fields.code}`,
      importance: fields.type === 'kn' ? 'X' : null,
      weight: 0,
      description: '',
      sort: 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createStructure(db: Db): Promise<Structure> {
  const schoolId = await addSchool(db);
  const departmentId = await addDepartment(db, schoolId);
  const subjectId = await addSubject(db, departmentId, { levels: '5,4,3' });
  const { code: subjectCode } = await db
    .selectFrom('subjects')
    .select('code')
    .where('id', '=', subjectId)
    .executeTakeFirstOrThrow();
  const n = next();
  const at = { subjectId, level: 5 } as const;
  const courseCode = `QC${n}`;
  const courseId = await addKnowledge(db, { ...at, type: 'cn', code: courseCode });
  const pointCode = `QP${n}.1`;
  const pointId = await addKnowledge(db, {
    ...at,
    type: 'kn',
    parentId: courseId,
    code: pointCode,
  });
  const secondPointId = await addKnowledge(db, {
    ...at,
    type: 'kn',
    parentId: courseId,
    code: `QP${n}.2`,
  });
  const otherCourseCode = `QC${n}-4`;
  const otherCourseId = await addKnowledge(db, {
    subjectId,
    level: 4,
    type: 'cn',
    code: otherCourseCode,
  });
  const otherPointId = await addKnowledge(db, {
    subjectId,
    level: 4,
    type: 'kn',
    parentId: otherCourseId,
    code: `QP${n}-4.1`,
  });
  return {
    subjectId,
    subjectCode,
    level: 5,
    courseId,
    courseCode,
    pointId,
    pointCode,
    secondPointId,
    otherCourseId,
    otherCourseCode,
    otherPointId,
  };
}

/**
 * A new paper of the question's job type and level, with one section holding the question, as
 * the papers issue will write them. Returns the paper's id.
 */
export async function putInPaper(db: Db, questionId: number) {
  const question = await db
    .selectFrom('questions')
    .select(['subject_id', 'level'])
    .where('id', '=', questionId)
    .executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  const paper = await db
    .insertInto('papers')
    .values({
      name: `Paper ${next()}`,
      subject_id: question.subject_id,
      level: question.level,
      description: '',
      pass_score: 6000,
      duration_minutes: 90,
      mode: 'manual',
      draw_per_candidate: 0,
      blueprint: null,
      audit_status: null,
      audit_reason: '',
      author_id: 1,
      reviewer_id: null,
      reviewed_at: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const section = await db
    .insertInto('paper_sections')
    .values({
      paper_id: paper.id,
      sort: 0,
      title: 'Section 1',
      description: '',
      score: null,
      rules: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('paper_questions')
    .values({
      paper_id: paper.id,
      section_id: section.id,
      question_id: questionId,
      sort: 0,
      score: 100,
    })
    .execute();
  return paper.id;
}
