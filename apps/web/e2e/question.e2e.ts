import type { ListResult, QuestionView } from '@kaoshi/shared';
// exceljs is a dependency of apps/server (imports, exports); the test reads the export with it.
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en';
import es from '../src/i18n/locales/es';
import ja from '../src/i18n/locales/ja';
import zh from '../src/i18n/locales/zh';
import { ApiClient, createKnowledge, createRole, type KnowledgeFixture } from './api';
import {
  DESKTOP,
  PHONE,
  animationsDone,
  answerConfirm,
  buttonName,
  collectConsoleErrors,
  newPage,
  openSignedIn,
  openedPopup,
  pickOption,
  screenshot,
} from './browser';
import { adminSession } from './session';

// The question bank driven through the UI: the administrator writes questions, a reviewer with
// the audit key approves or rejects them, and the API confirms what the screens claim.

const BANK = '/baseData/index';
const QUESTION_API = '/api/kaoshi-question/question';
const TEACHER_TYPE = 2;
const REVIEWER_PASSWORD = 'review-pass-1';

describe('Question bank', () => {
  const session = adminSession();
  const { baseURL } = session;
  let reviewer: ApiClient;
  let knowledge: KnowledgeFixture;
  const tag = Date.now().toString(36).toUpperCase();
  // This file's fill-in question by its tag: other files' papers hold fill-ins of the same stem.
  const fillStem = new RegExp(`电流的单位是.*${tag}`);

  beforeAll(async () => {
    knowledge = await createKnowledge(session.admin, tag);
    await createRole(session.admin, `QREVIEW_${tag}`, `审题人${tag}`, [
      'BASEDATA',
      'COURSE',
      'EXAM-QUESTION',
      'EXAM-QUESTION-AUDIT',
    ]);
    const reviewerName = `qreviewer${tag.toLowerCase()}`;
    await session.admin.createUser(
      reviewerName,
      TEACHER_TYPE,
      [`QREVIEW_${tag}`],
      `审题人${tag}`,
      REVIEWER_PASSWORD,
    );
    reviewer = await ApiClient.signIn(baseURL, reviewerName, REVIEWER_PASSWORD, TEACHER_TYPE);
  });

  /** A signed-in page at the bank whose console errors are collected (HTTP refusals aside). */
  async function openBank(
    as: ApiClient = session.admin,
    options: Parameters<typeof newPage>[1] = {},
  ) {
    const page = await newPage(session.browser, { locale: 'zh-CN', ...options });
    const consoleErrors = collectConsoleErrors(page);
    await openSignedIn(page, as, `${baseURL}${BANK}`);
    await main(page).locator('.ant-table').waitFor();
    const unexpectedErrors = () =>
      consoleErrors.filter((text) => !/the server responded with a status of 4\d\d/.test(text));
    return { page, unexpectedErrors };
  }

  const main = (page: Page) => page.locator('.app-main-page:not([hidden])');
  const rows = (page: Page) => main(page).locator('.ant-table-row');
  const row = (page: Page, text: string | RegExp) => rows(page).filter({ hasText: text });
  /** One of the bank's dialogs: form, preview, reject or import. */
  const dialog = (page: Page, kind: 'form' | 'preview' | 'reject' | 'import') =>
    page.locator(`.ant-modal.question-${kind}-dialog`);
  const fieldErrors = (scope: Locator) => scope.locator('.ant-form-item-explain-error');
  const toast = (page: Page) => page.locator('.ant-message-notice');

  /**
   * Types into an HTML field: the rich editor (bold toggled with Ctrl+B around `bold`), or a
   * plain text area holding the HTML itself.
   */
  async function typeHtml(field: Locator, before: string, bold = '', after = '') {
    const editable = (await field.getAttribute('contenteditable')) === 'true';
    if (!editable) {
      await field.fill(bold ? `<p>${before}<strong>${bold}</strong>${after}</p>` : before);
      return;
    }
    await field.click();
    await field.pressSequentially(before);
    if (bold) {
      await field.press('Control+b');
      await field.pressSequentially(bold);
      await field.press('Control+b');
    }
    if (after) await field.pressSequentially(after);
  }
  const htmlField = (scope: Locator, name: string) =>
    scope.getByRole('textbox', { name, exact: true });

  /** Puts the question under the fixture's job type, level, course and first point. */
  async function place(page: Page, modal: Locator) {
    await pickOption(page, modal, '申报工种', knowledge.jobTypeName);
    // The job type has one level: it is chosen with it.
    await expect.poll(() => modal.getByRole('combobox', { name: '等级' }).isDisabled()).toBe(false);
    await pickOption(page, modal, '课程', knowledge.course.name);
    await pickOption(page, modal, '鉴定点', knowledge.points[0]!.name);
  }

  const list = (query = '') =>
    session.admin.call<ListResult<QuestionView>>(
      'GET',
      `${QUESTION_API}/listQuestion?subjectId=${knowledge.subjectId}&limit=100${query}`,
    );
  const find = async (text: string, query = '') =>
    (await list(query)).list.find((question) => question.content.includes(text));

  // One question's life in steps that share the author's page, each with its own time: as one
  // test the whole flow outgrew the test timeout on a busy machine (a full run beside a load bench).
  describe('writes, previews, reviews, retires and deletes questions', () => {
    let page: Page;
    let unexpectedErrors: () => string[];
    let modal: Locator;

    it('writes a single-choice and a fill-in question, refusing what is missing', async () => {
      ({ page, unexpectedErrors } = await openBank());

      // A single-choice question with a bold word.
      await main(page)
        .getByRole('button', { name: buttonName('新增试题') })
        .click();
      modal = dialog(page, 'form');
      await modal.getByText('新增试题').first().waitFor();
      await typeHtml(htmlField(modal, '题干'), `潮湿场所手持照明灯的`, '安全', `电压是${tag}？`);
      const options = ['12 V', '36 V', '110 V', '220 V'];
      for (const [index, text] of options.entries()) {
        await typeHtml(htmlField(modal, `选项 ${'ABCD'[index]}`), text);
      }
      // No correct option, no structure: the shared rules and the required fields refuse.
      await modal.getByRole('button', { name: buttonName('保存') }).click();
      await expect
        .poll(() => fieldErrors(modal).allInnerTexts())
        .toEqual(
          expect.arrayContaining(['请恰好标出 1 个正确选项', '请选择申报工种', '请选择课程']),
        );
      await modal.getByRole('radio', { name: '选项 A 为正确答案' }).check();
      await place(page, modal);
      await animationsDone(page);
      await screenshot(page, 'question-form-single-zh', { fullPage: false });
      await modal.getByRole('button', { name: buttonName('保存') }).click();
      await toast(page).filter({ hasText: '试题已新增' }).waitFor();
      await modal.waitFor({ state: 'hidden' });
      const single = await find(`电压是${tag}`);
      expect(single).toMatchObject({ type: 0, answer: 'A', auditStatus: 0 });
      expect(single!.content).toContain('<strong>安全</strong>');
      expect(single!.options.map((option) => option.correct)).toEqual([true, false, false, false]);

      // A fill-in question: the blanks follow the ___ typed in the stem.
      await main(page)
        .getByRole('button', { name: buttonName('新增试题') })
        .click();
      modal = await openedPopup(page, dialog(page, 'form'));
      await modal.locator('.ant-radio-button-wrapper', { hasText: '填空题' }).click();
      await typeHtml(htmlField(modal, '题干'), `电阻的单位是 ___，电流的单位是 ___。${tag}`);
      await modal.getByText('题干中共有 2 个空').waitFor();
      const blank = (n: number) => modal.getByRole('combobox', { name: `第 ${n} 空的可接受答案` });
      await blank(1).fill('欧姆');
      await blank(1).press('Enter');
      await blank(1).fill('Ω');
      await blank(1).press('Enter');
      await place(page, modal);
      await modal.getByRole('button', { name: buttonName('保存') }).click();
      await expect
        .poll(() => fieldErrors(modal).allInnerTexts())
        .toContain('第 2 空至少需要一个可接受答案');
      await blank(2).fill('安培');
      await blank(2).press('Enter');
      await animationsDone(page);
      await screenshot(page, 'question-form-fill-zh', { fullPage: false });
      await modal.getByRole('button', { name: buttonName('保存') }).click();
      await toast(page).filter({ hasText: '试题已新增' }).waitFor();
      await modal.waitFor({ state: 'hidden' });
      const fill = await find(`电流的单位是 ___。${tag}`);
      expect(fill).toMatchObject({ type: 4, blanks: [['欧姆', 'Ω'], ['安培']] });
    });

    it('previews them as the examinee sees them and filters the list', async () => {
      // The examinee gets one input per blank; the accepted answers show only on request.
      await row(page, fillStem).getByRole('button', { name: '预览' }).click();
      modal = dialog(page, 'preview');
      await expect.poll(() => modal.locator('.question-blank input').count()).toBe(2);
      expect(await modal.locator('.question-blank-answers').count()).toBe(0);
      await openedPopup(page, modal);
      await modal.getByRole('switch').click();
      await expect
        .poll(() => modal.locator('.question-blank-answers .ant-tag').allInnerTexts())
        .toEqual(['欧姆', 'Ω', '安培']);
      await animationsDone(page);
      await screenshot(page, 'question-preview-fill-zh', { fullPage: false });
      await modal.locator('.ant-modal-close').click();
      await modal.waitFor({ state: 'hidden' });

      // Both are listed; the type filter keeps one.
      await row(page, `电压是${tag}`).waitFor();
      await row(page, fillStem).waitFor();
      await pickOption(page, main(page), '题型', '填空题');
      await main(page)
        .getByRole('button', { name: buttonName('搜索') })
        .click();
      await expect.poll(() => row(page, `电压是${tag}`).count()).toBe(0);
      await row(page, fillStem).waitFor();
      await main(page)
        .getByRole('button', { name: buttonName('重置') })
        .click();
      await row(page, `电压是${tag}`).waitFor();
      await animationsDone(page);
      await screenshot(page, 'question-list-desktop-zh');

      // The preview shows what the examinee sees: no key until asked for.
      await row(page, `电压是${tag}`).getByRole('button', { name: '预览' }).click();
      modal = dialog(page, 'preview');
      await modal.locator('.question-view').waitFor();
      expect(await modal.locator('.question-stem strong').innerText()).toBe('安全');
      expect(await modal.locator('.question-option').count()).toBe(4);
      expect(await modal.locator('.question-answer').count()).toBe(0);
      expect(await modal.getByLabel('正确').count()).toBe(0);
      await screenshot(page, 'question-preview-zh', { fullPage: false });
      await openedPopup(page, modal);
      await modal.getByRole('switch').click();
      await modal.locator('.question-answer').waitFor();
      expect(await modal.locator('.question-answer').innerText()).toContain('答案： A');
      expect(await modal.getByLabel('正确').count()).toBe(1);
      await animationsDone(page);
      await screenshot(page, 'question-preview-answer-zh', { fullPage: false });
      await modal.locator('.ant-modal-close').click();
      await modal.waitFor({ state: 'hidden' });
    });

    it('goes through review by a second person, the reason shown to the author', async () => {
      // Submitted for review; the author holds the audit key but may not review their own.
      await row(page, `电压是${tag}`).getByRole('button', { name: '提交审核' }).click();
      await toast(page).filter({ hasText: '已提交审核 1 题' }).waitFor();
      await expect.poll(() => row(page, `电压是${tag}`).innerText()).toContain('审核中');
      expect(
        await row(page, `电压是${tag}`).getByRole('button', { name: '审核通过' }).count(),
      ).toBe(0);
      await row(page, `电压是${tag}`).locator('.ant-checkbox-input').check();
      await main(page)
        .locator('.question-batch-actions')
        .getByRole('button', { name: buttonName('审核通过') })
        .click();
      // The confirmation gives way to the report of what was refused.
      const confirmation = page.locator('.ant-modal-confirm-confirm:visible');
      await confirmation.waitFor();
      await animationsDone(page);
      await confirmation.getByRole('button', { name: buttonName('审核通过') }).click();
      const refusal = page.locator('.ant-modal-confirm-warning:visible');
      await refusal
        .locator('.ant-modal-confirm-title', { hasText: '0 题已完成，1 题被拒绝：' })
        .waitFor();
      expect(await refusal.locator('.question-batch-failures').innerText()).toContain(
        '不能审核自己出的题',
      );
      await animationsDone(page);
      await screenshot(page, 'question-batch-refused-zh', { fullPage: false });
      await refusal.getByRole('button', { name: buttonName('确定') }).click();
      await row(page, fillStem).getByRole('button', { name: '提交审核' }).click();
      await expect.poll(() => row(page, fillStem).innerText()).toContain('审核中');

      // The reviewer approves one and rejects the other with a reason.
      const review = await openBank(reviewer);
      const reviewed = review.page;
      await row(reviewed, `电压是${tag}`).getByRole('button', { name: '审核通过' }).click();
      await toast(reviewed).filter({ hasText: '已审核通过 1 题' }).waitFor();
      await expect.poll(() => row(reviewed, `电压是${tag}`).innerText()).toContain('审核通过');
      await row(reviewed, fillStem).getByRole('button', { name: '驳回' }).click();
      modal = await openedPopup(reviewed, dialog(reviewed, 'reject'));
      await modal.getByRole('button', { name: buttonName('驳回') }).click();
      await expect
        .poll(() => fieldErrors(modal).allInnerTexts())
        .toEqual(['请填写原因，出题人会看到']);
      await modal.getByLabel('驳回原因').fill('第 2 空还应接受 A');
      await modal.getByRole('button', { name: buttonName('驳回') }).click();
      await toast(reviewed).filter({ hasText: '已驳回 1 题' }).waitFor();
      expect(review.unexpectedErrors()).toEqual([]);
      await reviewed.context().close();
      expect(await find(`电压是${tag}`)).toMatchObject({ auditStatus: 2 });

      // The author sees the reason beside the status.
      await main(page)
        .getByRole('button', { name: buttonName('搜索') })
        .click();
      const rejected = row(page, fillStem).locator('.question-audit-tag');
      await expect.poll(() => rejected.innerText()).toBe('审核未通过');
      await rejected.hover();
      await page
        .locator('.ant-tooltip:visible')
        .getByText('未通过原因：第 2 空还应接受 A')
        .waitFor();
    });

    it('ends the approval on an edit, retires, restores, deletes and exports', async () => {
      // Editing an approved question ends its approval.
      await row(page, `电压是${tag}`).getByRole('button', { name: '编辑' }).click();
      modal = dialog(page, 'form');
      await modal.getByText('保存修改后，本题的审核结果将失效，需要重新提交审核。').waitFor();
      await modal.getByRole('spinbutton', { name: '分值' }).fill('2');
      await modal.getByRole('button', { name: buttonName('保存') }).click();
      await toast(page).filter({ hasText: '已保存' }).waitFor();
      await modal.waitFor({ state: 'hidden' });
      await expect.poll(() => row(page, `电压是${tag}`).innerText()).toContain('审核过期');
      expect(await find(`电压是${tag}`)).toMatchObject({ auditStatus: 4, score: 2 });

      // Retired, it leaves the list and shows among the retired ones, then comes back.
      await row(page, `电压是${tag}`).getByRole('button', { name: '停用' }).click();
      await answerConfirm(page, '停用');
      await toast(page).filter({ hasText: '已停用 1 题' }).waitFor();
      await expect.poll(() => row(page, `电压是${tag}`).count()).toBe(0);
      await main(page).getByRole('switch').click();
      await main(page)
        .getByRole('button', { name: buttonName('搜索') })
        .click();
      await expect.poll(() => row(page, `电压是${tag}`).innerText()).toContain('已停用');
      await row(page, `电压是${tag}`).getByRole('button', { name: '恢复' }).click();
      await answerConfirm(page, '恢复');
      await toast(page).filter({ hasText: '已恢复 1 题' }).waitFor();
      expect(await find(`电压是${tag}`)).toMatchObject({ retired: false });
      await main(page)
        .getByRole('button', { name: buttonName('重置') })
        .click();

      // Deleted for good.
      await row(page, fillStem).getByRole('button', { name: '删除' }).click();
      await answerConfirm(page, '删除');
      await toast(page).filter({ hasText: '已删除 1 题' }).waitFor();
      await expect.poll(() => row(page, fillStem).count()).toBe(0);
      expect(await find(`电流的单位是 ___。${tag}`)).toBeUndefined();

      // Export: every question of the filter, in the page's language.
      const download = page.waitForEvent('download');
      await main(page)
        .getByRole('button', { name: buttonName('导出') })
        .click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(await file.path());
      const cells = workbook.worksheets[0]!.getSheetValues().flat().map(String).join('\n');
      expect(cells).toContain(`电压是${tag}`);

      expect(unexpectedErrors()).toEqual([]);
      await page.context().close();
    });
  });

  it('imports plain text typed by hand, reporting the block it cannot read', async () => {
    const { page, unexpectedErrors } = await openBank();
    await main(page)
      .getByRole('button', { name: buttonName('导入') })
      .click();
    const modal = await openedPopup(page, dialog(page, 'import'));
    // The Excel template comes in the page's language.
    const template = page.waitForEvent('download');
    await modal.getByRole('button', { name: buttonName('下载模板') }).click();
    expect((await template).suggestedFilename()).toMatch(/\.xlsx$/);
    await modal.getByText('纯文本', { exact: true }).click();
    await place(page, modal);
    const text = [
      `1. 导入单选${tag}：我国工频交流电的频率是多少？`,
      'A. 50 Hz',
      'B. 60 Hz',
      '答案：A',
      '分值：2',
      '',
      `2. 导入判断${tag}：接地线可以用缠绕的方法连接。`,
      '答案：错',
      '',
      `3. 导入坏题${tag}：下列哪项正确？`,
      'A. 甲',
      'B. 乙',
      '答案：E',
    ].join('\n');
    await modal.getByRole('textbox', { name: '试题内容' }).fill(text);
    await animationsDone(page);
    await screenshot(page, 'question-import-text-zh', { fullPage: false });
    await modal.getByRole('button', { name: buttonName('检查') }).click();
    await modal.locator('.import-step-preview').waitFor();
    const count = (key: string) =>
      modal.locator(`.import-count-${key} .ant-statistic-content-value`).innerText();
    expect([await count('total'), await count('valid'), await count('invalid')]).toEqual([
      '3',
      '2',
      '1',
    ]);
    const bad = modal.locator('.import-row-invalid');
    await expect.poll(() => bad.count()).toBe(1);
    expect(await bad.innerText()).toContain(`导入坏题${tag}`);
    expect(await bad.locator('.import-row-errors').innerText()).toBe('答案与题型不符');
    await screenshot(page, 'question-import-preview-zh', { fullPage: false });
    await modal.getByRole('button', { name: buttonName('下一步') }).click();
    await modal.locator('.import-step-mode').waitFor();
    await modal.getByRole('button', { name: buttonName('开始导入') }).click();
    await modal.locator('.import-step-result').waitFor();
    expect(await modal.locator('.import-step-result').innerText()).toContain(
      '共 3 道试题：新增 2 道，跳过 1 道。',
    );
    // The skipped question and why, as a workbook.
    const skippedDownload = page.waitForEvent('download');
    await modal.getByRole('button', { name: '下载未导入的 1 道试题及原因' }).click();
    const skippedFile = await skippedDownload;
    expect(skippedFile.suggestedFilename()).toBe('未导入的试题.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await skippedFile.path());
    const skipped = (workbook.worksheets[0]!.getSheetValues() as unknown[][])
      .slice(1)
      .map((line) => line.slice(1));
    expect(skipped).toEqual([
      ['题号', '题型', '问题', '题干', '答案', '分值'],
      ['10', '单选题', '答案与题型不符', expect.stringContaining(`导入坏题${tag}`), 'E', '1'],
    ]);
    await screenshot(page, 'question-import-result-zh', { fullPage: false });
    await modal
      .locator('.ant-modal-footer')
      .getByRole('button', { name: buttonName('关闭') })
      .click();
    await row(page, `导入单选${tag}`).waitFor();
    const imported = await find(`导入判断${tag}`);
    expect(imported).toMatchObject({
      type: 2,
      answer: 'F',
      courseId: knowledge.course.id,
      pointId: knowledge.points[0]!.id,
    });
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it('switches the type back to single choice without an error and keeps the placement for the next question', async () => {
    const { page, unexpectedErrors } = await openBank();
    await main(page)
      .getByRole('button', { name: buttonName('新增试题') })
      .click();
    const modal = await openedPopup(page, dialog(page, 'form'));
    const typeButton = (name: string) =>
      modal.locator('.ant-radio-button-wrapper', { hasText: name });
    // Each of the types without options, then back to single choice: the options come back.
    for (const other of ['判断题', '填空题', '简答题']) {
      await typeButton(other).click();
      await typeButton('单选题').click();
      await htmlField(modal, '选项 A').waitFor();
    }
    expect(unexpectedErrors()).toEqual([]);
    await typeHtml(htmlField(modal, '题干'), `连续录入第一题${tag}`);
    for (const [index, text] of ['甲', '乙', '丙', '丁'].entries()) {
      await typeHtml(htmlField(modal, `选项 ${'ABCD'[index]}`), text);
    }
    await modal.getByRole('radio', { name: '选项 A 为正确答案' }).check();
    await place(page, modal);
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await toast(page).filter({ hasText: '试题已新增' }).waitFor();
    await modal.waitFor({ state: 'hidden' });

    // The next question starts where the last one went: job type, level and course chosen.
    await main(page)
      .getByRole('button', { name: buttonName('新增试题') })
      .click();
    const next = await openedPopup(page, dialog(page, 'form'));
    const chosen = (id: string) =>
      next
        .locator(`#questionForm_${id}`)
        .locator('xpath=ancestor::div[contains(@class, "ant-select")][1]')
        .innerText();
    await expect.poll(() => chosen('subjectId')).toContain(knowledge.jobTypeName);
    expect(await chosen('level')).toContain('初级');
    expect(await chosen('courseId')).toContain(knowledge.course.name);
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it('keeps the Save button of the question form on screen at 1440 × 900, the fields scrolling', async () => {
    const { page } = await openBank(session.admin, { viewport: { width: 1440, height: 900 } });
    await main(page)
      .getByRole('button', { name: buttonName('新增试题') })
      .click();
    const modal = dialog(page, 'form');
    await modal.getByText('新增试题').first().waitFor();
    await animationsDone(page);
    const save = await modal.getByRole('button', { name: buttonName('保存') }).boundingBox();
    expect(save!.y + save!.height).toBeLessThanOrEqual(900);
    const body = modal.locator('.ant-modal-body');
    expect(await body.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(
      true,
    );
    await screenshot(page, 'question-form-1440x900-zh', { fullPage: false });
    await page.context().close();
  });

  it('previews judgement, external-link and short-answer questions as the examinee sees them', async () => {
    const place = {
      subjectId: knowledge.subjectId,
      level: knowledge.level,
      courseId: knowledge.course.id,
    };
    const add = (body: object) =>
      session.admin.call<QuestionView>('POST', `${QUESTION_API}/addQuestion`, {
        ...place,
        ...body,
      });
    const judgement = await add({
      type: 2,
      content: `<p>是非题${tag}：铜是导体。</p>`,
      answer: 'T',
    });
    const link = await add({
      type: 3,
      content: `<p>外链题${tag}：打开仿真接线平台完成任务。</p>`,
      linkUrl: 'https://example.com/wiring',
      answer: '<p>接线正确得满分。</p>',
    });
    const short = await add({
      type: 5,
      content: `<p>简答题${tag}：说明漏电保护器的作用。</p>`,
      answer: '<p>发生漏电时自动切断电源。</p>',
    });
    const { page, unexpectedErrors } = await openBank();
    for (const [question, name, text] of [
      [judgement, 'judgement', '是非题'],
      [link, 'link', '外链题'],
      [short, 'short', '简答题'],
    ] as const) {
      expect(question.type).toBe({ judgement: 2, link: 3, short: 5 }[name]);
      await row(page, `${text}${tag}`).getByRole('button', { name: '预览' }).click();
      const modal = dialog(page, 'preview');
      await modal.locator('.question-view').waitFor();
      expect(await modal.locator('.question-answer').count()).toBe(0);
      if (name === 'judgement') {
        expect(await modal.locator('.question-option').allInnerTexts()).toEqual(['对', '错']);
      } else if (name === 'link') {
        expect(await modal.locator('a.question-link').getAttribute('href')).toBe(
          'https://example.com/wiring',
        );
      } else {
        await modal.getByRole('textbox', { name: '请在此作答' }).fill('切断电源');
      }
      await openedPopup(page, modal);
      await modal.getByRole('switch').click();
      const answer = modal.locator('.question-answer');
      await answer.waitFor();
      expect(await answer.innerText()).toContain(
        name === 'judgement' ? '答案： 对' : name === 'link' ? '接线正确得满分' : '自动切断电源',
      );
      await animationsDone(page);
      await screenshot(page, `question-preview-${name}-zh`, { fullPage: false });
      await modal.locator('.ant-modal-close').click();
      await modal.waitFor({ state: 'hidden' });
    }
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['zh', 'zh-CN', zh],
    ['en', 'en-US', en],
    ['es', 'es-ES', es],
    ['ja', 'ja-JP', ja],
  ] as const)(
    'shows the bank, form, preview and import on a desktop and a phone in %s',
    async (language, locale, messages) => {
      await session.admin.call('POST', `${QUESTION_API}/addQuestion`, {
        type: 1,
        content: `<p>Multiple ${language} ${tag}: which are conductors? <span data-type="formula" data-latex="R=\\rho\\frac{l}{S}">R=\\rho\\frac{l}{S}</span></p>`,
        options: [
          { content: '<p>Copper</p>', correct: true },
          { content: '<p>Aluminium</p>', correct: true },
          { content: '<p>Rubber</p>', correct: false },
        ],
        analysis: '<p>Metals conduct.</p>',
        score: 2.5,
        difficulty: 4,
        subjectId: knowledge.subjectId,
        level: knowledge.level,
        courseId: knowledge.course.id,
        tags: ['导体', 'safety'],
      });
      for (const viewport of [DESKTOP, PHONE]) {
        const width = viewport === PHONE ? 'phone' : 'desktop';
        const { page, unexpectedErrors } = await openBank(session.admin, { locale, viewport });
        const q = messages.question;
        await row(page, `Multiple ${language} ${tag}`).waitFor();
        await animationsDone(page);
        await screenshot(page, `question-list-${width}-${language}`);

        await main(page)
          .getByRole('button', { name: buttonName(q.add) })
          .click();
        let modal = dialog(page, 'form');
        await modal.locator('.question-options').waitFor();
        // The editors load on demand: shown once none is a placeholder any more.
        await expect.poll(() => modal.locator('.ke-loading').count()).toBe(0);
        await animationsDone(page);
        await screenshot(page, `question-form-${width}-${language}`, { fullPage: false });
        await modal.locator('.ant-modal-close').click();
        await modal.waitFor({ state: 'hidden' });

        await row(page, `Multiple ${language} ${tag}`)
          .getByRole('button', { name: q.actions.preview })
          .click();
        modal = await openedPopup(page, dialog(page, 'preview'));
        await modal.getByRole('switch').click();
        await modal.locator('.question-answer').waitFor();
        await animationsDone(page);
        await screenshot(page, `question-preview-${width}-${language}`, { fullPage: false });
        await modal.locator('.ant-modal-close').click();
        await modal.waitFor({ state: 'hidden' });

        await main(page)
          .getByRole('button', { name: buttonName(q.import.open) })
          .click();
        modal = dialog(page, 'import');
        // Clicked once the dialog has zoomed in: a point computed on a moving tab misses it.
        await modal.waitFor();
        await animationsDone(page);
        await modal.getByText(q.import.text, { exact: true }).click();
        await modal.getByText(q.import.formatTitle).waitFor();
        await animationsDone(page);
        await screenshot(page, `question-import-${width}-${language}`, { fullPage: false });
        await modal.locator('.ant-modal-close').click();
        await modal.waitFor({ state: 'hidden' });

        // Nothing wider than the screen on a phone.
        if (viewport === PHONE) {
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow).toBeLessThanOrEqual(0);
        }
        expect(unexpectedErrors()).toEqual([]);
        await page.context().close();
      }
    },
  );
});
