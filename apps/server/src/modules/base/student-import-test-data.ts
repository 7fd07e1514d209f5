import {
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_HEADERS,
  TOKEN_COOKIE,
  type StudentImportColumn,
  type StudentImportPreview,
  type StudentImportResult,
} from '@kaoshi/shared';
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { runImportJob, type JobRun } from '../../../test/imports.js';
import { multipart, type Part } from '../files/fixtures.js';
import { XLSX_CONTENT_TYPE } from '../../lib/spreadsheet.js';
import { createBatch, residentId, type Batch, rowCounts } from './test-data.js';

/** The student import's tests' shared pieces: workbooks, rows, and the calls (in a test app). */

export const STUDENT = '/api/kaoshi-base/student';
export const EN = STUDENT_IMPORT_HEADERS.en;
export const TEMPLATE_HEADERS = STUDENT_IMPORT_COLUMNS.map((column) => EN[column]);

export type Values = Partial<Record<StudentImportColumn, unknown>>;
export type Cells = unknown[];

let idSeed = 500_000;
export const freshId = () => residentId(++idSeed);

/** A resident ID whose check character is wrong. */
export const badChecksum = (id: string) => id.slice(0, 17) + (id[17] === '0' ? '1' : '0');

/** A workbook whose first sheet holds `headers` then `rows` (arrays of cell values). */
export async function workbook(
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
export const cells = (values: Values): Cells =>
  STUDENT_IMPORT_COLUMNS.map((column) => (values[column] === undefined ? null : values[column]));

export const filePart = (file: Buffer): Part => ({
  name: 'file',
  value: file,
  filename: 'students.xlsx',
  contentType: XLSX_CONTENT_TYPE,
});

/**
 * A test app with an admin and two batches (open; small, one seat), and the calls the tests
 * make. Call it inside a describe: it adds that describe's beforeAll and afterAll.
 */
export function studentImportKit() {
  const state = {} as { t: TestApp; admin: Client; open: Batch; small: Batch };
  const codes = new Map<number, string>();
  const db = () => state.t.handle.db;

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
    ({ t: state.t, admin: state.admin } = await appWithAdmin());
    state.open = await createBatch(db());
    state.small = await createBatch(db(), { subjectId: state.open.subjectId, capacity: 1 });
    await codeOf(state.open);
    await codeOf(state.small);
  });
  afterAll(() => state.t.close());

  const code = (batch: Batch) => codes.get(batch.classId)!;
  const student = (values: Values = {}): Values => ({
    name: `Student ${idSeed}`,
    gender: 'Male',
    idType: 'Resident ID card',
    idNumber: freshId(),
    phone: '13800138000',
    email: '',
    batchCode: code(state.open),
    status: 'Enabled',
    ...values,
  });

  const inject = (client: Client, options: InjectOptions) =>
    state.t.app.inject({
      ...options,
      cookies: client.token ? { [TOKEN_COOKIE]: client.token } : {},
    });

  /** importPreview, read through its job to the end. */
  const preview = (file: Buffer, client = state.admin) =>
    runImportJob<StudentImportPreview>(client, {
      method: 'POST',
      url: `${STUDENT}/importPreview`,
      ...multipart([filePart(file)]),
    });

  /** importApply, read through its job to the end. */
  const applyParts = (parts: Part[], client = state.admin) =>
    runImportJob<StudentImportResult>(client, {
      method: 'POST',
      url: `${STUDENT}/importApply`,
      ...multipart(parts),
    });
  const apply = (file: Buffer, mode = 'skipInvalid', client = state.admin) =>
    applyParts([{ name: 'mode', value: mode }, filePart(file)], client);

  /** The result's counts (the new accounts are checked where they matter). */
  const applied = (result: JobRun<StudentImportResult>) => {
    expect(result.body, JSON.stringify(result.body)).toMatchObject({ status: 200 });
    const { accounts, ...counts } = result.body.data;
    expect(accounts).toHaveLength(counts.created);
    return counts;
  };

  const counts = () => rowCounts(db());
  const byIdNumber = (idNumber: string) =>
    db().selectFrom('students').selectAll().where('id_number', '=', idNumber).executeTakeFirst();

  const download = (client: Client, url: string, query: Record<string, string>) =>
    inject(client, { method: 'GET', url, query });

  return Object.assign(state, {
    db,
    codeOf,
    code,
    student,
    inject,
    preview,
    applyParts,
    apply,
    applied,
    counts,
    byIdNumber,
    download,
  });
}
