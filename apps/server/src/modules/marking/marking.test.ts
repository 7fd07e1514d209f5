import {
  ApiStatus,
  MARKING_BASE as BASE,
  Perm,
  QuestionType,
  type MarkingPlanView,
  type MarkingProgressView,
  type NextAnswerResult,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher } from '../../../test/factories.js';
import { addClass, assignTeacher } from '../base/test-data.js';
import { addPublishedExam, addStudents, closedWindow } from '../exam/test-data.js';
import { addBankQuestions } from '../paper/test-data.js';
import { createStructure, type Structure } from '../question/test-data.js';
import {
  addClosedMarkingExam,
  addFinishedAttempts,
  buildMarkingWorld,
  markingPlan as plan,
  nextAnswer as next,
  scoreAnswer as score,
  snapshotOf,
  type Marker,
} from './test-data.js';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describe('marking: plans and the desk', () => {
  let t: TestApp;
  let admin: Client;
  let s: Structure;
  let paperId: number;
  let smallBatch: number;
  let markers: Marker[];
  let arbiter: Marker;
  let bigBatch: number;
  let outsider: Client;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, s, paperId, smallBatch, markers, arbiter } = await buildMarkingWorld(t, 6));
    bigBatch = await addClass(t.handle.db, s.subjectId, { level: 5, name: 'Marking big' });
    await addStudents(t.handle.db, bigBatch, 24, { prefix: 'MK-' });
    // The chief holds every batch (lib/access examAccess): exam-wide calls need them all.
    await assignTeacher(t.handle.db, bigBatch, arbiter.id);
    outsider = (await signedInTeacher(t.app, admin, [Perm.QUESTION])).client;
  });
  afterAll(() => t.close());

  const closedExam = (classId: number) =>
    addClosedMarkingExam(admin, t.handle.db, paperId, classId);

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
    await assignTeacher(t.handle.db, batch, arbiter.id);
    const examId = await addPublishedExam(
      admin,
      t.handle.db,
      { name: 'Drawn exam', paperId: drawnPaper, classIds: [batch] },
      closedWindow(),
    );
    const pool = (await snapshotOf(t.handle.db, examId)).sections[0]!.pool.map(
      (item) => item.itemId,
    );
    expect(pool).toHaveLength(2);
    await addFinishedAttempts(t.handle.db, examId, { markedItemIds: pool, objective: 0 });
    const progress = expectOk(
      await arbiter.client.get<MarkingProgressView>(`${BASE}/getMarkingProgress/${examId}`),
    );
    expect(progress.items.map((item) => [item.itemId, item.fullScore, item.answers])).toEqual(
      pool.map((itemId) => [itemId, 3, 2]),
    );
  });
});
