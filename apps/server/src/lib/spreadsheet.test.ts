import { threadId } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { STUDENT_IMPORT_HEADERS } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import { headerColumns, normaliseHeader, readFirstSheet } from './spreadsheet.js';

describe('readFirstSheet', () => {
  it('parses an upload in a worker thread, not the one serving requests', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('One');
    sheet.addRow(['name', 'phone']);
    sheet.addRow(['Wang Wu', 13800138000]);
    const file = Buffer.from(await book.xlsx.writeBuffer());

    const { sheet: read, parsedOn } = await readFirstSheet(file, 100);
    expect(parsedOn).not.toBe(threadId);
    expect(
      read?.rows.map((row) => [row.number, [...row.cells.values()].map((c) => c.value)]),
    ).toEqual([
      [1, ['name', 'phone']],
      [2, ['Wang Wu', 13800138000]],
    ]);
  });
});

describe('import headers', () => {
  it('reads a Japanese template written when it said 受検 as it reads one that says 受験', () => {
    const columns = headerColumns(STUDENT_IMPORT_HEADERS);
    expect(columns.get(normaliseHeader('受検票番号'))).toBe('ticketNumber');
    expect(columns.get(normaliseHeader('受験票番号'))).toBe('ticketNumber');
  });
});
