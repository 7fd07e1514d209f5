import {
  KnowledgeType,
  QUESTION_IMPORT_COLUMNS,
  QUESTION_IMPORT_HEADERS,
  QUESTION_IMPORT_MAX_ROWS,
  QUESTION_IMPORT_REQUIRED_COLUMNS,
  QUESTION_TEMPLATE_TEXTS,
  QUESTION_TYPE_WORDS,
  type DescribedColumn,
  type QuestionImportColumn,
  type QuestionImportLanguage,
  wordsIn,
} from '@kaoshi/shared';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/database.js';
import { addDropDown, addInstructionsSheet, styleHeader } from '../../lib/spreadsheet.js';
import { QuestionRepository } from './question.repository.js';
import { OPTION_COLUMNS } from './question-import-read.js';

type Column = QuestionImportColumn;

/** Rows of the template's codes sheet. */
const TEMPLATE_STRUCTURE_MAX = 5000;

/** The empty template: headers and instructions in `language`, the codes the user may use. */
export async function questionTemplate(db: Db, language: QuestionImportLanguage) {
  const texts = wordsIn(QUESTION_TEMPLATE_TEXTS, language);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Kaoshi';
  const sheet = addQuestionSheet(workbook, language);
  const types = Object.values(QUESTION_TYPE_WORDS[language]).map((words) => words[0] ?? '');
  const typeColumn = QUESTION_IMPORT_COLUMNS.indexOf('type') + 1;
  addDropDown(sheet, typeColumn, QUESTION_IMPORT_MAX_ROWS + 1, types);

  const headers = QUESTION_IMPORT_HEADERS[language];
  addInstructionsSheet(
    workbook,
    { ...texts, sheetName: texts.sheets.instructions },
    [22, 12, 80, 28],
    QUESTION_IMPORT_COLUMNS.filter(
      (column) => !OPTION_COLUMNS.includes(column) || column === 'optionA',
    ).map((column) => {
      const described = column as DescribedColumn;
      return [
        column === 'optionA' ? texts.optionsHeader : headers[column],
        QUESTION_IMPORT_REQUIRED_COLUMNS.includes(column) ? texts.required : texts.optional,
        texts.columns[described],
        texts.example[described],
      ];
    }),
  );

  const codes = workbook.addWorksheet(texts.sheets.structure);
  codes.columns = [
    { width: 16 },
    { width: 24 },
    { width: 8 },
    { width: 16 },
    { width: 28 },
    { width: 20 },
    { width: 32 },
  ];
  styleHeader(codes.addRow(texts.structureHeader));
  const questions = new QuestionRepository(db);
  const subjects = await questions.allSubjects();
  const knowledge = await questions.knowledgeOf(subjects.map((subject) => subject.id));
  const subjectOf = new Map(subjects.map((subject) => [subject.id, subject]));
  const courseOf = new Map(
    knowledge.filter((row) => row.type === KnowledgeType.COURSE).map((row) => [row.id, row]),
  );
  let written = 0;
  for (const row of knowledge) {
    if (written >= TEMPLATE_STRUCTURE_MAX) break;
    const subject = subjectOf.get(row.subject_id)!;
    const course = row.type === KnowledgeType.COURSE ? row : courseOf.get(row.parent_id ?? 0);
    if (!course) continue;
    const point = row.type === KnowledgeType.POINT ? row : null;
    codes.addRow([
      subject.code,
      subject.name,
      row.level,
      course.code,
      course.name,
      point?.code ?? '',
      point?.name ?? '',
    ]);
    written++;
  }
  if (written === 0) codes.addRow([texts.noStructure]);

  return {
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
    fileName: `${texts.fileNames.template}.xlsx`,
    asciiName: `${wordsIn(QUESTION_TEMPLATE_TEXTS, 'en').fileNames.template}.xlsx`,
  };
}

const COLUMN_WIDTHS: Partial<Record<Column, number>> = {
  type: 14,
  content: 48,
  answer: 16,
  linkUrl: 28,
  analysis: 36,
  score: 8,
  difficulty: 8,
  subjectCode: 16,
  level: 8,
  courseCode: 14,
  pointCode: 16,
  tags: 20,
};

/** The questions sheet of a template or an export: the template's columns, headers in `language`. */
export function addQuestionSheet(
  workbook: ExcelJS.Workbook | ExcelJS.stream.xlsx.WorkbookWriter,
  language: QuestionImportLanguage,
) {
  const sheet = workbook.addWorksheet(wordsIn(QUESTION_TEMPLATE_TEXTS, language).sheets.questions, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = QUESTION_IMPORT_COLUMNS.map((column) => ({
    header: QUESTION_IMPORT_HEADERS[language][column],
    key: column,
    width: COLUMN_WIDTHS[column] ?? 18,
    // Codes like 01 or 1.10 must stay text; Excel would make numbers of them.
    ...(['subjectCode', 'courseCode', 'pointCode', 'answer'].includes(column) && {
      style: { numFmt: '@' },
    }),
  }));
  styleHeader(sheet.getRow(1));
  return sheet;
}
