import { randomBytes } from 'node:crypto';
import {
  Perm,
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_HEADERS,
  STUDENT_IMPORT_LANGUAGES,
  STUDENT_IMPORT_MAX_BYTES,
  STUDENT_IMPORT_MAX_ROWS,
  STUDENT_IMPORT_VALUE_LABELS,
  TOKEN_COOKIE,
  UserType,
  type Envelope,
  type StudentImportColumn,
  type StudentImportPreview,
  type StudentImportResult,
  type StudentView,
} from '@kaoshi/shared';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, login, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher, refusalText } from '../../../test/factories.js';
import { readApplied, readXlsx, rowValues, zip, type Applied } from '../../../test/imports.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { multipart, type Part } from '../files/fixtures.js';
import { XLSX_CONTENT_TYPE } from '../../lib/spreadsheet.js';
import { StudentImportService } from './student-import.service.js';
import { assignTeacher, createBatch, residentId, type Batch } from './test-data.js';

const STUDENT = '/api/kaoshi-base/student';
const EN = STUDENT_IMPORT_HEADERS.en;
const TEMPLATE_HEADERS = STUDENT_IMPORT_COLUMNS.map((column) => EN[column]);

type Values = Partial<Record<StudentImportColumn, unknown>>;
type Cells = unknown[];

let idSeed = 500_000;
const freshId = () => residentId(++idSeed);

/** A resident ID whose check character is wrong. */
const badChecksum = (id: string) => id.slice(0, 17) + (id[17] === '0' ? '1' : '0');

/** A workbook whose first sheet holds `headers` then `rows` (arrays of cell values). */
async function workbook(
  rows: Cells[],
  options: { headers?: Cells | null; edit?: (sheet: ExcelJS.Worksheet) => void } = {},
) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Students');
  if (options.headers !== null) sheet.addRow(options.headers ?? TEMPLATE_HEADERS);
  for (const row of rows) sheet.addRow(row);
  options.edit?.(sheet);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** One row in the template's column order. */
const cells = (values: Values): Cells =>
  STUDENT_IMPORT_COLUMNS.map((column) => (values[column] === undefined ? null : values[column]));

const filePart = (file: Buffer): Part => ({
  name: 'file',
  value: file,
  filename: 'students.xlsx',
  contentType: XLSX_CONTENT_TYPE,
});

describe('student import and export', () => {
  let t: TestApp;
  let admin: Client;
  let open: Batch;
  let small: Batch;
  const codes = new Map<number, string>();
  const db = () => t.handle.db;

  const codeOf = async (batch: Batch) => {
    const row = await db()
      .selectFrom('classes')
      .select('code')
      .where('id', '=', batch.classId)
      .executeTakeFirstOrThrow();
    codes.set(batch.classId, row.code);
    return row.code;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    open = await createBatch(db());
    small = await createBatch(db(), { subjectId: open.subjectId, capacity: 1 });
    await codeOf(open);
    await codeOf(small);
  });
  afterAll(() => t.close());

  const code = (batch: Batch) => codes.get(batch.classId)!;
  const student = (values: Values = {}): Values => ({
    name: `Student ${idSeed}`,
    gender: 'Male',
    idType: 'Resident ID card',
    idNumber: freshId(),
    phone: '13800138000',
    email: '',
    batchCode: code(open),
    status: 'Enabled',
    ...values,
  });

  const inject = (client: Client, options: InjectOptions) =>
    t.app.inject({
      ...options,
      cookies: client.token ? { [TOKEN_COOKIE]: client.token } : {},
    });

  const preview = (file: Buffer, client = admin) =>
    client.request<StudentImportPreview>({
      method: 'POST',
      url: `${STUDENT}/importPreview`,
      ...multipart([filePart(file)]),
    });

  const applyParts = async (parts: Part[], client = admin) =>
    readApplied<StudentImportResult>(
      await inject(client, {
        method: 'POST',
        url: `${STUDENT}/importApply`,
        ...multipart(parts),
      }),
    );
  const apply = (file: Buffer, mode = 'skipInvalid', client = admin) =>
    applyParts([{ name: 'mode', value: mode }, filePart(file)], client);

  /** The result's counts (the new accounts are checked where they matter). */
  const applied = (result: Applied<StudentImportResult>) => {
    expect(result.body, JSON.stringify(result.body)).toMatchObject({ status: 200 });
    const { accounts, ...counts } = result.body.data;
    expect(accounts).toHaveLength(counts.created);
    return counts;
  };

  const count = async (table: 'users' | 'students' | 'user_roles') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const counts = async () => ({
    users: await count('users'),
    students: await count('students'),
    roles: await count('user_roles'),
  });
  const byIdNumber = (idNumber: string) =>
    db().selectFrom('students').selectAll().where('id_number', '=', idNumber).executeTakeFirst();

  const download = (client: Client, url: string, query: Record<string, string>) =>
    inject(client, { method: 'GET', url, query });

  describe('importTemplate', () => {
    it.each([
      ['zh', '初级', '中级'],
      ['en', 'Junior', 'Intermediate'],
      ['es', 'Básico', 'Intermedio'],
      ['ja', '初級', '中級'],
    ] as const)("names the batches' levels in words of %s", async (lang, junior, intermediate) => {
      const middle = await createBatch(db(), { subjectId: open.subjectId, level: 4 });
      await codeOf(middle);
      const response = await download(admin, `${STUDENT}/importTemplate`, { lang });
      const batches = (await readXlsx(response.rawPayload)).worksheets[2]!;
      const levelOf = (batch: Batch) => {
        const row = batches.getColumn(1).values.findIndex((value) => value === code(batch));
        return rowValues(batches, row)[3];
      };
      expect(levelOf(open)).toBe(junior);
      expect(levelOf(middle)).toBe(intermediate);
    });

    it.each(STUDENT_IMPORT_LANGUAGES)(
      'gives the template with headers and instructions in %s',
      async (lang) => {
        const response = await download(admin, `${STUDENT}/importTemplate`, { lang });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
        expect(response.headers['content-disposition']).toMatch(
          /^attachment; filename=".+\.xlsx"; filename\*=UTF-8''.+\.xlsx$/,
        );
        const book = await readXlsx(response.rawPayload);
        expect(book.worksheets).toHaveLength(3);
        const [students, instructions, batches] = book.worksheets;
        expect(rowValues(students!, 1)).toEqual(
          STUDENT_IMPORT_COLUMNS.map((column) => STUDENT_IMPORT_HEADERS[lang][column]),
        );
        expect(students!.actualRowCount).toBe(1);
        expect(instructions!.actualRowCount).toBeGreaterThan(10);
        const listed = batches!.getColumn(1).values.map(String);
        expect(listed).toContain(code(open));
        expect(listed).toContain(code(small));

        // The words this language writes read back as the right codes.
        const labels = STUDENT_IMPORT_VALUE_LABELS[lang];
        const idNumber = `P${lang.toUpperCase()}123456`;
        students!.addRow(
          cells({
            name: `Template ${lang}`,
            gender: labels.gender[2],
            idType: labels.idType[2],
            idNumber,
            batchCode: code(open),
            status: labels.status[0],
          }),
        );
        const filled = Buffer.from(await book.xlsx.writeBuffer());
        expect(applied(await apply(filled, 'allOrNothing'))).toMatchObject({ created: 1 });
        expect(await byIdNumber(idNumber)).toMatchObject({ gender: 2, id_type: 2, status: 0 });
      },
    );

    it('names the Chinese file in UTF-8 and defaults to Chinese', async () => {
      const response = await download(admin, `${STUDENT}/importTemplate`, {});
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="student-import-template.xlsx"; filename*=UTF-8''${encodeURIComponent('考生导入模板.xlsx')}`,
      );
      const book = await readXlsx(response.rawPayload);
      expect(rowValues(book.worksheets[0]!, 1)[0]).toBe('姓名');
    });

    it('refuses an unknown language (10002)', async () => {
      expectStatus(await admin.get(`${STUDENT}/importTemplate`, { lang: 'fr' }), 10002, /lang/);
    });

    it('reads its own template back: empty, it has no students; filled in, it imports', async () => {
      const response = await download(admin, `${STUDENT}/importTemplate`, { lang: 'ja' });
      expectStatus(await preview(response.rawPayload), 10002, /no data: every row below/);

      const book = await readXlsx(response.rawPayload);
      const labels = STUDENT_IMPORT_VALUE_LABELS.ja;
      const idNumber = freshId();
      book.worksheets[0]!.addRow(
        cells({
          name: '山田太郎',
          gender: labels.gender[2],
          idType: labels.idType[1],
          idNumber,
          phone: '13900139000',
          batchCode: code(open),
          status: labels.status[0],
        }),
      );
      const filled = Buffer.from(await book.xlsx.writeBuffer());
      const checked = expectOk(await preview(filled));
      expect(checked).toMatchObject({ total: 1, valid: 1, invalid: 0, creates: 1, updates: 0 });
      expect(applied(await apply(filled))).toEqual({
        created: 1,
        updated: 0,
        skipped: 0,
        total: 1,
      });
      expect(await byIdNumber(idNumber)).toMatchObject({
        name: '山田太郎',
        gender: 2,
        id_type: 1,
        status: 0,
        class_id: open.classId,
      });
    });
  });

  describe('importPreview', () => {
    it('marks every bad row with its column, code and reason, and writes nothing', async () => {
      const taken = freshId();
      const existingId = freshId();
      applied(await apply(await workbook([cells(student({ idNumber: existingId }))])));
      const before = await counts();
      const passport = 'E1234567';
      const rows: [string, Values, [StudentImportColumn, string][]][] = [
        ['valid', student({ idNumber: taken }), []],
        ['valid passport', student({ idType: 'Passport', idNumber: passport }), []],
        ['update', student({ idNumber: existingId, name: 'Renamed' }), []],
        [
          'checksum',
          student({ idNumber: badChecksum(freshId()) }),
          [['idNumber', 'idNumberChecksum']],
        ],
        [
          'birth date',
          student({ idNumber: '110105199913320011' }),
          [['idNumber', 'idNumberBirthDate']],
        ],
        ['format', student({ idNumber: '12345' }), [['idNumber', 'idNumberFormat']]],
        [
          'passport format',
          student({ idType: 2, idNumber: 'AB!' }),
          [['idNumber', 'idNumberFormat']],
        ],
        ['no name', student({ name: '' }), [['name', 'required']]],
        ['no id', student({ idNumber: null }), [['idNumber', 'required']]],
        ['no batch', student({ batchCode: '' }), [['batchCode', 'required']]],
        ['long name', student({ name: 'x'.repeat(51) }), [['name', 'tooLong']]],
        ['gender', student({ gender: 'maybe' }), [['gender', 'gender']]],
        ['id type', student({ idType: 'Library card' }), [['idType', 'idType']]],
        ['status', student({ status: 'sometimes' }), [['status', 'status']]],
        ['phone', student({ phone: '12345' }), [['phone', 'phone']]],
        ['email', student({ email: 'not-an-email' }), [['email', 'email']]],
        ['unknown batch', student({ batchCode: 'NO-SUCH-BATCH' }), [['batchCode', 'unknownBatch']]],
        [
          'duplicate',
          student({ idNumber: taken.toLowerCase() }),
          [['idNumber', 'duplicateInFile']],
        ],
        [
          'formula',
          student({ name: { formula: 'CONCAT("a","b")', result: 'ab' } }),
          [['name', 'formula']],
        ],
        ['"=" text', student({ name: '=HYPERLINK("http://x")' }), [['name', 'formula']]],
        ['html', student({ name: '<img src=x onerror=alert(1)>' }), [['name', 'html']]],
        ['entity', student({ email: 'a&lt;b@example.com' }), [['email', 'html']]],
        ['lost digits', student({ idNumber: 110105197001010000 }), [['idNumber', 'lostDigits']]],
        [
          'date',
          student({ batchCode: new Date(Date.UTC(2026, 0, 2)) }),
          [['batchCode', 'cellType']],
        ],
        ['boolean', student({ gender: true }), [['gender', 'cellType']]],
        [
          'several',
          student({ name: '', phone: 'x', idNumber: badChecksum(freshId()) }),
          [
            ['name', 'required'],
            ['idNumber', 'idNumberChecksum'],
            ['phone', 'phone'],
          ],
        ],
      ];
      const file = await workbook(rows.map(([, values]) => cells(values)));
      const result = expectOk(await preview(file));
      expect(result.total).toBe(rows.length);
      expect(result).toMatchObject({ valid: 3, invalid: rows.length - 3, creates: 2, updates: 1 });
      rows.forEach(([title, , expected], i) => {
        const row = result.rows[i]!;
        expect(row.row, title).toBe(i + 2);
        const found = row.errors.map((error) => [error.column, error.code]);
        expect(found.sort(), title).toEqual([...expected].sort());
        for (const error of row.errors) expect(error.message, title).toMatch(/\w/);
        expect(row.action, title).toBe(
          expected.length > 0 ? null : title === 'update' ? 'update' : 'create',
        );
      });
      expect(result.rows[17]!.errors[0]!.message).toMatch(/row 2/);
      expect(result.rows[0]!.values).toMatchObject({ idNumber: taken, batchCode: code(open) });
      expect(result.rows[19]!.values.name).toBe('=HYPERLINK("http://x")');
      expect(await counts()).toEqual(before);
    });

    it('reads any header language in any order, rich text, numbers and blank rows', async () => {
      const zh = STUDENT_IMPORT_HEADERS.zh;
      const idNumber = freshId();
      const file = await workbook(
        [
          [
            code(open),
            '女',
            { richText: [{ text: 'Wang ' }, { text: 'Wu', font: { bold: true } }] },
            13800138000,
            idNumber.slice(0, 17) + idNumber[17]!.toLowerCase(),
          ],
          [],
          [null, null, '   ', null, null],
        ],
        {
          headers: [
            zh.batchCode,
            zh.gender,
            ` ${EN.name.toUpperCase()} *`,
            'mobile phone',
            STUDENT_IMPORT_HEADERS.es.idNumber,
          ],
        },
      );
      const result = expectOk(await preview(file));
      expect(result).toMatchObject({ total: 1, valid: 1 });
      expect(result.rows[0]).toMatchObject({
        row: 2,
        action: 'create',
        values: {
          name: 'Wang Wu',
          gender: '女',
          phone: '13800138000',
          batchCode: code(open),
          idType: '',
          status: '',
          email: '',
        },
      });
      expect(result.rows[0]!.values.idNumber.toUpperCase()).toBe(idNumber);
    });

    it('fills a batch with a seat limit in sheet order and marks the rows past it', async () => {
      const result = expectOk(
        await preview(
          await workbook([
            cells(student({ batchCode: code(small) })),
            cells(student({ batchCode: code(small) })),
          ]),
        ),
      );
      expect(result.rows.map((row) => row.action)).toEqual(['create', null]);
      expect(result.rows[1]!.errors).toEqual([
        expect.objectContaining({ column: 'batchCode', code: 'batchFull' }),
      ]);
    });
  });

  describe('refused files (10002, nothing written)', () => {
    const refused = async (file: Buffer, message: RegExp) => {
      const before = await counts();
      expectStatus(await preview(file), 10002, message);
      const result = await apply(file);
      expect(result.type).toMatch(/json/);
      expect(result.http).toBe(400);
      expect(result.body.status).toBe(10002);
      expect(refusalText(result)).toMatch(message);
      expect(await counts()).toEqual(before);
    };

    it('an empty file', () => refused(Buffer.alloc(0), /^file: the file is empty/));
    it('junk bytes', () => refused(randomBytes(4096), /not an Excel workbook/));
    it('a CSV file', () =>
      refused(Buffer.from('name,idNumber\nZhang,110105197001010011\n'), /not an Excel workbook/));
    it('an old .xls file', () =>
      refused(Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), randomBytes(512)]), /\.xls/));
    it('a zip that is not a workbook', () =>
      refused(zip([{ name: 'notes.txt', data: Buffer.from('hello') }]), /not an Excel workbook/));
    it('a cut-off workbook', async () => {
      const file = await workbook([cells(student())]);
      await refused(file.subarray(0, Math.floor(file.length / 2)), /not an Excel workbook/);
    });
    it('a workbook with damaged XML', () =>
      refused(
        zip([
          { name: '[Content_Types].xml', data: Buffer.from('<Types') },
          { name: 'xl/workbook.xml', data: Buffer.from('<<<not xml', 'utf8'), deflate: true },
        ]),
        /damaged/,
      ));
    it('a zip bomb, honest or lying about its size', async () => {
      const zeros = Buffer.alloc(80 * 1024 * 1024);
      const entries = [
        { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
        { name: 'xl/workbook.xml', data: zeros, deflate: true },
      ];
      await refused(zip(entries), /unpacks to more than/);
      await refused(
        zip([entries[0]!, { ...entries[1]!, declaredSize: 1000 }]),
        /unpacks to more than/,
      );
    });
    /** The workbook `file` with its shared strings replaced by `count` strings of `text`. */
    const withSharedStrings = async (file: Buffer, count: number, text: string) => {
      const archive = await JSZip.loadAsync(file);
      expect(archive.file('xl/sharedStrings.xml')).not.toBeNull();
      const one = `<si><t>${text}</t></si>`;
      archive.file(
        'xl/sharedStrings.xml',
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
          `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${count}">` +
          one.repeat(count) +
          '</sst>',
      );
      return Buffer.from(
        await archive.generateAsync({
          type: 'nodebuffer',
          compression: 'DEFLATE',
          compressionOptions: { level: 9 },
        }),
      );
    };
    it('shared strings that unpack past their cap (a small file inflating to 30 MB)', async () => {
      const file = await withSharedStrings(
        await workbook([cells(student())]),
        3,
        'A'.repeat(10 * 1024 * 1024),
      );
      expect(file.length).toBeLessThan(200 * 1024);
      await refused(file, /^file: the workbook’s shared strings unpack to more than 24 MB/);
    });
    it('more shared strings than the cap', async () => {
      const file = await withSharedStrings(await workbook([cells(student())]), 600_000, 'x');
      await refused(file, /^file: the workbook has more than 500000 shared strings/);
    });
    it('10 MB of junk', async () => {
      const junk = randomBytes(10 * 1024 * 1024);
      const before = await counts();
      expectStatus(await preview(junk), 10002, /larger than 5 MB/);
      const result = await apply(junk);
      expect(result.body).toMatchObject({ status: 10002 });
      expect(refusalText(result)).toMatch(/larger than 5 MB/);
      // Not multipart at all: refused by content type.
      expectStatus(
        await admin.request({
          method: 'POST',
          url: `${STUDENT}/importPreview`,
          payload: junk,
          headers: { 'content-type': 'application/octet-stream' },
        }),
        10002,
      );
      expect(await counts()).toEqual(before);
    });
    it('a file just over the limit', async () => {
      expectStatus(await preview(randomBytes(STUDENT_IMPORT_MAX_BYTES + 1)), 10002, /5 MB/);
    });
    it('wrong headers, naming the missing and the unknown columns', async () => {
      await refused(
        await workbook([['x', 'y', 'z']], { headers: ['Name', 'Favourite colour', 'Gender'] }),
        /missing "ID number", "Batch code"; unknown "Favourite colour" \(B\)/,
      );
      await refused(
        await workbook([cells(student())], { headers: [...TEMPLATE_HEADERS, 'Name'] }),
        /repeated "Name" \(A, I\)/,
      );
    });
    it('an empty sheet, and a header with no rows', async () => {
      await refused(await workbook([], { headers: null }), /first sheet is empty/);
      await refused(await workbook([[], []]), /no data/);
    });
    // A 20,001-row workbook is built and read whole: seconds of work that a busy 2-core machine
    // stretches past the suite's 20 s default, so this one test gets room of its own.
    it('too many rows', { timeout: 120_000 }, async () => {
      const rows = Array.from({ length: STUDENT_IMPORT_MAX_ROWS + 1 }, (_, i) => [
        `S${i}`,
        null,
        null,
        residentId(i),
        null,
        null,
        code(open),
      ]);
      await refused(await workbook(rows), /20001 rows; at most 20000/);
    });
    it('no file, another field, a JSON body, a bad mode', async () => {
      expectStatus(
        await admin.request({
          method: 'POST',
          url: `${STUDENT}/importPreview`,
          ...multipart([{ name: 'mode', value: 'skipInvalid' }]),
        }),
        10002,
        /no file was sent/,
      );
      expectStatus(
        await admin.request({
          method: 'POST',
          url: `${STUDENT}/importPreview`,
          ...multipart([
            {
              name: 'upload',
              value: Buffer.from('x'),
              filename: 'a.xlsx',
              contentType: XLSX_CONTENT_TYPE,
            },
          ]),
        }),
        10002,
        /field "file"/,
      );
      expectStatus(await admin.post(`${STUDENT}/importPreview`, { file: 'x' }), 10002, /multipart/);
      const file = await workbook([cells(student())]);
      for (const mode of [undefined, 'everything']) {
        const result = await applyParts([
          ...(mode ? [{ name: 'mode', value: mode }] : []),
          filePart(file),
        ]);
        expect(result.body).toMatchObject({ status: 10002 });
        expect(refusalText(result)).toMatch(/^mode: must be one of skipInvalid, allOrNothing/);
      }
    });
  });

  describe('importApply', () => {
    it('skipInvalid writes every good row in one go, reports progress, skips the bad', async () => {
      const before = await counts();
      const good = Array.from({ length: 1203 }, () => student());
      const rows = [...good.map(cells), cells(student({ phone: 'bad' }))];
      const result = await apply(await workbook(rows));
      expect(result.type).toMatch(/application\/x-ndjson/);
      expect(applied(result)).toEqual({ created: 1203, updated: 0, skipped: 1, total: 1204 });
      expect(result.progress.map((line) => line.done)).toEqual([0, 500, 1000, 1203]);
      expect(result.progress.every((line) => line.phase === 'write' && line.total === 1203)).toBe(
        true,
      );
      expect(await counts()).toEqual({
        users: before.users + 1203,
        students: before.students + 1203,
        roles: before.roles + 1203,
      });
      const created = (await byIdNumber(good[7]!.idNumber as string))!;
      expect(created.ticket_number).toMatch(/^KS\d{10}$/);
      const user = await db()
        .selectFrom('users')
        .selectAll()
        .where('id', '=', created.user_id)
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({
        name: created.ticket_number,
        user_type: 3,
        password_is_default: 1,
      });
      // Each new account is answered with its initial password (random by default).
      const account = result.body.data.accounts.find(
        (row) => row.ticketNumber === created.ticket_number,
      );
      expect(account).toEqual({
        ticketNumber: created.ticket_number,
        name: created.name,
        idNumber: created.id_number,
        initialPassword: expect.stringMatching(/^[2-9a-hjkmnp-z]{8}$/),
      });
      await login(t.app, created.ticket_number, account!.initialPassword, UserType.STUDENT);
    });

    it('allOrNothing refuses a file with bad rows and writes nothing; a clean file goes in', async () => {
      const before = await counts();
      const rows = [
        cells(student()),
        cells(student({ idNumber: '123' })),
        cells(student({ gender: '?' })),
      ];
      const refused = await apply(await workbook(rows), 'allOrNothing');
      expect(refused.http).toBe(400);
      expect(refused.body).toMatchObject({ status: 10002 });
      expect(refusalText(refused)).toMatch(/2 of 3 rows are invalid; nothing was imported/);
      expect(await counts()).toEqual(before);

      const clean = await apply(await workbook([rows[0]!]), 'allOrNothing');
      expect(applied(clean)).toEqual({ created: 1, updated: 0, skipped: 0, total: 1 });
    });

    it('a file with no good row is refused in either mode', async () => {
      const result = await apply(await workbook([cells(student({ name: '' }))]));
      expect(result.body).toMatchObject({ status: 10002 });
      expect(refusalText(result)).toMatch(/none of the 1 rows is valid/);
    });

    it('importing the same file again updates, never duplicates; empty optional cells keep values', async () => {
      const values = [
        student({ email: 'a@example.com' }),
        student({ idType: 'Passport', idNumber: 'P9876543' }),
      ];
      const file = await workbook(values.map(cells));
      expect(applied(await apply(file))).toMatchObject({ created: 2, updated: 0 });
      const before = await counts();
      const first = (await byIdNumber(values[0]!.idNumber as string))!;

      const again = expectOk(await preview(file));
      expect(again).toMatchObject({ creates: 0, updates: 2, invalid: 0 });
      expect(applied(await apply(file))).toMatchObject({ created: 0, updated: 2 });
      expect(await counts()).toEqual(before);

      const changed = await workbook([
        cells({
          ...values[0],
          name: 'New Name',
          email: '',
          phone: null,
          gender: null,
          status: 'Disabled',
        }),
      ]);
      expect(applied(await apply(changed, 'allOrNothing'))).toMatchObject({
        created: 0,
        updated: 1,
      });
      const after = (await byIdNumber(values[0]!.idNumber as string))!;
      expect(after).toMatchObject({
        id: first.id,
        ticket_number: first.ticket_number,
        name: 'New Name',
        email: 'a@example.com',
        phone: first.phone,
        gender: first.gender,
        status: 0,
      });
      expect(await counts()).toEqual(before);
    });

    it('a failure in the middle of the write rolls all of it back', async () => {
      // A student of our own to update: an arbitrary row of the table may sit in a full batch.
      const existing = student();
      applied(await apply(await workbook([cells(existing)])));
      const before = await counts();
      const rows = Array.from({ length: 1100 }, () => cells(student()));
      rows.push(cells({ ...existing, name: 'Updated?' }));
      const service = new StudentImportService(db(), t.config);
      const actor = {
        user: { id: 1, user_type: UserType.ADMIN },
        superAdmin: true,
      } as unknown as AuthContext;
      const job = await service.prepare(await workbook(rows), 'skipInvalid', actor);
      expect(job.preview).toMatchObject({ creates: 1100, updates: 1 });
      const seen: number[] = [];
      await expect(
        job.run((done) => {
          seen.push(done);
          if (done >= 1000) throw new Error('disk on fire');
        }),
      ).rejects.toThrow('disk on fire');
      expect(seen).toEqual([0, 500, 1000]);
      expect(await counts()).toEqual(before);
      expect(
        await db().selectFrom('students').select('id').where('name', '=', 'Updated?').execute(),
      ).toEqual([]);
    });
  });

  describe('who may import', () => {
    let mine: Batch;
    let foreign: Batch;
    let teacher: Awaited<ReturnType<typeof signedInTeacher>>;
    beforeAll(async () => {
      mine = await createBatch(db(), { subjectId: open.subjectId });
      foreign = await createBatch(db(), { subjectId: open.subjectId });
      await codeOf(mine);
      await codeOf(foreign);
      teacher = await signedInTeacher(t.app, admin, [Perm.STUDENT, Perm.STUDENT_IMPORT]);
      await assignTeacher(db(), mine.classId, teacher.id);
    });

    it('a teacher imports only into their batches and updates only their students', async () => {
      const inForeign = student({ batchCode: code(foreign) });
      applied(await apply(await workbook([cells(inForeign)])));
      const ours = student({ batchCode: code(mine) });
      const file = await workbook([
        cells(ours),
        cells(student({ batchCode: code(foreign) })),
        cells({ ...inForeign, batchCode: code(mine) }),
      ]);
      const result = expectOk(await preview(file, teacher.client));
      expect(result.rows.map((row) => row.errors.map((error) => error.code))).toEqual([
        [],
        ['batchNotYours'],
        ['duplicateInDatabase'],
      ]);
      expect(applied(await apply(file, 'skipInvalid', teacher.client))).toEqual({
        created: 1,
        updated: 0,
        skipped: 2,
        total: 3,
      });
      expect((await byIdNumber(inForeign.idNumber as string))!.class_id).toBe(foreign.classId);
      expect((await byIdNumber(ours.idNumber as string))!.class_id).toBe(mine.classId);

      const template = await download(teacher.client, `${STUDENT}/importTemplate`, { lang: 'en' });
      const batches = (await readXlsx(template.rawPayload)).worksheets[2]!;
      expect(batches.getColumn(1).values.slice(2)).toEqual([code(mine)]);
    });

    it('refuses without STUDENT-IMPORT, without STUDENT, and without a session', async () => {
      const file = await workbook([cells(student())]);
      const studentOnly = await signedInTeacher(t.app, admin, [Perm.STUDENT]);
      const importOnly = await signedInTeacher(t.app, admin, [Perm.STUDENT_IMPORT]);
      for (const [client, status] of [
        [studentOnly.client, 10001],
        [importOnly.client, 10001],
        [new Client(t.app), 10000],
      ] as const) {
        expectStatus(await preview(file, client), status);
        expect((await apply(file, 'skipInvalid', client)).body.status).toBe(status);
        const template = await download(client, `${STUDENT}/importTemplate`, { lang: 'en' });
        expect(template.json<Envelope>().status).toBe(status);
      }
      expect(
        (await download(importOnly.client, `${STUDENT}/export`, {})).json<Envelope>().status,
      ).toBe(10001);
      expectOk(await studentOnly.client.request({ method: 'GET', url: `${STUDENT}/listStudent` }));
    });
  });

  describe('export', () => {
    let batch: Batch;
    let other: Batch;
    const names = ['Exp Alpha', 'Exp Beta', 'Exp Gamma'];
    beforeAll(async () => {
      batch = await createBatch(db());
      other = await createBatch(db(), { subjectId: batch.subjectId });
      await codeOf(batch);
      await codeOf(other);
      applied(
        await apply(
          await workbook([
            ...names.map((name, i) =>
              cells(
                student({
                  name,
                  batchCode: code(batch),
                  gender: i === 1 ? 'Female' : 'Unknown',
                  email: `${i}@example.com`,
                }),
              ),
            ),
            cells(student({ name: 'Exp Elsewhere', batchCode: code(other) })),
          ]),
        ),
      );
    });

    const exported = async (query: Record<string, string>, client = admin) => {
      const response = await download(client, `${STUDENT}/export`, query);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
      return { response, book: await readXlsx(response.rawPayload) };
    };

    it('exports every student of the filter (not one page) in the template columns', async () => {
      const { response, book } = await exported({
        classId: String(batch.classId),
        lang: 'en',
        orderBy: 'name',
        order: 'desc',
      });
      expect(response.headers['content-disposition']).toMatch(/filename="students-\d{8}\.xlsx"/);
      const sheet = book.worksheets[0]!;
      expect(rowValues(sheet, 1)).toEqual([
        ...TEMPLATE_HEADERS,
        EN.ticketNumber,
        EN.batchName,
        EN.subjectName,
        EN.level,
        EN.initialPassword,
      ]);
      expect(sheet.actualRowCount).toBe(1 + names.length);
      expect([2, 3, 4].map((n) => rowValues(sheet, n)[0])).toEqual([...names].reverse());
      const beta = rowValues(sheet, 3);
      expect(beta.slice(1, 3)).toEqual(['Female', 'Resident ID card']);
      expect(beta[6]).toBe(code(batch));
      expect(beta[7]).toBe('Enabled');
      expect(String(beta[8])).toMatch(/^KS/);
      expect(beta[9]).toBe(batch.names.class);
      expect(beta[11]).toBe('Junior');
      // The initial password, while the account has it: random by default.
      expect(String(beta[12])).toMatch(/^[2-9a-hjkmnp-z]{8}$/);

      const all = await exported({ keyword: 'Exp ', lang: 'zh' });
      expect(all.book.worksheets[0]!.actualRowCount).toBe(1 + names.length + 1);
      expect(rowValues(all.book.worksheets[0]!, 1)[0]).toBe('姓名');
      expect(all.response.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('考生-')}`,
      );
    });

    it('an export is imported again as it is: all updates, no new students', async () => {
      const { response } = await exported({ keyword: 'Exp ', lang: 'es' });
      const before = await counts();
      const result = expectOk(await preview(response.rawPayload));
      expect(result).toMatchObject({ total: 4, valid: 4, creates: 0, updates: 4 });
      expect(applied(await apply(response.rawPayload, 'allOrNothing'))).toMatchObject({
        updated: 4,
        created: 0,
      });
      expect(await counts()).toEqual(before);
    });

    it('a teacher exports only their batches; bad filters are refused', async () => {
      const teacher = await signedInTeacher(t.app, admin, [Perm.STUDENT]);
      await assignTeacher(db(), other.classId, teacher.id);
      const { book } = await exported({ keyword: 'Exp ', lang: 'en' }, teacher.client);
      const sheet = book.worksheets[0]!;
      expect(sheet.actualRowCount).toBe(2);
      expect(rowValues(sheet, 2)[0]).toBe('Exp Elsewhere');
      expectStatus(await admin.get(`${STUDENT}/export`, { lang: 'xx' }), 10002, /lang/);
      expectStatus(await admin.get(`${STUDENT}/export`, { orderBy: 'password' }), 10002, /orderBy/);
      expect(
        expectOk(
          await admin.get<{ list: StudentView[] }>(`${STUDENT}/listStudent`, { keyword: 'Exp ' }),
        ).list,
      ).toHaveLength(4);
    });
  });
});
