import {
  HTML_ALLOWED_TAGS,
  allowedAttributeValue,
  type ListResult,
  type QuestionView,
} from '@kaoshi/shared';
import { XSS_VECTORS } from '@kaoshi/shared/xss-vectors';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  collectConsoleErrors,
  newPage,
  openedPopup,
  screenshot,
  waitForLayout,
  closeDialog,
} from './browser';
import { adminSession } from './session';

// The 124 known XSS vectors in the browser: typed into the rich-text editor's HTML source, and served
// raw to the examinee's view of a question (as if the database held them unsanitized). The app's CSP
// would block inline handlers anyway, so the test does not rely on "no alert appeared": it reads the
// DOM and fails on anything outside the allow-list that the sanitizers should have removed.

const QUESTIONS = '/baseData/index';
const LIST_API = '**/api/kaoshi-question/question/listQuestion*';

interface ElementRecord {
  tag: string;
  attributes: [string, string][];
  /** Inside KaTeX's or ECharts' own output, which our code generates from checked data. */
  generated: boolean;
}

/** Every element under the roots matching `selector`, with its attributes. */
async function elementsUnder(page: Page, selector: string): Promise<ElementRecord[]> {
  return page.evaluate((rootSelector) => {
    const records: ElementRecord[] = [];
    for (const root of Array.from(document.querySelectorAll(rootSelector))) {
      for (const element of Array.from(root.querySelectorAll('*'))) {
        records.push({
          tag: element.tagName.toLowerCase(),
          attributes: Array.from(element.attributes).map((a) => [a.name, a.value]),
          generated: Boolean(element.closest('.katex, [data-ke-chart-drawn]')),
        });
      }
    }
    return records;
  }, selector);
}

const DANGEROUS_VALUE = /^\s*(javascript|vbscript|data:text)/i;

/** Anything able to run: an event handler, a script URL, or an element that loads or runs code. */
function executable(records: ElementRecord[]): string[] {
  const found: string[] = [];
  for (const { tag, attributes } of records) {
    if (/^(script|iframe|object|embed|frame|base|meta|link|style|form)$/.test(tag)) {
      found.push(`<${tag}>`);
    }
    for (const [name, value] of attributes) {
      if (/^on/i.test(name) || DANGEROUS_VALUE.test(value))
        found.push(`<${tag} ${name}="${value}">`);
    }
  }
  return found;
}

/** What breaks the shared allow-list in HTML the web sanitizer produced (generated parts aside). */
function allowListBreaches(records: ElementRecord[]): string[] {
  const found: string[] = executable(records);
  for (const { tag, attributes, generated } of records) {
    if (generated) continue;
    if (!(HTML_ALLOWED_TAGS as readonly string[]).includes(tag)) found.push(`element <${tag}>`);
    for (const [name, value] of attributes) {
      if (allowedAttributeValue(tag, name, value) === null)
        found.push(`<${tag} ${name}="${value}">`);
    }
  }
  return found;
}

/** A question for the list whose HTML fields hold the given vectors, straight from "the server". */
function rawQuestion(id: number, vectors: readonly string[]): QuestionView {
  const [content = '', analysis = '', answer = '', ...optionVectors] = vectors;
  return {
    id,
    type: 0,
    content: `<p>stem ${id}</p>${content}`,
    options: optionVectors.map((vector, index) => ({
      key: String.fromCharCode(65 + index),
      content: `<p>option ${index}</p>${vector}`,
      correct: index === 0,
    })),
    answer: `${answer}A`,
    blanks: [],
    linkUrl: '',
    analysis,
    score: 1,
    difficulty: 1,
    subjectId: 1,
    subjectName: 'xss',
    level: 5,
    courseId: 1,
    courseName: 'xss',
    pointId: null,
    pointName: '',
    tags: [],
    auditStatus: 0,
    auditReason: '',
    retired: false,
    authorId: 1,
    authorName: 'admin',
    reviewerId: null,
    reviewerName: '',
    reviewedAt: null,
    usedInPapers: 0,
    createdAt: '2026-11-21T00:00:00.000Z',
    updatedAt: '2026-11-21T00:00:00.000Z',
  } as QuestionView;
}

describe(`${XSS_VECTORS.length} XSS vectors in the browser`, () => {
  const session = adminSession();
  const { baseURL } = session;

  /** A signed-in page on the question bank that records every dialog a vector might open. */
  async function openQuestionBank() {
    const page = await newPage(session.browser, { locale: 'zh-CN' });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const consoleErrors = collectConsoleErrors(page);
    await session.admin.addSessionTo(page.context());
    return { page, dialogs, consoleErrors };
  }

  const xssFlag = (page: Page) =>
    page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);

  // The vectors in four parts, each its own test and page: all of them in one test took 112 s of
  // its 120 s in a full run on a machine at load 12 (CI run 5).
  const PARTS = 4;
  const partSize = Math.ceil(XSS_VECTORS.length / PARTS);
  for (let part = 0; part < PARTS; part++) {
    const vectorsOfPart = XSS_VECTORS.slice(part * partSize, (part + 1) * partSize);
    it(`the editor keeps nothing executable from a vector typed into its HTML source (part ${part + 1} of ${PARTS})`, async () => {
      const { page, dialogs } = await openQuestionBank();
      await page.goto(`${baseURL}${QUESTIONS}`);
      await waitForLayout(page);
      await page.getByRole('button', { name: '新增试题' }).click();
      // The stem's editor by its label: a form's editors are created one after another.
      const stem = '.ant-modal .ke-root:has(.ProseMirror[aria-label="题干"])';
      const editor = page.locator(stem);
      await editor.locator('.ProseMirror').waitFor();
      await editor.locator('[data-tool="source"]').click();
      await editor.locator('textarea.ke-source').waitFor();

      // One round trip for all vectors (playwright's per-action round trips would take minutes on a
      // busy machine), but the same user actions: type into the HTML source, switch to the document,
      // switch back to the source. The records are checked here, outside the page.
      const results = await page.evaluate(
        async ({ vectors, selector }) => {
          const root = document.querySelector(selector)!;
          const button = root.querySelector<HTMLButtonElement>('[data-tool="source"]')!;
          const until = async (ready: () => boolean) => {
            for (let i = 0; i < 500 && !ready(); i++) {
              await new Promise((resolve) => setTimeout(resolve, 10));
            }
            if (!ready()) throw new Error('the editor did not switch modes');
          };
          const source = () => root.querySelector<HTMLTextAreaElement>('textarea.ke-source');
          const records = (elements: Element[]) =>
            elements.map((element) => ({
              tag: element.tagName.toLowerCase(),
              attributes: Array.from(element.attributes).map((a) => [a.name, a.value]),
              generated: Boolean(element.closest('.katex')),
            }));
          const setValue = Object.getOwnPropertyDescriptor(
            HTMLTextAreaElement.prototype,
            'value',
          )!.set!;
          const answers = [];
          for (const vector of vectors) {
            setValue.call(source()!, vector);
            source()!.dispatchEvent(new Event('input', { bubbles: true }));
            button.click();
            await until(() => source() === null);
            const documentRecords = records(Array.from(root.querySelectorAll('.ProseMirror *')));
            button.click();
            await until(() => source() !== null);
            const saved = source()!.value;
            const template = document.createElement('template');
            template.innerHTML = saved;
            answers.push({
              vector,
              saved,
              documentRecords,
              savedRecords: records(Array.from(template.content.querySelectorAll('*'))),
            });
          }
          return answers;
        },
        { vectors: vectorsOfPart, selector: stem },
      );

      expect(results).toHaveLength(vectorsOfPart.length);
      for (const { vector, saved, documentRecords, savedRecords } of results) {
        // The document as the editor holds it after parsing the vector (TipTap adds its own markup).
        expect(executable(documentRecords as ElementRecord[]), vector).toEqual([]);
        // What the editor would save.
        expect(allowListBreaches(savedRecords as ElementRecord[]), `${vector} → ${saved}`).toEqual(
          [],
        );
      }
      expect(dialogs).toEqual([]);
      expect(await xssFlag(page)).toBeUndefined();
      // The modal holds the page: the viewport is all there is to see. A full-page capture resizes
      // the page first, and once (CI, stop 22) waited out its 30 s on a busy machine.
      await screenshot(page, `xss-editor-${part + 1}`, { fullPage: false });
      await page.context().close();
    });
  }

  it('the examinee view renders unsanitized stored HTML inert', async () => {
    const { page, dialogs } = await openQuestionBank();
    // Twelve vectors per question: stem, analysis, answer and nine options.
    const questions: QuestionView[] = [];
    for (let start = 0; start < XSS_VECTORS.length; start += 12) {
      questions.push(rawQuestion(questions.length + 1, XSS_VECTORS.slice(start, start + 12)));
    }
    await page.route(LIST_API, (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          status: 200,
          message: 'ok',
          data: { list: questions, total: questions.length } satisfies ListResult<QuestionView>,
        }),
      }),
    );
    await page.goto(`${baseURL}${QUESTIONS}`);
    await waitForLayout(page);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.nth(questions.length - 1).waitFor();
    expect(await rows.count()).toBe(questions.length);

    for (let index = 0; index < questions.length; index++) {
      await rows.nth(index).getByRole('button', { name: '预览' }).click();
      const dialog = page.locator('.question-preview-dialog');
      await dialog.getByText(`stem ${index + 1}`).waitFor();
      await openedPopup(page, dialog);
      // With the key and analysis shown, every HTML field of the question is on screen.
      await dialog.getByRole('switch').click();
      await expect
        .poll(() => dialog.locator('.kaoshi-html').count(), { timeout: 10_000 })
        .toBeGreaterThan(questions[index]!.options.length + 1);
      const records = await elementsUnder(page, '.question-preview-dialog .kaoshi-html');
      expect(allowListBreaches(records), `question ${index + 1}`).toEqual([]);
      if (index === 0) await screenshot(page, 'xss-preview');
      await closeDialog(dialog);
    }
    expect(dialogs).toEqual([]);
    expect(await xssFlag(page)).toBeUndefined();
    await page.context().close();
  });
});
