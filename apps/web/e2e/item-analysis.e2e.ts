import {
  ANALYSIS_BASE,
  type ItemAnalysisView,
  type ItemFigures,
  type QuestionFigures,
} from '@kaoshi/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import zh from '../src/i18n/locales/zh';
import { createAnalysisExam, type AnalysisFixture } from './analysis-fixture';
import { DESKTOP, PHONE, screenshot, openPage, widthBeyondViewport } from './browser';
import { LOCALES, MESSAGES, fill, type Language } from './languages';
import { adminSession } from './session';

// Item analysis (docs/features/analysis.md) over the analysis fixture's released exam: the test figures, every
// question's figures, option shares and mastery as the API gives them; the make-up (two
// candidates, both right on the single choice) for the flags; the marking overview's link; the
// question bank's figures column; four languages and phone width.

/** As the screen writes them: indices with two decimals, points with at most two. */
const index2 = (value: number | null) => (value === null ? '—' : value.toFixed(2));
const points = (value: number | null) =>
  value === null ? '—' : String(Math.round(value * 100) / 100);
const percent1 = (share: number) => String(Math.round(share * 1000) / 10);

describe('Item analysis', () => {
  const session = adminSession();
  const { baseURL } = session;
  const tag = `IA${Date.now().toString(36).toUpperCase()}`;
  let fx: AnalysisFixture;
  let exam: ItemAnalysisView;
  let makeUp: ItemAnalysisView;

  beforeAll(async () => {
    fx = await createAnalysisExam(session.admin, baseURL, tag);
    const analysisOf = (id: number) =>
      session.admin.call<ItemAnalysisView>('GET', `${ANALYSIS_BASE}/itemAnalysis/${id}`);
    exam = await analysisOf(fx.examId);
    makeUp = await analysisOf(fx.makeUp.examId);
  });

  const open = async (path: string, language: Language = 'zh', viewport = DESKTOP) => {
    return openPage(session.browser, session.admin, `${baseURL}${path}`, {
      locale: LOCALES[language],
      viewport,
    });
  };
  const analysisPath = (examId: number) => `/examAnalysis/itemAnalysis?examId=${examId}`;
  const row = (page: Page, item: ItemFigures) =>
    page.locator(`.item-table tr[data-row-key="${item.itemId}"]`);
  const figure = (page: Page, key: string) =>
    page.locator(`.item-test-card[data-figure="${key}"] .ant-statistic-content-value`);

  it('shows the test figures, each question, option shares and mastery as the API has them', async () => {
    const { page, errors } = await open(analysisPath(fx.examId));
    await page.locator('.item-table').waitFor();
    expect(exam.candidates.analysed).toBe(fx.candidates.filter((c) => !c.absent).length);
    expect(exam.candidates.absent).toBe(fx.candidates.filter((c) => c.absent).length);

    // The cards: alpha, KR-20 only for a paper scored all or nothing, SEM, mean, median, spread.
    expect(await figure(page, 'alpha').textContent()).toBe(index2(exam.test.alpha));
    expect(await page.locator('.item-test-card[data-figure="kr20"]').count()).toBe(
      exam.test.kr20 === null ? 0 : 1,
    );
    if (exam.test.kr20 !== null) {
      expect(await figure(page, 'kr20').textContent()).toBe(index2(exam.test.kr20));
    }
    for (const key of ['sem', 'mean', 'median', 'sd'] as const) {
      expect(await figure(page, key).textContent(), key).toBe(points(exam.test[key]));
    }
    expect(await figure(page, 'questions').textContent()).toBe(String(exam.test.questions));

    // Every question's row: facility, discrimination, item–rest r, mean / SD, its flags.
    expect(await page.locator('.item-table tbody tr.ant-table-row').count()).toBe(
      exam.items.length,
    );
    for (const item of exam.items) {
      const line = row(page, item);
      // Named by its section's title, as the paper and its export name it.
      expect(item.sectionTitle).not.toBe('');
      expect(await line.textContent()).toContain(`${item.sectionTitle} · 第${item.number}题`);
      expect(await line.locator('[data-cell="facility"]').textContent()).toBe(
        index2(item.facility),
      );
      expect(await line.locator('[data-cell="discrimination"]').textContent()).toBe(
        index2(item.discrimination),
      );
      expect(await line.locator('[data-cell="itemRest"]').textContent()).toBe(
        index2(item.itemRest),
      );
      expect(await line.locator('[data-cell="meanSd"]').textContent()).toBe(
        `${points(item.mean)} / ${points(item.sd)}`,
      );
      const flags = await line
        .locator('[data-flag]')
        .evaluateAll((tags) => tags.map((tag) => tag.getAttribute('data-flag')));
      expect(flags.sort()).toEqual([...item.flags].sort());
    }

    // The single choice: four of six wrong with B; the key A marked.
    const single = exam.items.find((item) => item.type === 0)!;
    expect(single.options!.find((o) => o.key === 'B')!.count).toBe(
      fx.candidates.filter((c) => c.sections && c.sections[0] === 0).length,
    );
    await row(page, single).locator('.ant-table-row-expand-icon').click();
    const options = page.locator('.item-options');
    await options.waitFor();
    for (const option of single.options!) {
      const shown = options.locator(`[data-option="${option.key}"]`);
      expect(await shown.getAttribute('data-correct')).toBe(String(option.correct));
      expect(await shown.textContent()).toContain(
        fill(zh.itemAnalysis.percent, { value: percent1(option.share) }),
      );
      expect(await shown.textContent()).toContain(
        fill(zh.itemAnalysis.options.chosenBy_other, { count: option.count }),
      );
    }
    expect(await options.locator('[data-correct="true"]').textContent()).toContain(
      zh.itemAnalysis.options.key,
    );

    // The scatter is drawn, with its axes named.
    const chart = page.locator('.item-scatter-chart svg');
    await chart.waitFor();
    await expect.poll(() => chart.textContent()).toContain(zh.itemAnalysis.items.facility);
    expect(await chart.textContent()).toContain(zh.itemAnalysis.items.discrimination);

    // Mastery per appraisal point, then per course.
    expect(exam.points.length).toBeGreaterThan(0);
    for (const point of exam.points) {
      const line = page.locator(`.item-mastery-points tr[data-row-key="${point.id}"]`);
      expect(await line.textContent()).toContain(point.name);
      if (point.mastery !== null) {
        expect(await line.textContent()).toContain(
          fill(zh.itemAnalysis.percent, { value: percent1(point.mastery) }),
        );
      }
    }
    await page.getByRole('tab', { name: zh.itemAnalysis.mastery.courses }).click();
    const course = exam.courses[0]!;
    const courseRow = page.locator(`.item-mastery-courses tr[data-row-key="${course.id}"]`);
    await courseRow.waitFor();
    expect(await courseRow.textContent()).toContain(
      fill(zh.itemAnalysis.percent, { value: percent1(course.mastery!) }),
    );
    await page.getByRole('tab', { name: zh.itemAnalysis.mastery.points }).click();
    await screenshot(page, 'item-analysis-zh');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('flags the make-up’s questions as the API does, each tag explained on hover', async () => {
    // Both make-up candidates answered the single choice right: facility 1, too easy.
    const flagged = makeUp.items.filter((item) => item.flags.length > 0);
    expect(flagged.map((item) => item.flags).flat()).toContain('tooEasy');
    const { page } = await open(analysisPath(fx.makeUp.examId));
    await page.locator('.item-table').waitFor();
    expect(await page.locator('.item-flag-summary').textContent()).toBe(
      fill(zh.itemAnalysis.items.flagSummary, {
        count: flagged.length,
        total: makeUp.items.length,
      }),
    );
    for (const item of makeUp.items) {
      const tags = row(page, item).locator('[data-flag]');
      expect(
        await tags.evaluateAll((all) => all.map((tag) => tag.getAttribute('data-flag'))),
      ).toEqual(
        ['negativeDiscrimination', 'lowDiscrimination', 'tooHard', 'tooEasy'].filter((flag) =>
          item.flags.includes(flag as ItemFigures['flags'][number]),
        ),
      );
    }
    const easy = flagged.find((item) => item.flags.includes('tooEasy'))!;
    const tagOf = row(page, easy).locator('[data-flag="tooEasy"]');
    expect(await tagOf.textContent()).toBe(zh.itemAnalysis.flags.tooEasy);
    await tagOf.hover();
    const tip = page.locator('.ant-tooltip:visible');
    await expect
      .poll(() => tip.textContent())
      .toBe(fill(zh.itemAnalysis.flagHelp.tooEasy, { value: makeUp.thresholds.easy }));

    // Flagged only: the other rows go.
    await page.getByRole('switch', { name: zh.itemAnalysis.items.flaggedOnly }).click();
    await expect
      .poll(() => page.locator('.item-table tbody tr.ant-table-row').count())
      .toBe(flagged.length);
    await screenshot(page, 'item-analysis-flags-zh');
    await page.context().close();
  });

  it('is reached from the marking overview of the released exam', async () => {
    const { page } = await open(`/examPublishManage/examinationSituation?examId=${fx.examId}`);
    await page.locator('.marking-item-analysis').click();
    await page.locator('.item-table').waitFor();
    expect(new URL(page.url()).search).toBe(`?examId=${fx.examId}`);
    expect(await page.locator('.item-analysis-exam').textContent()).toBe(fx.examName);
    await page.context().close();
  });

  it('shows the bank figures of a page of questions from one call', async () => {
    const lists: string[] = [];
    const calls: string[] = [];
    const { page, errors } = await openPage(
      session.browser,
      session.admin,
      `${baseURL}/baseData/index`,
      {
        locale: LOCALES.zh,
        beforeOpening: (page) =>
          page.on('request', (request) => {
            if (request.url().includes('/listQuestion')) lists.push(request.url());
            if (request.url().includes('/questionFigures')) calls.push(request.url());
          }),
      },
    );
    await page.getByRole('textbox', { name: zh.question.list.keyword }).fill(tag);
    await page.keyboard.press('Enter');
    await expect.poll(() => lists.some((url) => url.includes(tag))).toBe(true);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect
      .poll(async () => (await rows.allTextContents()).every((text) => text.includes(tag)))
      .toBe(true);
    const ids = await rows.evaluateAll((lines) =>
      lines.map((line) => Number(line.getAttribute('data-row-key'))),
    );
    expect(ids.length).toBeGreaterThan(1);
    // One call per page of questions, never one per row: the last one asked for this page.
    await expect
      .poll(() => calls.at(-1) && new URL(calls.at(-1)!).searchParams.get('questionIds'))
      .toBe([...ids].sort((a, b) => a - b).join(','));
    expect(calls.length).toBeLessThanOrEqual(lists.length);

    const figures = await session.admin.call<QuestionFigures[]>(
      'GET',
      `${ANALYSIS_BASE}/questionFigures?questionIds=${ids.join(',')}`,
    );
    // The paper's questions were used by the exam and its make-up, both released.
    const used = figures.filter((f) => f.timesUsed > 0);
    expect(used.length).toBeGreaterThan(0);
    for (const f of figures) {
      const cell = page.locator(`tr[data-row-key="${f.questionId}"] .question-figures`);
      if (f.timesUsed === 0) {
        expect(await cell.textContent()).toBe(zh.question.figures.notUsed);
        continue;
      }
      expect(await cell.locator('[data-figure="timesUsed"]').textContent()).toBe(
        fill(zh.question.figures.timesUsed_other, { count: f.timesUsed }),
      );
      expect(await cell.locator('[data-figure="facility"]').textContent()).toBe(
        fill(zh.question.figures.facility, { value: index2(f.facility) }),
      );
      expect(await cell.locator('[data-figure="discrimination"]').textContent()).toBe(
        fill(zh.question.figures.discrimination, { value: index2(f.discrimination) }),
      );
    }
    // Under each stem, once.
    expect(await page.locator('td:has(.question-stem-excerpt) .question-figures').count()).toBe(
      ids.length,
    );
    await screenshot(page, 'item-analysis-bank-figures-zh');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reads in en, es and ja and fits a phone', async () => {
    for (const language of ['en', 'es', 'ja'] as const) {
      const texts = MESSAGES[language].itemAnalysis;
      const { page, errors } = await open(analysisPath(fx.examId), language);
      await page.locator('.item-table').waitFor();
      expect(await page.locator('.item-table .ant-card-head-title').textContent()).toBe(
        texts.items.title,
      );
      expect(await page.locator('.item-mastery .ant-card-head-title').textContent()).toBe(
        texts.mastery.title,
      );
      await page.locator('.item-scatter-chart svg').waitFor();
      await screenshot(page, `item-analysis-${language}`);
      expect(errors).toEqual([]);
      await page.context().close();
    }

    const { page } = await open(analysisPath(fx.makeUp.examId), 'zh', PHONE);
    await page.locator('.item-table').waitFor();
    await page.locator('.item-scatter-chart svg').waitFor();
    expect(await widthBeyondViewport(page)).toBe(0);
    await screenshot(page, 'item-analysis-phone');
    await page.context().close();
  });
});
