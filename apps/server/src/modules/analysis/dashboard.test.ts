import {
  ANALYSIS_BASE as BASE,
  ApiStatus,
  Perm,
  QuestionType,
  UserType,
  type DashboardView,
  type ExamBody,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, appWithAdmin, login, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher } from '../../../test/factories.js';
import { addSignableStudents } from '../attempt/test-data.js';
import { addClass, assignTeacher } from '../base/test-data.js';
import { EXAM_BASE } from '../exam/exam.routes.js';
import { addStudents } from '../exam/test-data.js';
import { addBankQuestions } from '../paper/test-data.js';
import { createStructure } from '../question/test-data.js';
import { addAnalysisPaper, itemIdsOf, setReleased, writeSittings } from './item-test-data.js';

const MINUTE = 60_000;
const DAY = 1_440 * MINUTE;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();
const PASSWORD = 'dash-pass-1';
const utcDay = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);

/**
 * One database, counted by hand:
 * - students: batch one 4 (S1–S4, who can sign in), batch two 2 → 6.
 * - questions not retired by audit state: the bank's 1 under review, 1 failed (a passed one is
 *   retired), and the paper's 2 passed → {1: 1, 2: 2, 3: 1}.
 * - exams (published): E1 batch one, opened a minute ago, open 2 h (today, running); E2 batch
 *   one in 30 days (upcoming); a draft starting now is not counted; the rest are over.
 * - E3 batch one 2 days ago, released: S1 4 (pass), S2 2 (pass), S3 1 (fail), S4 absent →
 *   sat 3, passed 2. E4 batch two 10 days ago, released: 1 and 0 → sat 2, passed 0. E5 batch one
 *   5 days ago, not released: not counted. E7 batch two 40 days ago, released: outside the 30 days.
 * - E6 batch one, closed yesterday, not released, its essay assigned to teacher T1: 3 answers
 *   enrolled, 1 final, T1 marked 1 → answers 3, finalized 1, mine 1. T1's assignment on E3
 *   (released) is not listed.
 */
describe('dashboard', () => {
  let t: TestApp;
  let admin: Client;
  let student: Client;
  let tickets: string[];
  let teacher: { id: number; client: Client };
  let batchOne: number;
  let paperId: number;
  const exams: Record<string, number> = {};

  async function exam(classId: number, startMin: number, endMin: number, publish = true) {
    const body = {
      name: `Dash exam ${Object.keys(exams).length + 1}`,
      paperId,
      instructionId: null,
      classIds: [classId],
      startAt: inMinutes(60),
      endAt: inMinutes(180),
      durationMinutes: 30,
    } as ExamBody;
    const { id } = expectOk(await admin.post<{ id: number }>(`${EXAM_BASE}/addExam`, body));
    if (publish) expectOk(await admin.post(`${EXAM_BASE}/publishExam/${id}`));
    await t.handle.db
      .updateTable('exams')
      .set({ start_at: inMinutes(startMin), end_at: inMinutes(endMin) })
      .where('id', '=', id)
      .execute();
    return id;
  }

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    const db = t.handle.db;
    const s = await createStructure(db);
    batchOne = await addClass(db, s.subjectId, { level: 5, name: 'Dash one' });
    const batchTwo = await addClass(db, s.subjectId, { level: 5, name: 'Dash two' });
    tickets = await addSignableStudents(db, batchOne, 4, {
      prefix: 'DS-',
      password: PASSWORD,
    });
    await addStudents(db, batchTwo, 2, { prefix: 'DT-' });
    student = await login(t.app, tickets[0]!, PASSWORD, UserType.STUDENT);
    const at = { subjectId: s.subjectId, level: 5, courseId: s.courseId };
    await addBankQuestions(db, [
      { ...at, auditStatus: 1 },
      { ...at, auditStatus: 3 },
      { ...at, auditStatus: 2, retired: true },
    ]);
    paperId = (
      await addAnalysisPaper(db, {
        subjectId: s.subjectId,
        level: 5,
        passScore: 2,
        questions: [
          { type: QuestionType.JUDGEMENT, score: 2, answer: 'T', courseId: s.courseId },
          { type: QuestionType.SHORT_ANSWER, score: 2, courseId: s.courseId },
        ],
      })
    ).paperId;
    const t1 = await signedInTeacher(t.app, admin, [Perm.MARKING]);
    teacher = { id: t1.id, client: t1.client };
    await assignTeacher(db, batchOne, t1.id);

    exams.e1 = await exam(batchOne, -1, 120);
    exams.e2 = await exam(batchOne, 30 * 1_440, 30 * 1_440 + 120);
    exams.draft = await exam(batchOne, 0, 120, false);
    exams.e3 = await exam(batchOne, -2 * 1_440, -2 * 1_440 + 60);
    await writeSittings(db, exams.e3, [{ scores: [2, 2] }, { scores: [2, 0] }, { scores: [0, 1] }]);
    await setReleased(db, exams.e3, true);
    exams.e4 = await exam(batchTwo, -10 * 1_440, -10 * 1_440 + 60);
    await writeSittings(db, exams.e4, [{ scores: [0, 1] }, { scores: [0, 0] }]);
    await setReleased(db, exams.e4, true);
    exams.e5 = await exam(batchOne, -5 * 1_440, -5 * 1_440 + 60);
    await writeSittings(db, exams.e5, [{ scores: [2, 2] }]);
    exams.e7 = await exam(batchTwo, -40 * 1_440, -40 * 1_440 + 60);
    await writeSittings(db, exams.e7, [{ scores: [2, 2] }]);
    await setReleased(db, exams.e7, true);

    exams.e6 = await exam(batchOne, -1_500, -1_440);
    const pending = { scores: [2, null], total: null };
    await writeSittings(db, exams.e6, [pending, pending, pending]);
    const essay = (await itemIdsOf(db, exams.e6))[1]!;
    const attempts = await db
      .selectFrom('attempts')
      .select('id')
      .where('exam_id', '=', exams.e6)
      .orderBy('id')
      .execute();
    const now = new Date().toISOString();
    const answerIds: number[] = [];
    for (const [i, attempt] of attempts.entries()) {
      const row = await db
        .insertInto('marking_answers')
        .values({
          exam_id: exams.e6,
          attempt_id: attempt.id,
          item_id: essay,
          anon_code: `A${i}`,
          full_score: 200,
          final_score: i === 0 ? 150 : null,
          finalized_at: i === 0 ? now : null,
          lease_marker_id: null,
          lease_until: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      answerIds.push(row.id);
    }
    await db
      .insertInto('marking_marks')
      .values({
        answer_id: answerIds[1]!,
        cycle: 1,
        round: 1,
        marker_id: teacher.id,
        score: 100,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('marking_assignments')
      .values([
        { exam_id: exams.e6, item_id: essay, marker_id: teacher.id },
        { exam_id: exams.e3, item_id: essay, marker_id: teacher.id },
      ])
      .execute();
  });
  afterAll(() => t.close());

  const dashboard = (client: Client) => client.get<DashboardView>(`${BASE}/dashboard`);

  it("shows an administrator the students, questions, exams and the last 30 days' pass rate", async () => {
    const view = expectOk(await dashboard(admin));
    expect(view.role).toBe('admin');
    expect(view.teacher).toBeNull();
    expect(view.student).toBeNull();
    expect(Math.abs(Date.parse(view.serverTime) - Date.now())).toBeLessThan(60_000);
    const a = view.admin!;
    expect(a.students).toBe(6);
    expect(a.questionsByState).toEqual([
      { state: 1, count: 1 },
      { state: 2, count: 2 },
      { state: 3, count: 1 },
    ]);
    expect(a.exams).toEqual({ today: 1, running: 1, upcoming: 1 });
    expect(a.passRate).toHaveLength(30);
    expect(a.passRate[29]!.day).toBe(utcDay(0));
    const nonEmpty = a.passRate.filter((d) => d.sat > 0);
    expect(nonEmpty).toEqual([
      { day: utcDay(10 * DAY), sat: 2, passed: 0, rate: 0 },
      { day: utcDay(2 * DAY), sat: 3, passed: 2, rate: 0.6667 },
    ]);
    expect(a.passRate.find((d) => d.day === utcDay(5 * DAY))).toMatchObject({ sat: 0, rate: null });
  });

  it('shows a teacher their batches and what they mark, nobody else’s', async () => {
    const view = expectOk(await dashboard(teacher.client));
    expect(view.role).toBe('teacher');
    expect(view.admin).toBeNull();
    expect(view.teacher!.batches).toEqual([
      { id: batchOne, name: 'Dash one', level: 5, students: 4 },
    ]);
    expect(view.teacher!.marking).toEqual([
      expect.objectContaining({ examId: exams.e6, answers: 3, finalized: 1, mine: 1 }),
    ]);
    const other = await signedInTeacher(t.app, admin, [Perm.ANALYSIS]);
    const empty = expectOk(await dashboard(other.client));
    expect(empty.teacher).toEqual({ batches: [], marking: [] });
  });

  it('shows a student their upcoming exams with a countdown and their released results', async () => {
    const view = expectOk(await dashboard(student));
    expect(view.role).toBe('student');
    expect(view.admin).toBeNull();
    expect(view.teacher).toBeNull();
    const { upcoming, results } = view.student!;
    expect(upcoming.map((e) => e.examId)).toEqual([exams.e1, exams.e2]);
    expect(upcoming[0]).toMatchObject({ open: true, startsInMs: 0 });
    const serverNow = Date.parse(view.serverTime);
    expect(upcoming[1]!.open).toBe(false);
    expect(upcoming[1]!.startsInMs).toBe(Date.parse(upcoming[1]!.startAt) - serverNow);
    expect(upcoming[1]!.startsInMs).toBeGreaterThan(29 * DAY);
    expect(results).toEqual([
      expect.objectContaining({ examId: exams.e3, score: 4, total: 4, passScore: 2, passed: true }),
    ]);
    // Its attempt, for the link to the result page.
    const { id: attemptId } = await t.handle.db
      .selectFrom('attempts')
      .innerJoin('exam_candidates as c', 'c.id', 'attempts.candidate_id')
      .innerJoin('students as s', 's.id', 'c.student_id')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select('attempts.id')
      .where('attempts.exam_id', '=', exams.e3!)
      .where('u.name', '=', tickets[0]!)
      .executeTakeFirstOrThrow();
    expect(results[0]!.attemptId).toBe(attemptId);
  });

  it('needs a session', async () => {
    expectStatus(await dashboard(new Client(t.app)), ApiStatus.NO_SESSION);
  });
});
