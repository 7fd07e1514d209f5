import {
  ANALYSIS_BASE as BASE,
  ApiStatus,
  Perm,
  UserType,
  type ItemAnalysisView,
  type QuestionFigures,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, login, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher } from '../../../test/factories.js';
import { addClass } from '../base/test-data.js';
import { addPublishedExam, addStudents, closedWindow } from '../exam/test-data.js';
import { createStructure, type Structure } from '../question/test-data.js';
import {
  PAPER_A_KEYS,
  SITTINGS_A,
  addExamB,
  itemIdsOf,
  addPaperAWithBatch,
  setReleased,
  writeSittings,
} from './item-test-data.js';

const PASSWORD = 'figures-pass-1';

/**
 * A bank question's figures over the released exams that used it: exams A and B of the item
 * analysis tests (item-analysis.test.ts works their figures out by hand), here written as
 * finalization and marking leave them, and an exam D of paper A.
 */
describe('question figures', () => {
  let t: TestApp;
  let admin: Client;
  let s: Structure;
  let examA: number;
  let examB: number;
  let questionsA: number[];
  let questionsB: number[];
  /** A candidate of exam A. */
  let student: Client;

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    s = await createStructure(t.handle.db);
    const db = t.handle.db;
    const paperA = await addPaperAWithBatch(db, s, PASSWORD);
    student = await login(t.app, paperA.tickets[0]!, PASSWORD, UserType.STUDENT);
    questionsA = paperA.questionIds;
    examA = await addPublishedExam(
      admin,
      t.handle.db,
      { paperId: paperA.paperId, classIds: [paperA.classId] },
      closedWindow(),
    );
    // In seat order, as the candidates started: the earlier attempt ranks higher in a tie. An
    // answer not given leaves no row.
    await writeSittings(
      db,
      examA,
      SITTINGS_A.map((answers) => ({
        scores: answers.map((value, q) =>
          value === '' ? null : value === PAPER_A_KEYS[q] ? 1 : 0,
        ),
        values: [...answers],
      })),
    );
    await setReleased(db, examA, true);
    ({ examId: examB, questionIds: questionsB } = await addExamB(admin, db, s));
  });
  afterAll(() => t.close());

  const analysis = (client: Client, examId: number, query?: Record<string, string>) =>
    client.get<ItemAnalysisView>(`${BASE}/itemAnalysis/${examId}`, query);

  /**
   * Exam D sits paper A again (4 candidates, released):
   *        Q1  Q2  Q3  Q4  Q5   total
   *   d1   1   1   1   0   0    3
   *   d2   1   1   0   0   0    2
   *   d3   1   1   0   0   0    2
   *   d4   1   0   0   0   0    1
   * Groups of round(0.27 · 4) = 1: d1 and d4. Facility / D in D: Q1 1/0, Q2 .75/1, Q3 .25/1,
   * Q4 0/0, Q5 0/0. Weighted by candidates with exam A (8): Q2 (.5·8 + .75·4)/12 = 7/12,
   * D (1·8 + 1·4)/12 = 1; Q3 (.5·8 + .25·4)/12 = 5/12, D 1; Q4 (.125·8)/12 = 1/12,
   * D (.5·8)/12 = 1/3; Q5 (.25·8)/12 = 1/6, D (−.5·8)/12 = −1/3.
   */
  it("gives each bank question's figures over the released exams that used it", async () => {
    const batchD = await addClass(t.handle.db, s.subjectId, { level: 5, name: 'Item batch D' });
    await addStudents(t.handle.db, batchD, 4, { prefix: 'ID-' });
    const paperId = (
      await t.handle.db
        .selectFrom('exams')
        .select('paper_id')
        .where('id', '=', examA)
        .executeTakeFirstOrThrow()
    ).paper_id;
    const examD = await addPublishedExam(
      admin,
      t.handle.db,
      { paperId, classIds: [batchD] },
      closedWindow(),
    );
    await writeSittings(t.handle.db, examD, [
      { scores: [1, 1, 1, 0, 0] },
      { scores: [1, 1, 0, 0, 0] },
      { scores: [1, 1, 0, 0, 0] },
      { scores: [1, 0, 0, 0, 0] },
    ]);
    const ids = [...questionsA, questionsB[0]!, 999_999];
    const query = { questionIds: ids.join(',') };
    // Not released yet: only exam A counts.
    const before = expectOk(await admin.get<QuestionFigures[]>(`${BASE}/questionFigures`, query));
    expect(before[1]).toMatchObject({
      timesUsed: 1,
      candidates: 8,
      facility: 0.5,
      discrimination: 1,
    });
    await setReleased(t.handle.db, examD, true);
    const bank = await signedInTeacher(t.app, admin, [Perm.QUESTION]);
    const figures = expectOk(
      await bank.client.get<QuestionFigures[]>(`${BASE}/questionFigures`, query),
    );
    expect(figures.map((f) => f.questionId)).toEqual(ids);
    const expected: [number, number, number, number][] = [
      [2, 12, 1, 0],
      [2, 12, 7 / 12, 1],
      [2, 12, 5 / 12, 1],
      [2, 12, 1 / 12, 1 / 3],
      [2, 12, 1 / 6, -1 / 3],
      // Exam B's single choice: 3 of 4 right; groups of 1, k1 (2) and k4 (0): D = (2 − 0)/2.
      [1, 4, 0.75, 1],
    ];
    expected.forEach(([timesUsed, candidates, facility, discrimination], i) => {
      expect(figures[i]).toMatchObject({ timesUsed, candidates });
      expect(figures[i]!.facility).toBeCloseTo(facility, 4);
      expect(figures[i]!.discrimination).toBeCloseTo(discrimination, 4);
    });
    expect(figures[6]).toEqual({
      questionId: 999_999,
      timesUsed: 0,
      candidates: 0,
      facility: null,
      discrimination: null,
    });
    const nobody = await signedInTeacher(t.app, admin, []);
    expectStatus(await nobody.client.get(`${BASE}/questionFigures`, query), ApiStatus.FORBIDDEN);
    expectStatus(await student.get(`${BASE}/questionFigures`, query), ApiStatus.FORBIDDEN);
  });
  /**
   * Figures are kept while a released exam's scores stand still; a score changed afterwards (it
   * is logged) is seen at once. k4's essay 0.5 → 4.5 (total 4.5): essay mean (4 + 3 + 1.5 + 4.5)/4
   * = 3.25; B1's groups become k1 (8) and k3 (3.5), both right: D = 0.
   */
  it('sees a logged score change after its figures were kept', async () => {
    const db = t.handle.db;
    expect(expectOk(await analysis(admin, examB)).items[2]!.mean).toBeCloseTo(2.25, 4);
    const query = { questionIds: String(questionsB[0]) };
    expect(
      expectOk(await admin.get<QuestionFigures[]>(`${BASE}/questionFigures`, query))[0]!
        .discrimination,
    ).toBe(1);
    const k4 = await db
      .selectFrom('attempts')
      .innerJoin('exam_candidates', 'exam_candidates.id', 'attempts.candidate_id')
      .select(['attempts.id', 'exam_candidates.id as candidateId'])
      .where('attempts.exam_id', '=', examB)
      .where('exam_candidates.score', '=', 50)
      .executeTakeFirstOrThrow();
    const essay = (await itemIdsOf(db, examB))[2]!;
    await db
      .updateTable('attempt_answers')
      .set({ score: 450 })
      .where('attempt_id', '=', k4.id)
      .where('item_id', '=', essay)
      .execute();
    await db
      .updateTable('exam_candidates')
      .set({ score: 450 })
      .where('id', '=', k4.candidateId)
      .execute();
    await db
      .insertInto('score_log')
      .values({
        exam_id: examB,
        attempt_id: k4.id,
        item_id: essay,
        answer_id: null,
        kind: 'revise',
        old_score: 50,
        new_score: 450,
        user_id: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(expectOk(await analysis(admin, examB)).items[2]!.mean).toBeCloseTo(3.25, 4);
    expect(
      expectOk(await admin.get<QuestionFigures[]>(`${BASE}/questionFigures`, query))[0]!
        .discrimination,
    ).toBe(0);
  });
});
