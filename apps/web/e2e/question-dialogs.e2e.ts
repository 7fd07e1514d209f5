import type { QuestionView } from '@kaoshi/shared';
// exceljs is a dependency of apps/server (imports, exports); the test reads the export with it.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKnowledge, type KnowledgeFixture } from './api';
import {
  DESKTOP,
  PHONE,
  animationsDone,
  buttonName,
  openedPopup,
  screenshot,
  closeDialog,
  endVisit,
  clickFooterButton,
} from './browser';
import { LANGUAGES } from './languages';
import { adminSession } from './session';

import { QUESTION_API, questionScreens } from './question-kit';

// The question bank's plain-text import, the question form's type switch and layout, and the
// previews as the examinee sees them, driven through the UI by the administrator.

describe('Question bank: import, form and previews', () => {
  const session = adminSession();
  let knowledge: KnowledgeFixture;
  // Not the other bank file's tag: both may start in the same millisecond.
  const tag = `D${Date.now().toString(36).toUpperCase()}`;

  beforeAll(async () => {
    knowledge = await createKnowledge(session.admin, tag);
  });

  const { openBank, main, row, dialog, toast, typeHtml, htmlField, place, find } = questionScreens(
    session,
    () => knowledge,
  );

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
    await clickFooterButton(modal, '关闭');
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

  it('imports a GIFT file, naming the question it cannot represent, and updates it the second time', async () => {
    const { page, unexpectedErrors } = await openBank();
    const gift = Buffer.from(
      [
        '// Exported from Moodle',
        '$CATEGORY: $course$/top/电工',
        '',
        `::GIFT单选${tag}::GIFT单选${tag}：工频交流电的频率是多少？ {=50 Hz ~60 Hz ####我国为 50 Hz。}`,
        '',
        `::GIFT判断${tag}::接地线可以缠绕连接。{F}`,
        '',
        `::GIFT匹配${tag}::把单位配对。 {=电流 -> 安培 =电压 -> 伏特}`,
      ].join('\n'),
    );
    const importOnce = async () => {
      await main(page)
        .getByRole('button', { name: buttonName('导入') })
        .click();
      const modal = await openedPopup(page, dialog(page, 'import'));
      await modal.getByText('GIFT', { exact: true }).click();
      await place(page, modal);
      await modal.locator('input[type=file]').setInputFiles({
        name: 'bank.txt',
        mimeType: 'text/plain',
        buffer: gift,
      });
      await modal.getByText('bank.txt').waitFor();
      await modal.getByRole('button', { name: buttonName('检查') }).click();
      await modal.locator('.import-step-preview').waitFor();
      // Every question, not only the one with a problem.
      await modal.locator('#question-import-only-bad').click();
      return modal;
    };

    let modal = await importOnce();
    const bad = modal.locator('.import-row-invalid');
    await expect.poll(() => bad.count()).toBe(1);
    expect(await bad.innerText()).toContain(`GIFT匹配${tag}`);
    expect(await bad.innerText()).toContain('把单位配对。');
    expect(await bad.innerText()).not.toContain('<p>');
    expect(await bad.locator('.import-row-errors').innerText()).toMatch(
      /^考试系统无法表示此类试题，不导入（matching questions/,
    );
    expect(
      await modal.locator('.ant-table-row', { hasText: `GIFT单选${tag}` }).innerText(),
    ).toContain('新增');
    await screenshot(page, 'question-import-gift-preview-zh', { fullPage: false });
    await modal.getByRole('button', { name: buttonName('下一步') }).click();
    await modal.locator('.import-step-mode').waitFor();
    await modal.getByRole('button', { name: buttonName('开始导入') }).click();
    await modal.locator('.import-step-result').waitFor();
    expect(await modal.locator('.import-step-result').innerText()).toContain(
      '共 3 道试题：新增 2 道，跳过 1 道。',
    );
    await clickFooterButton(modal, '关闭');
    expect(await find(`GIFT单选${tag}`)).toMatchObject({
      type: 0,
      tags: ['电工'],
      courseId: knowledge.course.id,
    });

    // The same file again: the two questions are updates, not copies.
    modal = await importOnce();
    expect(
      await modal.locator('.ant-table-row', { hasText: `GIFT单选${tag}` }).innerText(),
    ).toContain('更新');
    await modal.getByRole('button', { name: buttonName('下一步') }).click();
    await modal.locator('.import-step-mode').waitFor();
    await modal.getByRole('button', { name: buttonName('开始导入') }).click();
    await modal.locator('.import-step-result').waitFor();
    expect(await modal.locator('.import-step-result').innerText()).toContain(
      '共 3 道试题：新增 0 道，更新 2 道，跳过 1 道。',
    );
    await screenshot(page, 'question-import-gift-result-zh', { fullPage: false });
    await clickFooterButton(modal, '关闭');
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
      await closeDialog(modal);
    }
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it.each(LANGUAGES)(
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
        await closeDialog(modal);

        await row(page, `Multiple ${language} ${tag}`)
          .getByRole('button', { name: q.actions.preview })
          .click();
        modal = await openedPopup(page, dialog(page, 'preview'));
        await modal.getByRole('switch').click();
        await modal.locator('.question-answer').waitFor();
        await animationsDone(page);
        await screenshot(page, `question-preview-${width}-${language}`, { fullPage: false });
        await closeDialog(modal);

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
        await closeDialog(modal);
        await endVisit(page, viewport, unexpectedErrors);
      }
    },
  );
});
