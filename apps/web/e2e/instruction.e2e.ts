import type { InstructionView, ListResult } from '@kaoshi/shared';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKnowledge, type KnowledgeFixture } from './api';
import {
  DESKTOP,
  PHONE,
  animationsDone,
  answerConfirm,
  buttonName,
  type ContextOptions,
  openSelect,
  openedPopup,
  pickIn,
  screenshot,
  openPage,
  closeDialog,
  endVisit,
} from './browser';
import { LANGUAGES } from './languages';
import { adminSession } from './session';

// Exam notices (考试须知) driven through the UI by the administrator: written with the editor,
// scoped to job types, previewed as an examinee reads them, refused, edited and deleted; the API
// confirms what the screen claims.

const NOTICES = '/examPublishManage/examInstruction';
const INSTRUCTION_API = '/api/kaoshi-paper/instruction';
const SCHOOL_API = '/api/kaoshi-school';

describe('Exam notices', () => {
  const session = adminSession();
  const { baseURL, tag } = session;
  let knowledge: KnowledgeFixture;
  /** Job types of their own with nothing under them: one is deleted while a form names it. */
  let spare: { id: number; name: string }[];

  beforeAll(async () => {
    knowledge = await createKnowledge(session.admin, `N${tag}`);
    const { id: schoolId } = await session.admin.call<{ id: number }>(
      'POST',
      `${SCHOOL_API}/school/addSchool`,
      { name: `须知项目${tag}`, code: `NP-${tag}` },
    );
    const { id: departmentId } = await session.admin.call<{ id: number }>(
      'POST',
      `${SCHOOL_API}/department/addDepartment`,
      { schoolId, name: `须知类别${tag}`, code: `ND-${tag}` },
    );
    spare = [];
    for (const [index, name] of [`电梯安装维修工${tag}`, `焊工${tag}`].entries()) {
      const { id } = await session.admin.call<{ id: number }>(
        'POST',
        `${SCHOOL_API}/subject/addSubject`,
        { departmentId, name, code: `NS${index}-${tag}`, levels: [4] },
      );
      spare.push({ id, name });
    }
  });

  /** A signed-in page at the notices whose console errors are collected (HTTP refusals aside). */
  async function openNotices(options: ContextOptions = {}) {
    const { page, unexpectedErrors } = await openPage(
      session.browser,
      session.admin,
      `${baseURL}${NOTICES}`,
      { locale: 'zh-CN', ...options },
    );
    await main(page).locator('.ant-table').waitFor();
    return { page, unexpectedErrors };
  }

  const main = (page: Page) => page.locator('.app-main-page:not([hidden])');
  const rows = (page: Page) => main(page).locator('.ant-table-row');
  const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
  const dialog = (page: Page, kind: 'form' | 'preview') =>
    page.locator(`.ant-modal.instruction-${kind}-dialog`);
  /**
   * Waits until `modal` has finished zooming in. Its content may be there before antd starts the
   * motion, so waiting for the content and then for running animations can catch it half drawn.
   */
  async function zoomedIn(page: Page, modal: Locator) {
    await expect.poll(() => modal.getAttribute('class')).not.toMatch(/-zoom-(appear|enter)/);
    await animationsDone(page);
  }
  const fieldErrors = (scope: Locator) => scope.locator('.ant-form-item-explain-error');
  const toast = (page: Page) => page.locator('.ant-message-notice');
  const search = (page: Page) =>
    main(page)
      .getByRole('button', { name: buttonName('搜索') })
      .click();

  /** The notice text's editor: bold toggled with Ctrl+B around `bold`. */
  async function typeBody(modal: Locator, before: string, bold: string, after: string) {
    const body = modal.getByRole('textbox', { name: '须知内容', exact: true });
    await body.click();
    await body.pressSequentially(before);
    await body.press('Control+b');
    await body.pressSequentially(bold);
    await body.press('Control+b');
    await body.pressSequentially(after);
  }

  /** The job types the multiple select shows as chosen. */
  const chosenJobTypes = (select: Locator) =>
    select.locator('.ant-select-selection-item-content').allInnerTexts();

  /** Adds `name` to the multiple select of job types; its dropdown stays open after a pick. */
  async function chooseJobType(page: Page, modal: Locator, name: string) {
    const label = { name: '适用工种', exact: true };
    const combobox = modal.getByRole('combobox', label);
    // An inner locator of `has` is looked for inside the outer one: rooted at the page, not the modal.
    const select = modal.locator('.ant-form-item', { has: page.getByRole('combobox', label) });
    const dropdown = await openSelect(page, combobox);
    // A full run leaves many job types: the list is virtual, so type to narrow it, as a user does.
    await combobox.pressSequentially(name);
    await dropdown.locator('.ant-select-item-option', { hasText: name }).first().click();
    await expect.poll(() => chosenJobTypes(select)).toContain(name);
    // Escape would do, but a click beside the field cannot close the dialog instead.
    await modal.locator('.ant-modal-title').click();
    await dropdown.waitFor({ state: 'hidden' });
    return select;
  }

  const find = async (title: string) => {
    const { list } = await session.admin.call<ListResult<InstructionView>>(
      'GET',
      `${INSTRUCTION_API}/listInstruction?keyword=${encodeURIComponent(title)}&limit=100`,
    );
    return list.find((notice) => notice.title === title);
  };

  const addNotice = (body: Partial<InstructionView> & { title: string }) =>
    session.admin.call<{ id: number }>('POST', `${INSTRUCTION_API}/addInstruction`, {
      body: '<p>请提前 30 分钟到达考场。</p>',
      ...body,
    });

  it('numbers a list typed as "1. …", "2. …" once, as the examinee reads it', async () => {
    const { page, unexpectedErrors } = await openNotices();
    await main(page)
      .getByRole('button', { name: buttonName('新增须知') })
      .click();
    const modal = await openedPopup(page, dialog(page, 'form'));
    await zoomedIn(page, modal);
    const title = `编号须知${tag}`;
    await modal.getByLabel('标题').fill(title);
    const body = modal.getByRole('textbox', { name: '须知内容', exact: true });
    await body.click();
    // Typed the way people number lines: "1. " starts a numbered list, then the author goes on
    // typing each number by hand.
    await body.pressSequentially('1. 携带身份证');
    await body.press('Enter');
    await body.pressSequentially('2. 关闭手机');
    await body.press('Enter');
    await body.pressSequentially('3. 按时交卷');
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await toast(page).filter({ hasText: '考试须知已新增' }).waitFor();
    const added = await find(title);
    expect(added!.body).toContain(
      '<ol><li><p>携带身份证</p></li><li><p>关闭手机</p></li><li><p>按时交卷</p></li></ol>',
    );
    expect(added!.body).not.toMatch(/\d\.\s/);

    // What the examinee reads (the preview shows it as they do): each line's number once.
    await row(page, title).getByRole('button', { name: '预览' }).click();
    const preview = await openedPopup(page, dialog(page, 'preview'));
    const items = preview.locator('.instruction-preview-body li');
    await expect.poll(() => items.allInnerTexts()).toEqual(['携带身份证', '关闭手机', '按时交卷']);
    await screenshot(page, 'instruction-numbered-list-zh', { fullPage: false });
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it('writes, lists, filters, previews, edits and deletes a notice, refusing bad input', async () => {
    const elsewhere = `焊工须知${tag}`;
    await addNotice({ title: elsewhere, allSubjects: false, subjectIds: [spare[1]!.id] });
    const everyone = `通用须知${tag}`;
    await addNotice({ title: everyone, enabled: false });
    const { page, unexpectedErrors } = await openNotices();

    await main(page)
      .getByRole('button', { name: buttonName('新增须知') })
      .click();
    const modal = await openedPopup(page, dialog(page, 'form'));
    await modal.getByText('新增考试须知').waitFor();
    await zoomedIn(page, modal);
    // Nothing filled: the title and the text are asked for.
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await expect
      .poll(() => fieldErrors(modal).allInnerTexts())
      .toEqual(['请输入标题', '请填写须知内容']);

    const title = `理论知识考试须知${tag}`;
    await modal.getByLabel('标题').fill(title);
    await typeBody(modal, '请携带', '身份证', '和准考证入场。');
    // Chosen job types, none chosen yet: refused.
    await modal.locator('.ant-radio-button-wrapper', { hasText: '指定工种' }).click();
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await expect
      .poll(() => fieldErrors(modal).allInnerTexts())
      .toEqual(['请至少选择一个工种，或设为适用于全部工种']);
    await chooseJobType(page, modal, knowledge.jobTypeName);
    const select = await chooseJobType(page, modal, spare[0]!.name);
    await modal.getByRole('spinbutton', { name: '最短阅读时间' }).fill('90');
    await zoomedIn(page, modal);
    await screenshot(page, 'instruction-form-new-zh', { fullPage: false });

    // Another administrator deletes a chosen job type meanwhile: the server's refusal shows
    // under the field, and the dialog stays open.
    await session.admin.call('DELETE', `${SCHOOL_API}/subject/deleteSubject/${spare[0]!.id}`);
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await expect
      .poll(() => fieldErrors(modal).allInnerTexts())
      .toEqual([`申报工种 ${spare[0]!.id} 不存在`]);
    expect(await find(title)).toBeUndefined();
    await screenshot(page, 'instruction-form-refused-zh', { fullPage: false });
    await select
      .locator('.ant-select-selection-item', { hasText: spare[0]!.name })
      .locator('.ant-select-selection-item-remove')
      .click();
    await expect.poll(() => chosenJobTypes(select)).toEqual([knowledge.jobTypeName]);
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await toast(page).filter({ hasText: '考试须知已新增' }).waitFor();
    await modal.waitFor({ state: 'hidden' });

    const added = await find(title);
    expect(added).toMatchObject({
      allSubjects: false,
      subjectIds: [knowledge.subjectId],
      minReadSeconds: 90,
      enabled: true,
    });
    expect(added!.body).toContain('<strong>身份证</strong>');
    const listed = row(page, title);
    await listed.waitFor();
    // Its last change reads as a relative time (docs/spec.md §9), the exact one in a tooltip.
    for (const text of [knowledge.jobTypeName, '1 分 30 秒', '启用', '刚刚']) {
      expect(await listed.innerText()).toContain(text);
    }

    // The job-type filter keeps the notices for it: its own and those for every job type.
    await pickIn(
      page,
      main(page).getByRole('combobox', { name: '适用工种' }),
      knowledge.jobTypeName,
    );
    await search(page);
    await expect.poll(() => row(page, elsewhere).count()).toBe(0);
    await row(page, title).waitFor();
    await row(page, everyone).waitFor();
    await pickIn(page, main(page).getByRole('combobox', { name: '状态' }), '停用');
    await search(page);
    await expect.poll(() => row(page, title).count()).toBe(0);
    await row(page, everyone).waitFor();
    await main(page)
      .getByRole('button', { name: buttonName('重置') })
      .click();
    await row(page, elsewhere).waitFor();
    await main(page).getByRole('textbox', { name: '标题' }).fill(`理论知识考试须知${tag}`);
    await search(page);
    await expect.poll(() => rows(page).count()).toBe(1);
    await row(page, title).waitFor();
    await animationsDone(page);
    await screenshot(page, 'instruction-list-filtered-zh');

    // The preview: the text as the examinee reads it, and how long before they may start.
    await row(page, title).getByRole('button', { name: '预览' }).click();
    let preview = dialog(page, 'preview');
    await preview.locator('.instruction-preview-body').waitFor();
    expect(await preview.locator('.instruction-preview-body strong').innerText()).toBe('身份证');
    expect(await preview.getByRole('heading', { level: 4 }).innerText()).toBe(title);
    expect(await preview.locator('.instruction-preview-reading').innerText()).toBe(
      '考生须阅读本须知至少 1 分 30 秒后才能开始考试。',
    );
    expect(await preview.getByRole('button', { name: '1 分 30 秒后可开始' }).isDisabled()).toBe(
      true,
    );
    await zoomedIn(page, preview);
    await screenshot(page, 'instruction-preview-reading-zh', { fullPage: false });
    await closeDialog(preview);

    // Edited: for every job type, no reading time, disabled.
    await row(page, title).getByRole('button', { name: '编辑' }).click();
    const edit = dialog(page, 'form');
    await edit.getByText('编辑考试须知').waitFor();
    await zoomedIn(page, edit);
    expect(await edit.getByLabel('标题').inputValue()).toBe(title);
    await expect.poll(() => chosenJobTypes(edit)).toEqual([knowledge.jobTypeName]);
    const revised = `${title}（修订）`;
    await edit.getByLabel('标题').fill(revised);
    await edit.locator('.ant-radio-button-wrapper', { hasText: '全部工种' }).click();
    await expect.poll(() => edit.getByRole('combobox', { name: '适用工种' }).count()).toBe(0);
    await edit.getByRole('spinbutton', { name: '最短阅读时间' }).fill('0');
    await edit.getByRole('switch', { name: '启用' }).click();
    await edit.getByRole('button', { name: buttonName('保存') }).click();
    await toast(page).filter({ hasText: '已保存' }).waitFor();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => row(page, revised).innerText()).toContain('全部工种');
    for (const text of ['不限', '停用']) {
      expect(await row(page, revised).innerText()).toContain(text);
    }
    expect(await find(revised)).toMatchObject({
      allSubjects: true,
      subjectIds: [],
      minReadSeconds: 0,
      enabled: false,
    });
    expect((await find(revised))!.body).toContain('<strong>身份证</strong>');

    await row(page, revised).getByRole('button', { name: '预览' }).click();
    preview = dialog(page, 'preview');
    await expect
      .poll(() => preview.locator('.instruction-preview-reading').innerText())
      .toBe('不限阅读时间：考生可立即开始考试。');
    await closeDialog(preview);

    // Deleted after a confirmation.
    await row(page, revised).getByRole('button', { name: '删除' }).click();
    await answerConfirm(page, '删除', '已删除');
    await expect.poll(() => row(page, revised).count()).toBe(0);
    expect(await find(revised)).toBeUndefined();

    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it.each(LANGUAGES)(
    'shows the list, form and preview on a desktop and a phone in %s',
    async (language, locale, messages) => {
      const title = `${messages.route.examInstruction} ${language} ${tag}: ${messages.instruction.form.titlePlaceholder}`;
      await addNotice({
        title,
        body: `<h3>${messages.instruction.fields.body}</h3><ol><li><p><strong>${messages.instruction.form.bodyPlaceholder}</strong></p></li><li><p>${messages.instruction.form.readHelp}</p></li></ol>`,
        allSubjects: false,
        subjectIds: [knowledge.subjectId, spare[1]!.id],
        minReadSeconds: 150,
      });
      const m = messages.instruction;
      for (const [viewport, width] of [
        [DESKTOP, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        const { page, unexpectedErrors } = await openNotices({ locale, viewport });
        await row(page, title).waitFor();
        await animationsDone(page);
        await screenshot(page, `instruction-list-${width}-${language}`);

        await row(page, title).getByRole('button', { name: messages.common.edit }).click();
        let modal = dialog(page, 'form');
        await modal.getByText(m.form.editTitle).waitFor();
        // The editor loads on demand: shown once it is no placeholder any more.
        await expect.poll(() => modal.locator('.ke-loading').count()).toBe(0);
        await modal.locator('.ProseMirror strong').waitFor();
        await expect
          .poll(() => modal.locator('.ant-select-selection-item-content').allInnerTexts())
          .toEqual([knowledge.jobTypeName, spare[1]!.name]);
        await zoomedIn(page, modal);
        await screenshot(page, `instruction-form-${width}-${language}`, { fullPage: false });
        // The scope, reading time and switch below the editor.
        await modal.getByRole('switch').scrollIntoViewIfNeeded();
        await screenshot(page, `instruction-form-end-${width}-${language}`, { fullPage: false });
        await closeDialog(modal);

        await row(page, title).getByRole('button', { name: m.preview.action }).click();
        modal = dialog(page, 'preview');
        await modal.locator('.instruction-preview-body strong').waitFor();
        await zoomedIn(page, modal);
        await screenshot(page, `instruction-preview-${width}-${language}`, { fullPage: false });
        await closeDialog(modal);
        await endVisit(page, viewport, unexpectedErrors);
      }
    },
  );
});
