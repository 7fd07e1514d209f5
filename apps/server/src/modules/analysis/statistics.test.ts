import {
  ANALYSIS_BASE as BASE,
  ApiStatus,
  Perm,
  type AnalysisExamOptionView,
  type ClassRankingView,
  type ListResult,
  type PassStatisticsView,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, appWithAdmin, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher } from '../../../test/factories.js';
import { assignTeacher } from '../base/test-data.js';
import { type Structure } from '../question/test-data.js';
import { addClosedExam } from './test-data.js';

import { HOUR, statisticsScenario } from './statistics-test-data.js';

describe('score statistics: ranking and failed scores', () => {
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
    ({ t, admin } = await appWithAdmin());
    ({ s, batchA, batchB, paperId, exam0, exam1, exam2, teacherB, student, tickets } =
      await statisticsScenario(t, admin));
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
});
