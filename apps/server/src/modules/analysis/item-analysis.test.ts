import {
  ANALYSIS_BASE as BASE,
  ApiStatus,
  ATTEMPT_BASE,
  Perm,
  QuestionType,
  RoleKey,
  UserType,
  type AttemptView,
  type ItemAnalysisView,
  type QuestionFigures,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, appWithAdmin, login, type TestApp } from '../../../test/build-app.js';
import {
  bindRoles,
  createRole,
  expectOk,
  expectStatus,
  roleIdOf,
  signedInTeacher,
} from '../../../test/factories.js';
import { addClass, assignTeacher } from '../base/test-data.js';
import {
  addPublishedExam,
  addStudents,
  closedWindow,
  inMinutes,
  moveWindow,
} from '../exam/test-data.js';
import { addBankQuestions } from '../paper/test-data.js';
import { createStructure, type Structure } from '../question/test-data.js';
import {
  SITTINGS_A,
  addAnalysisPaper,
  addExamB,
  optionContent,
  addPaperAWithBatch,
  setReleased,
  writeDrawnSittings,
  writeSittings,
} from './item-test-data.js';
import { ItemAnalysisService } from './item-analysis.service.js';

const PASSWORD = 'item-pass-1';
const { JUDGEMENT: J, SINGLE: S, MULTIPLE: M, SHORT_ANSWER: SA } = QuestionType;

/**
 * Exam A (SITTINGS_A): 8 candidates × 5 questions of 1 point, sat through the API with shuffled options
 * (each candidate types the letters they were shown; the stored answers are the paper's keys).
 *
 *        Q1 J(T)  Q2 S(B)  Q3 M(AC)  Q4 J(F)  Q5 J(T)   total
 *   c1   T 1      B 1      AC 1      F 1      F 0       4
 *   c2   T 1      B 1      AC 1      T 0      F 0       3
 *   c3   T 1      B 1      AC 1      T 0      F 0       3
 *   c4   T 1      B 1      A  0      T 0      F 0       2
 *   c5   T 1      A 0      AC 1      T 0      F 0       2
 *   c6   T 1      C 0      ABC 0     T 0      T 1       2
 *   c7   T 1      A 0      B  0      T 0      T 1       2
 *   c8   T 1      – 0      –  0      T 0      F 0       1
 *
 * Totals 4,3,3,2,2,2,2,1: mean 19/8 = 2.375, E[t²] = 51/8 = 6.375, var = 6.375 − 2.375² =
 * 0.734375, sd 0.856957; median (2 + 2)/2 = 2.
 * Item variances p(1 − p): 0, .25, .25, .109375, .1875, Σ = .796875.
 * alpha = 5/4 · (1 − .796875/.734375) = −0.106383 (the negative Q5 pulls it below 0); every
 * question is worth 1 point, so KR-20 on right/wrong counts is the same. SEM = sd·√(1 − KR-20) =
 * 0.856957 · √1.106383 = 0.901388.
 * Groups: round(0.27 · 8) = 2 each. Upper c1 (4), c2 (3: ties with c3, the earlier attempt
 * ranks higher); lower c8 (1) and c7 (2: of the four 2s the latest attempt ranks lowest).
 * D = (upper mean − lower mean)/1: Q1 0, Q2 1 − 0 = 1, Q3 1 − 0 = 1, Q4 .5 − 0 = .5,
 * Q5 0 − .5 = −.5.
 * Item–rest r (rest = total − item): Q4: x = c1 only, rest 3,3,3,2,2,2,2,1 (mean 2.25,
 * var 44/8 − 2.25² = .4375); cov = E[x·rest] − .125·2.25 = 3/8 − .28125 = .09375;
 * r = .09375/√(.109375·.4375) = .09375/.21875 = 3/7 = .428571.
 * Q5: x = c6, c7; rest 4,3,3,2,2,1,1,1 (mean 2.125, var 45/8 − 2.125² = 1.109375);
 * cov = 2/8 − .25·2.125 = −.28125; r = −.28125/√(.1875·1.109375) = −.616670.
 * Q2 (= Q3 by symmetry): x = c1..c4; rest 3,2,2,1,2,2,2,1 (mean 1.875, var 31/8 − 1.875² =
 * .359375); cov = 8/8 − .5·1.875 = .0625; r = .0625/√(.25·.359375) = .208514.
 * Q1: no spread, no r.
 * Option shares (of 8): Q2 A 2 (c5, c7), B 4, C 1, D 0, omitted 1; Q3 A 6 (c1–c5 but c4… c1,
 * c2, c3, c4, c5, c6), B 2 (c6, c7), C 5 (c1, c2, c3, c5, c6), D 0, omitted 1.
 * Flags: Q1 facility 1 > 0.9 (too easy) and D 0 < 0.1 (near zero); Q4 .125 < 0.2 (too hard);
 * Q5 D < 0 (negative).
 */
describe('item analysis', () => {
  let t: TestApp;
  let admin: Client;
  let s: Structure;
  let courseTwo: number;
  let batchA: number;
  let batchB: number;
  let examA: number;
  let examB: number;
  let questionsA: number[];
  let students: Client[];
  let shownDiffered = false;

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    s = await createStructure(t.handle.db);
    const db = t.handle.db;
    await db
      .updateTable('knowledge')
      .set({ importance: 'Z' })
      .where('id', '=', s.secondPointId)
      .execute();

    // Exam A, sat through the API with shuffled options.
    const paperA = await addPaperAWithBatch(db, s, PASSWORD);
    batchA = paperA.classId;
    const { tickets } = paperA;
    questionsA = paperA.questionIds;
    examA = await addPublishedExam(
      admin,
      db,
      { paperId: paperA.paperId, classIds: [batchA], shuffleOptions: true },
      { startAt: inMinutes(-1), endAt: inMinutes(120) },
    );
    students = [];
    for (const [i, ticket] of tickets.entries()) {
      const client = await login(t.app, ticket, PASSWORD, UserType.STUDENT);
      students.push(client);
      const view = expectOk(
        await client.post<AttemptView>(`${ATTEMPT_BASE}/startAttempt`, {
          examId: examA,
          accessCode: '',
        }),
      );
      const items = view.paper.sections.flatMap((section) => section.items);
      const answers = items
        .map((item, q) => {
          const wanted = SITTINGS_A[i]![q]!;
          if (wanted === '') return null;
          if (item.type !== S && item.type !== M)
            return { itemId: item.itemId, seq: 1, value: wanted };
          const shown = [...wanted].map((key) => {
            const letter = item.options.find((o) => o.content === optionContent(key))!.key;
            if (letter !== key) shownDiffered = true;
            return letter;
          });
          return { itemId: item.itemId, seq: 1, value: shown.sort().join('') };
        })
        .filter((answer) => answer !== null);
      expectOk(
        await client.post(`${ATTEMPT_BASE}/saveAnswers`, { attemptId: view.attemptId, answers }),
      );
      expectOk(await client.post(`${ATTEMPT_BASE}/submitAttempt/${view.attemptId}`));
    }
    await moveWindow(db, examA, closedWindow());
    await setReleased(db, examA, true);

    // Exam B, written as marking leaves it: a short answer marked by hand, two absentees.
    ({ examId: examB, classId: batchB, courseTwo } = await addExamB(admin, db, s));
  });
  afterAll(() => t.close());

  const analysis = (client: Client, examId: number, query?: Record<string, string>) =>
    client.get<ItemAnalysisView>(`${BASE}/itemAnalysis/${examId}`, query);

  it('works out facility, discrimination, item–rest r, alpha (KR-20) and SEM by hand (exam A)', async () => {
    const view = expectOk(await analysis(admin, examA));
    expect(view.released).toBe(true);
    expect(view.includesUnreleased).toBe(false);
    expect(view.candidates).toEqual({ total: 8, absent: 0, pending: 0, analysed: 8 });
    expect(view.test.fullScore).toBe(5);
    expect(view.test.mean).toBeCloseTo(2.375, 4);
    expect(view.test.median).toBe(2);
    expect(view.test.sd).toBeCloseTo(0.856957, 4);
    expect(view.test.alpha).toBeCloseTo(-0.106383, 4);
    expect(view.test.kr20).toBeCloseTo(-0.106383, 4);
    expect(view.test.sem).toBeCloseTo(0.901388, 4);
    expect(view.items.map((item) => item.questionId)).toEqual(questionsA);
    const fig = view.items.map((item) => [item.facility, item.discrimination, item.itemRest]);
    const expected = [
      [1, 0, null],
      [0.5, 1, 0.208514],
      [0.5, 1, 0.208514],
      [0.125, 0.5, 0.428571],
      [0.25, -0.5, -0.61667],
    ];
    expected.forEach(([facility, discrimination, itemRest], q) => {
      expect(fig[q]![0]).toBeCloseTo(facility!, 4);
      expect(fig[q]![1]).toBeCloseTo(discrimination!, 4);
      if (itemRest === null) expect(fig[q]![2]).toBeNull();
      else expect(fig[q]![2]).toBeCloseTo(itemRest!, 3);
    });
    expect(view.items.map((item) => item.flags)).toEqual([
      ['tooEasy', 'lowDiscrimination'],
      [],
      [],
      ['tooHard'],
      ['negativeDiscrimination'],
    ]);
    expect(view.thresholds).toEqual({
      easy: 0.9,
      hard: 0.2,
      lowDiscrimination: 0.1,
      groupShare: 0.27,
    });
  });

  it('keeps KR-20 (right answers) apart from alpha (points) when questions are worth unequal points', async () => {
    // Three all-or-nothing questions worth 1, 2 and 1 points; four candidates. By hand:
    // facilities 0.5 each, Σpq = 0.75; right answers 3, 2, 1, 0 (variance 1.25): KR-20 =
    // 3/2 · (1 − 0.75/1.25) = 0.6. Points 4, 2, 2, 0 (variance 2), item variances 0.25, 1, 0.25:
    // alpha = 3/2 · (1 − 1.5/2) = 0.375. SEM of the points = √2 · √(1 − 0.375) = 1.118034.
    const db = t.handle.db;
    const batch = await addClass(db, s.subjectId, { level: 5, name: 'Item batch W' });
    await addStudents(db, batch, 4, { prefix: 'IW-' });
    const at = { courseId: s.courseId, pointId: s.pointId };
    const paper = await addAnalysisPaper(db, {
      subjectId: s.subjectId,
      level: 5,
      passScore: 2,
      questions: [
        { type: J, score: 1, answer: 'T', ...at },
        { type: J, score: 2, answer: 'T', ...at },
        { type: J, score: 1, answer: 'T', ...at },
      ],
    });
    const examId = await addPublishedExam(
      admin,
      t.handle.db,
      { paperId: paper.paperId, classIds: [batch] },
      closedWindow(),
    );
    await writeSittings(db, examId, [
      { scores: [1, 2, 1], values: ['T', 'T', 'T'] },
      { scores: [1, 0, 1], values: ['T', 'F', 'T'] },
      { scores: [0, 2, 0], values: ['F', 'T', 'F'] },
      { scores: [0, 0, 0], values: ['F', 'F', 'F'] },
    ]);
    await setReleased(db, examId, true);
    const view = expectOk(await analysis(admin, examId));
    expect(view.test.fullScore).toBe(4);
    expect(view.test.mean).toBeCloseTo(2, 4);
    expect(view.test.sd).toBeCloseTo(Math.SQRT2, 4);
    expect(view.test.kr20).toBeCloseTo(0.6, 4);
    expect(view.test.alpha).toBeCloseTo(0.375, 4);
    expect(view.test.sem).toBeCloseTo(1.118034, 4);
  });

  it("counts each option in the paper's order although candidates saw them shuffled", async () => {
    // The candidates typed the letters they were shown; at least one differed from the paper's.
    expect(shownDiffered).toBe(true);
    const view = expectOk(await analysis(admin, examA));
    const [, single, multiple, judgement] = view.items;
    expect(single!.options).toEqual([
      { key: 'A', correct: false, count: 2, share: 0.25 },
      { key: 'B', correct: true, count: 4, share: 0.5 },
      { key: 'C', correct: false, count: 1, share: 0.125 },
      { key: 'D', correct: false, count: 0, share: 0 },
    ]);
    expect(single!.omitted).toBe(1);
    expect(multiple!.options).toEqual([
      { key: 'A', correct: true, count: 6, share: 0.75 },
      { key: 'B', correct: false, count: 2, share: 0.25 },
      { key: 'C', correct: true, count: 5, share: 0.625 },
      { key: 'D', correct: false, count: 0, share: 0 },
    ]);
    expect(multiple!.omitted).toBe(1);
    expect(judgement!.options).toBeNull();
  });

  /**
   * Exam B (absentees: one never came, one never finished; 4 analysed):
   *        B1 S 2pt  B2 J 2pt  B3 short 4pt   total
   *   k1   2 (A)     2         4              8
   *   k2   2 (A)     0         3              5
   *   k3   2 (A)     0         1.5            3.5
   *   k4   0 (B)     0         0.5            0.5
   * B3 mean 9/4 = 2.25, deviations ±1.75, ±.75: var (2·3.0625 + 2·.5625)/4 = 1.8125,
   * sd 1.346291; facility 2.25/4 = .5625.
   * Totals mean 17/4 = 4.25, median (3.5 + 5)/2 = 4.25, var (2·14.0625 + 2·.5625)/4 = 7.3125,
   * sd 2.704163. Item variances .75, .75, 1.8125 (Σ 3.3125): alpha = 3/2 · (1 − 3.3125/7.3125)
   * = .820513; B3 is not 0/1, so no KR-20; SEM = 2.704163 · √(1 − .820513) = 1.145644.
   * Mastery: course one (B1, B2) (6 + 2)/(8 + 8) = .5, course two (B3) 9/16 = .5625; point one
   * (X, B1) 6/8 = .75, point two (Z, B2) 2/8 = .25.
   */
  it("gives a marked question's mean and spread, mastery per course and point, without absentees (exam B)", async () => {
    const view = expectOk(await analysis(admin, examB));
    expect(view.candidates).toEqual({ total: 6, absent: 2, pending: 0, analysed: 4 });
    expect(view.test.mean).toBeCloseTo(4.25, 4);
    expect(view.test.median).toBe(4.25);
    expect(view.test.sd).toBeCloseTo(2.704163, 4);
    expect(view.test.alpha).toBeCloseTo(0.820513, 4);
    expect(view.test.kr20).toBeNull();
    expect(view.test.sem).toBeCloseTo(1.145644, 4);
    const essay = view.items[2]!;
    expect(essay).toMatchObject({ type: SA, fullScore: 4, candidates: 4, options: null });
    expect(essay.mean).toBeCloseTo(2.25, 4);
    expect(essay.sd).toBeCloseTo(1.346291, 4);
    expect(essay.facility).toBeCloseTo(0.5625, 4);
    expect(view.items[0]!.options).toEqual([
      { key: 'A', correct: true, count: 3, share: 0.75 },
      { key: 'B', correct: false, count: 1, share: 0.25 },
    ]);
    const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);
    expect(byId(view.courses)).toEqual(
      byId([
        expect.objectContaining({ id: s.courseId, questions: 2, mastery: 0.5, importance: null }),
        expect.objectContaining({
          id: courseTwo,
          questions: 1,
          mastery: 0.5625,
          name: 'Course two',
        }),
      ] as { id: number }[]),
    );
    expect(view.points.map((p) => [p.id, p.importance, p.mastery]).sort()).toEqual(
      [
        [s.pointId, 'X', 0.75],
        [s.secondPointId, 'Z', 0.25],
      ].sort(),
    );
  });

  it('refuses unreleased scores unless asked, and then only to staff who handle scores', async () => {
    await setReleased(t.handle.db, examB, false);
    try {
      expectStatus(await analysis(admin, examB), ApiStatus.CONFLICT, /not released/);
      const asked = expectOk(await analysis(admin, examB, { includeUnreleased: 'true' }));
      expect(asked.released).toBe(false);
      expect(asked.includesUnreleased).toBe(true);
      expect(asked.candidates.analysed).toBe(4);
      const analyst = await signedInTeacher(t.app, admin, [Perm.ANALYSIS]);
      await assignTeacher(t.handle.db, batchB, analyst.id);
      expectStatus(
        await analysis(analyst.client, examB, { includeUnreleased: 'true' }),
        ApiStatus.FORBIDDEN,
      );
      const marker = await signedInTeacher(t.app, admin, [Perm.ANALYSIS, Perm.MARKING]);
      await assignTeacher(t.handle.db, batchB, marker.id);
      expectOk(await analysis(marker.client, examB, { includeUnreleased: 'true' }));
    } finally {
      await setReleased(t.handle.db, examB, true);
    }
  });

  it('needs EXAM-ANALYSIS and the exam’s batches; a student gets none', async () => {
    expectStatus(await analysis(students[0]!, examA), ApiStatus.FORBIDDEN);
    const bank = await signedInTeacher(t.app, admin, [Perm.QUESTION]);
    expectStatus(await analysis(bank.client, examA), ApiStatus.FORBIDDEN);
    const analyst = await signedInTeacher(t.app, admin, [Perm.ANALYSIS]);
    // No batch of theirs: the exam is not found for them.
    expectStatus(await analysis(analyst.client, examA), ApiStatus.NOT_FOUND);
    await assignTeacher(t.handle.db, batchA, analyst.id);
    expectOk(await analysis(analyst.client, examA));
    expectStatus(await analysis(analyst.client, examB), ApiStatus.NOT_FOUND);
    expectStatus(await analysis(admin, 999_999), ApiStatus.NOT_FOUND);
    expectStatus(
      await new Client(t.app).get(`${BASE}/itemAnalysis/${examA}`),
      ApiStatus.NO_SESSION,
    );
    // Even given the key, a student (user type 3) is refused.
    const user = await t.handle.db
      .selectFrom('users')
      .select('id')
      .where('name', '=', 'IA-00002')
      .executeTakeFirstOrThrow();
    const keyed = await createRole(admin, { permissionKeys: [Perm.ANALYSIS, Perm.QUESTION] });
    await bindRoles(admin, user.id, [await roleIdOf(admin, RoleKey.STUDENT), keyed.roleId]);
    expectStatus(await analysis(students[1]!, examA), ApiStatus.FORBIDDEN);
    expectStatus(
      await students[1]!.get(`${BASE}/questionFigures`, { questionIds: '1' }),
      ApiStatus.FORBIDDEN,
    );
  });

  it('answers bad input with 10002 naming the field', async () => {
    expectStatus(await admin.get(`${BASE}/itemAnalysis/abc`), ApiStatus.INVALID_INPUT, /^examId/);
    expectStatus(
      await analysis(admin, examA, { includeUnreleased: 'yes' }),
      ApiStatus.INVALID_INPUT,
      /^includeUnreleased/,
    );
    expectStatus(
      await admin.get(`${BASE}/questionFigures`),
      ApiStatus.INVALID_INPUT,
      /^questionIds/,
    );
    expectStatus(
      await admin.get(`${BASE}/questionFigures`, { questionIds: '1,x' }),
      ApiStatus.INVALID_INPUT,
      /^questionIds/,
    );
  });

  /**
   * A paper drawn per candidate: one judgement (2 points) from a pool of three; each question's
   * figures cover only the candidates who drew it. Whoever drew the first is right (2), the
   * others wrong (0): facility 1 and 0, candidates as drawn; no alpha (the candidates sat
   * different questions).
   */
  it('counts a drawn question over the candidates who drew it', async () => {
    const db = t.handle.db;
    const own = await createStructure(db);
    const pool = await addBankQuestions(
      db,
      [0, 1, 2].map(() => ({ subjectId: own.subjectId, level: 5, courseId: own.courseId })),
    );
    const { id: paperId } = expectOk(
      await admin.post<{ id: number }>('/api/kaoshi-paper/paper/addPaper', {
        name: 'Item drawn',
        subjectId: own.subjectId,
        level: 5,
        passScore: 1,
        durationMinutes: 30,
        mode: 'rules',
        drawPerCandidate: true,
        sections: [{ title: 'Drawn', rules: [{ type: J, count: 1, score: 2, difficulty: 3 }] }],
      }),
    );
    await db.updateTable('papers').set({ audit_status: 1 }).where('id', '=', paperId).execute();
    const batch = await addClass(db, own.subjectId, { level: 5, name: 'Item drawn batch' });
    await addStudents(db, batch, 6, { prefix: 'IR-' });
    const examId = await addPublishedExam(
      admin,
      t.handle.db,
      { paperId, classIds: [batch] },
      closedWindow(),
    );
    const drawn = await writeDrawnSittings(db, examId, 6, (id) => (id === pool[0] ? 2 : 0));
    await setReleased(db, examId, true);
    const drawers = new Map(pool.map((id) => [id, drawn.filter((d) => d.includes(id)).length]));
    expect([...drawers.values()].reduce((a, b) => a + b, 0)).toBe(6);

    const view = expectOk(await analysis(admin, examId));
    expect(view.drawnPerCandidate).toBe(true);
    expect(view.candidates.analysed).toBe(6);
    expect(view.test.alpha).toBeNull();
    expect(view.test.kr20).toBeNull();
    expect(view.test.mean).toBeCloseTo((2 * drawers.get(pool[0]!)!) / 6, 4);
    const sat = pool.filter((id) => drawers.get(id)! > 0);
    expect(view.items.map((item) => item.questionId).sort()).toEqual([...sat].sort());
    for (const item of view.items) {
      expect(item).toMatchObject({
        sectionTitle: 'Drawn',
        fullScore: 2,
        candidates: drawers.get(item.questionId),
        facility: item.questionId === pool[0] ? 1 : 0,
      });
    }
    const figures = expectOk(
      await admin.get<QuestionFigures[]>(`${BASE}/questionFigures`, {
        questionIds: pool.join(','),
      }),
    );
    expect(figures.map((f) => [f.timesUsed, f.candidates])).toEqual(
      pool.map((id) => [drawers.get(id)! > 0 ? 1 : 0, drawers.get(id)]),
    );
  });

  it('keeps a released exam’s figures in the database for every process, until a score changes', async () => {
    const db = t.handle.db;
    const stored = () =>
      db
        .selectFrom('item_analysis_figures')
        .select(['view', 'scores_key'])
        .where('exam_id', '=', examA)
        .executeTakeFirstOrThrow();
    const first = expectOk(await analysis(admin, examA));
    // Exactly what was worked out (JSON keeps every double as it was).
    expect(JSON.parse((await stored()).view)).toEqual(first);
    // Another process reads the kept figures whole: a mark put in them shows, nothing is scanned.
    const marked = structuredClone(first);
    marked.items[1]!.facility = 0.1234;
    await db
      .updateTable('item_analysis_figures')
      .set({ view: JSON.stringify(marked) })
      .where('exam_id', '=', examA)
      .execute();
    const other = new ItemAnalysisService(db);
    const figures = () => other.questionFigures([questionsA[1]!]);
    expect((await figures())[0]!.facility).toBe(0.1234);
    // A score changes (the score log moves): worked out again, kept again.
    const attempt = await db
      .selectFrom('attempts')
      .select('id')
      .where('exam_id', '=', examA)
      .executeTakeFirstOrThrow();
    const before = (await stored()).scores_key;
    await db
      .insertInto('score_log')
      .values({
        exam_id: examA,
        attempt_id: attempt.id,
        item_id: first.items[0]!.itemId,
        answer_id: null,
        kind: 'audit',
        old_score: 100,
        new_score: 100,
        user_id: 1,
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    expect((await figures())[0]!.facility).toBe(0.5);
    expect(expectOk(await analysis(admin, examA))).toEqual(first);
    expect((await stored()).scores_key).not.toBe(before);
    expect(JSON.parse((await stored()).view)).toEqual(first);
  });
});
