import {
  ANALYSIS_BASE,
  MARKING_BASE,
  Perm,
  type ExamCertificationView,
  type PassStatisticsView,
} from '@kaoshi/shared';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import zh from '../src/i18n/locales/zh';
import { competitionRanks, createAnalysisExam, type AnalysisFixture } from './analysis-fixture';
import { ApiClient, createRole } from './api';
import { axeFindings } from './axe-findings';
import {
  DESKTOP,
  PHONE,
  buttonName,
  newPage,
  openPage,
  openSignedIn,
  screenshot,
  showPath,
} from './browser';
import { LOCALES, MESSAGES, type Language } from './languages';
import { adminSession } from './session';
import { readWorkbook } from './workbook';

// The score-analysis screens (docs/features/analysis.md) over the analysis fixture's exam: the ranking with
// its ties, batches, charts, Excel export and print view; the failed-score figures and export;
// the make-up figures and the make-up action; four languages and phone width; and a teacher
// without the keys sees none of the menu entries.

const TEACHER_PASSWORD = 'Analysis#2026';

/** The text of each cell of each body row of a table. */
const tableRows = (table: Locator) =>
  table
    .locator('tbody tr.ant-table-row')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('td')).map((cell) => (cell.textContent ?? '').trim()),
      ),
    );

/** The value of the summary card titled exactly `title`. */
const statisticValue = async (cards: Locator, title: string) =>
  (
    await cards
      .locator('.ant-statistic')
      .filter({
        has: cards.page().locator('.ant-statistic-title', { hasText: new RegExp(`^${title}$`) }),
      })
      .locator('.ant-statistic-content')
      .textContent()
  )?.trim();

/** A chart drawn: its SVG is there with a real size. */
async function expectDrawn(chart: Locator) {
  const svg = chart.locator('[role=img] svg').first();
  await svg.waitFor();
  await expect.poll(async () => (await svg.boundingBox())?.width ?? 0).toBeGreaterThan(150);
  const box = (await svg.boundingBox())!;
  expect(box.height).toBeGreaterThan(150);
  // Something is drawn in it: bars, boxes or a line are paths.
  expect(await chart.locator('svg path').count()).toBeGreaterThan(3);
}

describe('Score analysis screens', () => {
  const session = adminSession();
  const { baseURL } = session;
  const tag = `AN${Date.now().toString(36).toUpperCase()}`;
  let fx: AnalysisFixture;

  beforeAll(async () => {
    // Counted for a certification scheme: the failed-score screen shows its card.
    fx = await createAnalysisExam(session.admin, baseURL, tag, { scheme: true });
  });

  const open = async (path: string, language: Language = 'zh', viewport = DESKTOP) => {
    return openPage(session.browser, session.admin, `${baseURL}${path}`, {
      locale: LOCALES[language],
      viewport,
    });
  };

  /** Expected rank of each ticket number among `candidates` (1, 2, 2, 4; absent: none). */
  const ranksOf = (candidates: AnalysisFixture['candidates']) => {
    const ranks = competitionRanks(candidates.map((c) => c.total));
    return Object.fromEntries(
      candidates.map((c, n) => [
        c.student.ticketNumber,
        ranks[n] === null ? '–' : String(ranks[n]),
      ]),
    );
  };

  const rankingTable = (page: Page) => page.locator('.analysis-ranking-table');

  it('ranking: the exam chosen from the list, ranks with ties, batches, charts', async () => {
    const { page, errors } = await open('/examClassRanking');
    await page.locator('.analysis-empty').waitFor();
    await screenshot(page, 'analysis-ranking-empty-zh');

    await page.getByRole('combobox', { name: zh.analysis.exam.choose }).click();
    await page.keyboard.type(fx.examName);
    // Its make-up ("补考…") matches the search too: the original is the option that starts with it.
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: new RegExp(`^${fx.examName}`) })
      .click();
    await expect.poll(() => page.url()).toContain(`examId=${fx.examId}`);

    const table = rankingTable(page);
    await expect.poll(async () => (await tableRows(table)).length).toBe(fx.candidates.length);
    const expected = ranksOf(fx.candidates);
    const rows = await tableRows(table);
    // Columns: rank, batch rank, ticket number, name, batch, total, sections…
    const shown = Object.fromEntries(rows.map((cells) => [cells[2], cells[0]]));
    expect(shown).toEqual(expected);
    // The tie is there: two candidates share a rank and the next rank is skipped.
    const ranks = Object.values(expected).filter((rank) => rank !== '–');
    expect(new Set(ranks).size).toBeLessThan(ranks.length);
    for (const candidate of fx.candidates) {
      const cells = rows.find((line) => line[2] === candidate.student.ticketNumber)!;
      expect(cells[4]).toBe(candidate.className);
      if (candidate.total === null) expect(cells[5]).toBe(zh.analysis.absent);
      else expect(Number(cells[5])).toBe(candidate.total);
    }

    // The sections are headed by their titles, as the paper and its export name them.
    const headings = await table.locator('thead th').allInnerTexts();
    for (const title of ['一、单选题', '五、简答题', '六、操作题']) {
      expect(headings.some((heading) => heading.startsWith(title))).toBe(true);
    }

    await expectDrawn(page.locator('.analysis-histogram'));
    await expectDrawn(page.locator('.analysis-boxplot'));
    // The pass line is labelled on the histogram.
    await expect
      .poll(() => page.locator('.analysis-histogram svg').textContent())
      .toContain(`${zh.analysis.chart.passLine} ${fx.passScore}`);
    expect(
      await page.getByRole('link', { name: zh.analysis.links.itemAnalysis }).getAttribute('href'),
    ).toBe(`/examAnalysis/itemAnalysis?examId=${fx.examId}`);
    expect(
      await page.getByRole('link', { name: zh.analysis.links.certificates }).getAttribute('href'),
    ).toBe(`/examAnalysis/certificates?examId=${fx.examId}`);
    await screenshot(page, 'analysis-ranking-zh');
    expect(await axeFindings(page)).toEqual([]);

    // Sorted by the total on the server, lowest first; the absent stay last.
    await table.locator('thead th').filter({ hasText: zh.analysis.fields.score }).click();
    const byTotal = [...fx.candidates]
      .filter((c) => c.total !== null)
      .sort((a, b) => a.total! - b.total!)
      .map((c) => String(c.total));
    await expect
      .poll(async () => (await tableRows(table)).map((cells) => cells[5]).slice(0, byTotal.length))
      .toEqual(byTotal);
    await table.locator('thead th').filter({ hasText: zh.analysis.ranking.rank }).first().click();

    // Batch B alone: ranked among themselves.
    const batchB = fx.batches[1];
    await page.getByRole('combobox', { name: zh.analysis.fields.batch }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: batchB.className }).click();
    const inB = fx.candidates.filter((c) => c.classId === batchB.classId);
    await expect
      .poll(async () => Object.fromEntries((await tableRows(table)).map((c) => [c[1], c[0]])))
      .toEqual(ranksOf(inB));

    // Search narrows the rows, not the ranks.
    const someone = inB.find((c) => c.total !== null)!;
    await page
      .getByRole('searchbox', { name: zh.analysis.ranking.search })
      .fill(someone.student.name);
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await tableRows(table)).map((c) => [c[1], c[0]]))
      .toEqual([[someone.student.ticketNumber, ranksOf(inB)[someone.student.ticketNumber]]]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('ranking: the Excel export is a real workbook with the figures on a second sheet', async () => {
    const { page } = await open(`/examClassRanking?examId=${fx.examId}`);
    await rankingTable(page).locator('tbody tr.ant-table-row').first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: buttonName(zh.analysis.export) }).click();
    const { rows, sheets } = await readWorkbook(await (await download).path());
    expect(sheets).toBe(2);
    const headerAt = rows.findIndex((line) => line.includes('准考证号'));
    expect(headerAt).toBeGreaterThanOrEqual(0);
    const header = rows[headerAt]!;
    const body = rows.slice(headerAt + 1);
    const expected = ranksOf(fx.candidates);
    for (const candidate of fx.candidates) {
      const line = body.find(
        (cells) => cells[header.indexOf('准考证号')] === candidate.student.ticketNumber,
      );
      expect(line, candidate.student.ticketNumber).toBeDefined();
      const rank = line![header.indexOf('名次')];
      expect(rank === '' ? '–' : rank).toBe(expected[candidate.student.ticketNumber]);
    }
    await page.context().close();
  });

  it('ranking: the print view holds every row and leaves the app frame off paper', async () => {
    const { page } = await open(`/examClassRanking?examId=${fx.examId}`);
    await rankingTable(page).locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: buttonName(zh.analysis.print) }).click();
    const sheet = page.locator('.analysis-print-sheet');
    await sheet.waitFor();
    await expect.poll(() => sheet.locator('tbody tr').count()).toBe(fx.candidates.length);
    await expect.poll(() => sheet.locator('h1').textContent()).toContain(fx.examName);
    await screenshot(page, 'analysis-ranking-print-screen-zh');
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.sidebar-container').isVisible()).toBe(false);
    expect(await page.locator('.navbar').isVisible()).toBe(false);
    expect(await page.locator('.analysis-print-toolbar').isVisible()).toBe(false);
    expect(await sheet.isVisible()).toBe(true);
    await screenshot(page, 'analysis-ranking-print-zh');
    await page.context().close();
  });

  it('ranking and failed scores at phone width: tables scroll sideways, charts fit', async () => {
    const { page } = await open(`/examClassRanking?examId=${fx.examId}`, 'zh', PHONE);
    await rankingTable(page).locator('tbody tr.ant-table-row').first().waitFor();
    await expectDrawn(page.locator('.analysis-histogram'));
    const chartBox = (await page.locator('.analysis-histogram [role=img]').boundingBox())!;
    expect(chartBox.width).toBeLessThanOrEqual(PHONE.width);
    // The page itself does not scroll sideways; the table does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await screenshot(page, 'analysis-ranking-phone-zh');
    await page.goto(`${baseURL}/isPassStatistics?examId=${fx.examId}`);
    await page.locator('.analysis-summary').waitFor();
    await screenshot(page, 'analysis-pass-phone-zh');
    await page.goto(`${baseURL}/examSupplementary?examId=${fx.examId}`);
    await page.locator('.analysis-supplementary-table').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await screenshot(page, 'analysis-supplementary-phone-zh');
    await page.context().close();
  });

  it('failed scores: the figures, the failed with the points they lack, the trend, the export', async () => {
    const { page, errors } = await open(`/isPassStatistics?examId=${fx.examId}`);
    const sat = fx.candidates.filter((c) => !c.absent);
    const failed = sat.filter((c) => c.passed === false);
    const cards = page.locator('.analysis-summary');
    await cards.waitFor();
    const figure = (title: string) => statisticValue(cards, title);
    const s = zh.analysis.summary;
    await expect.poll(() => figure(s.candidates)).toBe(String(fx.candidates.length));
    expect(await figure(s.sat)).toBe(String(sat.length));
    expect(await figure(s.absent)).toBe(String(fx.candidates.length - sat.length));
    expect(await figure(s.passed)).toBe(String(sat.length - failed.length));
    expect(await figure(s.failed)).toBe(String(failed.length));
    const rate = Math.round(((sat.length - failed.length) / sat.length) * 1000) / 10;
    expect(await figure(s.passRate)).toBe(`${rate} %`);

    const rows = await tableRows(page.locator('.analysis-failed-table'));
    // Columns: ticket number, name, batch, score, pass score, points short, release.
    expect(rows.map((cells) => [cells[0], Number(cells[3]), Number(cells[5])]).sort()).toEqual(
      failed.map((c) => [c.student.ticketNumber, c.total, fx.passScore - c.total!]).sort(),
    );
    await expectDrawn(page.locator('.analysis-trend'));
    await screenshot(page, 'analysis-pass-zh');
    expect(await axeFindings(page)).toEqual([]);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: buttonName(zh.analysis.export) }).click();
    const { rows: lines, sheets } = await readWorkbook(await (await download).path());
    expect(sheets).toBe(2);
    const headerAt = lines.findIndex((line) => line.includes('差分'));
    const header = lines[headerAt]!;
    const exported = lines
      .slice(headerAt + 1)
      .map((cells) => [cells[header.indexOf('准考证号')], Number(cells[header.indexOf('差分')])]);
    expect(exported.sort()).toEqual(
      failed.map((c) => [c.student.ticketNumber, fx.passScore - c.total!]).sort(),
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('failed scores of an exam counted for a scheme: its components’ pass rates, the way to certification', async () => {
    const counted = await session.admin.call<ExamCertificationView>(
      'GET',
      `/api/kaoshi-certification/result/getExamCertificationAnalysis?examId=${fx.examId}`,
    );
    expect(counted.schemeId).toBe(fx.schemeId);
    const theory = counted.scheme!.components.find((c) => c.kind === 'theory')!;
    // Who sat has a theory result (the exam's or, better, the make-up's); the absent none.
    expect(theory.candidates).toBe(fx.candidates.filter((c) => !c.absent).length);
    const { page, errors } = await open(`/isPassStatistics?examId=${fx.examId}`);
    const card = page.locator('.exam-scheme-card');
    await card.waitFor();
    const texts = zh.certification.exam;
    const own = card.locator('.exam-scheme-component[data-own]');
    expect(await own.getAttribute('data-kind')).toBe('theory');
    expect(await own.textContent()).toContain(texts.thisExam);
    const rate = `${Math.round(theory.passRate! * 1000) / 10} %`;
    expect(await own.textContent()).toContain(rate);
    // The optional skills part: nobody has a result yet.
    expect(await card.locator('[data-kind=skills]').textContent()).toContain(texts.none);
    await screenshot(page, 'analysis-pass-scheme-zh');
    expect(await axeFindings(page)).toEqual([]);

    const { subjectId, level } = fx.marking.attempt.bank;
    const link = card.getByRole('link', { name: buttonName(texts.open) });
    expect(await link.getAttribute('href')).toBe(
      `/examAnalysis/certification?subjectId=${subjectId}&level=${level}`,
    );
    await link.click();
    // The certification statistics open with the scheme's job type and level chosen.
    const stats = page.locator('.certification-component-stats[data-kind=theory]');
    await stats.waitFor();
    expect(await stats.textContent()).toContain(`${theory.candidates}`);
    await screenshot(page, 'analysis-pass-scheme-certification-zh');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('failed scores by job type and level: the exams of both, as the server counts them', async () => {
    const { page, errors } = await open('/isPassStatistics');
    const bank = fx.marking.attempt.bank;
    // antd's button-style radio hides its input: the label is what a user clicks.
    await page.locator('label').filter({ hasText: zh.analysis.pass.byJobType }).click();
    await page.locator('.analysis-empty').waitFor();
    await page.getByRole('combobox', { name: zh.school.select.jobType }).click();
    await page.keyboard.type(bank.jobTypeName);
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: bank.jobTypeName })
      .first()
      .click();
    // The job type has one level: it is chosen with it, and the figures come.
    const cards = page.locator('.analysis-summary');
    await cards.waitFor();
    const expected = await fx.admin.call<PassStatisticsView>(
      'GET',
      `${ANALYSIS_BASE}/passStatistics?subjectId=${bank.subjectId}&level=${bank.level}`,
    );
    expect(expected.exams.map((exam) => exam.id)).toContain(fx.examId);
    await expect
      .poll(async () =>
        (await cards.locator('.ant-statistic-content').first().textContent())?.trim(),
      )
      .toBe(String(expected.summary.candidates));
    const rows = await tableRows(page.locator('.analysis-failed-table'));
    expect(rows).toHaveLength(expected.failed.list.length);
    await expectDrawn(page.locator('.analysis-trend'));
    await screenshot(page, 'analysis-pass-job-type-zh');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('make-ups: the funnel, both results per candidate, the make-up action', async () => {
    const { page, errors } = await open(`/examSupplementary?examId=${fx.examId}`);
    const cards = page.locator('.analysis-summary');
    await cards.waitFor();
    const sup = zh.analysis.supplementary;
    const figure = (title: string) => statisticValue(cards, title);
    const takers = fx.makeUp.candidates;
    const passedMakeUp = takers.filter((c) => c.makeUp?.passed).length;
    await expect.poll(() => figure(sup.summary.makeUpPublished)).toBe(String(takers.length));
    expect(await figure(sup.summary.makeUpSat)).toBe(String(takers.length));
    expect(await figure(sup.summary.makeUpPassed)).toBe(String(passedMakeUp));
    expect(await figure(sup.summary.makeUpStillFailed)).toBe(String(takers.length - passedMakeUp));
    const sat = fx.candidates.filter((c) => !c.absent);
    const finalPassed = sat.filter((c) => c.passed || c.makeUp?.passed).length;
    expect(await figure(sup.summary.finalPassRate)).toBe(
      `${Math.round((finalPassed / sat.length) * 1000) / 10} %`,
    );

    const rows = await tableRows(page.locator('.analysis-supplementary-table'));
    for (const candidate of takers) {
      const cells = rows.find((line) => line[0] === candidate.student.ticketNumber)!;
      expect(cells[3]).toContain(String(candidate.total));
      expect(cells[4]).toContain(String(candidate.makeUp!.total));
      expect(cells[5]).toBe(
        candidate.makeUp!.passed ? sup.finalStates.passed : sup.finalStates.failed,
      );
    }
    await screenshot(page, 'analysis-supplementary-zh');
    expect(await axeFindings(page)).toEqual([]);

    // The publishing screen's own make-up dialog, for the latest make-up's failed.
    await page.getByRole('button', { name: buttonName(sup.publish) }).click();
    const dialog = page.locator('.exam-make-up-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(fx.makeUp.examName);
    await screenshot(page, 'analysis-supplementary-make-up-zh', { fullPage: false });
    await dialog.getByRole('button', { name: buttonName(zh.common.cancel) }).click();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: buttonName(zh.analysis.export) }).click();
    const { sheets } = await readWorkbook(await (await download).path());
    expect(sheets).toBe(2);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  // One page per language walks the three screens in the app (a page load each would cost a
  // fresh context's sign-in and start-up: docs/testing.md, what the browser phase costs).
  it.each(['en', 'es', 'ja'] as const)(
    'ranking, failed scores and make-ups in %s',
    async (language) => {
      const { page, errors } = await open(`/examClassRanking?examId=${fx.examId}`, language);
      const texts = MESSAGES[language].analysis;
      const shown = page.locator('.app-main-page:not([hidden])');
      await rankingTable(page).locator('tbody tr.ant-table-row').first().waitFor();
      await page.locator('.analysis-histogram [role=img] svg').waitFor();
      await expect
        .poll(() => page.locator('.analysis-ranking-table thead').textContent())
        .toContain(texts.ranking.rank);
      expect(await shown.locator('.analysis-page').textContent()).toContain(texts.chart.histogram);
      await screenshot(page, `analysis-ranking-${language}`);

      await showPath(page, `/isPassStatistics?examId=${fx.examId}`);
      await shown.locator('.analysis-trend [role=img] svg').waitFor();
      expect(await shown.locator('.analysis-summary').textContent()).toContain(
        texts.summary.passRate,
      );
      await expect
        .poll(() => shown.locator('.exam-scheme-card').textContent())
        .toContain(MESSAGES[language].certification.exam.thisExam);
      await screenshot(page, `analysis-pass-${language}`);

      await showPath(page, `/examSupplementary?examId=${fx.examId}`);
      await shown.locator('.analysis-supplementary-table').waitFor();
      await expect
        .poll(() => shown.locator('.analysis-summary').textContent())
        .toContain(texts.supplementary.summary.finalPassRate);
      await screenshot(page, `analysis-supplementary-${language}`);
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );

  it('a teacher without the analysis keys sees none of the entries; with one key, only it, and chooses their exam', async () => {
    const login = tag.toLowerCase();
    const roleKeyless = `NOANALYSIS_${tag}`;
    const roleRanking = `RANKONLY_${tag}`;
    await createRole(session.admin, roleKeyless, `无分析${tag}`, [Perm.BASEDATA, Perm.STUDENT]);
    await createRole(session.admin, roleRanking, `只看排名${tag}`, [
      Perm.ANALYSIS,
      Perm.CLASS_RANKING,
    ]);
    await session.admin.createUser(
      `noan${login}`,
      2,
      [roleKeyless],
      `无分析老师${tag}`,
      TEACHER_PASSWORD,
    );
    const rankingTeacher = await session.admin.createUser(
      `rank${login}`,
      2,
      [roleRanking],
      `排名老师${tag}`,
      TEACHER_PASSWORD,
    );
    // They teach the second batch: the exam is theirs to choose, with that batch alone.
    const theirs = fx.batches[1];
    await session.admin.call('POST', '/api/kaoshi-school/classes/bindClassTeachers', {
      classId: theirs.classId,
      userIds: [rankingTeacher],
    });

    const sidebarOf = async (name: string) => {
      const teacher = await ApiClient.signIn(baseURL, name, TEACHER_PASSWORD, 2);
      const page = await newPage(session.browser);
      await openSignedIn(page, teacher, `${baseURL}/dashboard`);
      return page;
    };
    const entries = [
      zh.route.examClassRanking,
      zh.route.isPassStatistics,
      zh.route.examSupplementary,
    ];
    const none = await sidebarOf(`noan${login}`);
    const sidebar = none.locator('[data-testid=sidebar]');
    await sidebar.waitFor();
    const text = (await sidebar.textContent()) ?? '';
    expect(text).not.toContain(zh.route.examAnalysis);
    for (const entry of entries) expect(text).not.toContain(entry);
    await none.context().close();

    const one = await sidebarOf(`rank${login}`);
    const menu = one.locator('[data-testid=sidebar]');
    await menu.getByText(zh.route.examAnalysis, { exact: true }).click();
    await menu.getByText(zh.route.examClassRanking, { exact: true }).waitFor();
    const shown = (await menu.textContent()) ?? '';
    expect(shown).not.toContain(zh.route.isPassStatistics);
    expect(shown).not.toContain(zh.route.examSupplementary);
    await menu.getByText(zh.route.examClassRanking, { exact: true }).click();
    await one.getByRole('combobox', { name: zh.analysis.exam.choose }).click();
    await one.keyboard.type(fx.examName);
    await one
      .locator('.ant-select-item-option')
      .filter({ hasText: new RegExp(`^${fx.examName}`) })
      .click();
    const table = rankingTable(one);
    const inTheirs = fx.candidates.filter((candidate) => candidate.batch === 1);
    await expect.poll(async () => (await tableRows(table)).length).toBe(inTheirs.length);
    const tickets = (await tableRows(table)).map((cells) => cells[2]).sort();
    expect(tickets).toEqual(inTheirs.map((candidate) => candidate.student.ticketNumber).sort());
    await screenshot(one, 'analysis-ranking-teacher-zh');
    await one.context().close();
  });

  // Last: it withdraws the make-up's scores, which the tests above read released.
  it('unreleased scores: refused at first, then shown on request and marked', async () => {
    await fx.admin.call('POST', `${MARKING_BASE}/withdrawScores/${fx.makeUp.examId}`, {
      reason: '复核成绩',
    });
    const { page, errors } = await open(`/examClassRanking?examId=${fx.makeUp.examId}`);
    await page.getByText(zh.analysis.notReleased).waitFor();
    await screenshot(page, 'analysis-ranking-unreleased-zh');
    await page.getByRole('button', { name: buttonName(zh.analysis.showUnreleased) }).click();
    const table = rankingTable(page);
    await expect
      .poll(async () => (await tableRows(table)).length)
      .toBe(fx.makeUp.candidates.length);
    await page.locator('.analysis-page').getByText(zh.analysis.unreleasedNote).waitFor();
    expect(await page.locator('.analysis-page .ant-tag').allTextContents()).toContain(
      zh.analysis.unreleased,
    );
    const shown = Object.fromEntries((await tableRows(table)).map((cells) => [cells[2], cells[5]]));
    expect(shown).toEqual(
      Object.fromEntries(
        fx.makeUp.candidates.map((c) => [c.student.ticketNumber, String(c.makeUp!.total)]),
      ),
    );
    await screenshot(page, 'analysis-ranking-unreleased-shown-zh');
    // The browser logs the first answer (HTTP 409, scores not released) itself; nothing else.
    expect(errors.filter((error) => !error.includes('409'))).toEqual([]);
    await page.context().close();
  });
});
