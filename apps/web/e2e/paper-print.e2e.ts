import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, animationsDone, screenshot, openedMenu, openPage } from './browser';
import { LOCALES, MESSAGES, type Language } from './languages';
import { createManualPaper, createPaperBank, type PaperBank } from './paper-fixture';
import { adminSession } from './session';

// A paper read and printed: the examinee's view without a key, the key view, the answer sheet,
// the print media (only the paper, on A4), in four languages and at phone width.

const PRINT = '/examPublishManage/paperPrint';

/** What the fixture's questions hold in their keys and explanations (paper-fixture.ts). */
const SECRETS = ['一般环境下安全电压为 36 V。', '欧姆', 'Ω', '发生漏电时自动切断电源。'];

describe('Paper print', () => {
  const session = adminSession();
  const { baseURL } = session;
  const tag = `P${Date.now().toString(36).toUpperCase()}`;
  const paperName = `电工初级打印卷${tag}`;
  let bank: PaperBank;
  let paperId: number;
  /** The paper's questions: two of each type the bank holds. */
  let questionCount: number;

  beforeAll(async () => {
    bank = await createPaperBank(session.admin, baseURL, tag);
    paperId = await createManualPaper(session.admin, bank, paperName);
    questionCount = Object.values(bank.byType).reduce(
      (sum, ids) => sum + Math.min(ids.length, 2),
      0,
    );
  });

  const sheet = (page: Page) => page.locator('.paper-print-page');
  const toolbar = (page: Page) => page.locator('.paper-print-toolbar');

  /** The print page of the paper (query after ?id=), drawn, its console errors collected. */
  async function openPrint(
    query = '',
    {
      language = 'zh',
      viewport = DESKTOP,
    }: { language?: Language; viewport?: typeof DESKTOP } = {},
  ) {
    const { page, errors } = await openPage(
      session.browser,
      session.admin,
      `${baseURL}${PRINT}?id=${paperId}${query}`,
      { locale: LOCALES[language], viewport },
    );
    await sheet(page).locator('.paper-print-title').waitFor();
    return { page, errors };
  }

  it("shows the examinee's view: header, score table, every question numbered, no answer or explanation", async () => {
    const { page, errors } = await openPrint('&answers=0');
    const paper = sheet(page);
    expect(await paper.locator('.paper-print-title').innerText()).toBe(paperName);
    const facts = await paper.locator('.paper-print-facts').innerText();
    for (const fact of [
      `${bank.jobTypeName} · 初级`,
      '考试时长 90 分钟',
      '满分 50 分',
      '及格 30 分',
    ]) {
      expect(facts).toContain(fact);
    }
    expect(await paper.locator('.paper-print-candidate').innerText()).toMatch(
      /姓名[\s\S]*准考证号/,
    );
    const sections = Object.values(bank.byType).filter((ids) => ids.length > 0).length;
    // Header row: 大题, one per section, 总分.
    await expect
      .poll(() => paper.locator('.paper-print-score-table thead th').count())
      .toBe(sections + 2);
    expect(await paper.locator('.paper-print-score-table thead').innerText()).toMatch(
      /一[\s\S]*二/,
    );

    const numbers = await paper.locator('.paper-print-number').allInnerTexts();
    expect(numbers).toEqual(Array.from({ length: questionCount }, (_, i) => `${i + 1}.`));
    expect(await paper.locator('.paper-print-section-title').first().innerText()).toMatch(
      // The fixture's titles carry their number ("第1部分"): none is added.
      /^第1部分（共 2 题，计 10 分）$/,
    );
    // Choices A–D, blanks as lines, answer lines for a short answer.
    expect(
      await paper
        .locator('.paper-print-question')
        .first()
        .locator('.paper-print-option-key')
        .allInnerTexts(),
    ).toEqual(['A.', 'B.', 'C.', 'D.']);
    expect(await paper.locator('.paper-print-blank').count()).toBe(2);
    expect(await paper.locator('.paper-print-answer-lines').count()).toBe(2);

    expect(await paper.locator('.paper-print-key').count()).toBe(0);
    const text = await paper.innerText();
    for (const secret of [...SECRETS, '解析', '答案：']) expect(text).not.toContain(secret);
    expect(await page.locator('.paper-print-notice').count()).toBe(0);
    await screenshot(page, 'paper-print-examinee-zh');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows each answer and explanation under its question in the key view, switched to from the toolbar', async () => {
    const { page, errors } = await openPrint('&answers=0');
    await toolbar(page).getByText('含答案', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('answers')).toBe('1');
    const paper = sheet(page);
    await paper.locator('.paper-print-key').first().waitFor();
    expect(await paper.locator('.paper-print-key').count()).toBe(questionCount);
    expect(await paper.locator('.paper-print-title').innerText()).toBe(`${paperName}（含答案）`);
    expect(await paper.locator('.paper-print-notice').innerText()).toContain('不得发给考生');
    const text = await paper.innerText();
    for (const secret of SECRETS) expect(text).toContain(secret);
    const keys = paper.locator('.paper-print-key');
    // Single choice A, multiple AB, judgement 正确, fill-in, short answer's model answer.
    expect(await keys.nth(0).innerText()).toMatch(/答案：\s*A\s/);
    expect(await keys.nth(2).innerText()).toMatch(/答案：\s*AB\s/);
    expect(await keys.nth(4).innerText()).toMatch(/答案：\s*正确/);
    expect(await keys.nth(6).innerText()).toContain('（1） 欧姆 / Ω');
    expect(await keys.nth(8).innerText()).toMatch(/参考答案：\s*发生漏电时自动切断电源。/);
    expect(await keys.nth(2).innerText()).toContain('无解析');
    // The correct option is marked, and no answer lines stand where the model answer is.
    expect(await paper.locator('.paper-print-option.correct').count()).toBe(2 + 4);
    expect(await paper.locator('.paper-print-answer-lines').count()).toBe(0);
    await animationsDone(page);
    await screenshot(page, 'paper-print-key-zh');

    // Back to the examinee's view: the keys are gone again.
    await toolbar(page).getByText('考生视图', { exact: true }).click();
    await expect.poll(() => paper.locator('.paper-print-key').count()).toBe(0);
    await paper.locator('.paper-print-question').first().waitFor();
    expect(await paper.innerText()).not.toContain(SECRETS[0]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('numbers a section whose title already has its number once, on the paper and the answer sheet', async () => {
    const { id } = await session.admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-paper/paper/addPaper',
      {
        name: `自带编号卷${tag}`,
        subjectId: bank.subjectId,
        level: bank.level,
        description: '',
        passScore: 6,
        durationMinutes: 60,
        mode: 'manual',
        sections: [
          { title: '一、客观题', questions: [{ questionId: bank.byType[0]![0]!, score: 5 }] },
          { title: '判断题', questions: [{ questionId: bank.byType[2]![0]!, score: 5 }] },
        ],
      },
    );
    const { page, errors } = await openPage(
      session.browser,
      session.admin,
      `${baseURL}${PRINT}?id=${id}&answers=0`,
      { locale: 'zh-CN' },
    );
    const titles = sheet(page).locator('.paper-print-section-title');
    await expect.poll(() => titles.count()).toBe(2);
    expect(await titles.allInnerTexts()).toEqual([
      '一、客观题（共 1 题，计 5 分）',
      '二、判断题（共 1 题，计 5 分）',
    ]);
    await toolbar(page).getByText('答题卡', { exact: true }).click();
    const sheetTitles = page.locator('.paper-print-answer-sheet .paper-print-section-title');
    await expect.poll(() => sheetTitles.allInnerTexts()).toEqual(['一、客观题', '二、判断题']);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('prints an answer sheet listing every question with boxes or lines to answer in', async () => {
    const { page, errors } = await openPrint();
    await toolbar(page).getByText('答题卡', { exact: true }).click();
    const items = page.locator('.paper-print-answer-sheet .paper-print-sheet-item');
    await expect.poll(() => items.count()).toBe(questionCount);
    expect(new URL(page.url()).searchParams.get('sheet')).toBe('1');
    const numbers = await items.evaluateAll((nodes) =>
      nodes.map((node) => Number(node.getAttribute('data-number'))),
    );
    expect(numbers).toEqual(Array.from({ length: questionCount }, (_, i) => i + 1));
    expect(await items.nth(0).innerText()).toMatch(/^1\.\s*A\s*B\s*C\s*D$/);
    expect(await items.nth(2).locator('.paper-print-bubble').allInnerTexts()).toEqual([
      'A',
      'B',
      'C',
    ]);
    expect(await items.nth(4).locator('.paper-print-bubble').allInnerTexts()).toEqual(['√', '×']);
    expect(await items.nth(6).locator('.paper-print-line').count()).toBe(1);
    expect(await items.nth(8).locator('.paper-print-answer-line').count()).toBeGreaterThan(0);
    const sheetText = await page.locator('.paper-print-answer-sheet').innerText();
    expect(sheetText).toContain('答题卡');
    for (const secret of SECRETS) expect(sheetText).not.toContain(secret);
    await animationsDone(page);
    await screenshot(page, 'paper-print-sheet-zh');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('prints only the paper: no sidebar, navbar, tags or toolbar in print media, on A4', async () => {
    const { page, errors } = await openPrint('&answers=1');
    await sheet(page).locator('.paper-print-key').first().waitFor();
    for (const frame of ['.sidebar-container', '.navbar', '.tags-view', '.paper-print-toolbar']) {
      expect(await page.locator(frame).first().isVisible(), frame).toBe(true);
    }
    await page.emulateMedia({ media: 'print' });
    for (const frame of [
      '.sidebar-container',
      '.navbar',
      '.tags-view',
      '.right-panel-button',
      '.paper-print-toolbar',
    ]) {
      await expect
        .poll(() => page.locator(frame).first().isVisible(), { message: frame })
        .toBe(false);
    }
    expect(await sheet(page).isVisible()).toBe(true);
    const colors = await sheet(page).evaluate((node) => {
      const style = getComputedStyle(node.querySelector('.paper-print-stem')!);
      return { color: style.color, shadow: getComputedStyle(node).boxShadow };
    });
    expect(colors).toEqual({ color: 'rgb(0, 0, 0)', shadow: 'none' });
    // At the width of A4 inside its margins (180 mm at 96 dpi), as the paper will look.
    await page.setViewportSize({ width: 680, height: 960 });
    await screenshot(page, 'paper-print-media-zh');

    // Headless Chromium prints to PDF: the paper on A4 pages (595 × 842 points).
    const buffer = await page.pdf({ preferCSSPageSize: true, printBackground: false });
    const results = new URL('../../../test-results/', import.meta.url);
    fs.mkdirSync(results, { recursive: true });
    fs.writeFileSync(new URL('paper-print-key-zh.pdf', results), buffer);
    const pdf = buffer.toString('latin1');
    const pages = pdf.match(/\/Type\s*\/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(0);
    const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf);
    expect(box, 'the PDF names its page size').not.toBeNull();
    expect(Math.round(Number(box![1]))).toBe(595);
    expect(Math.round(Number(box![2]))).toBe(842);
    await page.emulateMedia({ media: 'screen' });
    await toolbar(page).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('exports the paper as a Word document, with the key when asked', async () => {
    const { page, errors } = await openPrint();
    await toolbar(page)
      .getByRole('button', { name: /导出 Word/ })
      .click();
    const item = (await openedMenu(page)).getByText('Word（含答案）', { exact: true });
    const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
    // The copy with the key says so in its name, so the two downloads never overwrite each other.
    expect(download.suggestedFilename()).toBe(`${paperName}（含答案）.docx`);
    await page.locator('.ant-message-notice', { hasText: '已导出' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  for (const language of Object.keys(LOCALES) as Language[]) {
    it(`reads in ${language}, on a desktop and at phone width`, async () => {
      const texts = MESSAGES[language].paperPrint;
      for (const viewport of [DESKTOP, PHONE]) {
        const width = viewport === PHONE ? 'phone' : 'desktop';
        const { page, errors } = await openPrint('&answers=1', { language, viewport });
        const paper = sheet(page);
        await paper.locator('.paper-print-key').first().waitFor();
        expect(await toolbar(page).innerText()).toContain(texts.toolbar.print);
        expect(await paper.locator('.paper-print-candidate').innerText()).toContain(
          texts.header.ticket,
        );
        expect(await paper.locator('.paper-print-notice').innerText()).toBe(texts.header.keyNotice);
        expect(await paper.locator('.paper-print-key').first().innerText()).toContain(
          texts.key.analysis.trim(),
        );
        // Nothing wider than the screen: the page does not scroll sideways.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        ).toBe(true);
        await screenshot(page, `paper-print-key-${width}-${language}`);
        if (viewport === PHONE) {
          await screenshot(page, `paper-print-key-phone-top-${language}`, { fullPage: false });
        }
        await toolbar(page).getByText(texts.toolbar.sheet, { exact: true }).click();
        await page.locator('.paper-print-answer-sheet').waitFor();
        expect(await page.locator('.paper-print-subtitle').innerText()).toBe(texts.sheet.title);
        await animationsDone(page);
        await screenshot(page, `paper-print-sheet-${width}-${language}`);
        expect(errors).toEqual([]);
        await page.context().close();
      }
    });
  }
});
