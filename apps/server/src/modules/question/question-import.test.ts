import { randomBytes } from 'node:crypto';
import {
  Perm,
  QUESTION_IMPORT_COLUMNS,
  QUESTION_IMPORT_HEADERS,
  QUESTION_IMPORT_LANGUAGES,
  QUESTION_IMPORT_MAX_BYTES,
  TOKEN_COOKIE,
  type ListResult,
  type QuestionImportColumn,
  type QuestionImportPreview,
  type QuestionImportResult,
  type QuestionView,
} from '@kaoshi/shared';
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher, refusalText } from '../../../test/factories.js';
import { readXlsx, rowValues, runImportJob, zip, type JobRun } from '../../../test/imports.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { XLSX_CONTENT_TYPE } from '../../lib/spreadsheet.js';
import { multipart, type Part } from '../files/fixtures.js';
import { QuestionImportService } from './question-import.service.js';
import { QUESTION_BASE as BASE } from './question.routes.js';
import { createStructure, type Structure } from './test-data.js';

type Values = Partial<Record<QuestionImportColumn, unknown>>;
const EN = QUESTION_IMPORT_HEADERS.en;

/** A workbook whose first sheet holds the English headers (or `headers`) then `rows`. */
async function workbook(rows: Values[], headers: unknown[] | null = null) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Questions');
  sheet.addRow(headers ?? QUESTION_IMPORT_COLUMNS.map((column) => EN[column]));
  for (const values of rows) {
    sheet.addRow(
      QUESTION_IMPORT_COLUMNS.map((column) =>
        values[column] === undefined ? null : values[column],
      ),
    );
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('question import and export', () => {
  let t: TestApp;
  let admin: Client;
  let s: Structure;
  const db = () => t.handle.db;

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    s = await createStructure(db());
  });
  afterAll(() => t.close());

  const at = (fields: Values = {}): Values => ({
    subjectCode: s.subjectCode,
    level: 5,
    courseCode: s.courseCode,
    ...fields,
  });
  const single = (fields: Values = {}): Values =>
    at({
      type: 'Single choice',
      content: 'Which tool measures voltage?',
      optionA: 'Ammeter',
      optionB: 'Voltmeter',
      optionC: 'Ohmmeter',
      answer: 'B',
      ...fields,
    });

  const inject = (client: Client, options: InjectOptions) =>
    t.app.inject({ ...options, cookies: client.token ? { [TOKEN_COOKIE]: client.token } : {} });

  const filePart = (file: Buffer, filename = 'questions.xlsx'): Part => ({
    name: 'file',
    value: file,
    filename,
  });
  const structureParts = (fields: Record<string, string | number | null> = {}): Part[] =>
    Object.entries({ subjectId: s.subjectId, level: 5, courseId: s.courseId, ...fields })
      .filter(([, value]) => value !== null)
      .map(([name, value]) => ({ name, value: String(value) }));

  const preview = (parts: Part[] | Buffer, client = admin) =>
    runImportJob<QuestionImportPreview>(client, {
      method: 'POST',
      url: `${BASE}/importPreview`,
      ...multipart(Buffer.isBuffer(parts) ? [filePart(parts)] : parts),
    });

  const apply = (parts: Part[] | Buffer, mode = 'skipInvalid', client = admin) =>
    runImportJob<QuestionImportResult>(client, {
      method: 'POST',
      url: `${BASE}/importApply`,
      ...multipart([
        { name: 'mode', value: mode },
        ...(Buffer.isBuffer(parts) ? [filePart(parts)] : parts),
      ]),
    });
  const applied = (result: JobRun<QuestionImportResult>) => {
    expect(result.body, JSON.stringify(result.body)).toMatchObject({ status: 200 });
    return result.body.data;
  };

  const questionCount = async () =>
    Number(
      (
        await db()
          .selectFrom('questions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const listOf = async (subjectId: number) =>
    expectOk(
      await admin.get<ListResult<QuestionView>>(`${BASE}/listQuestion`, {
        subjectId: String(subjectId),
        sortField: 'id',
        sortOrder: 'ascend',
        limit: '500',
      }),
    ).list;

  const problemsOf = (result: QuestionImportPreview) =>
    result.rows.map((row) => [row.row, row.problems.map((p) => `${p.code} ${p.field}`)]);

  describe('importTemplate', () => {
    it.each(QUESTION_IMPORT_LANGUAGES)(
      'gives headers, instructions and codes in %s',
      async (lang) => {
        const response = await inject(admin, {
          method: 'GET',
          url: `${BASE}/importTemplate`,
          query: { lang },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
        expect(response.headers['content-disposition']).toMatch(
          /^attachment; filename="question-import-template\.xlsx"/,
        );
        const book = await readXlsx(response.rawPayload);
        const [questions, help, codes] = book.worksheets;
        expect(rowValues(questions!, 1)).toEqual(
          QUESTION_IMPORT_COLUMNS.map((column) => QUESTION_IMPORT_HEADERS[lang][column]),
        );
        expect(help!.rowCount).toBeGreaterThan(10);
        const codeRows = Array.from({ length: codes!.rowCount }, (_, i) =>
          rowValues(codes!, i + 1),
        );
        expect(codeRows).toContainEqual([
          s.subjectCode,
          expect.any(String),
          5,
          s.courseCode,
          `Course ${s.courseCode}`,
          s.pointCode,
          `Point ${s.pointCode}`,
        ]);
        // The empty template imports as "no questions".
        expectStatus(
          await preview(response.rawPayload),
          10002,
          /^file: no data: every row below the header/,
        );
      },
    );

    it('refuses an unknown language', async () => {
      expectStatus(await admin.get(`${BASE}/importTemplate`, { lang: 'fr' }), 10002, /lang/);
    });
  });

  describe('importPreview of a workbook', () => {
    it('reads every type and reports each row’s problems by column', async () => {
      const file = await workbook([
        single(),
        at({
          type: '多选题',
          content: '<p>Conductors?</p><script>alert(1)</script>',
          optionA: 'Copper',
          optionB: 'Glass',
          optionC: 'Silver',
          answer: 'A,C',
          score: 2.5,
          difficulty: 4,
          tags: 'metals, physics',
          pointCode: s.pointCode,
        }),
        at({ type: 'True or false', content: 'Copper conducts.', answer: true }),
        at({ type: 4, content: 'U = ___ × ___', answer: 'I/current|R' }),
        at({ type: 'Short answer', content: 'Steps?', answer: 'Switch off.\nLock out.' }),
        at({ type: 3, content: 'Wire it.', linkUrl: 'https://lab.example.com/1', answer: '' }),
        // Invalid from here on.
        single({ subjectCode: 'NOPE' }),
        single({ level: 2 }),
        single({ courseCode: 'NOPE' }),
        single({ pointCode: 'NOPE' }),
        single({ answer: 'E' }),
        single({ optionB: 'ammeter ' }),
        single({ answer: 'AB' }),
        at({ type: 'True or false', content: 'x', answer: 'maybe' }),
        at({ type: 4, content: 'a ___ b', answer: 'x|y' }),
        single({ score: 0, difficulty: 9, tags: 'x'.repeat(21) }),
        single({ type: 'Essay' }),
        single({ content: '', answer: '' }),
        single({ optionC: { formula: '1+1', result: 2 } }),
        single({ score: '<b>2</b>' }),
        single({ optionB: '', optionD: 'gap' }),
        at({ type: 5, content: 'x', answer: '<script>alert(1)</script>' }),
      ]);
      const result = expectOk(await preview(file));
      expect(result).toMatchObject({ total: 22, valid: 6, invalid: 16 });
      expect(problemsOf(result)).toEqual([
        [2, []],
        [3, []],
        [4, []],
        [5, []],
        [6, []],
        [7, []],
        [8, ['unknownSubject subjectCode']],
        [9, ['level level']],
        [10, ['unknownCourse courseCode']],
        [11, ['unknownPoint pointCode']],
        [12, ['answer answer']],
        [13, ['optionDuplicate optionB']],
        [14, ['correctCount answer']],
        [15, ['answer answer']],
        [16, ['blankCount answer']],
        [17, ['score score', 'difficulty difficulty', 'tags tags']],
        [18, ['type type']],
        [19, ['required answer', 'required content']],
        [20, ['formula optionC']],
        [21, ['html score']],
        [22, ['optionEmpty optionB']],
        [23, ['required answer']],
      ]);
      expect(result.rows.slice(0, 6).map((row) => row.question)).toEqual([
        {
          type: 0,
          stem: 'Which tool measures voltage?',
          answer: 'B',
          optionCount: 3,
          score: 1,
          difficulty: 3,
        },
        { type: 1, stem: 'Conductors?', answer: 'AC', optionCount: 3, score: 2.5, difficulty: 4 },
        { type: 2, stem: 'Copper conducts.', answer: 'T', optionCount: 0, score: 1, difficulty: 3 },
        {
          type: 4,
          stem: 'U = ___ × ___',
          answer: 'I / current | R',
          optionCount: 0,
          score: 1,
          difficulty: 3,
        },
        {
          type: 5,
          stem: 'Steps?',
          answer: 'Switch off. Lock out.',
          optionCount: 0,
          score: 1,
          difficulty: 3,
        },
        { type: 3, stem: 'Wire it.', answer: '', optionCount: 0, score: 1, difficulty: 3 },
      ]);
      expect(result.rows[10]!.problems[0]!.message).toBe(
        'names option E but the question has 3 option(s)',
      );
      expect(result.rows[18]!.problems[0]!.message).toMatch(/formulas are never calculated/);
    });

    it('refuses a header row that does not match, naming the columns', async () => {
      expectStatus(
        await preview(await workbook([single()], ['Type', 'Stem', 'Colour'])),
        10002,
        /^file: the header row \(row 1\) does not match the template: missing "Answer", "Job type code", "Level", "Course code"; unknown "Colour" \(C\)/,
      );
    });
  });

  describe('refusals, before anything is written', () => {
    const refused = async (parts: Part[] | Buffer, message: RegExp) => {
      const before = await questionCount();
      expectStatus(await preview(parts), 10002, message);
      const result = await apply(parts);
      expect(result.http).toBe(400);
      expect(refusalText(result)).toMatch(message);
      expect(await questionCount()).toBe(before);
    };

    it('an empty file', () => refused(Buffer.alloc(0), /^file: the file is empty/));
    it('junk bytes', () => refused(randomBytes(4096), /not an Excel workbook/));
    it('a file type that is neither', () =>
      refused([filePart(Buffer.from('x'), 'questions.pdf')], /a \.pdf file cannot be imported/));
    it('a zip bomb', () =>
      refused(
        zip([
          { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
          { name: 'xl/workbook.xml', data: Buffer.alloc(80 * 1024 * 1024), deflate: true },
        ]),
        /unpacks to more than/,
      ));
    it('a file over 5 MB', () =>
      refused(randomBytes(QUESTION_IMPORT_MAX_BYTES + 1), /larger than 5 MB/));
    it('text that is not UTF-8, binary, or empty', async () => {
      const gbk = Buffer.from('312e20b5e7c1f7a3bf0a', 'hex');
      await refused([...structureParts(), filePart(gbk, 'q.txt')], /not UTF-8 text/);
      await refused(
        [...structureParts(), filePart(Buffer.from([0x31, 0x2e, 0x00, 0x01, 0x02]), 'q.txt')],
        /binary data/,
      );
      await refused(
        [...structureParts(), filePart(Buffer.from('\n\n  \n'), 'q.txt')],
        /no questions/,
      );
      await refused(
        [...structureParts(), filePart(await workbook([single()]), 'q.txt')],
        /an Office file named \.txt/,
      );
    });
    it('a text file without or with a wrong structure', async () => {
      const text = Buffer.from('1. x\nAnswer: T\n');
      await refused([filePart(text, 'q.txt')], /^subjectId: /);
      await refused(
        [...structureParts({ courseId: s.otherCourseId }), filePart(text, 'q.txt')],
        /^courseId: /,
      );
      await refused(
        [...structureParts({ pointId: s.otherPointId }), filePart(text, 'q.txt')],
        /^pointId: /,
      );
      await refused([...structureParts({ level: 7 }), filePart(text, 'q.txt')], /^level: /);
    });
  });

  describe('importApply', () => {
    it('writes the valid rows with progress (skipInvalid) or nothing (allOrNothing)', async () => {
      const mine = await createStructure(db());
      const rows = Array.from({ length: 1100 }, (_, i) =>
        single({
          subjectCode: mine.subjectCode,
          courseCode: mine.courseCode,
          content: `Question ${i}`,
          ...(i % 100 === 99 && { answer: 'Z' }),
        }),
      );
      const file = await workbook(rows);
      const before = await questionCount();
      const refusedAll = await apply(file, 'allOrNothing');
      expect(refusedAll.body).toMatchObject({ status: 10002 });
      expect(refusalText(refusedAll)).toMatch(/^file: 11 of 1100 questions are invalid/);
      expect(await questionCount()).toBe(before);

      const result = await apply(file);
      // The polls see some of the steps: checking, rows written, then done with every row.
      expect(result.steps.at(-1)).toEqual({ phase: 'done', done: 1089, total: 1089 });
      for (const step of result.steps.filter((seen) => seen.phase === 'write')) {
        expect(step.total).toBe(1089);
      }
      expect(applied(result)).toEqual({ created: 1089, updated: 0, skipped: 11, total: 1100 });
      const list = await listOf(mine.subjectId);
      expect(list.length).toBe(500);
      expect(list[0]).toMatchObject({
        content: '<p>Question 0</p>',
        answer: 'B',
        auditStatus: 0,
        authorId: 1,
        courseId: mine.courseId,
      });
      const badMode = await apply(file, 'sometimes');
      expect(badMode.http).toBe(400);
      expect(refusalText(badMode)).toMatch(/^mode: must be one of/);
    });

    it('imports the plain-text format under the structure the form gives, escaping < > &', async () => {
      const mine = await createStructure(db());
      const text = [
        '1．下列哪个电压是安全电压？',
        'A．220V',
        'B．36V',
        '答案：B',
        '分值：2',
        '',
        '2. Is 3 < 5 & 5 > 3?',
        'Answer: √',
        'Tags: maths',
        '',
        '3. Missing options',
        'Answer: B',
        'Type: single',
      ].join('\r\n');
      const parts = [
        ...structureParts({
          subjectId: mine.subjectId,
          courseId: mine.courseId,
          pointId: mine.pointId,
        }),
        filePart(Buffer.from(text), 'questions.txt'),
      ];
      const result = expectOk(await preview(parts));
      expect(problemsOf(result)).toEqual([
        [1, []],
        [7, []],
        [11, ['answer answer', 'optionCount optionA']],
      ]);
      // Notepad's "Unicode" (UTF-16 with a byte-order mark) reads the same.
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
      expect(
        expectOk(await preview([...parts.slice(0, -1), filePart(utf16, 'questions.txt')])),
      ).toEqual(result);
      expect(applied(await apply(parts))).toEqual({ created: 2, updated: 0, skipped: 1, total: 3 });
      const list = await listOf(mine.subjectId);
      expect(list.map((q) => [q.type, q.content, q.answer, q.score, q.pointId, q.tags])).toEqual([
        [0, '<p>下列哪个电压是安全电压？</p>', 'B', 2, mine.pointId, []],
        [2, '<p>Is 3 &lt; 5 &amp; 5 &gt; 3?</p>', 'T', 1, mine.pointId, ['maths']],
      ]);
    });

    it('checks the rows again inside the transaction', async () => {
      const mine = await createStructure(db());
      const imports = new QuestionImportService(db());
      const actor = { user: { id: 1 } } as AuthContext;
      const file = await workbook([
        single({ subjectCode: mine.subjectCode, courseCode: mine.courseCode }),
        single({
          subjectCode: mine.subjectCode,
          courseCode: mine.courseCode,
          pointCode: mine.pointCode,
        }),
      ]);
      const upload = { file, fileName: 'q.xlsx', structure: null };
      const strict = await imports.prepare(upload, 'allOrNothing', actor);
      const lenient = await imports.prepare(upload, 'skipInvalid', actor);
      expect(strict.preview.valid).toBe(2);
      // The appraisal point goes away between the check and the write.
      await db().deleteFrom('knowledge').where('id', '=', mine.pointId).execute();
      await expect(strict.run()).rejects.toThrow(
        /the data changed since the file was checked: 1 questions are now invalid/,
      );
      expect(await listOf(mine.subjectId)).toEqual([]);
      expect(await lenient.run()).toEqual({ created: 1, updated: 0, skipped: 1, total: 2 });
    });
  });

  describe('export', () => {
    it('exports the filtered questions in the template’s columns and imports them again', async () => {
      const mine = await createStructure(db());
      const base = {
        subjectId: mine.subjectId,
        level: 5,
        courseId: mine.courseId,
        pointId: mine.pointId,
        analysis: '<p>Because <strong>physics</strong>.</p>',
        score: 1.5,
        difficulty: 4,
        tags: ['a', 'b'],
      };
      const bodies = [
        {
          ...base,
          type: 0,
          content: '<p>Pick <em>one</em></p>',
          options: [
            { content: '<p>A1</p>', correct: false },
            { content: '<p>A2 &amp; more</p>', correct: true },
          ],
        },
        {
          ...base,
          type: 1,
          content: '<p>Pick two</p>',
          options: ['x', 'y', 'z'].map((content, i) => ({ content, correct: i !== 1 })),
          pointId: null,
        },
        { ...base, type: 2, content: '<p>True?</p>', answer: 'F' },
        {
          ...base,
          type: 3,
          content: '<p>Go there</p>',
          linkUrl: 'https://lab.example.com/a?b=1',
          answer: '<p>Guide</p>',
        },
        { ...base, type: 4, content: '<p>___ and ___</p>', blanks: [['x', 'y'], ['z']] },
        { ...base, type: 5, content: '<p>Explain</p>', answer: '<p>Model <u>answer</u></p>' },
      ];
      const originals: QuestionView[] = [];
      for (const body of bodies) {
        originals.push(expectOk(await admin.post<QuestionView>(`${BASE}/addQuestion`, body)));
      }
      // A retired one stays out of the default export.
      const retired = expectOk(await admin.post<QuestionView>(`${BASE}/addQuestion`, bodies[2]));
      expectOk(await admin.post(`${BASE}/batchQuestion`, { ids: [retired.id], action: 'retire' }));

      const response = await inject(admin, {
        method: 'GET',
        url: `${BASE}/export`,
        query: {
          subjectId: String(mine.subjectId),
          sortField: 'id',
          sortOrder: 'ascend',
          lang: 'zh',
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(
        /filename\*=UTF-8''%E8%AF%95%E9%A2%98-\d{8}\.xlsx/,
      );
      const book = await readXlsx(response.rawPayload);
      const sheet = book.worksheets[0]!;
      expect(sheet.rowCount).toBe(7);
      expect(rowValues(sheet, 1)).toEqual(
        QUESTION_IMPORT_COLUMNS.map((column) => QUESTION_IMPORT_HEADERS.zh[column]),
      );
      expect(rowValues(sheet, 2).slice(0, 3)).toEqual([
        '单选题',
        '<p>Pick <em>one</em></p>',
        '<p>A1</p>',
      ]);

      // Round trip: the exported file imports as the same questions.
      const again = expectOk(await preview(response.rawPayload));
      expect(problemsOf(again).every(([, problems]) => (problems as string[]).length === 0)).toBe(
        true,
      );
      expect(applied(await apply(response.rawPayload))).toEqual({
        created: 6,
        updated: 0,
        skipped: 0,
        total: 6,
      });
      const copies = (await listOf(mine.subjectId)).filter((q) => q.id > retired.id);
      const comparable = (q: QuestionView) => ({
        type: q.type,
        content: q.content,
        options: q.options,
        answer: q.answer,
        blanks: q.blanks,
        linkUrl: q.linkUrl,
        analysis: q.analysis,
        score: q.score,
        difficulty: q.difficulty,
        courseId: q.courseId,
        pointId: q.pointId,
        tags: q.tags,
      });
      expect(copies.map(comparable)).toEqual(originals.map(comparable));
    });

    it('refuses a bad filter', async () => {
      expectStatus(await admin.get(`${BASE}/export`, { difficulty: '9' }), 10002, /difficulty/);
    });
  });

  it('every import and export call needs EXAM-QUESTION', async () => {
    const outsider = (await signedInTeacher(t.app, admin, [Perm.STUDENT])).client;
    expectStatus(await outsider.get(`${BASE}/importTemplate`), 10001);
    expectStatus(await outsider.get(`${BASE}/export`), 10001);
    expectStatus(await preview(await workbook([single()]), outsider), 10001);
    expect((await apply(await workbook([single()]), 'skipInvalid', outsider)).body.status).toBe(
      10001,
    );
  });
});
