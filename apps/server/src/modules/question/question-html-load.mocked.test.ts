import {
  Perm,
  QUESTION_IMPORT_COLUMNS,
  QUESTION_IMPORT_HEADERS,
  QuestionType,
  type QuestionImportPreview,
  type QuestionView,
} from '@kaoshi/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Client } from '../../../test/build-app.js';
import { createTestApp, login, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher } from '../../../test/factories.js';
import { runImportJob } from '../../../test/imports.js';
import { HTML_ELEMENTS_MAX, HTML_NESTING_MAX } from '../../html.js';
import { multipart } from '../files/fixtures.js';
import { QUESTION_BASE as BASE } from './question.routes.js';
import { createStructure, type Structure } from './test-data.js';

/** What the sanitizer was asked to do, in order, with whatever else the test notes in between. */
const events: string[] = [];
const sanitizerCalled = vi.hoisted(() => ({ listener: (): void => undefined }));

// Counts the calls into sanitize-html itself: a refused field must never reach it.
vi.mock('sanitize-html', async (importOriginal) => {
  const real = (await importOriginal<{ default: (...args: unknown[]) => string }>()).default;
  const counted = (...args: unknown[]) => {
    sanitizerCalled.listener();
    return real(...args);
  };
  return { default: Object.assign(counted, real) };
});

const MB = 1_000_000;
/**
 * The reported input: `<b>` repeated to a million characters, 330,000 levels deep, after a letter
 * (HTML with no text at all is refused as empty before any sanitizing).
 */
const DEEP = `x${'<b>'.repeat((MB - 1) / 3)}`;
/**
 * The heaviest input that passes: nesting at the limit, one chain short of the element limit (room
 * for an option's own paragraph), and text up to the field's million characters.
 */
const chain = '<b>'.repeat(HTML_NESTING_MAX) + 'x' + '</b>'.repeat(HTML_NESTING_MAX);
const HEAVIEST_ACCEPTED = (() => {
  const markup = chain.repeat(HTML_ELEMENTS_MAX / HTML_NESTING_MAX - 1);
  return markup + 'y'.repeat(MB - markup.length);
})();

describe(
  'question HTML too heavy to sanitize (docs/features/rich-text.md)',
  { timeout: 120_000 },
  () => {
    let t: TestApp;
    let writer: Client;
    let s: Structure;

    beforeAll(async () => {
      t = await createTestApp();
      const admin = await login(t.app);
      s = await createStructure(t.handle.db);
      writer = (await signedInTeacher(t.app, admin, [Perm.QUESTION])).client;
    });
    afterAll(() => t.close());
    beforeEach(() => {
      events.length = 0;
      sanitizerCalled.listener = () => void events.push('sanitize');
    });

    const at = () => ({ subjectId: s.subjectId, level: s.level, courseId: s.courseId });
    const options = (count: number) =>
      Array.from({ length: count }, (_, index) => ({
        content: `<p>option ${index}</p>`,
        correct: index === 0,
      }));
    const choice = (fields: Record<string, unknown> = {}) => ({
      ...at(),
      type: QuestionType.SINGLE,
      content: '<p>stem</p>',
      options: options(10),
      analysis: '<p>why</p>',
      ...fields,
    });
    const short = (fields: Record<string, unknown> = {}) => ({
      ...at(),
      type: QuestionType.SHORT_ANSWER,
      content: '<p>stem</p>',
      answer: '<p>model</p>',
      analysis: '<p>why</p>',
      ...fields,
    });
    const withOption = (index: number, content: string) =>
      choice({
        options: options(10).map((option, at) => (at === index ? { ...option, content } : option)),
      });

    type Body = (html: string) => Record<string, unknown>;
    /** Every HTML field of every question type: its name and a body that puts `html` in it. */
    const fields: [label: string, field: string, body: Body][] = [
      ['the stem', 'content', (html) => choice({ content: html })],
      ...Array.from({ length: 10 }, (_, index): [string, string, Body] => [
        `option ${index + 1}`,
        `options.${index}.content`,
        (html) => withOption(index, html),
      ]),
      ['the analysis', 'analysis', (html) => choice({ analysis: html })],
      ["a short answer's model answer", 'answer', (html) => short({ answer: html })],
      [
        "an external link's marking guide",
        'answer',
        (html) => ({
          ...short({ answer: html }),
          type: QuestionType.EXTERNAL_LINK,
          linkUrl: 'https://lab.example.com/1',
        }),
      ],
    ];

    it.each(fields)(
      'refuses the 1 MB worst input in %s with 10002 naming it, before sanitizing anything',
      async (_label, field, body) => {
        const result = await writer.post(`${BASE}/addQuestion`, body(DEEP));
        expectStatus(result, 10002, new RegExp(`^${field.replaceAll('.', '\\.')}: .*levels deep`));
        expect(events).toEqual([]);
      },
    );

    it('refuses the same on updateQuestion', async () => {
      const { id } = expectOk(await writer.post<QuestionView>(`${BASE}/addQuestion`, choice()));
      events.length = 0;
      const result = await writer.put(`${BASE}/updateQuestion`, {
        id,
        ...choice({ analysis: DEEP }),
      });
      expectStatus(result, 10002, /^analysis: .*levels deep/);
      expect(events).toEqual([]);
    });

    it('refuses too many elements, however flat, naming the field', async () => {
      const flat = `x${'<br>'.repeat(HTML_ELEMENTS_MAX + 1)}`;
      expectStatus(
        await writer.post(`${BASE}/addQuestion`, short({ answer: flat })),
        10002,
        /^answer: .*more than 50,000 elements/,
      );
      expect(events).toEqual([]);
    });

    it('fill-in answers are plain text of at most 200 characters: the 1 MB input is refused by the schema', async () => {
      const result = await writer.post(`${BASE}/addQuestion`, {
        ...at(),
        type: QuestionType.FILL_BLANK,
        content: '<p>U = ___</p>',
        blanks: [[DEEP]],
      });
      expectStatus(result, 10002, /blanks/);
      expect(events).toEqual([]);
    });

    it('keeps answering other requests while it cleans the heaviest accepted input in every field', async () => {
      // Once the first field has been cleaned, ask for /api/health/live: it must be answered before
      // the last field is cleaned, so the save hands the event loop back between fields.
      let health: Promise<unknown> | undefined;
      sanitizerCalled.listener = () => {
        events.push('sanitize');
        health ??= t.app
          .inject({ method: 'GET', url: '/api/health/live' })
          .then((response) => events.push(`health ${response.statusCode}`));
      };
      const question = expectOk(
        await writer.post<QuestionView>(
          `${BASE}/addQuestion`,
          choice({
            content: HEAVIEST_ACCEPTED,
            options: options(10).map((option) => ({
              ...option,
              content: `${option.content}${HEAVIEST_ACCEPTED.slice(20)}`,
            })),
            analysis: HEAVIEST_ACCEPTED,
          }),
        ),
      );
      await health;
      expect(question.content.length).toBeGreaterThan(MB / 2);
      const sanitized = events.filter((event) => event === 'sanitize').length;
      expect(sanitized).toBe(12);
      expect(events.indexOf('health 200')).toBeGreaterThan(0);
      expect(events.indexOf('health 200')).toBeLessThan(events.lastIndexOf('sanitize'));
    });

    it('reports such cells in an import preview on their columns, before sanitizing them', async () => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Questions');
      sheet.addRow(QUESTION_IMPORT_COLUMNS.map((column) => QUESTION_IMPORT_HEADERS.en[column]));
      const values: Record<string, unknown> = {
        type: 'Single choice',
        content: `<p>stem</p>${'<b>'.repeat(HTML_NESTING_MAX + 1)}`,
        optionA: 'A',
        optionB: `<p>B</p>${'<br>'.repeat(HTML_ELEMENTS_MAX + 1)}`,
        answer: 'A',
        subjectCode: s.subjectCode,
        level: 5,
        courseCode: s.courseCode,
      };
      sheet.addRow(QUESTION_IMPORT_COLUMNS.map((column) => values[column] ?? null));
      const file = Buffer.from(await book.xlsx.writeBuffer());
      const preview = expectOk(
        await runImportJob<QuestionImportPreview>(writer, {
          method: 'POST',
          url: `${BASE}/importPreview`,
          ...multipart([{ name: 'file', value: file, filename: 'questions.xlsx' }]),
        }),
      );
      expect(preview).toMatchObject({ total: 1, valid: 0, invalid: 1 });
      expect(preview.rows[0]!.problems).toEqual([
        { code: 'tooLong', field: 'content', message: expect.stringMatching(/levels deep/) },
        { code: 'tooLong', field: 'optionB', message: expect.stringMatching(/elements/) },
      ]);
      expect(events).toEqual([]);
    });

    it('accepts what the editor makes of a 100 × 20 table with formatted cells', async () => {
      const cell =
        '<td colspan="1" rowspan="1"><p><strong><em><u><s><span style="color: #ff0000">cell</span></s></u></em></strong></p></td>';
      const table = `<table><tbody>${`<tr>${cell.repeat(20)}</tr>`.repeat(100)}</tbody></table>`;
      const question = expectOk(
        await writer.post<QuestionView>(`${BASE}/addQuestion`, choice({ content: table })),
      );
      expect(question.content).toBe(table);
    });
  },
);
