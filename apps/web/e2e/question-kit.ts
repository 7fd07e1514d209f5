import type { ListResult, QuestionView } from '@kaoshi/shared';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ApiClient } from './api';
import { type KnowledgeFixture } from './api';
import {
  buttonName,
  clickFooterButton,
  type ContextOptions,
  openedPopup,
  pickOption,
  openPage,
  screenshot,
} from './browser';
import type { adminSession } from './session';

// What the question bank's browser tests share: the bank page and its dialogs.

export const BANK = '/baseData/index';
export const QUESTION_API = '/api/kaoshi-question/question';
export const TEACHER_TYPE = 2;
export const REVIEWER_PASSWORD = 'review-pass-1';

/** The bank's page helpers for one admin session, placing questions under `knowledge()`. */
export function questionScreens(
  session: ReturnType<typeof adminSession>,
  knowledge: () => KnowledgeFixture,
) {
  const { baseURL } = session;

  /** A signed-in page at the bank whose console errors are collected (HTTP refusals aside). */
  async function openBank(as: ApiClient = session.admin, options: ContextOptions = {}) {
    const { page, unexpectedErrors } = await openPage(session.browser, as, `${baseURL}${BANK}`, {
      locale: 'zh-CN',
      ...options,
    });
    await main(page).locator('.ant-table').waitFor();
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
    await pickOption(page, modal, '申报工种', knowledge().jobTypeName);
    // The job type has one level: it is chosen with it.
    await expect.poll(() => modal.getByRole('combobox', { name: '等级' }).isDisabled()).toBe(false);
    await pickOption(page, modal, '课程', knowledge().course.name);
    await pickOption(page, modal, '鉴定点', knowledge().points[0]!.name);
  }

  /**
   * The import dialog from the bank's Import button to the preview of `file` from `source` (the
   * source's label), placed under the fixture and showing only the bad rows; `onSource` runs
   * once the source is chosen, `onFile` once the file is.
   */
  async function importPreview(
    page: Page,
    options: {
      source: string;
      file: { name: string; mimeType: string; buffer: Buffer };
      onSource?: (modal: Locator) => Promise<void>;
      onFile?: () => Promise<void>;
    },
  ) {
    await main(page)
      .getByRole('button', { name: buttonName('导入') })
      .click();
    const modal = await openedPopup(page, dialog(page, 'import'));
    await modal.getByText(options.source, { exact: true }).click();
    await options.onSource?.(modal);
    await place(page, modal);
    await modal.locator('input[type=file]').setInputFiles(options.file);
    await modal.getByText(options.file.name).waitFor();
    await options.onFile?.();
    await modal.getByRole('button', { name: buttonName('检查') }).click();
    await modal.locator('.import-step-preview').waitFor();
    await modal.locator('#question-import-only-bad').click();
    return modal;
  }

  /** From the preview on: the import, its result holding `result`, a screenshot, closed. */
  /** Next, Start, the result holding `result`; `onResult` looks at it before the dialog closes. */
  async function importApply(
    page: Page,
    modal: Locator,
    result: string,
    screenshotName?: string,
    onResult?: () => Promise<void>,
  ) {
    await modal.getByRole('button', { name: buttonName('下一步') }).click();
    await modal.locator('.import-step-mode').waitFor();
    await modal.getByRole('button', { name: buttonName('开始导入') }).click();
    await modal.locator('.import-step-result').waitFor();
    expect(await modal.locator('.import-step-result').innerText()).toContain(result);
    await onResult?.();
    if (screenshotName) await screenshot(page, screenshotName, { fullPage: false });
    await clickFooterButton(modal, '关闭');
  }

  const list = (query = '') =>
    session.admin.call<ListResult<QuestionView>>(
      'GET',
      `${QUESTION_API}/listQuestion?subjectId=${knowledge().subjectId}&limit=100${query}`,
    );
  /**
   * Narrows the bank's list to what holds `keyword` (a file's tag): files running beside this one
   * add questions, and the newest-first list would otherwise push this file's off the first page.
   */
  async function showOnly(page: Page, keyword: string) {
    await main(page).getByRole('textbox', { name: '题干、标签或解析' }).fill(keyword);
    await main(page)
      .getByRole('button', { name: buttonName('搜索') })
      .click();
  }

  const find = async (text: string, query = '') =>
    (await list(query)).list.find((question) => question.content.includes(text));

  return {
    openBank,
    showOnly,
    main,
    rows,
    row,
    dialog,
    fieldErrors,
    toast,
    typeHtml,
    htmlField,
    place,
    importPreview,
    importApply,
    list,
    find,
  };
}
