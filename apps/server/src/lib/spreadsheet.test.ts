import { STUDENT_IMPORT_HEADERS } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import { headerColumns, normaliseHeader } from './spreadsheet.js';

describe('import headers', () => {
  it('reads a Japanese template written when it said 受検 as it reads one that says 受験', () => {
    const columns = headerColumns(STUDENT_IMPORT_HEADERS);
    expect(columns.get(normaliseHeader('受検票番号'))).toBe('ticketNumber');
    expect(columns.get(normaliseHeader('受験票番号'))).toBe('ticketNumber');
  });
});
