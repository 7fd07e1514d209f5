import {
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_HEADERS,
  STUDENT_IMPORT_MAX_ROWS,
  STUDENT_IMPORT_REQUIRED_COLUMNS,
  STUDENT_IMPORT_VALUE_LABELS,
  TEMPLATE_TEXTS,
  levelWord,
  wordsIn,
  type StudentExportExtraColumn,
  type StudentImportColumn,
  type StudentImportLanguage,
} from '@kaoshi/shared';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/database.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { addDropDown, addInstructionsSheet, styleHeader } from '../../lib/spreadsheet.js';
import { DIGIT_COLUMNS } from './student-import-read.js';
import { StudentRepository } from './student.repository.js';

type Column = StudentImportColumn;
type AnyColumn = Column | StudentExportExtraColumn;

/** Batches listed on the template's batch sheet. */
const TEMPLATE_BATCHES_MAX = 2000;
/** Rows the data validations (drop-down lists) of the template cover. */
const TEMPLATE_ROWS = STUDENT_IMPORT_MAX_ROWS + 1;

/** The empty template: header row and instructions in `language`, the batches the actor may use. */
export async function studentTemplate(db: Db, language: StudentImportLanguage, actor: AuthContext) {
  const texts = wordsIn(TEMPLATE_TEXTS, language);
  const labels = STUDENT_IMPORT_VALUE_LABELS[language];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Kaoshi';
  const sheet = addStudentSheet(workbook, language, []);
  // Drop-down lists; the parser ignores them and accepts the words of any language.
  for (const column of ['gender', 'idType', 'status'] as const) {
    const index = STUDENT_IMPORT_COLUMNS.indexOf(column) + 1;
    addDropDown(sheet, index, TEMPLATE_ROWS, Object.values(labels[column]));
  }

  addInstructionsSheet(
    workbook,
    { ...texts, sheetName: texts.sheets.instructions },
    [22, 12, 70, 24],
    STUDENT_IMPORT_COLUMNS.map((column) => [
      STUDENT_IMPORT_HEADERS[language][column],
      STUDENT_IMPORT_REQUIRED_COLUMNS.includes(column) ? texts.required : texts.optional,
      texts.columns[column],
      texts.example[column],
    ]),
  );

  const batches = workbook.addWorksheet(texts.sheets.batches);
  batches.columns = [{ width: 22 }, { width: 30 }, { width: 30 }, { width: 8 }];
  styleHeader(batches.addRow(texts.batchesHeader));
  const usable = await new StudentRepository(db).usableClasses(actor, TEMPLATE_BATCHES_MAX);
  for (const batch of usable) {
    batches.addRow([batch.code, batch.name, batch.subject_name, levelWord(language, batch.level)]);
  }
  if (usable.length === 0) batches.addRow([texts.noBatches]);

  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    buffer,
    fileName: `${texts.fileNames.template}.xlsx`,
    asciiName: `${wordsIn(TEMPLATE_TEXTS, 'en').fileNames.template}.xlsx`,
  };
}

const COLUMN_WIDTHS: Record<AnyColumn, number> = {
  name: 16,
  gender: 10,
  idType: 22,
  idNumber: 24,
  phone: 16,
  email: 28,
  batchCode: 18,
  status: 10,
  ticketNumber: 18,
  batchName: 24,
  subjectName: 24,
  level: 8,
  initialPassword: 16,
};

/**
 * The students sheet of a template or an export: the template's columns (then `extra`
 * read-only ones), headers in `language`, the digit columns formatted as Text so that Excel
 * keeps every digit of what is typed in.
 */
export function addStudentSheet(
  workbook: ExcelJS.Workbook,
  language: StudentImportLanguage,
  extra: readonly StudentExportExtraColumn[],
) {
  const sheet = workbook.addWorksheet(wordsIn(TEMPLATE_TEXTS, language).sheets.students, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const columns: AnyColumn[] = [...STUDENT_IMPORT_COLUMNS, ...extra];
  sheet.columns = columns.map((column) => ({
    header: STUDENT_IMPORT_HEADERS[language][column],
    key: column,
    width: COLUMN_WIDTHS[column],
    ...((DIGIT_COLUMNS.has(column as Column) || column === 'batchCode') && {
      style: { numFmt: '@' },
    }),
  }));
  styleHeader(sheet.getRow(1));
  return sheet;
}
