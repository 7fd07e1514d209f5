import type ExcelJS from 'exceljs';
import {
  ANALYSIS_BASE as BASE,
  ApiStatus,
  type ClassRankingView,
  type PassStatisticsView,
  type SupplementaryStatisticsView,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../../test/build-app.js';
import { appWithAdmin, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, exportedWorkbook } from '../../../test/factories.js';
import { addClass } from '../base/test-data.js';
import { EXAM_BASE } from '../exam/exam.routes.js';
import { addStudents } from '../exam/test-data.js';
import { type Structure } from '../question/test-data.js';
import { addClosedExam, addSittings, releaseScores } from './test-data.js';

import { HOUR, sat, statisticsScenario } from './statistics-test-data.js';

describe('score statistics: make-ups and exports', () => {
  let t: TestApp;
  let admin: Client;
  let s: Structure;
  let batchB: number;
  let paperId: number;
  /** Released, batch A only, two days ago: 3 passed, 1 failed, 1 absent. */
  let exam0: number;
  /** Released, batches A and B (EXAM1). */
  let exam1: number;
  let teacherB: Client;
  let tickets: { a: string[]; b: string[] };

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    ({ s, batchB, paperId, exam0, exam1, teacherB, tickets } = await statisticsScenario(t, admin));
  });
  afterAll(() => t.close());

  const ranking = (client: Client, query: Record<string, string>) =>
    client.get<ClassRankingView>(`${BASE}/classRanking`, query);

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
  const workbook = (url: string, client: Client, language = 'en') =>
    exportedWorkbook(t.app, url, client, language);
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
