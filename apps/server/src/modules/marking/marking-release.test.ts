import {
  ApiStatus,
  MARKING_BASE as BASE,
  Perm,
  type KeyCorrectionResult,
  type MarkingProgressView,
  type ReleaseView,
  type ScoreLogEntry,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher, storedValue } from '../../../test/factories.js';
import { resultOf } from '../attempt/attempt.service.js';
import {
  addClosedMarkingExam,
  addFinishedAttempts,
  buildMarkingWorld,
  markingPlan as plan,
  nextAnswer as next,
  scoreAnswer as score,
  type Marker,
} from './test-data.js';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

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

describe('marking: release, the score log and key corrections', () => {
  let t: TestApp;
  let admin: Client;
  let paperId: number;
  let smallBatch: number;
  let markers: Marker[];
  let arbiter: Marker;
  let outsider: Client;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, paperId, smallBatch, markers, arbiter } = await buildMarkingWorld(t, 2));
    outsider = (await signedInTeacher(t.app, admin, [Perm.QUESTION])).client;
  });
  afterAll(() => t.close());

  const closedExam = (classId: number) =>
    addClosedMarkingExam(admin, t.handle.db, paperId, classId);

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
    const { name } = exam;
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
    // The refusal names the exam as its users know it, not by its number.
    expectStatus(await release(), ApiStatus.CONFLICT, `the exam “${exam.name}”`);
    // Released: marking is over.
    expectStatus(await next(m0.client, exam.id, itemId), ApiStatus.CONFLICT, exam.name);
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
    const nick = (id: number) => storedValue(t.handle.db, 'users', 'nick_name', id);

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
