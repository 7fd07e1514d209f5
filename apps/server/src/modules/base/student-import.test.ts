import { randomBytes } from 'node:crypto';
import {
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_HEADERS,
  STUDENT_IMPORT_LANGUAGES,
  STUDENT_IMPORT_MAX_BYTES,
  STUDENT_IMPORT_MAX_ROWS,
  STUDENT_IMPORT_VALUE_LABELS,
  type StudentImportColumn,
} from '@kaoshi/shared';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { expectOk, expectStatus, refusalText } from '../../../test/factories.js';
import { readXlsx, rowValues, zip } from '../../../test/imports.js';
import { multipart } from '../files/fixtures.js';
import { XLSX_CONTENT_TYPE } from '../../lib/spreadsheet.js';
import {
  EN,
  STUDENT,
  TEMPLATE_HEADERS,
  type Values,
  badChecksum,
  cells,
  filePart,
  freshId,
  studentImportKit,
  workbook,
} from './student-import-test-data.js';
import { createBatch, residentId, type Batch } from './test-data.js';

describe('student import: template, preview and refused files', () => {
  const kit = studentImportKit();
  const {
    db,
    codeOf,
    code,
    student,
    preview,
    applyParts,
    apply,
    applied,
    counts,
    byIdNumber,
    download,
  } = kit;

  describe('importTemplate', () => {
    it.each([
      ['zh', '初级', '中级'],
      ['en', 'Junior', 'Intermediate'],
      ['es', 'Básico', 'Intermedio'],
      ['ja', '初級', '中級'],
    ] as const)("names the batches' levels in words of %s", async (lang, junior, intermediate) => {
      const middle = await createBatch(db(), { subjectId: kit.open.subjectId, level: 4 });
      await codeOf(middle);
      const response = await download(kit.admin, `${STUDENT}/importTemplate`, { lang });
      const batches = (await readXlsx(response.rawPayload)).worksheets[2]!;
      const levelOf = (batch: Batch) => {
        const row = batches.getColumn(1).values.findIndex((value) => value === code(batch));
        return rowValues(batches, row)[3];
      };
      expect(levelOf(kit.open)).toBe(junior);
      expect(levelOf(middle)).toBe(intermediate);
    });

    it.each(STUDENT_IMPORT_LANGUAGES)(
      'gives the template with headers and instructions in %s',
      async (lang) => {
        const response = await download(kit.admin, `${STUDENT}/importTemplate`, { lang });
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
        expect(listed).toContain(code(kit.open));
        expect(listed).toContain(code(kit.small));

        // The words this language writes read back as the right codes.
        const labels = STUDENT_IMPORT_VALUE_LABELS[lang];
        const idNumber = `P${lang.toUpperCase()}123456`;
        students!.addRow(
          cells({
            name: `Template ${lang}`,
            gender: labels.gender[2],
            idType: labels.idType[2],
            idNumber,
            batchCode: code(kit.open),
            status: labels.status[0],
          }),
        );
        const filled = Buffer.from(await book.xlsx.writeBuffer());
        expect(applied(await apply(filled, 'allOrNothing'))).toMatchObject({ created: 1 });
        expect(await byIdNumber(idNumber)).toMatchObject({ gender: 2, id_type: 2, status: 0 });
      },
    );

    it('names the Chinese file in UTF-8 and defaults to Chinese', async () => {
      const response = await download(kit.admin, `${STUDENT}/importTemplate`, {});
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="student-import-template.xlsx"; filename*=UTF-8''${encodeURIComponent('考生导入模板.xlsx')}`,
      );
      const book = await readXlsx(response.rawPayload);
      expect(rowValues(book.worksheets[0]!, 1)[0]).toBe('姓名');
    });

    it('refuses an unknown language (10002)', async () => {
      expectStatus(await kit.admin.get(`${STUDENT}/importTemplate`, { lang: 'fr' }), 10002, /lang/);
    });

    it('reads its own template back: empty, it has no students; filled in, it imports', async () => {
      const response = await download(kit.admin, `${STUDENT}/importTemplate`, { lang: 'ja' });
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
          batchCode: code(kit.open),
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
        class_id: kit.open.classId,
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
      expect(result.rows[0]!.values).toMatchObject({ idNumber: taken, batchCode: code(kit.open) });
      expect(result.rows[19]!.values.name).toBe('=HYPERLINK("http://x")');
      expect(await counts()).toEqual(before);
    });

    it('reads any header language in any order, rich text, numbers and blank rows', async () => {
      const zh = STUDENT_IMPORT_HEADERS.zh;
      const idNumber = freshId();
      const file = await workbook(
        [
          [
            code(kit.open),
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
          batchCode: code(kit.open),
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
            cells(student({ batchCode: code(kit.small) })),
            cells(student({ batchCode: code(kit.small) })),
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
        await kit.admin.request({
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
        code(kit.open),
      ]);
      await refused(await workbook(rows), /20001 rows; at most 20000/);
    });
    it('no file, another field, a JSON body, a bad mode', async () => {
      expectStatus(
        await kit.admin.request({
          method: 'POST',
          url: `${STUDENT}/importPreview`,
          ...multipart([{ name: 'mode', value: 'skipInvalid' }]),
        }),
        10002,
        /no file was sent/,
      );
      expectStatus(
        await kit.admin.request({
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
      expectStatus(
        await kit.admin.post(`${STUDENT}/importPreview`, { file: 'x' }),
        10002,
        /multipart/,
      );
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
});
