import {
  ApiStatus,
  MARKING_BASE as BASE,
  Perm,
  QuestionType,
  type ArbitrationView,
  type AuditSampleView,
  type KeyCorrectionResult,
  type ExamBody,
  type MarkingPlanView,
  type MarkingProgressView,
  type ReleaseView,
  type NextAnswerResult,
  type ScoreAnswerResult,
  type ScoreLogEntry,
  type SetMarkingPlanBody,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher } from '../../../test/factories.js';
import { assignBatches } from '../../../test/row-scope-fixture.js';
import { addClass } from '../base/test-data.js';
import { EXAM_BASE } from '../exam/exam.routes.js';
import { addPaper, addStudents } from '../exam/test-data.js';
import { addBankQuestions } from '../paper/test-data.js';
import { createStructure, type Structure } from '../question/test-data.js';
import { resultOf } from '../attempt/attempt.service.js';
import { agreedScore } from './agreed-score.js';
import { addFinishedAttempts } from './test-data.js';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/** Keys that would name a candidate, or lead to them through another call. */
const IDENTITY_KEYS = [
  'name',
  'nickName',
  'ticket',
  'ticketNumber',
  'studentId',
  'batch',
  'classId',
  'className',
  'attemptId',
  'candidateId',
  'seat',
  'seatNumber',
];

function identityKeysIn(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => identityKeysIn(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => [
    ...(IDENTITY_KEYS.includes(key) ? [`${path}.${key}`] : []),
    ...identityKeysIn(v, `${path}.${key}`),
  ]);
}

describe('agreedScore', () => {
  it('is the mean rounded to the step, a tie going to the even multiple, never past full', () => {
    expect(agreedScore(150, 200, 50, 200)).toBe(200); // 1.75 → 2 (4 steps, even)
    expect(agreedScore(100, 150, 50, 200)).toBe(100); // 1.25 → 1 (2 steps, even)
    expect(agreedScore(100, 120, 50, 200)).toBe(100); // 1.1 → 1
    expect(agreedScore(250, 250, 100, 250)).toBe(250); // agreeing on an off-step full score
    expect(agreedScore(200, 250, 100, 250)).toBe(200); // 2.25: nearer 2 than 2.5
  });
});

describe("a candidate's result before and after release (attempt presenter)", () => {
  const base = {
    finished: true,
    showResult: 'objective',
    released: false,
    objective: 200,
    total: 600,
    passScore: 300,
  };
  it("'objective' shows the objective score; a total only without marked questions or once released", () => {
    // Marking has not finished.
    expect(resultOf({ ...base, hasMarked: true, pending: 1, candidateScore: null })).toMatchObject({
      objectiveScore: 2,
      score: null,
      passed: null,
      pendingMarking: 1,
    });
    // Marking has finished, but the markers' scores wait for the release.
    expect(resultOf({ ...base, hasMarked: true, pending: 0, candidateScore: 350 })).toMatchObject({
      objectiveScore: 2,
      score: null,
      passed: null,
      pendingMarking: 0,
    });
    expect(
      resultOf({ ...base, hasMarked: true, pending: 0, candidateScore: 350, released: true }),
    ).toMatchObject({ objectiveScore: 2, score: 3.5, passed: true });
    // No question for markers: the total is the objective score, known at submission.
    expect(resultOf({ ...base, hasMarked: false, pending: 0, candidateScore: null })).toMatchObject(
      { score: 2, passed: false },
    );
    // A key correction moved the candidate row's total: that one counts.
    expect(resultOf({ ...base, hasMarked: false, pending: 0, candidateScore: 400 })).toMatchObject({
      score: 4,
      passed: true,
    });
  });
  it("'released' shows nothing before the release, 'none' nothing ever", () => {
    const marked = { ...base, hasMarked: true, pending: 0, candidateScore: 350 };
    expect(resultOf({ ...marked, showResult: 'released' })).toBeNull();
    expect(resultOf({ ...marked, showResult: 'released', hasMarked: false })).toBeNull();
    expect(resultOf({ ...marked, showResult: 'released', released: true })).toMatchObject({
      score: 3.5,
    });
    expect(resultOf({ ...marked, showResult: 'none', released: true })).toBeNull();
    expect(resultOf({ ...marked, finished: false })).toBeNull();
  });
});

describe('marking', () => {
  let t: TestApp;
  let admin: Client;
  let s: Structure;
  let paperId: number;
  let bigBatch: number;
  let smallBatch: number;
  let markers: { id: number; client: Client }[];
  let arbiter: { id: number; client: Client };
  let outsider: Client;
  let tickets: string[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    s = await createStructure(t.handle.db);
    // 2 points each: single choice (scored at finalization), two short answers (marked).
    paperId = await addPaper(t.handle.db, {
      subjectId: s.subjectId,
      level: s.level,
      courseId: s.courseId,
      types: [QuestionType.SINGLE, QuestionType.SHORT_ANSWER, QuestionType.SHORT_ANSWER],
      passScore: 3,
    });
    bigBatch = await addClass(t.handle.db, s.subjectId, { level: 5, name: 'Marking big' });
    smallBatch = await addClass(t.handle.db, s.subjectId, { level: 5, name: 'Marking small' });
    await addStudents(t.handle.db, bigBatch, 24, { prefix: 'MK-' });
    await addStudents(t.handle.db, smallBatch, 3, { prefix: 'MS-' });
    tickets = (await t.handle.db.selectFrom('students').select(['ticket_number']).execute()).map(
      (row) => row.ticket_number,
    );
    markers = [];
    for (let i = 0; i < 6; i++) {
      const teacher = await signedInTeacher(t.app, admin, [Perm.MARKING]);
      markers.push({ id: teacher.id, client: teacher.client });
    }
    const chief = await signedInTeacher(t.app, admin, [Perm.MARKING, Perm.MARKING_ARBITRATE]);
    arbiter = { id: chief.id, client: chief.client };
    // The chief holds both batches (lib/access examAccess): exam-wide calls need every batch.
    await assignBatches(t, chief.id, [bigBatch, smallBatch]);
    outsider = (await signedInTeacher(t.app, admin, [Perm.QUESTION])).client;
  });
  afterAll(() => t.close());

  let hours = 0;
  /** A published exam of the batch whose window has closed; its marked item ids. */
  async function closedExam(classId: number) {
    hours += 10;
    const body: ExamBody = {
      name: `Marking exam ${hours}`,
      paperId,
      instructionId: null,
      classIds: [classId],
      startAt: at(100 + hours),
      endAt: at(102 + hours),
      durationMinutes: 30,
    };
    const { id } = expectOk(await admin.post<{ id: number }>(`${EXAM_BASE}/addExam`, body));
    expectOk(await admin.post(`${EXAM_BASE}/publishExam/${id}`));
    await t.handle.db
      .updateTable('exams')
      .set({ start_at: at(-3), end_at: at(-1) })
      .where('id', '=', id)
      .execute();
    const version = await t.handle.db
      .selectFrom('exams')
      .innerJoin('paper_versions', 'paper_versions.id', 'exams.paper_version_id')
      .select('paper_versions.snapshot')
      .where('exams.id', '=', id)
      .executeTakeFirstOrThrow();
    const items = (
      JSON.parse(version.snapshot) as {
        sections: { items: { itemId: string; type: number }[] }[];
      }
    ).sections.flatMap((section) => section.items);
    const marked = items.filter((item) => item.type === QuestionType.SHORT_ANSWER);
    const single = items.find((item) => item.type === QuestionType.SINGLE)!;
    return { id, marked: marked.map((item) => item.itemId), single: single.itemId };
  }

  const plan = (examId: number, fields: Partial<SetMarkingPlanBody>): SetMarkingPlanBody => ({
    examId,
    mode: 'question',
    double: false,
    tolerance: 0,
    step: 0.5,
    auditShare: 5,
    assignments: [],
    ...fields,
  });

  const next = (client: Client, examId: number, itemId: string) =>
    client.post<NextAnswerResult>(`${BASE}/nextAnswer`, { examId, itemId });
  const score = (client: Client, answerId: number, points: number, comment = '') =>
    client.post<ScoreAnswerResult>(`${BASE}/scoreAnswer`, { answerId, score: points, comment });

  it('refuses users without MARKINGPAPERS, and plans from anyone but a chief', async () => {
    const exam = await closedExam(smallBatch);
    expectStatus(await outsider.get(`${BASE}/listMarkingExam`), ApiStatus.FORBIDDEN);
    expectStatus(
      await outsider.post(`${BASE}/nextAnswer`, { examId: exam.id, itemId: exam.marked[0] }),
      ApiStatus.FORBIDDEN,
    );
    const body = plan(exam.id, {
      assignments: [{ itemId: exam.marked[0]!, markerIds: [markers[0]!.id] }],
    });
    expectStatus(
      await markers[0]!.client.post(`${BASE}/setMarkingPlan`, body),
      ApiStatus.FORBIDDEN,
    );
    // Nothing to hand out before a plan exists; a marker named in no plan and holding none of
    // the exam's batches is not shown it (lib/access examAccess 'mark').
    expectStatus(await next(arbiter.client, exam.id, exam.marked[0]!), ApiStatus.CONFLICT);
    expectStatus(await next(markers[0]!.client, exam.id, exam.marked[0]!), ApiStatus.NOT_FOUND);
  });

  it('checks a plan: marked questions of the paper, markers who hold the key, two for double', async () => {
    const exam = await closedExam(smallBatch);
    const objective = await arbiter.client.post(
      `${BASE}/setMarkingPlan`,
      plan(exam.id, { assignments: [{ itemId: exam.single, markerIds: [markers[0]!.id] }] }),
    );
    expectStatus(objective, ApiStatus.INVALID_INPUT);
    const notMarker = await arbiter.client.post(
      `${BASE}/setMarkingPlan`,
      plan(exam.id, { assignments: [{ itemId: exam.marked[0]!, markerIds: [1_000_000] }] }),
    );
    expectStatus(notMarker, ApiStatus.INVALID_INPUT);
    expect(notMarker.body.message).toMatch(/Markers/);
    const lonely = await arbiter.client.post(
      `${BASE}/setMarkingPlan`,
      plan(exam.id, {
        double: true,
        assignments: [{ itemId: exam.marked[0]!, markerIds: [markers[0]!.id] }],
      }),
    );
    expectStatus(lonely, ApiStatus.INVALID_INPUT);
    // `mode` is this plan's way of marking, not an import's mode.
    const bogus = await arbiter.client.request({
      method: 'POST',
      url: `${BASE}/setMarkingPlan`,
      payload: { ...plan(exam.id, {}), mode: 'bogus' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expectStatus(bogus, ApiStatus.INVALID_INPUT);
    expect(bogus.body.message).toMatch(/^阅卷方式：/);
    expect(bogus.body.data).toEqual({ field: 'mode' });
    const saved = expectOk(
      await arbiter.client.post<MarkingPlanView>(
        `${BASE}/setMarkingPlan`,
        plan(exam.id, {
          double: true,
          tolerance: 0.5,
          assignments: [{ itemId: exam.marked[0]!, markerIds: [markers[0]!.id, markers[1]!.id] }],
        }),
      ),
    );
    expect(saved).toMatchObject({ double: true, tolerance: 0.5, step: 0.5, auditShare: 5 });
    expect(saved.assignments).toEqual([
      { itemId: exam.marked[0], markerIds: [markers[0]!.id, markers[1]!.id].sort((a, b) => a - b) },
    ]);
  });

  it('hands each answer to one marker only when many press Next together, then totals the attempts', async () => {
    const exam = await closedExam(bigBatch);
    const itemId = exam.marked[0]!;
    await addFinishedAttempts(t.handle.db, exam.id, { markedItemIds: [itemId], objective: 200 });
    expectOk(
      await arbiter.client.post(
        `${BASE}/setMarkingPlan`,
        plan(exam.id, { assignments: [{ itemId, markerIds: markers.map((m) => m.id) }] }),
      ),
    );
    const handed: number[][] = markers.map(() => []);
    await Promise.all(
      markers.map(async (marker, i) => {
        for (;;) {
          const result = expectOk(await next(marker.client, exam.id, itemId));
          if (!result.answer) break;
          handed[i]!.push(result.answer.answerId);
          expectOk(await score(marker.client, result.answer.answerId, 1.5));
        }
      }),
    );
    const all = handed.flat();
    expect(all).toHaveLength(24);
    expect(new Set(all).size).toBe(24);
    const candidates = await t.handle.db
      .selectFrom('exam_candidates')
      .innerJoin('attempts', 'attempts.candidate_id', 'exam_candidates.id')
      .select(['exam_candidates.score', 'exam_candidates.passed', 'attempts.pending_marking'])
      .where('exam_candidates.exam_id', '=', exam.id)
      .execute();
    expect(candidates).toHaveLength(24);
    for (const row of candidates)
      expect(row).toEqual({ score: 350, passed: 1, pending_marking: 0 });
    const progress = expectOk(
      await arbiter.client.get<MarkingProgressView>(`${BASE}/getMarkingProgress/${exam.id}`),
    );
    expect(progress).toMatchObject({ candidates: 24, submitted: 24, absent: 0 });
    const item = progress.items.find((i) => i.itemId === itemId)!;
    expect(item).toMatchObject({ answers: 24, marked: 24, inProgress: 0, arbitration: 0 });
    expect(item.markers.reduce((sum, m) => sum + m.marks, 0)).toBe(24);
  });

  it('refuses a marker without the question, out-of-range and off-step scores, and unheld answers', async () => {
    const exam = await closedExam(smallBatch);
    const itemId = exam.marked[0]!;
    await addFinishedAttempts(t.handle.db, exam.id, { markedItemIds: [itemId], objective: 0 });
    expectOk(
      await arbiter.client.post(
        `${BASE}/setMarkingPlan`,
        plan(exam.id, { assignments: [{ itemId, markerIds: [markers[0]!.id] }] }),
      ),
    );
    // A marker the plan does not name is not shown the exam; a named one not another question.
    expectStatus(await next(markers[1]!.client, exam.id, itemId), ApiStatus.NOT_FOUND);
    expectStatus(await next(markers[0]!.client, exam.id, exam.marked[1]!), ApiStatus.FORBIDDEN);
    const { answer } = expectOk(await next(markers[0]!.client, exam.id, itemId));
    const answerId = answer!.answerId;
    // Next again while holding one: the same answer back (a reload loses nothing).
    expect(expectOk(await next(markers[0]!.client, exam.id, itemId)).answer!.answerId).toBe(
      answerId,
    );
    for (const [points, pattern] of [
      [2.5, /Score: must be between 0 and 2/],
      [0.3, /Score: must be a multiple of 0.5/],
      [-1, /Score/],
    ] as const) {
      const refused = await score(markers[0]!.client, answerId, points);
      expectStatus(refused, ApiStatus.INVALID_INPUT);
      expect(refused.body.message).toMatch(pattern);
    }
    // A marker the plan does not name is not shown the exam (lib/access examAccess 'mark').
    expectStatus(await score(markers[1]!.client, answerId, 1), ApiStatus.NOT_FOUND);
    // Another answer of the question, not held by this marker.
    const other = await t.handle.db
      .selectFrom('marking_answers')
      .select('id')
      .where('exam_id', '=', exam.id)
      .where('id', '!=', answerId)
      .executeTakeFirstOrThrow();
    expectStatus(await score(markers[0]!.client, other.id, 1), ApiStatus.CONFLICT);
    expect(expectOk(await score(markers[0]!.client, answerId, 2))).toEqual({
      answerId,
      final: 2,
      arbitration: false,
      blind: false,
    });
    // Marks exist: the rules they were given under no longer change, named as the form names them.
    const locked = await arbiter.client.request({
      method: 'POST',
      url: `${BASE}/setMarkingPlan`,
      payload: plan(exam.id, {
        mode: 'candidate',
        step: 1,
        assignments: [{ itemId, markerIds: [markers[0]!.id] }],
      }),
      headers: { 'accept-language': 'zh-CN' },
    });
    expectStatus(locked, ApiStatus.CONFLICT);
    expect(locked.body.message).toBe('阅卷已开始，不能再修改：阅卷方式、给分步长');
  });

  it('by candidate: Next hands all of one candidate’s questions of the marker before the next candidate', async () => {
    const exam = await closedExam(smallBatch);
    const [q1, q2] = exam.marked as [string, string];
    await addFinishedAttempts(t.handle.db, exam.id, { markedItemIds: [q1, q2], objective: 0 });
    const m0 = markers[0]!;
    expectOk(
      await arbiter.client.post(
        `${BASE}/setMarkingPlan`,
        plan(exam.id, {
          mode: 'candidate',
          assignments: [
            { itemId: q1, markerIds: [m0.id] },
            { itemId: q2, markerIds: [m0.id] },
          ],
        }),
      ),
    );
    const handed: [string, string][] = [];
    const first = expectOk(
      await m0.client.post<NextAnswerResult>(`${BASE}/nextAnswer`, { examId: exam.id }),
    );
    expect(first).toMatchObject({ left: 6, mine: 0 });
    // Next again while holding it: the same answer back.
    expect(
      expectOk(await m0.client.post<NextAnswerResult>(`${BASE}/nextAnswer`, { examId: exam.id }))
        .answer!.answerId,
    ).toBe(first.answer!.answerId);
    handed.push([first.answer!.anonCode, first.answer!.itemId]);
    expectOk(await score(m0.client, first.answer!.answerId, 1));
    for (;;) {
      // The desk may name the question it shows: taken first within the candidate.
      const { answer } = expectOk(await next(m0.client, exam.id, q2));
      if (!answer) break;
      handed.push([answer.anonCode, answer.itemId]);
      expectOk(await score(m0.client, answer.answerId, 1));
    }
    expect(handed).toHaveLength(6);
    const codes = handed.map(([code]) => code);
    // Three candidates, each a run of their two answers.
    expect(new Set(codes).size).toBe(3);
    for (let i = 0; i < 6; i += 2) {
      expect(codes[i + 1]).toBe(codes[i]);
      expect(
        handed
          .slice(i, i + 2)
          .map(([, itemId]) => itemId)
          .sort(),
      ).toEqual([q1, q2].sort());
    }
    // After the first candidate, the named question comes first.
    expect(handed.slice(2).map(([, itemId]) => itemId)).toEqual([q2, q1, q2, q1]);
    expect(expectOk(await next(m0.client, exam.id, q2))).toMatchObject({
      answer: null,
      left: 0,
      mine: 6,
    });
    // A marker the plan does not name is not shown the exam, as by question.
    expectStatus(await next(markers[1]!.client, exam.id, q1), ApiStatus.NOT_FOUND);
    expectStatus(
      await markers[1]!.client.post(`${BASE}/nextAnswer`, { examId: exam.id }),
      ApiStatus.NOT_FOUND,
    );
  });

  it('by question: Next needs the question', async () => {
    const exam = await closedExam(smallBatch);
    expectOk(
      await arbiter.client.post(
        `${BASE}/setMarkingPlan`,
        plan(exam.id, { assignments: [{ itemId: exam.marked[0]!, markerIds: [markers[0]!.id] }] }),
      ),
    );
    const refused = await markers[0]!.client.post(`${BASE}/nextAnswer`, { examId: exam.id });
    expectStatus(refused, ApiStatus.INVALID_INPUT);
    expect(refused.body.data).toEqual({ field: 'itemId' });
  });

  it('returns an abandoned lease to the pool', async () => {
    const exam = await closedExam(smallBatch);
    const itemId = exam.marked[1]!;
    await addFinishedAttempts(t.handle.db, exam.id, { markedItemIds: [itemId], objective: 0 });
    expectOk(
      await arbiter.client.post(
        `${BASE}/setMarkingPlan`,
        plan(exam.id, { assignments: [{ itemId, markerIds: [markers[0]!.id, markers[1]!.id] }] }),
      ),
    );
    const first = expectOk(await next(markers[0]!.client, exam.id, itemId)).answer!;
    // Markers 1 take the other two; the held one is not handed out while its lease runs.
    const seen = new Set<number>();
    for (let i = 0; i < 2; i++) {
      const got = expectOk(await next(markers[1]!.client, exam.id, itemId)).answer!;
      expect(got.answerId).not.toBe(first.answerId);
      seen.add(got.answerId);
      expectOk(await score(markers[1]!.client, got.answerId, 1));
    }
    expect(expectOk(await next(markers[1]!.client, exam.id, itemId)).answer).toBeNull();
    await t.handle.db
      .updateTable('marking_answers')
      .set({ lease_until: at(-1) })
      .where('id', '=', first.answerId)
      .execute();
    const taken = expectOk(await next(markers[1]!.client, exam.id, itemId)).answer!;
    expect(taken.answerId).toBe(first.answerId);
    expectStatus(await score(markers[0]!.client, first.answerId, 1), ApiStatus.CONFLICT);
    expectOk(await score(markers[1]!.client, first.answerId, 1));
  });

  it('enrols an attempt that finishes after the close once Next has run (a running one keeps the exam unsettled)', async () => {
    const exam = await closedExam(smallBatch);
    const itemId = exam.marked[0]!;
    const [running] = await addFinishedAttempts(t.handle.db, exam.id, {
      markedItemIds: [itemId],
      objective: 0,
    });
    // Still running after the window closed (its own deadline is later).
    await t.handle.db
      .updateTable('attempts')
      .set({ finished_at: null, finish_reason: null, deadline: at(1) })
      .where('id', '=', running!)
      .execute();
    expectOk(
      await arbiter.client.post(
        `${BASE}/setMarkingPlan`,
        plan(exam.id, { assignments: [{ itemId, markerIds: [markers[2]!.id] }] }),
      ),
    );
    const first = expectOk(await next(markers[2]!.client, exam.id, itemId));
    expect(first).toMatchObject({ left: 2, mine: 0 });
    expectOk(await score(markers[2]!.client, first.answer!.answerId, 1));
    expect(expectOk(await next(markers[2]!.client, exam.id, itemId))).toMatchObject({
      left: 1,
      mine: 1,
    });
    // It finishes now: the next Next enrols it, though the exam closed long before.
    await t.handle.db
      .updateTable('attempts')
      .set({ finished_at: new Date().toISOString(), finish_reason: 'timeout' })
      .where('id', '=', running!)
      .execute();
    const handed = new Set<number>();
    for (;;) {
      const result = expectOk(await next(markers[2]!.client, exam.id, itemId));
      if (!result.answer) {
        expect(result).toMatchObject({ left: 0, mine: 3 });
        break;
      }
      handed.add(result.answer.answerId);
      expectOk(await score(markers[2]!.client, result.answer.answerId, 1));
    }
    const enrolled = await t.handle.db
      .selectFrom('marking_answers')
      .select(['id', 'attempt_id', 'final_score'])
      .where('exam_id', '=', exam.id)
      .execute();
    expect(enrolled).toHaveLength(3);
    expect(enrolled.find((row) => row.attempt_id === running)).toMatchObject({ final_score: 100 });
    expect(handed.size).toBe(2);
  });

  it('double marking: the mean within the tolerance, arbitration beyond it, the arbiter final; blind throughout', async () => {
    const exam = await closedExam(smallBatch);
    const itemId = exam.marked[0]!;
    const names = await t.handle.db
      .selectFrom('exam_candidates')
      .innerJoin('students', 'students.id', 'exam_candidates.student_id')
      .innerJoin('users', 'users.id', 'students.user_id')
      .select(['students.ticket_number', 'students.name', 'users.nick_name'])
      .where('exam_candidates.exam_id', '=', exam.id)
      .execute();
    await addFinishedAttempts(t.handle.db, exam.id, { markedItemIds: [itemId], objective: 200 });
    const [m1, m2, m3] = markers as [typeof arbiter, typeof arbiter, typeof arbiter];
    expectOk(
      await arbiter.client.post(
        `${BASE}/setMarkingPlan`,
        plan(exam.id, {
          double: true,
          tolerance: 0.5,
          assignments: [{ itemId, markerIds: [m1.id, m2.id, m3.id] }],
        }),
      ),
    );
    const received: unknown[] = [];
    const desk = async (marker: typeof m1, scores: Map<number, number> | null) => {
      const got: number[] = [];
      for (;;) {
        const result = expectOk(await next(marker.client, exam.id, itemId));
        received.push(result);
        if (!result.answer) return got;
        got.push(result.answer.answerId);
        expect(result.answer.modelAnswer).not.toBe('');
        const points = scores?.get(result.answer.answerId) ?? 0;
        received.push(expectOk(await score(marker.client, result.answer.answerId, points)));
      }
    };
    // Marker 1 marks all three first; the ids are known once the answers are enrolled.
    const ids = (
      await (async () => {
        expectOk(await next(m1.client, exam.id, itemId));
        return t.handle.db
          .selectFrom('marking_answers')
          .select('id')
          .where('exam_id', '=', exam.id)
          .orderBy('id')
          .execute();
      })()
    ).map((row) => row.id) as [number, number, number];
    const [a, b, c] = ids;
    expect(
      await desk(
        m1,
        new Map([
          [a, 1.5],
          [b, 1],
          [c, 0],
        ]),
      ),
    ).toHaveLength(3);
    // Nothing is final after one mark of a double-marked answer.
    expectStatus(await next(m1.client, exam.id, itemId), 200);
    expect(expectOk(await next(m1.client, exam.id, itemId)).answer).toBeNull();
    expect(
      (
        await desk(
          m2,
          new Map([
            [a, 2],
            [b, 1.5],
            [c, 2],
          ]),
        )
      ).sort(),
    ).toEqual([a, b, c].sort());
    // Every answer has its two marks: marker 3 gets none.
    expect(expectOk(await next(m3.client, exam.id, itemId)).answer).toBeNull();

    const finals = new Map(
      (
        await t.handle.db
          .selectFrom('marking_answers')
          .select(['id', 'final_score', 'arbitration'])
          .where('exam_id', '=', exam.id)
          .execute()
      ).map((row) => [row.id, row]),
    );
    expect(finals.get(a)).toMatchObject({ final_score: 200, arbitration: 0 });
    expect(finals.get(b)).toMatchObject({ final_score: 100, arbitration: 0 });
    expect(finals.get(c)).toMatchObject({ final_score: null, arbitration: 1 });

    expectStatus(
      await m1.client.get(`${BASE}/listArbitration?examId=${exam.id}`),
      ApiStatus.FORBIDDEN,
    );
    const waiting = expectOk(
      await arbiter.client.get<{ list: ArbitrationView[]; total: number }>(
        `${BASE}/listArbitration?examId=${exam.id}`,
      ),
    );
    received.push(waiting);
    expect(waiting.total).toBe(1);
    expect(waiting.list[0]!.answerId).toBe(c);
    expect(waiting.list[0]!.marks.map((m) => m.score).sort()).toEqual([0, 2]);
    expectStatus(
      await m1.client.post(`${BASE}/arbitrate`, { answerId: c, score: 1, comment: '' }),
      ApiStatus.FORBIDDEN,
    );
    expectStatus(
      await arbiter.client.post(`${BASE}/arbitrate`, { answerId: a, score: 1, comment: '' }),
      ApiStatus.CONFLICT,
    );
    expectStatus(
      await arbiter.client.post(`${BASE}/arbitrate`, { answerId: c, score: 0.7, comment: '' }),
      ApiStatus.INVALID_INPUT,
    );
    expect(
      expectOk(
        await arbiter.client.post<ScoreAnswerResult>(`${BASE}/arbitrate`, {
          answerId: c,
          score: 1,
          comment: 'Half the steps',
        }),
      ),
    ).toEqual({ answerId: c, final: 1, arbitration: false, blind: false });
    // The arbiter's score is final: its markers can no longer revise it.
    expectStatus(await score(m1.client, c, 1), ApiStatus.CONFLICT);

    // A marker revises their own mark: the mean follows, unseen by the marker.
    expect(expectOk(await score(m1.client, b, 1.5, 'second look'))).toEqual({
      answerId: b,
      final: null,
      arbitration: false,
      blind: true,
    });
    const totals = await t.handle.db
      .selectFrom('marking_answers')
      .innerJoin('exam_candidates', (join) => join.on('exam_candidates.exam_id', '=', exam.id))
      .innerJoin('attempts', (join) =>
        join
          .onRef('attempts.id', '=', 'marking_answers.attempt_id')
          .onRef('attempts.candidate_id', '=', 'exam_candidates.id'),
      )
      .select(['marking_answers.id', 'exam_candidates.score', 'attempts.pending_marking'])
      .where('marking_answers.exam_id', '=', exam.id)
      .execute();
    expect(new Map(totals.map((row) => [row.id, row.score]))).toEqual(
      new Map([
        [a, 400],
        [b, 350],
        [c, 300],
      ]),
    );

    const log = expectOk(
      await arbiter.client.get<{ list: ScoreLogEntry[]; total: number }>(
        `${BASE}/listScoreLog?examId=${exam.id}&answerId=${b}`,
      ),
    );
    expect(log.list.map((e) => [e.kind, e.oldScore, e.newScore])).toEqual([
      ['mark', null, 1],
      ['mark', null, 1.5],
      ['final', null, 1],
      ['revise', 1, 1.5],
      ['final', 1, 1.5],
    ]);
    const own = expectOk(
      await m2.client.get<{ list: ScoreLogEntry[]; total: number }>(
        `${BASE}/listScoreLog?examId=${exam.id}`,
      ),
    );
    received.push(own);
    expect(own.list.every((e) => e.userId === m2.id)).toBe(true);
    expect(own.total).toBe(3);

    // Blind: no key that names or leads to a candidate, and no name or ticket as text.
    expect(identityKeysIn(received)).toEqual([]);
    const text = JSON.stringify(received);
    for (const row of names) {
      expect(text).not.toContain(row.ticket_number);
      expect(text).not.toContain(row.nick_name);
      expect(text).not.toContain(row.name);
    }
    expect(tickets.length).toBeGreaterThan(0);
  });
  it('double marking tells a marker nothing that depends on the other mark; a revision past the tolerance goes to arbitration', async () => {
    const exam = await closedExam(smallBatch);
    const itemId = exam.marked[0]!;
    await addFinishedAttempts(t.handle.db, exam.id, { markedItemIds: [itemId], objective: 200 });
    const [m1, m2] = [markers[3]!, markers[4]!];
    expectOk(
      await arbiter.client.post(
        `${BASE}/setMarkingPlan`,
        plan(exam.id, {
          double: true,
          tolerance: 0.5,
          assignments: [{ itemId, markerIds: [m1.id, m2.id] }],
        }),
      ),
    );
    /** A reply without its answer id: what a marker could compare between answers. */
    const told = async (client: Client, answerId: number, points: number) => {
      const { answerId: echoed, ...rest } = expectOk(await score(client, answerId, points));
      expect(echoed).toBe(answerId);
      return rest;
    };
    const desk = async (marker: typeof m1, scoreOf: (answerId: number) => number) => {
      const replies: unknown[] = [];
      const ids: number[] = [];
      for (;;) {
        const { answer } = expectOk(await next(marker.client, exam.id, itemId));
        if (!answer) return { ids, replies };
        ids.push(answer.answerId);
        replies.push(await told(marker.client, answer.answerId, scoreOf(answer.answerId)));
      }
    };
    const first = await desk(m1, () => 1);
    expect(first.ids).toHaveLength(3);
    const [a, b, c] = first.ids.sort((x, y) => x - y) as [number, number, number];
    // The second marker agrees on a, differs within the tolerance on b, beyond it on c.
    const secondScores = new Map([
      [a, 1],
      [b, 1.5],
      [c, 2],
    ]);
    const second = await desk(m2, (id) => secondScores.get(id)!);
    // The second marker's three replies: one and the same, though the outcomes differ.
    expect(second.replies[1]).toEqual(second.replies[0]);
    expect(second.replies[2]).toEqual(second.replies[0]);
    // Revisions after both marks are in: the same reply whatever the other marker gave.
    const revisedA = await told(m1.client, a, 1.5);
    const revisedB = await told(m1.client, b, 1.5);
    expect(revisedB).toEqual(revisedA);
    // Past the tolerance from the other mark (1): to arbitration, and still the same reply.
    expect(await told(m1.client, a, 0)).toEqual(revisedA);
    const blind = { final: null, arbitration: false, blind: true };
    for (const reply of [...first.replies, ...second.replies, revisedA]) {
      expect(reply).toEqual(blind);
    }

    const rows = new Map(
      (
        await t.handle.db
          .selectFrom('marking_answers')
          .select(['id', 'final_score', 'arbitration'])
          .where('exam_id', '=', exam.id)
          .execute()
      ).map((row) => [row.id, row]),
    );
    expect(rows.get(a)).toMatchObject({ final_score: null, arbitration: 1 });
    expect(rows.get(b)).toMatchObject({ final_score: 150, arbitration: 0 });
    expect(rows.get(c)).toMatchObject({ final_score: null, arbitration: 1 });
    const waiting = expectOk(
      await arbiter.client.get<{ list: ArbitrationView[]; total: number }>(
        `${BASE}/listArbitration?examId=${exam.id}`,
      ),
    );
    expect(waiting.list.map((row) => row.answerId).sort((x, y) => x - y)).toEqual([a, c]);
  });

  it('group audit: a sample once all are marked, a failure back to marking (logged), a pass closes', async () => {
    const exam = await closedExam(smallBatch);
    const itemId = exam.marked[1]!;
    await addFinishedAttempts(t.handle.db, exam.id, { markedItemIds: [itemId], objective: 200 });
    const [m0, m1] = markers as [typeof arbiter, typeof arbiter];
    expectOk(
      await arbiter.client.post(
        `${BASE}/setMarkingPlan`,
        plan(exam.id, { auditShare: 50, assignments: [{ itemId, markerIds: [m0.id] }] }),
      ),
    );
    const sampleUrl = `${BASE}/getAuditSample?examId=${exam.id}&itemId=${itemId}`;
    const audit = (result: 1 | 2, reason = '') =>
      arbiter.client.post<AuditSampleView>(`${BASE}/auditGroup`, {
        examId: exam.id,
        itemId,
        result,
        reason,
      });
    const markAll = async (points: number, firstCycle: boolean) => {
      const ids: number[] = [];
      for (;;) {
        const { answer } = expectOk(await next(m0.client, exam.id, itemId));
        if (!answer) return ids;
        ids.push(answer.answerId);
        expectOk(await score(m0.client, answer.answerId, points));
        if (firstCycle && ids.length === 2) {
          // Not every answer is final yet: nothing to audit.
          expect(expectOk(await arbiter.client.get<AuditSampleView | null>(sampleUrl))).toBeNull();
          expectStatus(await audit(1), ApiStatus.CONFLICT);
        }
      }
    };
    const ids = await markAll(1, true);
    expect(ids).toHaveLength(3);
    expectStatus(await m1.client.get(sampleUrl), ApiStatus.FORBIDDEN);
    const review = expectOk(await arbiter.client.get<AuditSampleView>(sampleUrl));
    expect(review).toMatchObject({ cycle: 1, state: 0, reason: '' });
    expect(review.sample).toHaveLength(2); // 50 % of 3, rounded up
    expect(identityKeysIn(review)).toEqual([]);
    expect(review.sample[0]!.marks).toEqual([{ markerId: m0.id, score: 1, comment: '' }]);
    const refused = await admin.post(`${BASE}/releaseScores/${exam.id}`);
    expectStatus(refused, ApiStatus.CONFLICT);
    expect(refused.body.message).toMatch(/group audit/);
    // Under review the scores stay as they are.
    expectStatus(await score(m0.client, ids[0]!, 2), ApiStatus.CONFLICT);
    const noReason = await audit(2);
    expectStatus(noReason, ApiStatus.INVALID_INPUT);
    expect(noReason.body.message).toMatch(/Reason/);
    expect(expectOk(await audit(2, 'Too harsh on method marks'))).toMatchObject({
      cycle: 1,
      state: 2,
      reason: 'Too harsh on method marks',
    });
    const back = await t.handle.db
      .selectFrom('marking_answers')
      .innerJoin('attempts', 'attempts.id', 'marking_answers.attempt_id')
      .innerJoin('exam_candidates', 'exam_candidates.id', 'attempts.candidate_id')
      .select([
        'marking_answers.cycle',
        'marking_answers.final_score',
        'attempts.pending_marking',
        'exam_candidates.score',
      ])
      .where('marking_answers.exam_id', '=', exam.id)
      .execute();
    expect(back).toEqual(
      Array(3).fill({ cycle: 2, final_score: null, pending_marking: 1, score: null }),
    );
    const log = expectOk(
      await arbiter.client.get<{ list: ScoreLogEntry[] }>(
        `${BASE}/listScoreLog?examId=${exam.id}&answerId=${ids[0]}`,
      ),
    ).list;
    expect(log.map((e) => [e.kind, e.oldScore, e.newScore])).toEqual([
      ['mark', null, 1],
      ['final', null, 1],
      ['audit', 1, null],
    ]);
    expect(log[2]!.reason).toBe('Too harsh on method marks');

    // The second cycle: the same marker marks again; its audit passes and closes the question.
    expect(await markAll(1.5, false)).toHaveLength(3);
    expect(expectOk(await arbiter.client.get<AuditSampleView>(sampleUrl))).toMatchObject({
      cycle: 2,
      state: 0,
    });
    expect(expectOk(await audit(1))).toMatchObject({ cycle: 2, state: 1 });
    expectStatus(await audit(1), ApiStatus.CONFLICT);
    expectStatus(await score(m0.client, ids[0]!, 2), ApiStatus.CONFLICT);
    expectStatus(await next(m0.client, exam.id, itemId), ApiStatus.CONFLICT);
    const scores = await t.handle.db
      .selectFrom('exam_candidates')
      .select('score')
      .where('exam_id', '=', exam.id)
      .execute();
    expect(scores.map((row) => row.score)).toEqual([350, 350, 350]);
    const progress = expectOk(
      await arbiter.client.get<MarkingProgressView>(`${BASE}/getMarkingProgress/${exam.id}`),
    );
    expect(progress.items.find((i) => i.itemId === itemId)).toMatchObject({
      marked: 3,
      audit: 1,
    });
    expect(
      expectOk(await admin.post<ReleaseView>(`${BASE}/releaseScores/${exam.id}`)).releasedAt,
    ).not.toBeNull();
  });

  it('refuses releasing an exam still open, naming it by its name and end; the overview says it is open', async () => {
    const exam = await closedExam(smallBatch);
    const endAt = at(2);
    await t.handle.db
      .updateTable('exams')
      .set({ end_at: endAt })
      .where('id', '=', exam.id)
      .execute();
    const progress = expectOk(
      await admin.get<MarkingProgressView>(`${BASE}/getMarkingProgress/${exam.id}`),
    );
    expect(progress).toMatchObject({ closed: false, endAt });
    const early = await admin.request({
      method: 'POST',
      url: `${BASE}/releaseScores/${exam.id}`,
      headers: { 'accept-language': 'zh' },
    });
    expectStatus(early, ApiStatus.CONFLICT);
    const name = `Marking exam ${hours}`;
    expect(early.body.message).toContain(`考试「${name}」尚未结束`);
    expect(early.body.message).not.toContain(`考试 ${exam.id} `);
  });

  it('releases scores only when marking is complete, to the publisher; a withdrawal needs a reason', async () => {
    const exam = await closedExam(smallBatch);
    const itemId = exam.marked[0]!;
    await addFinishedAttempts(t.handle.db, exam.id, { markedItemIds: [itemId], objective: 0 });
    const m0 = markers[0]!;
    expectOk(
      await arbiter.client.post(
        `${BASE}/setMarkingPlan`,
        plan(exam.id, { auditShare: 0, assignments: [{ itemId, markerIds: [m0.id] }] }),
      ),
    );
    const release = () => admin.post<ReleaseView>(`${BASE}/releaseScores/${exam.id}`);
    expectStatus(await m0.client.post(`${BASE}/releaseScores/${exam.id}`), ApiStatus.FORBIDDEN);
    const early = await release();
    expectStatus(early, ApiStatus.CONFLICT);
    expect(early.body.message).toMatch(/3 answers have no final score/);
    for (;;) {
      const { answer } = expectOk(await next(m0.client, exam.id, itemId));
      if (!answer) break;
      expectOk(await score(m0.client, answer.answerId, 2));
    }
    const released = expectOk(await release());
    expect(released.releasedAt).not.toBeNull();
    expect(released.history.map((h) => h.action)).toEqual(['release']);
    expectStatus(await release(), ApiStatus.CONFLICT);
    // Released: marking is over.
    expectStatus(await next(m0.client, exam.id, itemId), ApiStatus.CONFLICT);
    const withdraw = (reason: string) =>
      admin.post<ReleaseView>(`${BASE}/withdrawScores/${exam.id}`, { reason });
    expectStatus(await withdraw(''), ApiStatus.INVALID_INPUT);
    const withdrawn = expectOk(await withdraw('A key was wrong'));
    expect(withdrawn.releasedAt).toBeNull();
    expect(withdrawn.history.map((h) => [h.action, h.reason])).toEqual([
      ['release', ''],
      ['withdraw', 'A key was wrong'],
    ]);
    expectStatus(await withdraw('again'), ApiStatus.CONFLICT);
  });
  it('exports the score log as a workbook: kinds in the user’s language, a marker only their own', async () => {
    const exam = await closedExam(smallBatch);
    const itemId = exam.marked[0]!;
    await addFinishedAttempts(t.handle.db, exam.id, { markedItemIds: [itemId], objective: 0 });
    const [m0, m1] = markers as [typeof arbiter, typeof arbiter];
    expectOk(
      await arbiter.client.post(
        `${BASE}/setMarkingPlan`,
        plan(exam.id, { assignments: [{ itemId, markerIds: [m0.id, m1.id] }] }),
      ),
    );
    const first = expectOk(await next(m0.client, exam.id, itemId)).answer!;
    expectOk(await score(m0.client, first.answerId, 1));
    expectOk(await score(m0.client, first.answerId, 1.5, 'second look'));
    const second = expectOk(await next(m1.client, exam.id, itemId)).answer!;
    expectOk(await score(m1.client, second.answerId, 2));
    const nick = async (id: number) =>
      (
        await t.handle.db
          .selectFrom('users')
          .select('nick_name')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).nick_name;

    const download = (client: Client, query: string, language = 'zh-CN') =>
      t.app.inject({
        method: 'GET',
        url: `${BASE}/exportScoreLog?${query}`,
        cookies: { KAOSHI_TOKEN: client.token! },
        headers: { 'accept-language': language },
      });
    const rowsOf = async (payload: Buffer) => {
      const ExcelJS = (await import('exceljs')).default;
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(payload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const rows: unknown[][] = [];
      // An empty cell reads back as nothing: '' as written.
      sheet.eachRow((row) =>
        rows.push(Array.from({ length: 8 }, (_, i) => (row.values as unknown[])[i + 1] ?? '')),
      );
      return rows;
    };

    const chief = await download(arbiter.client, `examId=${exam.id}`);
    expect(chief.statusCode).toBe(200);
    expect(chief.headers['content-type']).toContain('spreadsheetml');
    expect(chief.headers['content-disposition']).toContain(`exam-${exam.id}-score-log`);
    expect(chief.headers['content-disposition']).toContain("filename*=UTF-8''");
    const rows = await rowsOf(chief.rawPayload);
    expect(rows[0]).toEqual([
      '时间',
      '题目',
      '匿名编号',
      '类型',
      '原分数',
      '新分数',
      '原因',
      '操作人',
    ]);
    const codes = new Map([
      [first.answerId, first.anonCode],
      [second.answerId, second.anonCode],
    ]);
    expect(rows.slice(1).map((row) => row.slice(1))).toEqual([
      [itemId, codes.get(first.answerId), '评分', '', 1, '', await nick(m0.id)],
      [itemId, codes.get(first.answerId), '最终得分', '', 1, '', await nick(m0.id)],
      [itemId, codes.get(first.answerId), '改分', 1, 1.5, '', await nick(m0.id)],
      [itemId, codes.get(first.answerId), '最终得分', 1, 1.5, '', await nick(m0.id)],
      [itemId, codes.get(second.answerId), '评分', '', 2, '', await nick(m1.id)],
      [itemId, codes.get(second.answerId), '最终得分', '', 2, '', await nick(m1.id)],
    ]);
    expect(String(rows[1]![0])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // A marker reads only their own entries, here in Spanish.
    const own = await download(m1.client, `examId=${exam.id}`, 'es');
    expect(own.statusCode).toBe(200);
    const ownRows = await rowsOf(own.rawPayload);
    expect(ownRows[0]![3]).toBe('Tipo');
    expect(ownRows.slice(1).map((row) => row[3])).toEqual(['Calificación', 'Nota final']);

    expectStatus(
      await outsider.get(`${BASE}/exportScoreLog`, { examId: String(exam.id) }),
      ApiStatus.FORBIDDEN,
    );
    expectStatus(
      await arbiter.client.get(`${BASE}/exportScoreLog`, { examId: 'x' }),
      ApiStatus.INVALID_INPUT,
    );
    expectStatus(
      await arbiter.client.get(`${BASE}/exportScoreLog`, { examId: '999999' }),
      ApiStatus.NOT_FOUND,
    );
  });

  it('reports the full score of a question drawn per candidate from the candidates’ own scores', async () => {
    const own = await createStructure(t.handle.db);
    await addBankQuestions(
      t.handle.db,
      [1, 2].map(() => ({
        subjectId: own.subjectId,
        level: own.level,
        courseId: own.courseId,
        type: QuestionType.SHORT_ANSWER,
      })),
    );
    // Every candidate draws both short answers, at 3 points each: the paper has no score per item.
    const { id: drawnPaper } = expectOk(
      await admin.post<{ id: number }>('/api/kaoshi-paper/paper/addPaper', {
        name: 'Drawn per candidate',
        subjectId: own.subjectId,
        level: own.level,
        passScore: 3,
        durationMinutes: 30,
        mode: 'rules',
        drawPerCandidate: true,
        sections: [
          {
            title: 'Essays',
            rules: [{ type: QuestionType.SHORT_ANSWER, count: 2, score: 3, difficulty: 3 }],
          },
        ],
      }),
    );
    await t.handle.db
      .updateTable('papers')
      .set({ audit_status: 1 })
      .where('id', '=', drawnPaper)
      .execute();
    const batch = await addClass(t.handle.db, own.subjectId, { level: own.level, name: 'Drawn' });
    await addStudents(t.handle.db, batch, 2, { prefix: 'MD-' });
    await assignBatches(t, arbiter.id, [batch]);
    const { id: examId } = expectOk(
      await admin.post<{ id: number }>(`${EXAM_BASE}/addExam`, {
        name: 'Drawn exam',
        paperId: drawnPaper,
        instructionId: null,
        classIds: [batch],
        startAt: at(500),
        endAt: at(502),
        durationMinutes: 30,
      } satisfies ExamBody),
    );
    expectOk(await admin.post(`${EXAM_BASE}/publishExam/${examId}`));
    await t.handle.db
      .updateTable('exams')
      .set({ start_at: at(-3), end_at: at(-1) })
      .where('id', '=', examId)
      .execute();
    const version = await t.handle.db
      .selectFrom('exams')
      .innerJoin('paper_versions', 'paper_versions.id', 'exams.paper_version_id')
      .select('paper_versions.snapshot')
      .where('exams.id', '=', examId)
      .executeTakeFirstOrThrow();
    const pool = (
      JSON.parse(version.snapshot) as { sections: { pool: { itemId: string }[] }[] }
    ).sections[0]!.pool.map((item) => item.itemId);
    expect(pool).toHaveLength(2);
    await addFinishedAttempts(t.handle.db, examId, { markedItemIds: pool, objective: 0 });
    const progress = expectOk(
      await arbiter.client.get<MarkingProgressView>(`${BASE}/getMarkingProgress/${examId}`),
    );
    expect(progress.items.map((item) => [item.itemId, item.fullScore, item.answers])).toEqual(
      pool.map((itemId) => [itemId, 3, 2]),
    );
  });

  it('a key correction re-scores every affected attempt at once, each change logged', async () => {
    const exam = await closedExam(smallBatch);
    await addFinishedAttempts(t.handle.db, exam.id, { markedItemIds: [], objective: 0 });
    // The version's key is A: the three candidates answered A (right), B and nothing.
    const rows = await t.handle.db
      .selectFrom('attempts')
      .select(['id', 'candidate_id'])
      .where('exam_id', '=', exam.id)
      .orderBy('id')
      .execute();
    const given = ['A', 'B', ''];
    for (const [i, row] of rows.entries()) {
      const right = given[i] === 'A' ? 200 : 0;
      await t.handle.db
        .insertInto('attempt_answers')
        .values({
          attempt_id: row.id,
          item_id: exam.single,
          seq: 1,
          value: JSON.stringify(given[i]),
          saved_at: at(0),
          score: right,
        })
        .execute();
      // One more question right for everyone (2 points): 4 of 3 passes, 2 does not.
      await t.handle.db
        .updateTable('attempts')
        .set({ objective_score: right + 200 })
        .where('id', '=', row.id)
        .execute();
      await t.handle.db
        .updateTable('exam_candidates')
        .set({ score: right + 200, passed: right > 0 ? 1 : 0 })
        .where('id', '=', row.candidate_id)
        .execute();
    }
    const body = { examId: exam.id, itemId: exam.single, answer: 'B', reason: 'B is right' };
    expectStatus(await markers[0]!.client.post(`${BASE}/correctKey`, body), ApiStatus.FORBIDDEN);
    const wrong = await admin.post(`${BASE}/correctKey`, { ...body, answer: 'Z' });
    expectStatus(wrong, ApiStatus.INVALID_INPUT);
    expect(wrong.body.message).toMatch(/Answer/);
    expectStatus(
      await admin.post(`${BASE}/correctKey`, { ...body, itemId: exam.marked[0] }),
      ApiStatus.INVALID_INPUT,
    );
    expect(expectOk(await admin.post<KeyCorrectionResult>(`${BASE}/correctKey`, body))).toEqual({
      examId: exam.id,
      itemId: exam.single,
      rescored: 2,
    });
    const after = await t.handle.db
      .selectFrom('attempts')
      .innerJoin('exam_candidates', 'exam_candidates.id', 'attempts.candidate_id')
      .innerJoin('attempt_answers', 'attempt_answers.attempt_id', 'attempts.id')
      .select([
        'attempts.objective_score',
        'exam_candidates.score',
        'exam_candidates.passed',
        'attempt_answers.score as item_score',
      ])
      .where('attempts.exam_id', '=', exam.id)
      .orderBy('attempts.id')
      .execute();
    expect(after).toEqual([
      { objective_score: 200, score: 200, passed: 0, item_score: 0 },
      { objective_score: 400, score: 400, passed: 1, item_score: 200 },
      { objective_score: 200, score: 200, passed: 0, item_score: 0 },
    ]);
    const log = expectOk(
      await arbiter.client.get<{ list: ScoreLogEntry[] }>(`${BASE}/listScoreLog?examId=${exam.id}`),
    ).list;
    expect(log.map((e) => [e.kind, e.oldScore, e.newScore, e.reason])).toEqual([
      ['key', 2, 0, 'B is right'],
      ['key', 0, 2, 'B is right'],
    ]);
    // Back to A: the overlay's latest key is the old one now.
    expectOk(
      await admin.post(`${BASE}/correctKey`, { ...body, answer: 'A', reason: 'A after all' }),
    );
    const corrections = await t.handle.db
      .selectFrom('key_corrections')
      .select(['old_key', 'new_key', 'rescored'])
      .where('exam_id', '=', exam.id)
      .orderBy('id')
      .execute();
    expect(
      corrections.map((c) => [
        JSON.parse(c.old_key).answer,
        JSON.parse(c.new_key).answer,
        c.rescored,
      ]),
    ).toEqual([
      ['A', 'B', 2],
      ['B', 'A', 2],
    ]);
  });
});
