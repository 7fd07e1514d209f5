import { STUDENT_IMPORT_ERROR_CODES, type StudentImportPreviewRow } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en';
import es from '../../i18n/locales/es';
import ja from '../../i18n/locales/ja';
import zh from '../../i18n/locales/zh';
import { UPLOAD_SHARE, fileProblem, importPercent, previewRows } from './import-helpers';

describe('importPercent', () => {
  it('fills the first part with the upload and the rest with the rows written', () => {
    expect(importPercent(undefined)).toBe(0);
    expect(importPercent({ phase: 'upload', done: 50, total: 100 })).toBe(UPLOAD_SHARE / 2);
    expect(importPercent({ phase: 'upload', done: 100, total: 100 })).toBe(UPLOAD_SHARE);
    expect(importPercent({ phase: 'check', done: 0, total: 0 })).toBe(UPLOAD_SHARE);
    expect(importPercent({ phase: 'write', done: 0, total: 10 })).toBe(UPLOAD_SHARE);
    expect(importPercent({ phase: 'write', done: 5, total: 10 })).toBe(60);
    expect(importPercent({ phase: 'write', done: 10, total: 10 })).toBe(100);
  });

  it('never goes back, and survives a total of 0', () => {
    expect(importPercent({ phase: 'upload', done: 10, total: 100 }, 60)).toBe(60);
    expect(importPercent({ phase: 'write', done: 0, total: 0 })).toBe(100);
  });
});

describe('fileProblem', () => {
  it('takes an .xlsx up to the limit', () => {
    expect(fileProblem({ name: 'students.XLSX', size: 100 }, 1000)).toBeUndefined();
    expect(fileProblem({ name: 'students.xlsx', size: 1000 }, 1000)).toBeUndefined();
  });

  it('refuses other types and larger files', () => {
    expect(fileProblem({ name: 'students.xls', size: 10 }, 1000)).toBe('wrongType');
    expect(fileProblem({ name: 'students.csv', size: 10 }, 1000)).toBe('wrongType');
    expect(fileProblem({ name: 'students.xlsx', size: 1001 }, 1000)).toBe('tooLarge');
  });
});

describe('previewRows', () => {
  const row = (n: number, bad: boolean) =>
    ({
      row: n,
      action: bad ? null : 'create',
      errors: bad ? [{ column: 'name', code: 'required', message: '' }] : [],
    }) as unknown as StudentImportPreviewRow;

  it('keeps every row, or only the bad ones', () => {
    const rows = [row(2, false), row(3, true), row(4, false), row(5, true)];
    expect(previewRows(rows, false)).toHaveLength(4);
    expect(previewRows(rows, true).map((r) => r.row)).toEqual([3, 5]);
  });
});

describe('import error texts', () => {
  it.each(Object.entries({ en, zh, es, ja }))(
    '%s has a text for every error code the import answers',
    (_, messages) => {
      const errors: Record<string, string> = messages.base.import.errors;
      for (const code of STUDENT_IMPORT_ERROR_CODES) {
        expect(errors[code]?.trim(), code).toBeTruthy();
      }
      expect(Object.keys(errors).sort()).toEqual([...STUDENT_IMPORT_ERROR_CODES].sort());
    },
  );
});
