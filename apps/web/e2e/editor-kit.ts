import zlib from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import en from '../src/i18n/locales/en';
import zh from '../src/i18n/locales/zh';
import {
  DESKTOP,
  animationsDone,
  buttonName,
  collectConsoleErrors,
  editorLabelled,
  newPage,
  openSignedIn,
  pickOption,
} from './browser';
import type { KnowledgeFixture } from './api';
import type { adminSession } from './session';

// What the rich-text editor tests share: the question dialog's stem editor and its helpers.

export const BANK = '/baseData/index';
export const FILE_URL = /^\/api\/kaoshi-files\/file\//;
export const NBSP = '\u00a0';
/** Waiting for the page to catch up, never a measure of speed. */
export const POLL = { timeout: 15_000 };

/** Whether the editor's own selection (TipTap puts the editor on its element) is a caret at the
 * end of its text block: what Enter splits at, whatever the page's selection says meanwhile. */
export function caretAtLineEnd(el: Element): boolean {
  type Caret = {
    empty: boolean;
    $from: { parentOffset: number; parent: { content: { size: number } } };
  };
  const { selection } = (el as Element & { editor: { state: { selection: Caret } } }).editor.state;
  return selection.empty && selection.$from.parentOffset === selection.$from.parent.content.size;
}

export type Texts = typeof en;

/** A solid-colour PNG, so an upload shows a real picture. */
export function solidPng(
  width: number,
  height: number,
  [r, g, b]: [number, number, number],
): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.from([0, ...Array.from({ length: width }, () => [r, g, b]).flat()]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Headless Chromium has no screen to share. These flags give it Chromium's own test video source
 * for getDisplayMedia, accepted without the picker: the snapshot's success path, driven for real.
 */
export const FAKE_SCREEN = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--auto-accept-this-tab-capture',
];
/** With the picker auto-accepted but no fake source, capturing fails as on a machine without a screen. */
export const NO_SCREEN = [
  '--use-fake-ui-for-media-stream',
  '--auto-select-desktop-capture-source=Entire screen',
];

/** A button of the editor's toolbar. */
export const tool = (editor: Locator, name: string) => editor.locator(`[data-tool="${name}"]`);

/** A dialog of the editor's tools, by the class each one carries (they open inside the host dialog). */
export const toolDialog = (
  page: Page,
  which: 'formula' | 'chart' | 'scrawl' | 'search' | 'template',
) => page.locator(`.ant-modal.ke-${which}-modal`);

/** Types a LaTeX formula in the formula dialog and inserts it; returns the dialog's preview. */
export async function insertFormula(page: Page, editor: Locator, texts: Texts, latex: string) {
  await tool(editor, 'formula').click();
  const box = toolDialog(page, 'formula');
  await box.getByText(texts.editorTools.formula.insertTitle).waitFor();
  await box.getByRole('textbox', { name: texts.editorTools.formula.latex }).fill(latex);
  await box.locator('.ke-formula-preview .katex').waitFor();
  return box;
}

/** Opens the chart dialog for the table holding the cursor. */
export async function openChart(page: Page, editor: Locator, texts: Texts) {
  await tool(editor, 'chart').click();
  const box = toolDialog(page, 'chart');
  await box.getByText(texts.editorTools.chart.title).first().waitFor();
  // As after the other dialogs here: a click that lands while antd's modal is still zooming in
  // can be lost (in one full run the cancel below left the dialog open over the editor).
  await animationsDone(page);
  return box;
}

export const table = (rows: number, cols = 2) =>
  `<table><tbody>${Array.from(
    { length: rows },
    (_, r) =>
      `<tr>${Array.from({ length: cols }, (_, c) => `<td>${r + 1}-${c + 1}</td>`).join('')}</tr>`,
  ).join('')}</tbody></table>`;

/** The app's texts in the language of `locale`: Chinese or, for any other, English. */
export const textsFor = (locale: string): Texts => (locale.startsWith('zh') ? (zh as Texts) : en);

/** From the bank, the add dialog, its stem editor and that editor's text, once drawn. */
export async function openAddDialog(page: Page, texts: Texts) {
  await page
    .locator('.app-main-page:not([hidden])')
    .getByRole('button', { name: buttonName(texts.question.add) })
    .click();
  const host = page.locator('.ant-modal.question-form-dialog');
  const editor = editorLabelled(host, texts.question.fields.content);
  const text = editor.locator('.ProseMirror');
  await text.waitFor();
  return { host, editor, text };
}

/**
 * Makes the open question form `host` savable beside its stem: a judgement question answered
 * true, of `knowledge`'s job type, level and course. `poll` is the wait for the level's options.
 */
export async function fillJudgementQuestion(
  page: Page,
  host: Locator,
  knowledge: KnowledgeFixture,
  poll?: typeof POLL,
) {
  await host
    .locator('.ant-radio-button-wrapper', { hasText: zh.codes.questionType.judgement })
    .click();
  await host.getByRole('radio', { name: zh.question.view.true, exact: true }).check();
  await pickOption(page, host, zh.question.fields.jobType, knowledge.jobTypeName);
  await expect
    .poll(() => host.getByRole('combobox', { name: zh.question.fields.level }).isDisabled(), poll)
    .toBe(false);
  await pickOption(page, host, zh.question.fields.course, knowledge.course.name);
}

/** The question bank's add dialog and its editor, for one admin session. */
export function editorScreens(session: ReturnType<typeof adminSession>) {
  const { baseURL } = session;
  const dialog = (page: Page) => page.locator('.ant-modal.question-form-dialog');
  const toast = (page: Page, text: string | RegExp) =>
    page.locator('.ant-message-notice').filter({ hasText: text }).first();

  /** The question bank's add dialog and its stem editor (the first editor, with drafts). */
  async function openEditor({
    locale = 'zh-CN',
    viewport = DESKTOP,
    page: existing,
  }: { locale?: string; viewport?: typeof DESKTOP; page?: Page } = {}) {
    const page = existing ?? (await newPage(session.browser, { locale, viewport }));
    const consoleErrors = existing ? [] : collectConsoleErrors(page);
    if (!existing) {
      await openSignedIn(page, session.admin, `${baseURL}${BANK}`);
    }
    const texts = textsFor(locale);
    const { host, editor, text } = await openAddDialog(page, texts);
    await animationsDone(page);
    // Chrome reports the page's CSP against inline handlers even while the sanitizer parses HTML in
    // an inert document, where nothing runs (the tests check that no handler ever ran).
    const unexpectedErrors = () =>
      consoleErrors.filter(
        (line) =>
          !/the server responded with a status of 4\d\d/.test(line) &&
          !/^Executing inline event handler violates the following Content Security Policy/.test(
            line,
          ),
      );
    return { page, host, editor, text, texts, unexpectedErrors };
  }

  /** The editor's output, read through source mode (what the form receives), then back. */
  async function outputOf(editor: Locator): Promise<string> {
    await tool(editor, 'source').click();
    const html = await editor.locator('textarea.ke-source').inputValue();
    await tool(editor, 'source').click();
    await editor.locator('textarea.ke-source').waitFor({ state: 'detached' });
    return html;
  }

  /** Replaces the content through source mode. */
  async function setSource(editor: Locator, html: string) {
    await tool(editor, 'source').click();
    await editor.locator('textarea.ke-source').fill(html);
    await tool(editor, 'source').click();
  }

  return { dialog, toast, tool, openEditor, outputOf, setSource };
}
