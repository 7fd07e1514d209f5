import type { Browser, Locator, Page } from 'playwright-core';
import type { QuestionView } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import zh from '../src/i18n/locales/zh';
import {
  PHONE,
  animationsDone,
  buttonName,
  collectConsoleErrors,
  holdOpeningPopups,
  launchBrowser,
  newPage,
  openSignedIn,
  openedPopup,
  screenshot,
  type ContextOptions,
  openedMenu,
  clickFooterButton,
} from './browser';
import { createKnowledge, type KnowledgeFixture } from './api';
import {
  BANK,
  FAKE_SCREEN,
  FILE_URL,
  NO_SCREEN,
  insertFormula,
  openChart,
  fillJudgementQuestion,
  openAddDialog,
  textsFor,
  tool,
  toolDialog as dialog,
  type Texts,
} from './editor-kit';
import { adminSession } from './session';

// The editor's tools (formula, chart, scrawl, snapshot, templates, find and replace, custom
// styles) in the question bank's add dialog, the first screen that hosts the editor.

describe('Editor tools', () => {
  const session = adminSession(FAKE_SCREEN);
  const { baseURL } = session;

  const toast = (page: Page) => page.locator('.ant-message-notice');

  /** The question bank's add dialog, its stem editor and that editor's text area. */
  async function openEditor(
    on: Browser,
    { locale = 'zh-CN', viewport, touch = false }: ContextOptions & { touch?: boolean } = {},
  ) {
    let page: Page;
    if (touch) {
      const context = await on.newContext({ locale, viewport, hasTouch: true, isMobile: true });
      await holdOpeningPopups(context);
      page = await context.newPage();
    } else {
      page = await newPage(on, { locale, viewport });
    }
    const consoleErrors = collectConsoleErrors(page);
    await openSignedIn(page, session.admin, `${baseURL}${BANK}`);
    const texts = textsFor(locale);
    const { host, editor, text } = await openAddDialog(page, texts);
    const unexpectedErrors = () =>
      consoleErrors.filter((line) => !/the server responded with a status of 4\d\d/.test(line));
    return { page, host, editor, text, texts, unexpectedErrors };
  }

  /** Picks the data-table template from the editor's menu: answers the dialog asking where to put it. */
  async function pickDataTableTemplate(page: Page, editor: Locator, tools: Texts['editorTools']) {
    await tool(editor, 'templates').click();
    await (
      await openedMenu(page)
    )
      .locator('.ke-template-item', { hasText: tools.templates.items.dataTable.name })
      .click();
    return dialog(page, 'template');
  }

  /** The editor's HTML as its source mode shows it (the source view stays open). */
  async function sourceOf(editor: Locator, texts: Texts) {
    await tool(editor, 'source').click();
    return editor.getByRole('textbox', { name: texts.editor.sourceLabel }).inputValue();
  }

  it('inserts a formula, a template with a chart, refuses a bad table, replaces and styles (zh)', async () => {
    const { page, editor, text, texts, unexpectedErrors } = await openEditor(session.browser);
    const tools = texts.editorTools;

    // A formula: live KaTeX preview in the dialog, then typeset in the text.
    await text.click();
    await text.pressSequentially('圆的面积：');
    const formulaBox = await insertFormula(page, editor, texts, 'S = \\pi r^2 + \\frac{a}{b}');
    await animationsDone(page);
    await screenshot(page, 'editor-tools-formula-zh', { fullPage: false });
    await formulaBox.getByRole('button', { name: buttonName(texts.common.ok) }).click();
    await formulaBox.waitFor({ state: 'hidden' });
    const formula = text.locator('[data-type="formula"]');
    await formula.locator('.katex').waitFor();
    expect(await formula.getAttribute('data-latex')).toBe('S = \\pi r^2 + \\frac{a}{b}');

    // Clicking the formula opens it again for editing; a bad formula is shown in red.
    await formula.click();
    const editBox = dialog(page, 'formula');
    await editBox.getByText(tools.formula.editTitle).waitFor();
    const latexInput = editBox.getByRole('textbox', { name: tools.formula.latex });
    expect(await latexInput.inputValue()).toBe('S = \\pi r^2 + \\frac{a}{b}');
    await latexInput.fill('\\frac{1}{');
    await editBox.locator('.ant-alert-error').waitFor();
    await latexInput.fill('E = mc^2');
    await editBox.locator('.ke-formula-preview .katex').waitFor();
    await editBox.getByRole('button', { name: buttonName(texts.common.ok) }).click();
    await expect.poll(() => formula.getAttribute('data-latex')).toBe('E = mc^2');

    // A template at the cursor: the editor is not empty, so it asks first.
    await text.press('End');
    const choice = await pickDataTableTemplate(page, editor, tools);
    await choice.getByText(tools.templates.chooseText).waitFor();
    await openedPopup(page, choice);
    await choice.getByRole('button', { name: buttonName(tools.templates.insertHere) }).click();
    const table = text.locator('table');
    await table.waitFor();
    expect(await text.innerText()).toContain(tools.templates.items.dataTable.intro);

    // The template's table is chartable: a live preview, then a chart drawn under the table.
    await table.getByRole('cell', { name: '135', exact: true }).click();
    let chartBox = await openChart(page, editor, texts);
    await chartBox.locator('.ke-chart-preview svg').waitFor();
    await chartBox.locator('label', { hasText: tools.chart.pie }).click();
    await chartBox.getByText(tools.chart.pieNote).waitFor();
    await chartBox.locator('label', { hasText: tools.chart.bar }).click();
    await animationsDone(page);
    await screenshot(page, 'editor-tools-chart-dialog-zh', { fullPage: false });
    await chartBox.getByRole('button', { name: buttonName(tools.chart.apply) }).click();
    await chartBox.waitFor({ state: 'hidden' });
    await editor.locator('.ke-chart svg').waitFor();
    await editor.locator('.ke-chart').scrollIntoViewIfNeeded();
    await screenshot(page, 'editor-tools-chart-zh', { fullPage: false });

    // A cell that is not a number: the chart goes and the dialog says which cell.
    await table.getByRole('cell', { name: '110', exact: true }).click();
    await page.keyboard.press('End');
    await page.keyboard.type('件');
    await expect.poll(() => editor.locator('.ke-chart').count()).toBe(0);
    chartBox = await openChart(page, editor, texts);
    const problem = chartBox.locator('.ke-chart-problem');
    await problem.waitFor();
    expect(await problem.innerText()).toBe(
      tools.chart.problems.notNumber
        .replace('{{row}}', '3')
        .replace('{{column}}', '3')
        .replace('{{text}}', '110件'),
    );
    expect(
      await chartBox.getByRole('button', { name: buttonName(tools.chart.apply) }).isDisabled(),
    ).toBe(true);
    await animationsDone(page);
    await screenshot(page, 'editor-tools-chart-refused-zh', { fullPage: false });
    await chartBox.getByRole('button', { name: buttonName(tools.chart.remove) }).click();
    await chartBox.waitFor({ state: 'hidden' });

    // A table of one row is refused with its own message.
    await text.locator('p').last().click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await editor.locator('[data-tool="tablePicker"]').click();
    await page
      .getByRole('button', {
        name: texts.editor.table.insert.replace('{{rows}}', '1').replace('{{cols}}', '3'),
        exact: true,
      })
      .click();
    const tables = text.locator('table');
    await expect.poll(() => tables.count()).toBe(2);
    await tables.nth(1).locator('td, th').first().click();
    chartBox = await openChart(page, editor, texts);
    expect(await chartBox.locator('.ke-chart-problem').innerText()).toBe(
      tools.chart.problems.tooFewRows.replace('{{rows}}', '1'),
    );
    await chartBox.getByRole('button', { name: buttonName(texts.common.cancel) }).click();
    await chartBox.waitFor({ state: 'hidden' });

    // Find and replace: the count shows the current match, replace all changes every one.
    const before = (await text.innerText()).split('车间').length - 1;
    expect(before).toBeGreaterThan(3);
    // The current match is the first one after the cursor: start from the top.
    await text.locator('p').first().click();
    await page.keyboard.press('Control+Home');
    await tool(editor, 'search-replace').click();
    const search = dialog(page, 'search');
    await search.getByLabel(tools.searchReplace.find, { exact: true }).fill('车间');
    await expect.poll(() => search.locator('.ke-search-count').innerText()).toBe(`1 / ${before}`);
    expect(await text.locator('.ke-search-match').count()).toBe(before);
    await search.getByRole('button', { name: buttonName(tools.searchReplace.next) }).click();
    await expect.poll(() => search.locator('.ke-search-count').innerText()).toBe(`2 / ${before}`);
    await animationsDone(page);
    await screenshot(page, 'editor-tools-search-zh', { fullPage: false });
    await search.getByLabel(tools.searchReplace.replaceWith, { exact: true }).fill('工段');
    await search.getByRole('button', { name: buttonName(tools.searchReplace.replaceAll) }).click();
    await toast(page)
      .filter({ hasText: tools.searchReplace.replaced.replace('{{count}}', String(before)) })
      .waitFor();
    expect(await text.innerText()).not.toContain('车间');
    expect((await text.innerText()).split('工段').length - 1).toBe(before);
    await search.locator('.ant-modal-close').click();
    await expect.poll(() => text.locator('.ke-search-match').count()).toBe(0);

    // Custom styles: strong emphasis on a selection, a centred title on a paragraph.
    const intro = text.locator('p', { hasText: tools.templates.items.dataTable.intro.slice(0, 4) });
    await intro.click({ clickCount: 3 });
    await tool(editor, 'custom-styles').click();
    await (await openedMenu(page)).getByText(tools.customStyles.hi).click();
    const emphasis = text.locator('span[data-type="custom-style-hi"]');
    await emphasis.waitFor();
    expect(await emphasis.evaluate((node) => getComputedStyle(node).color)).toBe(
      'rgb(51, 153, 204)',
    );
    await text.locator('p', { hasText: '产量增长率' }).click();
    await tool(editor, 'custom-styles').click();
    await (await openedMenu(page)).getByText(tools.customStyles.tc).click();
    const title = text.locator('h1[data-type="custom-style-tc"]');
    await title.waitFor();
    expect(await title.evaluate((node) => getComputedStyle(node).textAlign)).toBe('center');
    await animationsDone(page);
    await screenshot(page, 'editor-tools-styles-zh', { fullPage: false });

    // What the editor hands to the form: the stored formats, the removed chart gone.
    const html = await sourceOf(editor, texts);
    expect(html).toMatch(
      /<span (?=[^>]*data-type="formula")(?=[^>]*data-latex="E = mc\^2")[^>]*>E = mc\^2<\/span>/,
    );
    expect(html).toContain(
      '<span data-type="custom-style-hi" style="font-style: italic; font-weight: bold; color: rgb(51, 153, 204)">',
    );
    expect(html).toMatch(
      /<h1 data-type="custom-style-tc" style="border-bottom: 2px solid [^"]*; text-align: center">/,
    );
    expect(html).not.toContain('data-chart');

    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it("confirms each of the editor's dialogs without saving or checking the question around it (zh)", async () => {
    const tag = Date.now().toString(36).toUpperCase();
    const knowledge: KnowledgeFixture = await createKnowledge(session.admin, `DLG${tag}`);
    const { page, host, editor, text, texts, unexpectedErrors } = await openEditor(session.browser);
    const tools = texts.editorTools;
    const ok = buttonName(texts.common.ok);
    const saved = async () =>
      (
        await session.admin.call<{ list: QuestionView[] }>(
          'GET',
          `/api/kaoshi-question/question/listQuestion?subjectId=${knowledge.subjectId}&limit=100`,
        )
      ).list.length;

    // A question that could be saved as it stands: any submit of its form would save it.
    await text.click();
    await text.pressSequentially(`对话框${tag}：`);
    await fillJudgementQuestion(page, host, knowledge);

    /** After each dialog: the question form is still open, unsaved and without errors. */
    const untouched = async (what: string) => {
      await animationsDone(page);
      expect(await host.isVisible(), what).toBe(true);
      expect(await host.locator('.ant-form-item-explain-error').count(), what).toBe(0);
      expect(await toast(page).filter({ hasText: zh.question.form.added }).count(), what).toBe(0);
      expect(await saved(), what).toBe(0);
    };

    // Formula: 确定 is the submit button of the dialog's own form.
    await text.press('End');
    const formula = await insertFormula(page, editor, texts, 'a^2 + b^2 = c^2');
    await formula.getByRole('button', { name: ok }).click();
    await formula.waitFor({ state: 'hidden' });
    await text.locator('[data-type="formula"] .katex').waitFor();
    await untouched('formula');

    // Link: Enter in its address field, then 确定.
    await text.press('End');
    await tool(editor, 'link').click();
    const link = page
      .locator('.ant-modal:not(.question-form-dialog)')
      .filter({ hasText: texts.editor.link.url });
    const address = link.getByRole('textbox', { name: texts.editor.link.url });
    await address.fill('www.kaoshi.example');
    await address.press('Enter');
    await untouched('link, Enter');
    await link.getByRole('button', { name: ok }).click();
    await text.locator('a[href="http://www.kaoshi.example"]').waitFor();
    await untouched('link');

    // Table picker, template (its "insert here" choice) and chart.
    await text.press('End');
    await tool(editor, 'tablePicker').click();
    await editor.locator('.ke-table-cell[data-row="2"][data-col="2"]').click();
    await expect.poll(() => text.locator('table').count()).toBe(1);
    await untouched('table');
    await text.locator('p').first().click();
    const choice = await pickDataTableTemplate(page, editor, tools);
    // Clicked once the dialog has zoomed in: a point computed on a moving button misses it.
    await choice.waitFor();
    await animationsDone(page);
    await choice.getByRole('button', { name: buttonName(tools.templates.insertHere) }).click();
    await choice.waitFor({ state: 'hidden' });
    await expect.poll(() => text.locator('table').count()).toBe(2);
    await untouched('template');
    await text.getByRole('cell', { name: '135', exact: true }).click();
    const chart = await openChart(page, editor, texts);
    await chart.getByRole('button', { name: buttonName(tools.chart.apply) }).click();
    await chart.waitFor({ state: 'hidden' });
    await editor.locator('.ke-chart svg').waitFor();
    await untouched('chart');

    // Find and replace: Enter in both fields, then replace all.
    await tool(editor, 'search-replace').click();
    const search = dialog(page, 'search');
    const find = search.getByLabel(tools.searchReplace.find, { exact: true });
    await find.fill(tag);
    await find.press('Enter');
    const replaceWith = search.getByLabel(tools.searchReplace.replaceWith, { exact: true });
    await replaceWith.fill(`${tag}!`);
    await replaceWith.press('Enter');
    await search.getByRole('button', { name: buttonName(tools.searchReplace.replaceAll) }).click();
    await expect.poll(() => text.innerText()).toContain(`${tag}!`);
    await search.locator('.ant-modal-close').click();
    await untouched('find and replace');

    // Scrawl: inserting an empty board is refused inside the board.
    await tool(editor, 'scrawl').click();
    const board = await openedPopup(page, dialog(page, 'scrawl'));
    await board.getByRole('button', { name: buttonName(tools.scrawl.insert) }).click();
    await toast(page).filter({ hasText: tools.scrawl.empty }).waitFor();
    await board.getByRole('button', { name: buttonName(texts.common.cancel) }).click();
    await untouched('scrawl');

    // Source mode there and back.
    await tool(editor, 'source').click();
    await tool(editor, 'source').click();
    await untouched('source');

    // The form's own Save still saves, with what the dialogs put in.
    await clickFooterButton(host, texts.common.save);
    await toast(page).filter({ hasText: zh.question.form.added }).waitFor();
    expect(await saved()).toBe(1);
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it('uploads a scrawl and a screenshot as images (zh)', async () => {
    const { page, editor, text, texts, unexpectedErrors } = await openEditor(session.browser);
    const tools = texts.editorTools;
    await text.click();

    // Inserting an empty board is refused.
    await tool(editor, 'scrawl').click();
    const board = await openedPopup(page, dialog(page, 'scrawl'));
    const canvas = board.getByLabel(tools.scrawl.canvas);
    await canvas.waitFor();
    await board.getByRole('button', { name: buttonName(tools.scrawl.insert) }).click();
    await toast(page).filter({ hasText: tools.scrawl.empty }).waitFor();

    // A red stroke, undone, then a blue one: the board draws with the mouse (pointer events).
    await animationsDone(page);
    const area = (await canvas.boundingBox())!;
    const stroke = async (from: number, to: number) => {
      await page.mouse.move(area.x + area.width * from, area.y + area.height * 0.3);
      await page.mouse.down();
      for (let step = 1; step <= 10; step++) {
        const x = from + ((to - from) * step) / 10;
        await page.mouse.move(area.x + area.width * x, area.y + area.height * (0.3 + step / 25));
      }
      await page.mouse.up();
    };
    await board.getByRole('radio', { name: '#f5222d' }).click();
    await stroke(0.1, 0.5);
    await board.getByRole('button', { name: tools.scrawl.undo }).click();
    await board.getByRole('radio', { name: '#1677ff' }).click();
    await stroke(0.2, 0.8);
    const colours = await canvas.evaluate((node: HTMLCanvasElement) => {
      const data = node.getContext('2d')!.getImageData(0, 0, node.width, node.height).data;
      let red = 0;
      let blue = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3]! > 200 && data[i]! > 200 && data[i + 2]! < 100) red++;
        if (data[i + 3]! > 200 && data[i + 2]! > 200 && data[i]! < 100) blue++;
      }
      return { red, blue };
    });
    expect(colours.red).toBe(0);
    expect(colours.blue).toBeGreaterThan(50);
    await screenshot(page, 'editor-tools-scrawl-zh', { fullPage: false });
    await board.getByRole('button', { name: buttonName(tools.scrawl.insert) }).click();
    await board.waitFor({ state: 'hidden' });
    const images = text.locator('img[src]');
    const scrawl = images.first();
    await scrawl.waitFor();
    expect(await scrawl.getAttribute('src')).toMatch(FILE_URL);
    await expect
      .poll(() => scrawl.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(640);

    // A screenshot of Chromium's test video source, uploaded and inserted.
    await text.press('End');
    await tool(editor, 'snapshot').click();
    await expect.poll(() => images.count()).toBe(2);
    const snapshot = images.nth(1);
    expect(await snapshot.getAttribute('src')).toMatch(FILE_URL);
    await expect
      .poll(() => snapshot.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await animationsDone(page);
    await screenshot(page, 'editor-tools-images-zh', { fullPage: false });
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it('shows the stored formats to the examinee: formulas, a chart and a custom style (zh)', async () => {
    const tag = Date.now().toString(36).toUpperCase();
    const { id: schoolId } = await session.admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-school/school/addSchool',
      { name: `工具项目${tag}`, code: `TP-${tag}` },
    );
    const { id: departmentId } = await session.admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-school/department/addDepartment',
      { schoolId, name: `工具类别${tag}`, code: `TD-${tag}` },
    );
    const { id: subjectId } = await session.admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-school/subject/addSubject',
      { departmentId, name: `工具工种${tag}`, code: `TS-${tag}`, levels: [5] },
    );
    const { id: courseId } = await session.admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-base/knowledge/addKnowledge',
      { type: 'cn', subjectId, level: 5, name: `工具课程${tag}`, code: 'C1' },
    );
    const content = [
      `<p>公式${tag} <span data-type="formula" data-latex="\\sqrt{2}">\\sqrt{2}</span>`,
      ` 与 <span data-type="formula" data-latex="\\frac{1}{">\\frac{1}{</span></p>`,
      '<table data-chart="pie"><tbody><tr><th>区域</th><th>东区</th><th>西区</th></tr>',
      '<tr><th>产量</th><td>3</td><td>5</td></tr></tbody></table>',
      '<p><span data-type="custom-style-im" style="font-style: italic; font-weight: bold">强调</span></p>',
    ].join('');
    await session.admin.call('POST', '/api/kaoshi-question/question/addQuestion', {
      type: 0,
      content,
      options: [
        { content: '<p>甲</p>', correct: true },
        { content: '<p>乙</p>', correct: false },
      ],
      score: 1,
      difficulty: 3,
      subjectId,
      level: 5,
      courseId,
    });

    const page = await newPage(session.browser, { locale: 'zh-CN' });
    const consoleErrors = collectConsoleErrors(page);
    await openSignedIn(page, session.admin, `${baseURL}${BANK}`);
    const row = page.locator('.app-main-page:not([hidden]) .ant-table-row', {
      hasText: `公式${tag}`,
    });
    await row.getByRole('button', { name: zh.question.actions.preview }).click();
    const preview = page.locator('.ant-modal.question-preview-dialog');
    const formulas = preview.locator('[data-type="formula"]');
    await formulas.first().locator('.katex').waitFor();
    // The formula KaTeX cannot read shows its source in red.
    expect(await formulas.nth(1).innerText()).toBe('\\frac{1}{');
    expect(await formulas.nth(1).evaluate((node) => getComputedStyle(node).color)).toBe(
      'rgb(245, 34, 45)',
    );
    await preview.locator('table[data-chart="pie"] + [data-ke-chart-drawn] svg').waitFor();
    const emphasis = preview.locator('span[data-type="custom-style-im"]');
    expect(await emphasis.evaluate((node) => getComputedStyle(node).fontStyle)).toBe('italic');
    await animationsDone(page);
    await screenshot(page, 'editor-tools-preview-zh', { fullPage: false });
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('says the screenshot failed when no screen can be captured (en)', async () => {
    const noScreen = await launchBrowser(NO_SCREEN);
    try {
      const { page, editor, text, texts } = await openEditor(noScreen, { locale: 'en-US' });
      await text.click();
      await tool(editor, 'snapshot').click();
      const message = toast(page).filter({ hasText: texts.editorTools.snapshot.callbackError });
      await message.waitFor();
      expect(await text.locator('img[src]').count()).toBe(0);
      await screenshot(page, 'editor-tools-snapshot-failed-en', { fullPage: false });
    } finally {
      await noScreen.close();
    }
  });

  it('fits a phone: formula, chart and board dialogs at 390 px (en)', async () => {
    const { page, editor, text, texts, unexpectedErrors } = await openEditor(session.browser, {
      locale: 'en-US',
      viewport: PHONE,
      touch: true,
    });
    const tools = texts.editorTools;
    const width = () => page.evaluate(() => document.documentElement.clientWidth);

    await text.click();
    const formulaBox = await insertFormula(page, editor, texts, '\\sum_{i=1}^{n} x_i');
    await formulaBox.getByRole('button', { name: tools.formula.fraction }).waitFor();
    await animationsDone(page);
    expect((await formulaBox.boundingBox())!.width).toBeLessThanOrEqual(await width());
    await screenshot(page, 'editor-tools-formula-phone-en', { fullPage: false });
    await formulaBox.getByRole('button', { name: buttonName(texts.common.ok) }).click();
    await text.locator('[data-type="formula"] .katex').waitFor();

    await tool(editor, 'templates').click();
    await (
      await openedMenu(page)
    )
      .locator('.ke-template-item', { hasText: tools.templates.items.dataTable.name })
      .click();
    const replace = await openedPopup(page, dialog(page, 'template'));
    await replace.getByRole('button', { name: buttonName(tools.templates.replace) }).click();
    await replace.waitFor({ state: 'hidden' });
    await expect.poll(() => text.locator('[data-type="formula"]').count()).toBe(0);
    await text.locator('table').getByRole('cell', { name: '98', exact: true }).click();
    const chartBox = await openChart(page, editor, texts);
    await chartBox.locator('label', { hasText: tools.chart.line }).click();
    const preview = chartBox.locator('.ke-chart-preview svg');
    await preview.waitFor();
    await animationsDone(page);
    expect((await preview.boundingBox())!.width).toBeLessThanOrEqual(await width());
    await screenshot(page, 'editor-tools-chart-phone-en', { fullPage: false });
    await chartBox.getByRole('button', { name: buttonName(tools.chart.apply) }).click();
    await editor.locator('.ke-chart svg').waitFor();
    await editor.locator('.ke-chart').scrollIntoViewIfNeeded();
    await screenshot(page, 'editor-tools-chart-under-table-phone-en', { fullPage: false });

    await tool(editor, 'scrawl').click();
    const board = await openedPopup(page, dialog(page, 'scrawl'));
    const canvas = board.getByLabel(tools.scrawl.canvas);
    const area = (await canvas.boundingBox())!;
    expect(area.x + area.width).toBeLessThanOrEqual(await width());
    // A finger draws: touch events from the browser's own input layer, as a phone sends them.
    const touch = await page.context().newCDPSession(page);
    const finger = (x: number, y: number) => [{ x: area.x + x, y: area.y + y, id: 1 }];
    await touch.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: finger(20, 20),
    });
    for (let step = 1; step <= 10; step++) {
      await touch.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: finger(20 + step * 25, 20 + step * 15),
      });
    }
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const painted = await canvas.evaluate((node: HTMLCanvasElement) => {
      const data = node.getContext('2d')!.getImageData(0, 0, node.width, node.height).data;
      let count = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 200) count++;
      return count;
    });
    expect(painted).toBeGreaterThan(500);
    await screenshot(page, 'editor-tools-scrawl-phone-en', { fullPage: false });
    await board.getByRole('button', { name: buttonName(texts.common.cancel) }).click();
    await board.waitFor({ state: 'hidden' });

    // The chart type is stored on the table and read back: the chart returns after source mode.
    expect(await sourceOf(editor, texts)).toContain('<table data-chart="line"');
    await tool(editor, 'source').click();
    await editor.locator('.ke-chart svg').waitFor();

    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });
});
