import {
  OPTION_KEYS,
  QUESTION_IMPORT_COLUMNS,
  QUESTION_IMPORT_HEADERS,
  QUESTION_IMPORT_MAX_ROWS,
  QUESTION_IMPORT_REQUIRED_COLUMNS,
  type QuestionImportColumn,
  type QuestionImportFormat,
  type QuestionProblem,
  type QuestionTextImportFields,
  type QuestionTypeCode,
} from '@kaoshi/shared';
import ExcelJS from 'exceljs';
import { invalid } from '../../errors.js';
import {
  checkSheetRows,
  headerColumns,
  readCell,
  readHeaderRow,
  type SheetData,
} from '../../lib/spreadsheet.js';
import { parseQuestionText } from './question-text-format.js';

// Reading an import: a workbook's rows or a text's questions, as cells of the template's columns
// (checking them is question-import-check.ts).

type Column = QuestionImportColumn;

export const OPTION_COLUMNS = OPTION_KEYS.map((key) => `option${key}` as Column);
/** Columns whose cells may hold HTML (the others refuse markup). */
export const HTML_COLUMNS = new Set<Column>(['content', ...OPTION_COLUMNS, 'analysis']);

/** One question of a file as written, before any check that needs the database. */
export interface RawQuestion {
  /** Sheet row, or the line where a plain-text question starts. */
  row: number;
  values: Record<Column, string>;
  /** Plain text (the .txt format): every cell is text, never markup. */
  plain: boolean;
  /** The plain-text parser's type (it infers one); undefined: read the type cell. */
  type?: QuestionTypeCode | null;
  /** What reading found wrong: formulas, kinds of cell, the text format's problems. */
  problems: QuestionProblem[];
  /** Moodle XML and GIFT: the question's name in the file and its identifier there. */
  name?: string;
  externalId?: string;
  /** Moodle XML and GIFT: the blanks' accepted answers and the tags, read already. */
  blanks?: string[][];
  tagList?: string[];
}

export const emptyValues = () =>
  Object.fromEntries(QUESTION_IMPORT_COLUMNS.map((column) => [column, ''])) as Record<
    Column,
    string
  >;

const HEADER_COLUMNS = headerColumns<Column>(QUESTION_IMPORT_HEADERS);
const englishHeader = (column: Column) => `"${QUESTION_IMPORT_HEADERS.en[column]}"`;

/** The first sheet: its first non-empty row is the header (any language, any order). */
export function readQuestionSheet(sheet: SheetData): RawQuestion[] {
  if (!sheet) throw invalid('file', 'workbookNoSheet');
  let headerRow: number | undefined;
  let columnAt = new Map<number, Column>();
  const rows: RawQuestion[] = [];
  for (const row of sheet.rows) {
    const rowNumber = row.number;
    if (headerRow === undefined) {
      headerRow = rowNumber;
      columnAt = readHeaderRow(row, rowNumber, {
        headers: HEADER_COLUMNS,
        required: QUESTION_IMPORT_REQUIRED_COLUMNS,
        englishHeader,
      });
      continue;
    }
    const values = emptyValues();
    const problems: QuestionProblem[] = [];
    let blank = true;
    for (const [index, column] of columnAt) {
      const cell = row.cells.get(index);
      // Excel turns a typed TRUE or FALSE into a logical value: a judgement answer.
      if (column === 'answer' && cell?.type === ExcelJS.ValueType.Boolean) {
        values.answer = cell.value ? 'T' : 'F';
        blank = false;
        continue;
      }
      const read = readCell(cell, false);
      values[column] = read.text;
      if (read.text !== '') blank = false;
      // Markup is the point of the HTML columns; the answer's kind depends on the row's type.
      const markupAllowed = HTML_COLUMNS.has(column) || column === 'answer';
      if (read.problem && !(read.problem.code === 'html' && markupAllowed)) {
        problems.push({
          code: read.problem.code === 'lostDigits' ? 'cellType' : read.problem.code,
          field: column,
          message: read.problem.message,
        });
      }
    }
    if (blank && problems.length === 0) continue;
    rows.push({ row: rowNumber, values, plain: false, problems });
  }
  checkSheetRows(headerRow, rows.length, { max: QUESTION_IMPORT_MAX_ROWS });
  return rows;
}

/**
 * The bytes of a .txt upload as text: UTF-8 (with or without BOM) or UTF-16 with a BOM, as
 * Notepad saves. Anything else (a binary file, GBK text) is refused with what to do.
 */
export function decodeText(file: Buffer): string {
  if (file.length === 0) throw invalid('file', 'fileEmpty');
  let text: string;
  if (file[0] === 0xff && file[1] === 0xfe) text = new TextDecoder('utf-16le').decode(file);
  else if (file[0] === 0xfe && file[1] === 0xff) text = new TextDecoder('utf-16be').decode(file);
  else {
    if (
      file.readUInt32LE(0) === 0x04034b50 ||
      file.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))
    ) {
      throw invalid('file', 'officeFileAsTxt');
    }
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(file);
    } catch {
      throw invalid('file', 'notUtf8');
    }
  }
  // Tab, line breaks and form feed are text; other control characters mean a binary file.
  if (hasBinary(text)) {
    throw invalid('file', 'binaryNotText');
  }
  return text;
}

const hasBinary = (text: string) => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (
      (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) ||
      code === 0x7f
    ) {
      return true;
    }
  }
  return false;
};

/** The questions of a plain-text file as the template's cells. */
export function readQuestionText(file: Buffer): RawQuestion[] {
  const questions = parseQuestionText(decodeText(file));
  if (questions.length === 0) throw invalid('file', 'textNoQuestions');
  if (questions.length > QUESTION_IMPORT_MAX_ROWS) {
    throw invalid('file', 'textTooManyQuestions', {
      count: questions.length,
      max: QUESTION_IMPORT_MAX_ROWS,
    });
  }
  return questions.map((question) => {
    const values = emptyValues();
    values.content = question.stem;
    question.options.forEach((option, index) => {
      values[OPTION_COLUMNS[index]!] = option;
    });
    values.answer = question.answer;
    values.linkUrl = question.linkUrl;
    values.analysis = question.analysis;
    values.score = question.score;
    values.difficulty = question.difficulty;
    values.tags = question.tags;
    return {
      row: question.line,
      values,
      plain: true,
      type: question.type,
      problems: question.problems,
    };
  });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));

/** Plain text as HTML: each non-empty line a paragraph, `< > &` as themselves. */
export const plainToHtml = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');

/** Plain text inside a paragraph (an option): `< > &` as themselves, lines joined by <br />. */
export const plainToInline = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => escapeHtml(line.trim()))
    .filter((line) => line !== '')
    .join('<br />');

/**
 * A cell that may hold markup: HTML as given (it is sanitized later), else plain text as
 * paragraphs, or for an option (`inline`) as text, so that an option exported as "x" comes back
 * as "x".
 */
export const MARKUP = /<\s*[a-z!/?]|&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;
export const cellHtml = (text: string, plain: boolean, inline = false) => {
  if (!plain && MARKUP.test(text)) return text;
  return inline ? plainToInline(text) : plainToHtml(text);
};

/** An upload: the file, its name, its format and, for formats without one, the structure. */
export interface QuestionUpload {
  file: Buffer;
  fileName: string;
  /** By the user's choice, else by the file's extension (importFormatOf). */
  format?: QuestionImportFormat;
  /** Required for text, Moodle XML, GIFT and QTI (they carry no structure); ignored for .xlsx. */
  structure: QuestionTextImportFields | null;
  /** QTI apply: make a draft paper of the package's test. */
  makePaper?: boolean;
}

const FORMAT_OF_EXTENSION: Record<string, QuestionImportFormat> = {
  xlsx: 'xlsx',
  '': 'xlsx',
  txt: 'text',
  xml: 'moodleXml',
  gift: 'gift',
  zip: 'qti',
  docx: 'docx',
};
/** The extensions each format takes (GIFT is often saved as .txt: then it is chosen). */
const EXTENSIONS_OF_FORMAT: Record<QuestionImportFormat, readonly string[]> = {
  xlsx: ['xlsx', ''],
  text: ['txt'],
  moodleXml: ['xml'],
  gift: ['gift', 'txt'],
  qti: ['zip', 'xml'],
  docx: ['docx'],
};
export const FORMAT_NAMES: Record<QuestionImportFormat, string> = {
  xlsx: 'Excel',
  text: 'plain text',
  moodleXml: 'Moodle XML',
  gift: 'GIFT',
  qti: 'QTI',
  docx: 'Word (.docx)',
};

/**
 * The format an upload is read as: the one chosen, which the file's extension must fit, or the
 * one its extension names. Content checks follow in the readers.
 */
export function importFormatOf(fileName: string, chosen?: QuestionImportFormat) {
  const extension = /\.([A-Za-z0-9]{1,10})$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  if (chosen) {
    if (!EXTENSIONS_OF_FORMAT[chosen].includes(extension)) {
      throw invalid('file', 'importFormatFile', {
        format: FORMAT_NAMES[chosen],
        extension,
        expected: EXTENSIONS_OF_FORMAT[chosen]
          .filter(Boolean)
          .map((ending) => `.${ending}`)
          .join(' / '),
      });
    }
    return chosen;
  }
  const format = FORMAT_OF_EXTENSION[extension];
  if (!format) throw invalid('file', 'unsupportedImportFile', { extension });
  return format;
}
