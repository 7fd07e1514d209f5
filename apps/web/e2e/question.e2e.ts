// exceljs and fflate are dependencies of apps/server (imports, exports); the test reads the exports with them.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createKnowledge, createRole, type KnowledgeFixture } from './api';
import {
  animationsDone,
  answerConfirm,
  buttonName,
  openedPopup,
  pickOption,
  screenshot,
  closeDialog,
} from './browser';
import { adminSession } from './session';

import { REVIEWER_PASSWORD, TEACHER_TYPE, questionScreens } from './question-kit';

// The question bank driven through the UI: the administrator writes questions, a reviewer with
// the audit key approves or rejects them, and the API confirms what the screens claim.

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

  const {
    openBank,
    showOnly,
    main,
    row,
    dialog,
    fieldErrors,
    toast,
    typeHtml,
    htmlField,
    place,
    find,
  } = questionScreens(session, () => knowledge);

  // One question's life in steps that share the author's page, each with its own time: as one
  // test the whole flow outgrew the test timeout on a busy machine (a full run beside a load bench).
  describe('writes, previews, reviews, retires and deletes questions', () => {
    let page: Page;
    let unexpectedErrors: () => string[];
    let modal: Locator;

    it('writes a single-choice and a fill-in question, refusing what is missing', async () => {
      ({ page, unexpectedErrors } = await openBank());
      await showOnly(page, tag);

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
      await closeDialog(modal);

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
      await showOnly(page, tag);
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
      await closeDialog(modal);
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
      await showOnly(reviewed, tag);
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
      await answerConfirm(page, '停用', '已停用 1 题');
      await expect.poll(() => row(page, `电压是${tag}`).count()).toBe(0);
      await main(page).getByRole('switch').click();
      await main(page)
        .getByRole('button', { name: buttonName('搜索') })
        .click();
      await expect.poll(() => row(page, `电压是${tag}`).innerText()).toContain('已停用');
      await row(page, `电压是${tag}`).getByRole('button', { name: '恢复' }).click();
      await answerConfirm(page, '恢复', '已恢复 1 题');
      expect(await find(`电压是${tag}`)).toMatchObject({ retired: false });
      await main(page)
        .getByRole('button', { name: buttonName('重置') })
        .click();
      await showOnly(page, tag);

      // Deleted for good.
      await row(page, fillStem).getByRole('button', { name: '删除' }).click();
      await answerConfirm(page, '删除', '已删除 1 题');
      await expect.poll(() => row(page, fillStem).count()).toBe(0);
      expect(await find(`电流的单位是 ___。${tag}`)).toBeUndefined();

      // Export: every question of the filter, in the page's language, in the format picked.
      const exportAs = async (format: string) => {
        const download = page.waitForEvent('download');
        await main(page)
          .getByRole('button', { name: buttonName('导出') })
          .click();
        await page.getByRole('menuitem', { name: format }).click();
        return download;
      };
      const file = await exportAs('Excel（.xlsx，导入模板格式）');
      expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(await file.path());
      const cells = workbook.worksheets[0]!.getSheetValues().flat().map(String).join('\n');
      expect(cells).toContain(`电压是${tag}`);
      // A QTI 3.0 package: its manifest and an item per question holding the stem.
      const qti = await exportAs('QTI 3.0 内容包（.zip）');
      expect(qti.suggestedFilename()).toMatch(/-qti3\.zip$/);
      const entries = unzipSync(fs.readFileSync(await qti.path()));
      expect(Object.keys(entries)).toContain('imsmanifest.xml');
      const items = Object.keys(entries).filter((name) => name.startsWith('items/'));
      expect(items.map((name) => strFromU8(entries[name]!)).join('\n')).toContain(`电压是${tag}`);

      expect(unexpectedErrors()).toEqual([]);
      await page.context().close();
    });
  });
});
