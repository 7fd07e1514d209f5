import {
  AuditStatus,
  CHOICE_TYPES,
  DIFFICULTY_DEFAULT,
  KnowledgeType,
  OPTION_KEYS,
  QUESTION_HTML_MAX,
  QUESTION_IMPORT_COLUMNS,
  QUESTION_IMPORT_HEADERS,
  QUESTION_IMPORT_MAX_ROWS,
  QUESTION_IMPORT_REQUIRED_COLUMNS,
  QUESTION_SCORE_DEFAULT,
  QUESTION_TAG_LENGTH_MAX,
  QUESTION_TAG_MAX,
  QUESTION_TYPE_WORDS,
  QuestionType,
  difficultySchema,
  questionScore,
  scoreToHundredths,
  type QuestionImportColumn,
  type QuestionImportLanguage,
  type QuestionImportMode,
  type QuestionImportPreview,
  type QuestionImportPreviewRow,
  type QuestionImportResult,
  type QuestionImportSummary,
  type QuestionProblem,
  type QuestionProblemCode,
  type QuestionTextImportFields,
  type QuestionTypeCode,
  QUESTION_TEMPLATE_TEXTS,
  type DescribedColumn,
  wordsIn,
} from '@kaoshi/shared';
import ExcelJS from 'exceljs';
import { explainConstraint } from '../../db/constraint.js';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, invalid } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import {
  addDropDown,
  addInstructionsSheet,
  checkSheetRows,
  headerColumns,
  readFirstSheet,
  readCell,
  readHeaderRow,
  styleHeader,
  type SheetData,
} from '../../lib/spreadsheet.js';
import { QuestionRepository, type NewQuestion } from './question.repository.js';
import { checkStructure, cleanQuestion, contentColumns, serverHtml } from './question.service.js';
import {
  blanksOf,
  choiceKeys,
  judgementOf,
  parseQuestionText,
  tagsOf,
  typeOfWord,
} from './question-text-format.js';

type Column = QuestionImportColumn;

/** Rows written between two progress lines (and per INSERT statement). */
export const QUESTION_IMPORT_SLICE = 500;
const SUMMARY_STEM_MAX = 200;
const SUMMARY_ANSWER_MAX = 100;
/** Rows of the template's codes sheet. */
const TEMPLATE_STRUCTURE_MAX = 5000;

const OPTION_COLUMNS = OPTION_KEYS.map((key) => `option${key}` as Column);
/** Columns whose cells may hold HTML (the others refuse markup). */
const HTML_COLUMNS = new Set<Column>(['content', ...OPTION_COLUMNS, 'analysis']);
const HTML_ANSWER_TYPES: readonly QuestionTypeCode[] = [
  QuestionType.EXTERNAL_LINK,
  QuestionType.SHORT_ANSWER,
];

// ---------------------------------------------------------------------------------------------
// Reading: a workbook's rows or a text's questions, as cells of the template's columns

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
}

const emptyValues = () =>
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
const plainToInline = (text: string) =>
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
const MARKUP = /<\s*[a-z!/?]|&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;
const cellHtml = (text: string, plain: boolean, inline = false) => {
  if (!plain && MARKUP.test(text)) return text;
  return inline ? plainToInline(text) : plainToHtml(text);
};

// ---------------------------------------------------------------------------------------------
// Checking rows against the rules and the database

interface KnowledgeEntry {
  id: number;
  type: string;
  parentId: number | null;
}

/** What the rows may refer to, by code. */
interface Context {
  subjects: Map<string, { id: number; name: string; levels: number[] }>;
  /** `${subjectId}|${level}|${code}` → course or appraisal point. */
  knowledge: Map<string, KnowledgeEntry>;
  /** A text import: the structure the form gave, already checked. */
  fixed: QuestionTextImportFields | null;
}

const knowledgeKey = (subjectId: number, level: number, code: string) =>
  `${subjectId}|${level}|${code}`;

async function loadContext(
  db: Db,
  rows: { values: Record<Column, string> }[],
  fixed: QuestionTextImportFields | null,
): Promise<Context> {
  const questions = new QuestionRepository(db);
  if (fixed) {
    await checkStructure(questions, fixed);
    return { subjects: new Map(), knowledge: new Map(), fixed };
  }
  const codes = new Set(rows.map((row) => row.values.subjectCode).filter(Boolean));
  const subjects = (await questions.allSubjects()).filter((subject) => codes.has(subject.code));
  const knowledge = await questions.knowledgeOf(subjects.map((subject) => subject.id));
  return {
    subjects: new Map(
      subjects.map((subject) => [
        subject.code,
        { id: subject.id, name: subject.name, levels: subject.levels.split(',').map(Number) },
      ]),
    ),
    knowledge: new Map(
      knowledge.map((row) => [
        knowledgeKey(row.subject_id, row.level, row.code),
        { id: row.id, type: row.type, parentId: row.parent_id },
      ]),
    ),
    fixed: null,
  };
}

/** A checked row: its summary and problems, and what to insert when it has none. */
interface PlannedRow extends QuestionImportPreviewRow {
  insert?: Omit<NewQuestion, 'author_id' | 'created_at' | 'updated_at'>;
}

/** Where a shape problem shows in the template: the column the user fills in. */
function columnOfField(field: string, code: QuestionProblemCode): Column {
  const option = /^options\.(\d+)/.exec(field);
  if (option) return OPTION_COLUMNS[Number(option[1])] ?? 'optionA';
  if (field === 'options') return code === 'optionCount' ? 'optionA' : 'answer';
  if (field.startsWith('blanks')) return 'answer';
  return (QUESTION_IMPORT_COLUMNS as readonly string[]).includes(field)
    ? (field as Column)
    : 'content';
}

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

function structureOf(
  values: Record<Column, string>,
  context: Context,
  add: (code: QuestionProblemCode, field: Column, message: string) => void,
) {
  if (context.fixed) return context.fixed;
  const required = (column: Column) => {
    if (values[column] === '') add('required', column, 'must not be empty');
    return values[column];
  };
  const subjectCode = required('subjectCode');
  const levelText = required('level');
  const courseCode = required('courseCode');
  const subject = subjectCode ? context.subjects.get(subjectCode) : undefined;
  if (subjectCode && !subject) {
    add('unknownSubject', 'subjectCode', `no job type has the code "${clip(subjectCode, 40)}"`);
  }
  const level = /^[1-5]$/.test(levelText) ? Number(levelText) : undefined;
  if (levelText && level === undefined) add('level', 'level', 'must be a level 5 to 1');
  if (subject && level !== undefined && !subject.levels.includes(level)) {
    add('level', 'level', `job type "${subject.name}" has no level ${level}`);
  }
  if (!subject || level === undefined || !subject.levels.includes(level) || !courseCode) {
    return null;
  }
  const course = context.knowledge.get(knowledgeKey(subject.id, level, courseCode));
  if (!course || course.type !== KnowledgeType.COURSE) {
    add(
      'unknownCourse',
      'courseCode',
      `no course has the code "${clip(courseCode, 40)}" under job type "${subject.name}" level ${level}`,
    );
    return null;
  }
  let pointId: number | null = null;
  if (values.pointCode) {
    const point = context.knowledge.get(knowledgeKey(subject.id, level, values.pointCode));
    if (!point || point.type !== KnowledgeType.POINT || point.parentId !== course.id) {
      add(
        'unknownPoint',
        'pointCode',
        `no appraisal point has the code "${clip(values.pointCode, 40)}" under course "${courseCode}"`,
      );
      return null;
    }
    pointId = point.id;
  }
  return { subjectId: subject.id, level, courseId: course.id, pointId };
}

type ContentColumns = Omit<
  NonNullable<PlannedRow['insert']>,
  'subject_id' | 'level' | 'course_id' | 'point_id'
>;

/** A row with every check that needs no database done (sanitizing is the costly part). */
interface CheckedRow extends QuestionImportPreviewRow {
  values: Record<Column, string>;
  /** Set when the content has no problem. */
  columns?: ContentColumns;
}

/**
 * Every check of one row's content. Done once per request: the structure checks, which need
 * the database, run again inside the import's transaction (planRows).
 */
function checkContent(raw: RawQuestion): CheckedRow {
  const { values, plain } = raw;
  const problems: QuestionProblem[] = [...raw.problems];
  const has = (field: Column) => problems.some((problem) => problem.field === field);
  const add = (code: QuestionProblemCode, field: Column, message: string) => {
    if (!has(field)) problems.push({ code, field, message });
  };

  let type = raw.type;
  if (type === undefined) {
    type = null;
    if (values.type === '') add('required', 'type', 'must not be empty');
    else if (!has('type')) {
      type = typeOfWord(values.type) ?? null;
      if (type === null) {
        add('type', 'type', 'must be a question type of the template (or 0 to 5)');
      }
    }
  }

  for (const column of [...HTML_COLUMNS, 'answer'] as Column[]) {
    if (values[column].length > QUESTION_HTML_MAX) {
      add('tooLong', column, `longer than ${QUESTION_HTML_MAX} characters`);
    }
  }

  // Options up to the last one given; a gap before it is an empty option.
  let optionCount = 0;
  OPTION_COLUMNS.forEach((column, index) => {
    if (values[column] !== '') optionCount = index + 1;
  });
  const optionTexts = OPTION_COLUMNS.slice(0, optionCount).map((column) => values[column]);

  const answerText = values.answer;
  let correct: string[] = [];
  let answer = '';
  let blanks: string[][] = [];
  if (type !== null && CHOICE_TYPES.includes(type)) {
    const keys = choiceKeys(answerText);
    if (answerText === '')
      add('required', 'answer', 'must not be empty: the key of the correct option(s)');
    else if (!keys) add('answer', 'answer', 'must be option keys such as B or ACD');
    else {
      const beyond = keys.find((key) => OPTION_KEYS.indexOf(key as never) >= optionCount);
      if (beyond)
        add(
          'answer',
          'answer',
          `names option ${beyond} but the question has ${optionCount} option(s)`,
        );
      correct = keys;
    }
  } else if (type === QuestionType.JUDGEMENT) {
    if (answerText === '') add('required', 'answer', 'must not be empty: T or F');
    else {
      const judgement = judgementOf(answerText);
      if (!judgement) add('answer', 'answer', 'must be T or F (对/错, √/×, true/false)');
      else answer = judgement;
    }
  } else if (type === QuestionType.FILL_BLANK) {
    blanks = blanksOf(answerText);
  } else if (type !== null && HTML_ANSWER_TYPES.includes(type)) {
    answer = cellHtml(answerText, plain);
  }
  if (!plain && MARKUP.test(answerText) && (type === null || !HTML_ANSWER_TYPES.includes(type))) {
    add('html', 'answer', 'markup (HTML tags or entities) is not allowed in this answer');
  }

  const score =
    values.score === '' ? QUESTION_SCORE_DEFAULT : questionScore.safeParse(values.score);
  let points: number | null = null;
  if (typeof score === 'number') points = score;
  else if (score.success) points = score.data;
  else add('score', 'score', 'must be a score above 0 and at most 1000 with at most two decimals');

  const difficultyRead =
    values.difficulty === '' ? null : difficultySchema.safeParse(values.difficulty);
  let difficulty: number | null = DIFFICULTY_DEFAULT;
  if (difficultyRead && !difficultyRead.success) {
    difficulty = null;
    add('difficulty', 'difficulty', 'must be a difficulty 1 to 5');
  } else if (difficultyRead?.success) difficulty = difficultyRead.data;

  const tags = tagsOf(values.tags);
  if (tags.length > QUESTION_TAG_MAX || tags.some((tag) => tag.length > QUESTION_TAG_LENGTH_MAX)) {
    add(
      'tags',
      'tags',
      `at most ${QUESTION_TAG_MAX} tags of at most ${QUESTION_TAG_LENGTH_MAX} characters`,
    );
  }

  let columns: ContentColumns | undefined;
  let stem = values.content;
  if (type !== null) {
    const { question, problems: shape } = cleanQuestion({
      type,
      content: cellHtml(values.content, plain),
      options: CHOICE_TYPES.includes(type)
        ? optionTexts.map((text, index) => ({
            content: cellHtml(text, plain, true),
            correct: correct.includes(OPTION_KEYS[index]!),
          }))
        : [],
      answer,
      blanks,
      linkUrl: type === QuestionType.EXTERNAL_LINK ? values.linkUrl : '',
      analysis: cellHtml(values.analysis, plain),
      tags,
    });
    stem = serverHtml.text(question.content);
    for (const problem of shape) {
      const column = columnOfField(problem.field, problem.code);
      // A wrong key was already reported; the shape rules would add "needs exactly one".
      if (problem.code === 'correctCount' && has('answer')) continue;
      add(problem.code, column, problem.message);
    }
    if (problems.length === 0 && points !== null && difficulty !== null) {
      columns = {
        ...contentColumns(question),
        score: scoreToHundredths(points),
        difficulty,
        audit_status: AuditStatus.NOT_STARTED,
        audit_reason: '',
        retired: 0,
        reviewer_id: null,
        reviewed_at: null,
      };
    }
  }

  const choice = type !== null && CHOICE_TYPES.includes(type);
  let answerShown = answerText;
  if (choice) answerShown = correct.join('');
  else if (type === QuestionType.FILL_BLANK) {
    answerShown = blanks.map((accepted) => accepted.join(' / ')).join(' | ');
  } else if (answer !== '') answerShown = serverHtml.text(answer);
  const summary: QuestionImportSummary = {
    type,
    stem: clip(stem.replace(/\s+/g, ' ').trim(), SUMMARY_STEM_MAX),
    answer: clip(answerShown.replace(/\s+/g, ' ').trim(), SUMMARY_ANSWER_MAX),
    optionCount: choice ? optionCount : 0,
    score: points,
    difficulty,
  };
  return { row: raw.row, question: summary, problems, values, ...(columns && { columns }) };
}

interface Plan {
  rows: PlannedRow[];
  valid: PlannedRow[];
  invalid: number;
}

/** Each checked row with the structure it names, as the database holds it now. */
function planRows(rows: CheckedRow[], context: Context): Plan {
  const planned = rows.map(({ row, question, values, columns, ...checked }): PlannedRow => {
    const problems = [...checked.problems];
    const add = (code: QuestionProblemCode, field: Column, message: string) => {
      if (!problems.some((problem) => problem.field === field)) {
        problems.push({ code, field, message });
      }
    };
    const structure = structureOf(values, context, add);
    const insert =
      columns && structure && problems.length === 0
        ? {
            ...columns,
            subject_id: structure.subjectId,
            level: structure.level,
            course_id: structure.courseId,
            point_id: structure.pointId,
          }
        : undefined;
    return { row, question, problems, ...(insert && { insert }) };
  });
  const valid = planned.filter((row) => row.insert);
  return { rows: planned, valid, invalid: planned.length - valid.length };
}

const previewOf = (plan: Plan): QuestionImportPreview => ({
  total: plan.rows.length,
  valid: plan.valid.length,
  invalid: plan.invalid,
  rows: plan.rows.map(({ row, question, problems }) => ({ row, question, problems })),
});

/** Rows written: reported after each slice, inside the transaction (throwing rolls back). */
export type ImportProgress = (done: number, total: number) => void | Promise<void>;

export interface PreparedQuestionImport {
  preview: QuestionImportPreview;
  run(onProgress?: ImportProgress): Promise<QuestionImportResult>;
}

/** An upload: the file, its name, and for plain text the structure the form gives. */
export interface QuestionUpload {
  file: Buffer;
  fileName: string;
  /** Required for .txt (the format carries no structure); ignored for .xlsx. */
  structure: QuestionTextImportFields | null;
}

/** What kind of file an upload is, by its name; content checks follow in the readers. */
export function uploadKind(fileName: string): 'xlsx' | 'text' {
  const extension = /\.([A-Za-z0-9]{1,10})$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  if (extension === 'txt') return 'text';
  if (extension === 'xlsx' || extension === '') return 'xlsx';
  throw invalid('file', 'unsupportedImportFile', { extension });
}

export class QuestionImportService {
  constructor(private readonly db: Db) {}

  async preview(upload: QuestionUpload): Promise<QuestionImportPreview> {
    const { rows, fixed } = await this.read(upload);
    return previewOf(planRows(rows, await loadContext(this.db, rows, fixed)));
  }

  /**
   * Checks a file for import. 'allOrNothing' refuses a file with any bad row (10002, nothing
   * written); either mode refuses a file with no good row.
   */
  async prepare(
    upload: QuestionUpload,
    mode: QuestionImportMode,
    actor: AuthContext,
  ): Promise<PreparedQuestionImport> {
    const { rows, fixed } = await this.read(upload);
    const preview = previewOf(planRows(rows, await loadContext(this.db, rows, fixed)));
    if (mode === 'allOrNothing' && preview.invalid > 0) {
      throw invalid('file', 'questionsAllOrNothing', {
        invalid: preview.invalid,
        total: preview.total,
      });
    }
    if (preview.valid === 0) {
      throw invalid('file', 'questionsNoneValid', { total: preview.total });
    }
    return { preview, run: (onProgress) => this.write(rows, fixed, mode, actor, onProgress) };
  }

  private async read(upload: QuestionUpload) {
    if (uploadKind(upload.fileName) === 'text') {
      if (!upload.structure) {
        throw invalid('subjectId', 'txtNeedsStructure');
      }
      return { rows: readQuestionText(upload.file).map(checkContent), fixed: upload.structure };
    }
    // exceljs stops past this many rows: room for blank rows around the data.
    const { sheet } = await readFirstSheet(upload.file, QUESTION_IMPORT_MAX_ROWS + 1000);
    return { rows: readQuestionSheet(sheet).map(checkContent), fixed: null };
  }

  /**
   * One transaction: the rows are checked again against the structure as it is now, then
   * inserted in slices. Any failure, including one thrown by `onProgress`, writes nothing.
   */
  private async write(
    rows: CheckedRow[],
    fixed: QuestionTextImportFields | null,
    mode: QuestionImportMode,
    actor: AuthContext,
    onProgress: ImportProgress = () => undefined,
  ): Promise<QuestionImportResult> {
    try {
      return await inTransaction(this.db, async (trx) => {
        const plan = planRows(rows, await loadContext(trx, rows, fixed));
        if (mode === 'allOrNothing' && plan.invalid > 0) {
          throw conflict('questionsChangedInvalid', { invalid: plan.invalid });
        }
        const total = plan.valid.length;
        if (total === 0) {
          throw conflict('questionsChangedNoneValid');
        }
        const questions = new QuestionRepository(trx);
        const now = nowIso();
        let done = 0;
        await onProgress(done, total);
        for (let i = 0; i < total; i += QUESTION_IMPORT_SLICE) {
          const slice = plan.valid.slice(i, i + QUESTION_IMPORT_SLICE);
          await questions.insertMany(
            slice.map((row) => ({
              ...row.insert!,
              author_id: actor.user.id,
              created_at: now,
              updated_at: now,
            })),
          );
          done += slice.length;
          await onProgress(done, total);
        }
        return { created: total, skipped: plan.invalid, total: plan.rows.length };
      });
    } catch (error) {
      throw explainConstraint(error, {
        foreignKey: () => conflict('importStructureGone'),
      });
    }
  }

  /** The empty template: headers and instructions in `language`, the codes the user may use. */
  async template(language: QuestionImportLanguage) {
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
    const questions = new QuestionRepository(this.db);
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
