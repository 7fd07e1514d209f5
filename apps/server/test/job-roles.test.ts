import {
  ANALYSIS_BASE,
  MARKING_BASE,
  PROCTOR_BASE,
  QuestionType,
  ROLE_SEEDS,
  RoleKey,
  UserType,
  type ExamBody,
} from '@kaoshi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { addClass, assignTeacher } from '../src/modules/base/test-data.js';
import { EXAM_BASE } from '../src/modules/exam/exam.routes.js';
import { addStudents } from '../src/modules/exam/test-data.js';
import { PAPER_BASE } from '../src/modules/paper/paper.routes.js';
import { QUESTION_BASE } from '../src/modules/question/question.routes.js';
import { createStructure, type Structure } from '../src/modules/question/test-data.js';
import { DEFAULT_PASSWORD, createUser, login, type Client, useAdminApp } from './build-app.js';
import { ME, expectOk, expectStatus } from './factories.js';

// The built-in roles are the jobs of an exam centre: a user holding just one of them does that
// job through the API, from writing a question to publishing the exam and marking it.

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describe('built-in job roles', () => {
  const t = useAdminApp();
  let s: Structure;
  let batch: number;

  beforeAll(async () => {
    s = await createStructure(t.handle.db);
    batch = await addClass(t.handle.db, s.subjectId, { level: s.level, name: 'Job roles batch' });
    await addStudents(t.handle.db, batch, 2, { prefix: 'JR-' });
  });

  /** A user holding just `role`, signed in; assigned the batch (batches are per teacher). */
  const holding = async (role: string) => {
    const user = await createUser(t.admin, { roleKeys: [role] });
    await assignTeacher(t.handle.db, batch, user.id);
    const client = await login(t.app, user.name, DEFAULT_PASSWORD, UserType.TEACHER);
    return { ...user, client };
  };

  it('a fresh database seeds the nine jobs, the administrator, the group membership and the student', async () => {
    const keys = (await t.handle.db.selectFrom('roles').select('key').orderBy('id').execute()).map(
      (row) => row.key,
    );
    expect(keys).toEqual(ROLE_SEEDS.map((role) => role.key));
    expect(keys).toEqual([
      RoleKey.SUPER_ADMIN,
      RoleKey.SUPER,
      RoleKey.QUESTION_WRITER,
      RoleKey.QUESTION_REVIEWER,
      RoleKey.PAPER_MAKER,
      RoleKey.EXAM_MANAGER,
      RoleKey.MARKER,
      RoleKey.INVIGILATOR,
      RoleKey.ANALYST,
      RoleKey.SKILL_EXAMINER,
      RoleKey.SKILL_CHIEF,
      RoleKey.STUDENT,
    ]);
  });

  it('each job alone: write, review, build a paper, audit and publish, mark, invigilate, analyse', async () => {
    const writer = await holding(RoleKey.QUESTION_WRITER);
    const reviewer = await holding(RoleKey.QUESTION_REVIEWER);
    const paperMaker = await holding(RoleKey.PAPER_MAKER);
    const manager = await holding(RoleKey.EXAM_MANAGER);
    const marker = await holding(RoleKey.MARKER);
    const invigilator = await holding(RoleKey.INVIGILATOR);
    const analyst = await holding(RoleKey.ANALYST);

    // The question writer writes and submits; approving is not theirs.
    const question = expectOk(
      await writer.client.post<{ id: number }>(`${QUESTION_BASE}/addQuestion`, {
        type: QuestionType.SINGLE,
        content: '<p>Which tool measures voltage?</p>',
        options: [
          { content: '<p>Ammeter</p>', correct: false },
          { content: '<p>Voltmeter</p>', correct: true },
        ],
        score: 2,
        difficulty: 2,
        subjectId: s.subjectId,
        level: s.level,
        courseId: s.courseId,
      }),
    );
    const batchQuestion = (client: Client, action: string) =>
      client.post<{ succeeded: number[] }>(`${QUESTION_BASE}/batchQuestion`, {
        ids: [question.id],
        action,
      });
    expectOk(await batchQuestion(writer.client, 'submit'));
    expectStatus(await batchQuestion(writer.client, 'approve'), 10001);
    // The reviewer approves another author's question.
    expect(expectOk(await batchQuestion(reviewer.client, 'approve')).succeeded).toEqual([
      question.id,
    ]);

    // The paper maker builds a paper with it and submits it, with no marker role.
    expect(expectOk(await paperMaker.client.get<{ roles: string[] }>(ME)).roles).toEqual([
      RoleKey.PAPER_MAKER,
      RoleKey.SUPER,
    ]);
    const paper = expectOk(
      await paperMaker.client.post<{ id: number }>(`${PAPER_BASE}/addPaper`, {
        name: 'Job roles paper',
        subjectId: s.subjectId,
        level: s.level,
        passScore: 1,
        durationMinutes: 30,
        mode: 'manual',
        sections: [{ title: 'Only', questions: [{ questionId: question.id }] }],
      }),
    );
    expectOk(await paperMaker.client.post(`${PAPER_BASE}/submitPaper/${paper.id}`));
    expectStatus(await paperMaker.client.post(`${EXAM_BASE}/publishExam/${paper.id}`), 10001);

    // The exam manager audits the paper, then adds and publishes the exam.
    expectOk(await manager.client.post(`${PAPER_BASE}/auditPaper`, { id: paper.id, result: 1 }));
    const body: ExamBody = {
      name: 'Job roles exam',
      paperId: paper.id,
      instructionId: null,
      classIds: [batch],
      startAt: at(1),
      endAt: at(3),
      durationMinutes: 30,
    };
    const exam = expectOk(await manager.client.post<{ id: number }>(`${EXAM_BASE}/addExam`, body));
    expectOk(await manager.client.post(`${EXAM_BASE}/publishExam/${exam.id}`));

    // The marker reaches the marking list; the invigilator the exam's live view; the analyst
    // the exams to analyse. None of them can publish.
    expectOk(await marker.client.get(`${MARKING_BASE}/listMarkingExam`));
    expectOk(await invigilator.client.get(`${PROCTOR_BASE}/liveExam/${exam.id}`));
    expectOk(await analyst.client.get(`${ANALYSIS_BASE}/listAnalysisExam`));
    for (const client of [marker.client, invigilator.client, analyst.client, writer.client]) {
      expectStatus(await client.post(`${EXAM_BASE}/publishExam/${exam.id}`), 10001);
    }
  });
});
