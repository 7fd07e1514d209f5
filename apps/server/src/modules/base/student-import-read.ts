import {
  GENDERS,
  ID_TYPES,
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_HEADERS,
  STUDENT_IMPORT_LANGUAGES,
  STUDENT_IMPORT_MAX_ROWS,
  STUDENT_IMPORT_REQUIRED_COLUMNS,
  STUDENT_IMPORT_VALUE_LABELS,
  type StudentExportExtraColumn,
  type StudentImportColumn,
  type StudentImportRowError,
} from '@kaoshi/shared';
import { invalid } from '../../errors.js';
import {
  checkSheetRows,
  headerColumns,
  normaliseHeader,
  readCell,
  readHeaderRow,
  type SheetData,
} from '../../lib/spreadsheet.js';

// Reading an import: the first sheet's rows as cells of the template's columns (checking them is
// student-import-check.ts).

type Column = StudentImportColumn;
type AnyColumn = Column | StudentExportExtraColumn;
type RowError = StudentImportRowError;

const HEADER_COLUMNS = headerColumns<AnyColumn>(STUDENT_IMPORT_HEADERS);

export type CodedColumn = 'gender' | 'idType' | 'status';
const CODES: Record<CodedColumn, readonly number[]> = {
  gender: GENDERS,
  idType: ID_TYPES,
  status: [0, 1],
};

/** The words of a coded column in every language, and its numeric codes, → the code. */
const CODE_WORDS: Record<CodedColumn, Map<string, number>> = {
  gender: new Map(),
  idType: new Map(),
  status: new Map(),
};
for (const column of Object.keys(CODE_WORDS) as CodedColumn[]) {
  for (const code of CODES[column]) CODE_WORDS[column].set(String(code), code);
  for (const language of STUDENT_IMPORT_LANGUAGES) {
    for (const [code, word] of Object.entries(STUDENT_IMPORT_VALUE_LABELS[language][column])) {
      CODE_WORDS[column].set(normaliseHeader(word), Number(code));
    }
  }
}

export const CODE_MESSAGES: Record<CodedColumn, string> = {
  gender: 'must be Male, Female or Unknown (or 1, 2, 0) in any template language',
  idType:
    'must be Resident ID card, Passport, HK/Macao/Taiwan permit or Other (or 1, 2, 3, 9) in any template language',
  status: 'must be Enabled or Disabled (or 1, 0) in any template language',
};

/** Columns holding long digit strings, where Excel may have made a number lose digits. */
export const DIGIT_COLUMNS = new Set<Column>(['idNumber', 'phone']);

const englishHeader = (column: AnyColumn) => `"${STUDENT_IMPORT_HEADERS.en[column]}"`;
export const emptyValues = () =>
  Object.fromEntries(STUDENT_IMPORT_COLUMNS.map((column) => [column, ''])) as Record<
    Column,
    string
  >;

/** One data row as read from the sheet, before any check that needs the database. */
interface SheetRow {
  row: number;
  values: Record<Column, string>;
  /** Problems of the cells themselves (formula, markup, kind of cell, lost digits). */
  cellErrors: RowError[];
}

export interface Sheet {
  rows: SheetRow[];
}

/**
 * The first worksheet: its first non-empty row is the header (any of the four languages, any
 * order), then one student per non-blank row.
 */
export function readStudentSheet(sheet: SheetData): Sheet {
  if (!sheet) throw invalid('file', 'workbookNoSheet');

  let headerRow: number | undefined;
  const columnAt = new Map<number, Column>();
  const rows: SheetRow[] = [];
  for (const row of sheet.rows) {
    const rowNumber = row.number;
    if (headerRow === undefined) {
      headerRow = rowNumber;
      const headers = {
        headers: HEADER_COLUMNS,
        required: STUDENT_IMPORT_REQUIRED_COLUMNS,
        englishHeader,
      };
      // The export's read-only columns are known headers, and not read.
      for (const [index, column] of readHeaderRow(row, rowNumber, headers)) {
        if ((STUDENT_IMPORT_COLUMNS as readonly string[]).includes(column)) {
          columnAt.set(index, column as Column);
        }
      }
      continue;
    }
    const values = emptyValues();
    const cellErrors: RowError[] = [];
    let blank = true;
    for (const [index, column] of columnAt) {
      const cell = readCell(row.cells.get(index), DIGIT_COLUMNS.has(column));
      values[column] = cell.text;
      if (cell.text !== '') blank = false;
      if (cell.problem) {
        cellErrors.push({ column, code: cell.problem.code, message: cell.problem.message });
      }
    }
    if (blank && cellErrors.length === 0) continue;
    rows.push({ row: rowNumber, values, cellErrors });
  }
  checkSheetRows(headerRow, rows.length, { max: STUDENT_IMPORT_MAX_ROWS });
  return { rows };
}

export function parseCode(column: CodedColumn, text: string): number | undefined {
  return CODE_WORDS[column].get(normaliseHeader(text));
}
