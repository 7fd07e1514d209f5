import ExcelJS from 'exceljs';
import {
  ANALYSIS_BASE as BASE,
  ApiStatus,
  Perm,
  TOKEN_COOKIE,
  UserType,
  type AnalysisExamOptionView,
  type ClassRankingView,
  type ListResult,
  type PassStatisticsView,
  type SupplementaryStatisticsView,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, login, type TestApp } from '../../../test/build-app.js';
import {
  bindRoles,
  createRole,
  expectOk,
  expectStatus,
  signedInTeacher,
} from '../../../test/factories.js';
import { addSignableStudents } from '../attempt/test-data.js';
import { addClass, assignTeacher } from '../base/test-data.js';
import { EXAM_BASE } from '../exam/exam.routes.js';
import { addStudents } from '../exam/test-data.js';
import { createStructure, type Structure } from '../question/test-data.js';
import {
  addClosedExam,
  addSectionedPaper,
  addSittings,
  releaseScores,
  type Sitting,
} from './test-data.js';

const HOUR = 3_600_000;
const sat = (part1: number[], part2: number[], minutes = 30): Sitting => ({
  scores: [part1, part2],
  minutes,
});

/**
 * The paper: Part one 4 × 10 points, Part two 3 × 20 points; total 100, pass 60.
 * Batch A (tickets RA-00001…5) and batch B (RB-00001…3) sit exam 1, in that seat order:
 *
 *   A1 40 + 30 = 70   A2 30 + 50 = 80   A3 30 + 50 = 80   A4 absent   A5 10 + 30 = 40
 *   B1 40 + 60 = 100  B2 10 + 50 = 60   B3 0 + 15 = 15
 *
 * Over the exam: 100 (B1) 1, 80 (A2, A3) 2, 2, 70 (A1) 4, 60 (B2) 5, 40 (A5) 6, 15 (B3) 7.
 * Passed (≥ 60): B1, A2, A3, A1, B2 = 5 of the 7 who sat; failed A5 (20 short), B3 (45 short).
 */
const EXAM1: Sitting[] = [
  sat([10, 10, 10, 10], [20, 10, 0], 30),
  sat([10, 10, 5, 5], [20, 20, 10], 45),
  sat([10, 10, 10, 0], [20, 20, 10], 50),
  'absent',
  sat([5, 5, 0, 0], [10, 10, 10], 20),
  sat([10, 10, 10, 10], [20, 20, 20], 55),
  sat([10, 0, 0, 0], [20, 20, 10], 40),
  sat([0, 0, 0, 0], [10, 5, 0], 10),
];

describe('score statistics: ranking, failed scores, make-ups', () => {
  let t: TestApp;
  let admin: Client;
  let s: Structure;
  let batchA: number;
  let batchB: number;
  let paperId: number;
  /** Released, batch A only, two days ago: 3 passed, 1 failed, 1 absent. */
  let exam0: number;
  /** Released, batches A and B (EXAM1). */
  let exam1: number;
  /** Not released, batch A, a day ago: A1 90, the others absent. */
  let exam2: number;
  let teacherB: Client;
  let student: Client;
  let tickets: { a: string[]; b: string[] };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    const db = t.handle.db;
    s = await createStructure(db);
    batchA = await addClass(db, s.subjectId, { level: s.level, name: 'Ranking A' });
    batchB = await addClass(db, s.subjectId, { level: s.level, name: 'Ranking B' });
    await addStudents(db, batchA, 5, { prefix: 'RA-' });
    await addStudents(db, batchB, 3, { prefix: 'RB-' });
    tickets = {
      a: [1, 2, 3, 4, 5].map((n) => `RA-0000${n}`),
      b: [1, 2, 3].map((n) => `RB-0000${n}`),
    };
    paperId = await addSectionedPaper(db, {
      subjectId: s.subjectId,
      level: s.level,
      courseId: s.courseId,
      passScore: 60,
      sections: [
        { title: 'Part one', scores: [10, 10, 10, 10] },
        { title: 'Part two', scores: [20, 20, 20] },
      ],
    });
    exam0 = (await addClosedExam(db, { paperId, classIds: [batchA], hoursAgo: 48, name: 'E0' }))
      .examId;
    await addSittings(db, exam0, [
      sat([10, 10, 10, 10], [20, 20, 20]),
      sat([10, 10, 10, 10], [20, 0, 0]),
      sat([10, 10, 10, 10], [20, 20, 0]),
      sat([0, 0, 0, 0], [0, 0, 0]),
      'absent',
    ]);
    await releaseScores(db, exam0);
    exam1 = (
      await addClosedExam(db, { paperId, classIds: [batchA, batchB], hoursAgo: 30, name: 'E1' })
    ).examId;
    await addSittings(db, exam1, EXAM1);
    await releaseScores(db, exam1);
    exam2 = (await addClosedExam(db, { paperId, classIds: [batchA], hoursAgo: 24, name: 'E2' }))
      .examId;
    await addSittings(db, exam2, [sat([10, 10, 10, 10], [20, 20, 10])]);

    const teacher = await signedInTeacher(t.app, admin, [
      Perm.CLASS_RANKING,
      Perm.PASS_STATISTICS,
      Perm.SUPPLEMENTARY,
    ]);
    await assignTeacher(db, batchB, teacher.id);
    teacherB = teacher.client;

    // A student (own batch, not in these exams) given a role with every statistics key.
    const batchC = await addClass(db, s.subjectId, { level: s.level, name: 'Ranking C' });
    const [ticket] = await addSignableStudents(db, batchC, 1, { prefix: 'RC-', password: 'pw' });
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('name', '=', ticket!)
      .executeTakeFirstOrThrow();
    const role = await createRole(admin, {
      permissionKeys: [Perm.CLASS_RANKING, Perm.PASS_STATISTICS, Perm.SUPPLEMENTARY],
    });
    const studentRole = await db
      .selectFrom('user_roles')
      .select('role_id')
      .where('user_id', '=', user.id)
      .execute();
    await bindRoles(admin, user.id, [...studentRole.map((r) => r.role_id), role.roleId]);
    student = await login(t.app, ticket!, 'pw', UserType.STUDENT);
  });
  afterAll(() => t.close());

  const ranking = (client: Client, query: Record<string, string>) =>
    client.get<ClassRankingView>(`${BASE}/classRanking`, query);

  it('ranks with ties (1, 2, 2, 4) over the exam and within each batch, absentees last', async () => {
    const view = expectOk(await ranking(admin, { examId: String(exam1) }));
    expect(view.total).toBe(8);
    expect(view.list.map((row) => [row.ticketNumber, row.rank, row.classRank, row.score])).toEqual([
      [tickets.b[0], 1, 1, 100],
      [tickets.a[1], 2, 1, 80],
      [tickets.a[2], 2, 1, 80],
      [tickets.a[0], 4, 3, 70],
      [tickets.b[1], 5, 2, 60],
      [tickets.a[4], 6, 4, 40],
      [tickets.b[2], 7, 3, 15],
      [tickets.a[3], null, null, null],
    ]);
    expect(view.sections).toEqual([
      { title: 'Part one', total: 40 },
      { title: 'Part two', total: 60 },
    ]);
    expect(view.exam).toMatchObject({ id: exam1, total: 100, passScore: 60, released: true });
    const a1 = view.list[3]!;
    expect(a1).toMatchObject({
      name: `Candidate ${tickets.a[0]}`,
      className: 'Ranking A',
      classId: batchA,
      sections: [40, 30],
      passed: true,
      absent: false,
      timeUsed: 30 * 60,
      released: true,
    });
    expect(a1.submittedAt).not.toBeNull();
    // 60 is the pass line itself: passed. The absent one has no sections, no pass.
    expect(view.list[4]!.passed).toBe(true);
    expect(view.list[5]!.passed).toBe(false);
    expect(view.list[7]).toMatchObject({
      absent: true,
      passed: null,
      sections: [null, null],
      timeUsed: null,
      submittedAt: null,
    });

    // One batch: ranked within it.
    const onlyA = expectOk(
      await ranking(admin, { examId: String(exam1), classId: String(batchA) }),
    );
    expect(onlyA.list.map((row) => [row.ticketNumber, row.rank])).toEqual([
      [tickets.a[1], 1],
      [tickets.a[2], 1],
      [tickets.a[0], 3],
      [tickets.a[4], 4],
      [tickets.a[3], null],
    ]);
  });

  it('lists the exams to analyse: closed or released, newest first, a teacher their batches only', async () => {
    // An exam still open and not released is not offered.
    const open = (
      await addClosedExam(t.handle.db, { paperId, classIds: [batchA, batchB], name: 'E open' })
    ).examId;
    await t.handle.db
      .updateTable('exams')
      .set({ end_at: new Date(Date.now() + 3_600_000).toISOString() })
      .where('id', '=', open)
      .execute();
    const list = (client: Client, query: Record<string, string> = {}) =>
      client.get<ListResult<AnalysisExamOptionView>>(`${BASE}/listAnalysisExam`, query);

    const all = expectOk(await list(admin));
    const ids = all.list.map((exam) => exam.id);
    expect(ids).not.toContain(open);
    // E2 started 24 h ago, E1 30 h, E0 48 h.
    expect(ids.filter((id) => [exam0, exam1, exam2].includes(id))).toEqual([exam2, exam1, exam0]);
    expect(all.total).toBe(all.list.length);
    expect(all.list.find((exam) => exam.id === exam1)).toMatchObject({
      name: 'E1',
      released: true,
      classes: [
        { id: batchA, name: 'Ranking A' },
        { id: batchB, name: 'Ranking B' },
      ],
    });
    expect(all.list.find((exam) => exam.id === exam2)?.released).toBe(false);

    const named = expectOk(await list(admin, { keyword: 'E1' }));
    expect(named.list.map((exam) => exam.id)).toContain(exam1);
    expect(named.list.every((exam) => exam.name.includes('E1'))).toBe(true);
    const paged = expectOk(await list(admin, { page: '2', limit: '1' }));
    expect(paged).toMatchObject({ total: all.total, list: [{ id: all.list[1]!.id }] });

    // The teacher of batch B: E1 alone, with batch B alone.
    const theirs = expectOk(await list(teacherB));
    expect(theirs.list.map((exam) => [exam.id, exam.classes])).toEqual([
      [exam1, [{ id: batchB, name: 'Ranking B' }]],
    ]);
    expectStatus(await list(student), ApiStatus.FORBIDDEN);
    expectStatus(await list(admin, { limit: 'many' }), ApiStatus.INVALID_INPUT);
    await t.handle.db.deleteFrom('exam_classes').where('exam_id', '=', open).execute();
    await t.handle.db.deleteFrom('exam_candidates').where('exam_id', '=', open).execute();
    await t.handle.db.deleteFrom('exams').where('id', '=', open).execute();
  });

  it('sorts, searches and pages without moving the ranks', async () => {
    const ascending = expectOk(
      await ranking(admin, { examId: String(exam1), sort: 'score', order: 'asc' }),
    );
    expect(ascending.list.map((row) => row.score)).toEqual([15, 40, 60, 70, 80, 80, 100, null]);
    const byTime = expectOk(await ranking(admin, { examId: String(exam1), sort: 'timeUsed' }));
    expect(byTime.list.map((row) => row.timeUsed! / 60 || null)).toEqual([
      10,
      20,
      30,
      40,
      45,
      50,
      55,
      null,
    ]);
    const byName = expectOk(await ranking(admin, { examId: String(exam1), sort: 'name' }));
    expect(byName.list.map((row) => row.ticketNumber)).toEqual([...tickets.a, ...tickets.b]);
    // Within a batch, by rank (absent last), then ticket number.
    const byBatch = expectOk(
      await ranking(admin, { examId: String(exam1), sort: 'className', order: 'desc' }),
    );
    expect(byBatch.list.map((row) => row.ticketNumber)).toEqual([
      tickets.b[0],
      tickets.b[1],
      tickets.b[2],
      tickets.a[1],
      tickets.a[2],
      tickets.a[0],
      tickets.a[4],
      tickets.a[3],
    ]);
    const searched = expectOk(await ranking(admin, { examId: String(exam1), search: 'ra-0000' }));
    expect(searched.total).toBe(5);
    expect(searched.list.map((row) => row.rank)).toEqual([2, 2, 4, 6, null]);
    const page2 = expectOk(await ranking(admin, { examId: String(exam1), page: '2', limit: '3' }));
    expect(page2.total).toBe(8);
    expect(page2.list.map((row) => row.ticketNumber)).toEqual([
      tickets.a[0],
      tickets.b[1],
      tickets.a[4],
    ]);
    // The figures are the exam's whatever the page or the search.
    expect(searched.figures).toEqual(page2.figures);
  });

  it('histogram of 10 % bins with the pass line, and box plots per batch (type 7)', async () => {
    const { figures } = expectOk(await ranking(admin, { examId: String(exam1) }));
    expect(figures.candidates).toBe(8);
    expect(figures.scored).toBe(7);
    // Bins of 10 points: 15 → [10, 20); 40 → [40, 50); 60 → [60, 70); 70 → [70, 80);
    // 80, 80 → [80, 90); 100 → [90, 100] (the last bin is closed).
    expect(figures.histogram.binWidth).toBe(10);
    expect(figures.histogram.passScore).toBe(60);
    expect(figures.histogram.bins.map((bin) => bin.count)).toEqual([0, 1, 0, 0, 1, 0, 1, 1, 2, 1]);
    expect(figures.histogram.bins[9]).toEqual({ from: 90, to: 100, count: 1 });
    // Batch A [40, 70, 80, 80], n = 4, h = 3p: Q1 h 0.75 → 40 + 0.75·30 = 62.5; median h 1.5
    // → 70 + 0.5·10 = 75; Q3 h 2.25 → 80.
    // Batch B [15, 60, 100], n = 3, h = 2p: Q1 h 0.5 → 15 + 0.5·45 = 37.5; median 60; Q3 h 1.5
    // → 60 + 0.5·40 = 80.
    // All [15, 40, 60, 70, 80, 80, 100], n = 7, h = 6p: Q1 h 1.5 → 40 + 0.5·20 = 50; median
    // h 3 → 70; Q3 h 4.5 → 80 + 0.5·0 = 80.
    expect(figures.boxPlots).toEqual([
      {
        classId: batchA,
        className: 'Ranking A',
        count: 4,
        min: 40,
        q1: 62.5,
        median: 75,
        q3: 80,
        max: 80,
      },
      {
        classId: batchB,
        className: 'Ranking B',
        count: 3,
        min: 15,
        q1: 37.5,
        median: 60,
        q3: 80,
        max: 100,
      },
      { classId: null, className: '', count: 7, min: 15, q1: 50, median: 70, q3: 80, max: 100 },
    ]);
  });

  it('failed-score statistics of an exam: counts, rate, mean, median, the failed, the trend', async () => {
    const view = expectOk(
      await admin.get<PassStatisticsView>(`${BASE}/passStatistics`, { examId: String(exam1) }),
    );
    // 8 candidates, 1 absent, 7 sat, 5 passed, 2 failed. Mean 445 / 7 = 63.571… → 63.57.
    expect(view.summary).toEqual({
      candidates: 8,
      sat: 7,
      absent: 1,
      passed: 5,
      failed: 2,
      pending: 0,
      passRate: 0.7143,
      mean: 63.57,
      median: 70,
      released: true,
    });
    expect(view.failed.total).toBe(2);
    expect(view.failed.list.map((row) => [row.ticketNumber, row.score, row.lacking])).toEqual([
      [tickets.a[4], 40, 20],
      [tickets.b[2], 15, 45],
    ]);
    expect(view.failed.list[0]).toMatchObject({
      examId: exam1,
      passScore: 60,
      className: 'Ranking A',
    });
    // Exam 0: 4 sat (100, 60, 80, 0 → 3 passed). Exam 2 is not released: left out.
    expect(view.trend.map((p) => [p.examId, p.sat, p.passed, p.passRate])).toEqual([
      [exam0, 4, 3, 0.75],
      [exam1, 7, 5, 0.7143],
    ]);

    // By job type and level, with the unreleased exam asked for: marked.
    const all = expectOk(
      await admin.get<PassStatisticsView>(`${BASE}/passStatistics`, {
        subjectId: String(s.subjectId),
        level: String(s.level),
        includeUnreleased: 'true',
      }),
    );
    expect(all.exams.map((e) => [e.id, e.released])).toEqual([
      [exam0, true],
      [exam1, true],
      [exam2, false],
    ]);
    // 5 + 8 + 5 candidates; absent 1 + 1 + 4; passed 3 + 5 + 1 (90); failed 1 + 2.
    expect(all.summary).toMatchObject({
      candidates: 18,
      absent: 6,
      sat: 12,
      passed: 9,
      failed: 3,
      passRate: 0.75,
      released: false,
    });
    expect(all.trend.at(-1)).toMatchObject({ examId: exam2, sat: 1, passed: 1, released: false });
    // A time range that holds exam 1 only (30 h ago; exam 0 48 h, exam 2 24 h).
    const ranged = expectOk(
      await admin.get<PassStatisticsView>(`${BASE}/passStatistics`, {
        subjectId: String(s.subjectId),
        level: String(s.level),
        from: new Date(Date.now() - 36 * HOUR).toISOString(),
        to: new Date(Date.now() - 27 * HOUR).toISOString(),
        includeUnreleased: 'true',
      }),
    );
    expect(ranged.exams.map((e) => e.id)).toEqual([exam1]);
    expect(ranged.summary.candidates).toBe(8);
    // Batch B only: B1 100, B2 60 passed, B3 failed.
    const onlyB = expectOk(
      await admin.get<PassStatisticsView>(`${BASE}/passStatistics`, {
        examId: String(exam1),
        classId: String(batchB),
      }),
    );
    expect(onlyB.summary).toMatchObject({
      candidates: 3,
      sat: 3,
      passed: 2,
      failed: 1,
      median: 60,
    });
  });

  it('unreleased scores: refused unless asked for, then marked in every row and figure', async () => {
    const refused = await ranking(admin, { examId: String(exam2) });
    expectStatus(refused, ApiStatus.CONFLICT);
    expect(refused.body.message).toContain('not released');
    const view = expectOk(
      await ranking(admin, { examId: String(exam2), includeUnreleased: 'true' }),
    );
    expect(view.exam.released).toBe(false);
    expect(view.figures.released).toBe(false);
    expect(view.list.every((row) => row.released === false)).toBe(true);
    expect(view.list[0]).toMatchObject({ ticketNumber: tickets.a[0], score: 90, rank: 1 });
    expectStatus(
      await admin.get(`${BASE}/passStatistics`, { examId: String(exam2) }),
      ApiStatus.CONFLICT,
    );
    // A student reaches none of it, even given the keys, even asking for unreleased scores.
    for (const includeUnreleased of ['true', 'false']) {
      expectStatus(
        await ranking(student, { examId: String(exam1), includeUnreleased }),
        ApiStatus.FORBIDDEN,
      );
    }
  });

  it('a teacher reads only the batches they teach', async () => {
    const view = expectOk(await ranking(teacherB, { examId: String(exam1) }));
    // Ranked among what they read: 100, 60, 15.
    expect(view.list.map((row) => [row.ticketNumber, row.rank])).toEqual([
      [tickets.b[0], 1],
      [tickets.b[1], 2],
      [tickets.b[2], 3],
    ]);
    expect(view.figures.boxPlots.map((box) => box.classId)).toEqual([batchB]);
    expect(view.figures.histogram.bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(3);
    // Another batch of the exam: refused; an exam of none of theirs: not found.
    expectStatus(
      await ranking(teacherB, { examId: String(exam1), classId: String(batchA) }),
      ApiStatus.FORBIDDEN,
    );
    expectStatus(await ranking(teacherB, { examId: String(exam0) }), ApiStatus.NOT_FOUND);
    expectStatus(
      await teacherB.get(`${BASE}/supplementaryStatistics`, { examId: String(exam0) }),
      ApiStatus.NOT_FOUND,
    );
    const pass = expectOk(
      await teacherB.get<PassStatisticsView>(`${BASE}/passStatistics`, {
        subjectId: String(s.subjectId),
        level: String(s.level),
      }),
    );
    expect(pass.exams.map((e) => e.id)).toEqual([exam1]);
    expect(pass.summary).toMatchObject({ candidates: 3, passed: 2, failed: 1 });
    expect(pass.failed.list.map((row) => row.ticketNumber)).toEqual([tickets.b[2]]);

    // A teacher with no batch sees none of it.
    const nobody = await signedInTeacher(t.app, admin, [Perm.CLASS_RANKING, Perm.PASS_STATISTICS]);
    expectStatus(await ranking(nobody.client, { examId: String(exam1) }), ApiStatus.NOT_FOUND);
    const none = expectOk(
      await nobody.client.get<PassStatisticsView>(`${BASE}/passStatistics`, {
        subjectId: String(s.subjectId),
        level: String(s.level),
      }),
    );
    expect(none.exams).toEqual([]);
    expect(none.summary).toMatchObject({ candidates: 0, passRate: null, mean: null, median: null });
  });

  it('each call needs its key; no session is 401, a student 403', async () => {
    const calls: [string, string, Record<string, string>][] = [
      ['classRanking', Perm.CLASS_RANKING, { examId: String(exam1) }],
      ['exportClassRanking', Perm.CLASS_RANKING, { examId: String(exam1) }],
      ['passStatistics', Perm.PASS_STATISTICS, { examId: String(exam1) }],
      ['exportPassStatistics', Perm.PASS_STATISTICS, { examId: String(exam1) }],
      ['supplementaryStatistics', Perm.SUPPLEMENTARY, { examId: String(exam1) }],
      ['exportSupplementaryStatistics', Perm.SUPPLEMENTARY, { examId: String(exam1) }],
    ];
    const keys = [Perm.CLASS_RANKING, Perm.PASS_STATISTICS, Perm.SUPPLEMENTARY];
    const anonymous = new Client(t.app);
    for (const [call, key, query] of calls) {
      const others = await signedInTeacher(
        t.app,
        admin,
        keys.filter((k) => k !== key),
      );
      await assignTeacher(t.handle.db, batchA, others.id);
      expectStatus(await others.client.get(`${BASE}/${call}`, query), ApiStatus.FORBIDDEN);
      expectStatus(await anonymous.get(`${BASE}/${call}`, query), ApiStatus.NO_SESSION);
      expectStatus(await student.get(`${BASE}/${call}`, query), ApiStatus.FORBIDDEN);
    }
  });

  it('bad inputs answer 10002 naming the field', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['classRanking', {}, 'examId'],
      ['classRanking', { examId: 'abc' }, 'examId'],
      ['classRanking', { examId: String(exam1), sort: 'id; drop' }, 'sort'],
      ['classRanking', { examId: String(exam1), order: 'up' }, 'order'],
      ['classRanking', { examId: String(exam1), limit: '501' }, 'limit'],
      ['classRanking', { examId: String(exam1), classId: '-1' }, 'classId'],
      ['classRanking', { examId: String(exam1), includeUnreleased: 'maybe' }, 'includeUnreleased'],
      ['classRanking', { examId: String(exam1), search: 'x'.repeat(51) }, 'search'],
      ['passStatistics', {}, 'examId'],
      ['passStatistics', { subjectId: String(s.subjectId) }, 'level'],
      ['passStatistics', { subjectId: String(s.subjectId), level: '9' }, 'level'],
      ['passStatistics', { examId: String(exam1), from: 'yesterday' }, 'from'],
      ['passStatistics', { examId: String(exam1), from: '2026-03-02', to: '2026-03-01' }, 'to'],
      ['exportPassStatistics', {}, 'examId'],
      ['supplementaryStatistics', {}, 'examId'],
      ['exportSupplementaryStatistics', { examId: '0' }, 'examId'],
      ['exportClassRanking', { examId: String(exam1), sort: 'nope' }, 'sort'],
    ];
    for (const [call, query, field] of cases) {
      const result = await admin.get(`${BASE}/${call}`, query);
      expectStatus(result, ApiStatus.INVALID_INPUT);
      expect(result.body.data, `${call} ${JSON.stringify(query)}`).toEqual({ field });
    }
    expectStatus(await ranking(admin, { examId: '999999' }), ApiStatus.NOT_FOUND);
    expectStatus(
      await ranking(admin, { examId: String(exam0), classId: String(batchB) }),
      ApiStatus.NOT_FOUND,
    );
  });

  it('make-up chain: original failed → make-up passed, still failed, absent', async () => {
    // The exam module's make-up of exam 1 for the failed and the absent: A4 (absent), A5 (40),
    // B3 (15), in the original's seat order.
    const { id: makeUp } = expectOk(
      await admin.post<{ id: number }>(`${EXAM_BASE}/addMakeUpExam`, {
        examId: exam1,
        paperId,
        who: 'both',
        startAt: new Date(Date.now() + 2 * HOUR).toISOString(),
        endAt: new Date(Date.now() + 3 * HOUR).toISOString(),
        durationMinutes: 30,
      }),
    );
    await t.handle.db
      .updateTable('exams')
      .set({
        start_at: new Date(Date.now() - 3 * HOUR).toISOString(),
        end_at: new Date(Date.now() - 2 * HOUR).toISOString(),
      })
      .where('id', '=', makeUp)
      .execute();
    // A4 absent again; A5 70 (passed); B3 30 (still failed).
    await addSittings(t.handle.db, makeUp, [
      'absent',
      sat([10, 10, 10, 10], [20, 10, 0]),
      sat([10, 10, 0, 0], [10, 0, 0]),
    ]);
    const get = (query: Record<string, string>) =>
      admin.get<SupplementaryStatisticsView>(`${BASE}/supplementaryStatistics`, {
        examId: String(exam1),
        ...query,
      });

    // Not released yet: the make-up's sitters are pending, their scores hidden.
    const before = expectOk(await get({}));
    expect(before.makeUps.map((m) => [m.id, m.who, m.released])).toEqual([[makeUp, 'both', false]]);
    expect(before.summary).toMatchObject({
      makeUpPublished: 3,
      makeUpSat: 2,
      makeUpPassed: 0,
      makeUpStillFailed: 0,
      makeUpPending: 2,
      released: true,
    });
    expect(before.list.map((row) => [row.ticketNumber, row.makeUp?.score, row.final])).toEqual([
      [tickets.a[3], null, 'absent'],
      [tickets.a[4], null, 'pending'],
      [tickets.b[2], null, 'pending'],
    ]);
    // Asked for: shown, marked.
    const unreleased = expectOk(await get({ includeUnreleased: 'true' }));
    expect(unreleased.summary).toMatchObject({
      makeUpPassed: 1,
      makeUpStillFailed: 1,
      released: false,
    });
    expect(unreleased.list[1]!.makeUp).toMatchObject({ score: 70, passed: true, released: false });

    await releaseScores(t.handle.db, makeUp);
    const view = expectOk(await get({}));
    // Original: 8 candidates, 7 sat, 5 passed, 2 failed, 1 absent → 5 / 7.
    // Final: 5 + A5 = 6 passed of the 7 who sat at least once (A4 never sat) → 6 / 7.
    expect(view.summary).toEqual({
      candidates: 8,
      sat: 7,
      passed: 5,
      failed: 2,
      absent: 1,
      makeUpPublished: 3,
      makeUpSat: 2,
      makeUpPassed: 1,
      makeUpStillFailed: 1,
      makeUpPending: 0,
      makeUpScheduled: 0,
      originalPassRate: 0.7143,
      finalPassRate: 0.8571,
      released: true,
    });
    expect(view.total).toBe(3);
    expect(
      view.list.map((row) => [
        row.ticketNumber,
        row.original,
        row.makeUp && {
          absent: row.makeUp.absent,
          score: row.makeUp.score,
          passed: row.makeUp.passed,
        },
        row.final,
      ]),
    ).toEqual([
      [
        tickets.a[3],
        { absent: true, score: null, passed: null },
        { absent: true, score: null, passed: null },
        'absent',
      ],
      [
        tickets.a[4],
        { absent: false, score: 40, passed: false },
        { absent: false, score: 70, passed: true },
        'passed',
      ],
      [
        tickets.b[2],
        { absent: false, score: 15, passed: false },
        { absent: false, score: 30, passed: false },
        'failed',
      ],
    ]);
    // The teacher of batch B: B3 alone (still failed); 3 candidates, all sat, 2 passed.
    const mine = expectOk(
      await teacherB.get<SupplementaryStatisticsView>(`${BASE}/supplementaryStatistics`, {
        examId: String(exam1),
      }),
    );
    expect(mine.list.map((row) => [row.ticketNumber, row.final])).toEqual([
      [tickets.b[2], 'failed'],
    ]);
    expect(mine.summary).toMatchObject({
      candidates: 3,
      makeUpStillFailed: 1,
      finalPassRate: 0.6667,
    });

    const sheets = await workbook(`${BASE}/exportSupplementaryStatistics?examId=${exam1}`, admin);
    const list = sheets.worksheets[0]!;
    expect(list.rowCount).toBe(4);
    expect(values(list.getRow(3))).toEqual([
      tickets.a[4],
      `Candidate ${tickets.a[4]}`,
      'Ranking A',
      40,
      'Failed',
      'E1 (make-up)',
      70,
      'Passed',
      'Passed',
      'Yes',
    ]);
    const figures = sheets.worksheets[1]!;
    expect(values(figures.getRow(9))).toEqual(['Passed the make-up', 1]);
    expect(values(figures.getRow(14))).toEqual(['Final pass rate after make-ups', '85.71%']);
  });

  it('a make-up still to come counts its candidates as scheduled, not absent; a second one for them is refused', async () => {
    // Exam 0's failed (A4, 0 points) and absent (A5), made up tomorrow.
    const body = {
      examId: exam0,
      paperId,
      who: 'both',
      startAt: new Date(Date.now() + 24 * HOUR).toISOString(),
      endAt: new Date(Date.now() + 26 * HOUR).toISOString(),
      durationMinutes: 30,
    };
    const { id: makeUp } = expectOk(
      await admin.post<{ id: number }>(`${EXAM_BASE}/addMakeUpExam`, body),
    );
    const view = expectOk(
      await admin.get<SupplementaryStatisticsView>(`${BASE}/supplementaryStatistics`, {
        examId: String(exam0),
      }),
    );
    expect(
      view.list.map((row) => [
        row.ticketNumber,
        row.makeUp?.absent,
        row.makeUp?.scheduled,
        row.final,
      ]),
    ).toEqual([
      [tickets.a[3], false, true, 'scheduled'],
      [tickets.a[4], false, true, 'scheduled'],
    ]);
    expect(view.summary).toMatchObject({
      makeUpPublished: 2,
      makeUpSat: 0,
      makeUpScheduled: 2,
      makeUpPending: 0,
    });
    expect(view.makeUps.map((m) => [m.id, m.endAt, m.closed])).toEqual([
      [makeUp, body.endAt, false],
    ]);
    const sheets = await workbook(`${BASE}/exportSupplementaryStatistics?examId=${exam0}`, admin);
    expect(values(sheets.worksheets[0]!.getRow(2)).slice(7, 9)).toEqual(['Scheduled', 'Scheduled']);

    // The same candidates again: a duplicate, refused naming the make-up they already have.
    const again = await admin.request({
      method: 'POST',
      url: `${EXAM_BASE}/addMakeUpExam`,
      payload: { ...body, who: 'failed' },
      headers: { 'accept-language': 'en' },
    });
    expectStatus(again, ApiStatus.CONFLICT);
    expect(again.body.message).toContain('E0 (make-up)');
    const exams = await t.handle.db
      .selectFrom('exams')
      .select('id')
      .where('make_up_of', '=', exam0)
      .execute();
    expect(exams).toHaveLength(1);
  });

  /** Signs the export in as `client` and opens the workbook. */
  async function workbook(url: string, client: Client, language = 'en') {
    const response = await t.app.inject({
      method: 'GET',
      url,
      cookies: { [TOKEN_COOKIE]: client.token! },
      headers: { 'accept-language': language },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    return book;
  }
  const values = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);

  it('exports: the whole table first, the figures on a second sheet', async () => {
    const ranked = await workbook(`${BASE}/exportClassRanking?examId=${exam1}`, admin);
    const table = ranked.worksheets[0]!;
    expect(table.rowCount).toBe(9);
    expect(values(table.getRow(1))).toEqual([
      'Rank',
      'Rank in batch',
      'Ticket number',
      'Name',
      'Batch',
      'Total',
      'Part one',
      'Part two',
      'Result',
      'Time used (min)',
      'Submitted at',
      'Scores released',
    ]);
    const b1 = values(table.getRow(2));
    expect(b1.slice(0, 10)).toEqual([
      1,
      1,
      tickets.b[0],
      `Candidate ${tickets.b[0]}`,
      'Ranking B',
      100,
      40,
      60,
      'Passed',
      55,
    ]);
    expect(b1[11]).toBe('Yes');
    // The absent candidate last, without rank or scores.
    expect(values(table.getRow(9)).slice(2, 9)).toEqual([
      tickets.a[3],
      `Candidate ${tickets.a[3]}`,
      'Ranking A',
      undefined,
      undefined,
      undefined,
      'Absent',
    ]);
    const figures = ranked.worksheets[1]!;
    expect(figures.name).toBe('Figures');
    expect(values(figures.getRow(2))).toEqual(['From', 'To', 'Candidates']);
    expect(values(figures.getRow(4))).toEqual([10, 20, 1]);
    expect(values(figures.getRow(12))).toEqual([90, 100, 1]);
    expect(values(figures.getRow(13))).toEqual(['Pass line', 60]);
    expect(values(figures.getRow(17))).toEqual(['Ranking A', 4, 40, 62.5, 75, 80, 80]);
    expect(values(figures.getRow(19))).toEqual(['All batches', 7, 15, 50, 70, 80, 100]);

    // In Chinese, the failed-score export: the two failed, the summary and the trend.
    const pass = await workbook(`${BASE}/exportPassStatistics?examId=${exam1}`, admin, 'zh');
    const failed = pass.worksheets[0]!;
    expect(failed.name).toBe('不合格考生');
    expect(failed.rowCount).toBe(3);
    expect(values(failed.getRow(2))).toEqual([
      'E1',
      tickets.a[4],
      `Candidate ${tickets.a[4]}`,
      'Ranking A',
      40,
      60,
      20,
      '是',
    ]);
    const summary = pass.worksheets[1]!;
    expect(values(summary.getRow(3))).toEqual(['实考人数', 7]);
    expect(values(summary.getRow(8))).toEqual(['合格率', '71.43%']);
    expect(values(summary.getRow(9))).toEqual(['平均分', 63.57]);
    expect(values(summary.getRow(15)).slice(2)).toEqual([4, 3, '75%', '是']);

    // A teacher's export holds their batches only.
    const theirs = await workbook(`${BASE}/exportClassRanking?examId=${exam1}`, teacherB);
    expect(theirs.worksheets[0]!.rowCount).toBe(4);
  });

  it('the calls and their filters are in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    }>();
    const names = (call: string) =>
      (doc.paths[`${BASE}/${call}`]?.get?.parameters ?? []).map((p) => p.name).sort();
    expect(names('classRanking')).toEqual(
      ['classId', 'examId', 'includeUnreleased', 'limit', 'order', 'page', 'search', 'sort'].sort(),
    );
    expect(names('passStatistics')).toContain('subjectId');
    expect(names('exportSupplementaryStatistics')).toEqual(['examId', 'includeUnreleased']);
  });

  it('answers a result for an exam without candidates who sat', async () => {
    const { examId } = await addClosedExam(t.handle.db, {
      paperId,
      classIds: [batchB],
      hoursAgo: 5,
    });
    await releaseScores(t.handle.db, examId);
    const view = expectOk(await ranking(admin, { examId: String(examId) }));
    expect(view.total).toBe(3);
    expect(view.figures.scored).toBe(0);
    expect(view.figures.boxPlots).toEqual([
      {
        classId: batchB,
        className: 'Ranking B',
        count: 0,
        min: null,
        q1: null,
        median: null,
        q3: null,
        max: null,
      },
    ]);
    const pass = expectOk(
      await admin.get<PassStatisticsView>(`${BASE}/passStatistics`, { examId: String(examId) }),
    );
    expect(pass.summary).toMatchObject({ candidates: 3, sat: 0, absent: 3, passRate: null });
  });

  it('gives a scored candidate who left a section blank 0 there, as their result shows, not –', async () => {
    const db = t.handle.db;
    // Last, with a batch of its own: the exams above see the trend without it.
    const batchD = await addClass(db, s.subjectId, { level: s.level, name: 'Ranking D' });
    await addStudents(db, batchD, 1, { prefix: 'RD-' });
    const blank = (
      await addClosedExam(db, { paperId, classIds: [batchD], hoursAgo: 20, name: 'Blank part' })
    ).examId;
    await addSittings(db, blank, [sat([10, 10, 10, 10], [])]);
    await releaseScores(db, blank);
    const view = expectOk(await ranking(admin, { examId: String(blank) }));
    expect(view.list[0]).toMatchObject({ score: 40, sections: [40, 0], absent: false });
  });
});
