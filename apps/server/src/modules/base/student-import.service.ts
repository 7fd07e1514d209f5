import {
  GENDERS,
  ID_TYPES,
  IdType,
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_HEADERS,
  STUDENT_IMPORT_LANGUAGES,
  STUDENT_IMPORT_MAX_ROWS,
  STUDENT_IMPORT_REQUIRED_COLUMNS,
  STUDENT_IMPORT_VALUE_LABELS,
  checkIdNumber,
  normaliseIdNumber,
  studentInput,
  type IdTypeCode,
  type StudentExportExtraColumn,
  type StudentImportColumn,
  type StudentImportErrorCode,
  type StudentImportLanguage,
  type StudentImportMode,
  type StudentImportPreview,
  type StudentImportPreviewRow,
  type StudentImportResult,
  type StudentImportRowError,
  type StudentInput,
  TEMPLATE_TEXTS,
  levelWord,
  wordsIn,
} from '@kaoshi/shared';
import ExcelJS from 'exceljs';
import type { Config } from '../../config.js';
import { isUniqueViolation, violationText } from '../../db/constraint.js';
import { inTransaction, type Db } from '../../db/database.js';
import { conflict, invalid } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import {
  addDropDown,
  addInstructionsSheet,
  checkSheetRows,
  headerColumns,
  readFirstSheet,
  normaliseHeader,
  readCell,
  readHeaderRow,
  styleHeader,
  type SheetData,
} from '../../lib/spreadsheet.js';
import { InitialPasswords, type InitialPassword } from './student-password.js';
import { StudentRepository } from './student.repository.js';
import {
  STUDENT_CHUNK,
  createStudents,
  updateStudents,
  type StudentChange,
} from './student.service.js';

type Column = StudentImportColumn;
type AnyColumn = Column | StudentExportExtraColumn;
type RowError = StudentImportRowError;

/** A cell shown back in a preview is cut here; the checks still see all of it. */
const PREVIEW_CELL_MAX = 200;
/** IN lists are sent in slices of this many values. */
const LOOKUP_CHUNK = 500;
/** Batches listed on the template's batch sheet. */
const TEMPLATE_BATCHES_MAX = 2000;
/** Rows the data validations (drop-down lists) of the template cover. */
const TEMPLATE_ROWS = STUDENT_IMPORT_MAX_ROWS + 1;

const HEADER_COLUMNS = headerColumns<AnyColumn>(STUDENT_IMPORT_HEADERS);

type CodedColumn = 'gender' | 'idType' | 'status';
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

const CODE_MESSAGES: Record<CodedColumn, string> = {
  gender: 'must be Male, Female or Unknown (or 1, 2, 0) in any template language',
  idType:
    'must be Resident ID card, Passport, HK/Macao/Taiwan permit or Other (or 1, 2, 3, 9) in any template language',
  status: 'must be Enabled or Disabled (or 1, 0) in any template language',
};

/** Columns holding long digit strings, where Excel may have made a number lose digits. */
const DIGIT_COLUMNS = new Set<Column>(['idNumber', 'phone']);

const englishHeader = (column: AnyColumn) => `"${STUDENT_IMPORT_HEADERS.en[column]}"`;
const emptyValues = () =>
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

interface Sheet {
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

// ---------------------------------------------------------------------------------------------
// Checking rows against the rules and the database

interface Batch {
  id: number;
  code: string;
  name: string;
  capacity: number;
  usable: boolean;
}

type Existing = Awaited<ReturnType<StudentRepository['findByIdNumbers']>>[number];

interface Context {
  batches: Map<string, Batch>;
  existing: Map<string, Existing>;
  /** null: the actor may use every batch. */
  usable: Set<number> | null;
  /** Students per batch, for the batches with a seat limit. */
  taken: Map<number, number>;
}

const chunks = <T>(items: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

async function inChunks<T, R>(items: T[], load: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (const chunk of chunks(items, LOOKUP_CHUNK)) out.push(...(await load(chunk)));
  return out;
}

/** What the rows refer to in the database. `lock`: hold the seat-limited batches (PostgreSQL). */
async function loadContext(db: Db, sheet: Sheet, actor: AuthContext, lock: boolean) {
  const students = new StudentRepository(db);
  const codes = [...new Set(sheet.rows.map((row) => row.values.batchCode).filter(Boolean))];
  const idNumbers = [
    ...new Set(sheet.rows.map((row) => normaliseIdNumber(row.values.idNumber)).filter(Boolean)),
  ];
  const usable = await students.visibleClassIdSet(actor);
  const classes = await inChunks(codes, (chunk) => students.findClassesByCodes(chunk));
  const limited = classes.filter((row) => row.capacity > 0).map((row) => row.id);
  if (lock) await students.lockClasses(limited);
  const existing = await inChunks(idNumbers, (chunk) => students.findByIdNumbers(chunk));
  const context: Context = {
    batches: new Map(
      classes.map((row) => [row.code, { ...row, usable: !usable || usable.has(row.id) }]),
    ),
    existing: new Map(existing.map((row) => [row.id_number, row])),
    usable,
    taken: await students.countByClass(limited),
  };
  return context;
}

interface PlannedRow extends StudentImportPreviewRow {
  input?: StudentInput;
  existing?: Existing;
}

interface Plan {
  rows: PlannedRow[];
  creates: PlannedRow[];
  updates: PlannedRow[];
  invalid: number;
}

function parseCode(column: CodedColumn, text: string): number | undefined {
  return CODE_WORDS[column].get(normaliseHeader(text));
}

/** Maps what zod found wrong with a student onto the template's columns and error codes. */
function zodErrors(candidate: StudentInput, issues: readonly ZodIssueLike[]): RowError[] {
  const out: RowError[] = [];
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    const column: Column | undefined =
      field === 'classId'
        ? 'batchCode'
        : (STUDENT_IMPORT_COLUMNS as readonly string[]).includes(field)
          ? (field as Column)
          : undefined;
    if (!column) continue;
    let code: StudentImportErrorCode;
    if (issue.code === 'too_small') code = 'required';
    else if (issue.code === 'too_big') code = 'tooLong';
    else if (column === 'idNumber') {
      const problem = checkIdNumber(candidate.idType, candidate.idNumber);
      code =
        problem === 'checksum'
          ? 'idNumberChecksum'
          : problem === 'birthDate'
            ? 'idNumberBirthDate'
            : 'idNumberFormat';
    } else if (column === 'phone' || column === 'email') code = column;
    else if (column === 'gender' || column === 'idType' || column === 'status') code = column;
    else code = 'required';
    out.push({ column, code, message: issue.message });
  }
  return out;
}

interface ZodIssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
}

/**
 * Every row with its action or its errors. The first row with an ID number counts; later ones
 * are duplicates. Seats: a batch with a limit takes rows in sheet order until it is full;
 * students leaving it in the same file do not free seats (never overbooks).
 */
function planRows(sheet: Sheet, context: Context): Plan {
  const firstRowOf = new Map<string, number>();
  const rows: PlannedRow[] = [];
  const incoming = new Map<number, number>();
  for (const { row, values, cellErrors } of sheet.rows) {
    const errors = [...cellErrors];
    const hasError = (column: Column) => errors.some((error) => error.column === column);
    const add = (column: Column, code: StudentImportErrorCode, message: string) => {
      if (!hasError(column)) errors.push({ column, code, message });
    };

    for (const column of STUDENT_IMPORT_REQUIRED_COLUMNS) {
      if (values[column] === '') add(column, 'required', 'must not be empty');
    }
    const coded: Partial<Record<CodedColumn, number>> = {};
    for (const column of ['gender', 'idType', 'status'] as const) {
      if (values[column] === '' || hasError(column)) continue;
      const code = parseCode(column, values[column]);
      if (code === undefined) add(column, column, CODE_MESSAGES[column]);
      else coded[column] = code;
    }

    const idNumber = normaliseIdNumber(values.idNumber);
    const existing = idNumber ? context.existing.get(idNumber) : undefined;
    if (idNumber && !hasError('idNumber')) {
      const first = firstRowOf.get(idNumber);
      if (first !== undefined) {
        add('idNumber', 'duplicateInFile', `the same ID number as row ${first}`);
      } else {
        firstRowOf.set(idNumber, row);
      }
      if (existing && context.usable && !context.usable.has(existing.class_id)) {
        add(
          'idNumber',
          'duplicateInDatabase',
          'a student with this ID number exists in a batch you do not manage',
        );
      }
    }

    const batch = context.batches.get(values.batchCode);
    if (values.batchCode && !hasError('batchCode')) {
      if (!batch)
        add(
          'batchCode',
          'unknownBatch',
          `no registration batch has the code "${values.batchCode.slice(0, 40)}"`,
        );
      else if (!batch.usable) {
        add(
          'batchCode',
          'batchNotYours',
          `batch "${batch.name}" is not one of your assigned batches`,
        );
      }
    }

    // An update keeps what an empty optional cell (or a missing column) does not give.
    const candidate: StudentInput = {
      name: values.name,
      gender: coded.gender ?? existing?.gender ?? 0,
      idType: (coded.idType ?? existing?.id_type ?? IdType.RESIDENT_ID) as IdTypeCode,
      idNumber,
      phone: values.phone || (existing?.phone ?? ''),
      email: values.email || (existing?.email ?? ''),
      classId: batch?.id ?? 1,
      // Not a column of the sheet: checked without it, then the student's own is kept.
      photo: '',
      status: (coded.status ?? existing?.status ?? 1) as 0 | 1,
    };
    const checked = studentInput.safeParse(candidate);
    if (!checked.success) {
      for (const error of zodErrors(candidate, checked.error.issues)) {
        add(error.column, error.code, error.message);
      }
    }

    if (
      checked.success &&
      errors.length === 0 &&
      batch &&
      batch.capacity > 0 &&
      existing?.class_id !== batch.id
    ) {
      const taken = (context.taken.get(batch.id) ?? 0) + (incoming.get(batch.id) ?? 0);
      if (taken >= batch.capacity) {
        add(
          'batchCode',
          'batchFull',
          `batch "${batch.name}" has ${batch.capacity} seats and no seat is left for this row`,
        );
      } else {
        incoming.set(batch.id, (incoming.get(batch.id) ?? 0) + 1);
      }
    }

    const shown = emptyValues();
    for (const column of STUDENT_IMPORT_COLUMNS) {
      shown[column] = values[column].slice(0, PREVIEW_CELL_MAX);
    }
    const valid = checked.success && errors.length === 0;
    rows.push({
      row,
      values: shown,
      action: valid ? (existing ? 'update' : 'create') : null,
      errors,
      ...(valid && { input: { ...checked.data, photo: existing?.photo ?? '' }, existing }),
    });
  }
  return {
    rows,
    creates: rows.filter((row) => row.action === 'create'),
    updates: rows.filter((row) => row.action === 'update'),
    invalid: rows.filter((row) => row.action === null).length,
  };
}

const previewOf = (plan: Plan): StudentImportPreview => ({
  total: plan.rows.length,
  valid: plan.rows.length - plan.invalid,
  invalid: plan.invalid,
  creates: plan.creates.length,
  updates: plan.updates.length,
  rows: plan.rows.map(({ row, values, action, errors }) => ({ row, values, action, errors })),
});

/** Rows written: reported after each slice, inside the transaction (throwing rolls back). */
export type ImportProgress = (done: number, total: number) => void | Promise<void>;

/** A checked file, ready to write; `run` rechecks inside the transaction, then writes. */
export interface PreparedImport {
  preview: StudentImportPreview;
  run(onProgress?: ImportProgress): Promise<StudentImportResult>;
}

/** A duplicate that slipped past the checks (concurrent write). */
function explainUnique(error: unknown): unknown {
  if (!isUniqueViolation(error)) return error;
  return /id_number/.test(violationText(error))
    ? conflict('importIdNumberRace', {}, 'idNumber')
    : conflict('importRace');
}

export class StudentImportService {
  private readonly passwords: InitialPasswords;

  constructor(
    private readonly db: Db,
    config: Config,
  ) {
    this.passwords = new InitialPasswords(config.studentInitialPassword);
  }

  /** Reads and checks a file without writing: every row with its action or its errors. */
  async preview(file: Buffer, actor: AuthContext): Promise<StudentImportPreview> {
    const sheet = await this.read(file);
    return previewOf(planRows(sheet, await loadContext(this.db, sheet, actor, false)));
  }

  /**
   * Checks a file for import. 'allOrNothing' refuses a file with any bad row (10002, nothing
   * written); either mode refuses a file with no good row.
   */
  async prepare(
    file: Buffer,
    mode: StudentImportMode,
    actor: AuthContext,
  ): Promise<PreparedImport> {
    const sheet = await this.read(file);
    const preview = previewOf(planRows(sheet, await loadContext(this.db, sheet, actor, false)));
    if (mode === 'allOrNothing' && preview.invalid > 0) {
      throw invalid('file', 'importAllOrNothing', {
        invalid: preview.invalid,
        total: preview.total,
      });
    }
    if (preview.valid === 0) {
      throw invalid('file', 'importNoneValid', { total: preview.total });
    }
    return {
      preview,
      run: (onProgress) => this.write(sheet, mode, actor, onProgress),
    };
  }

  private async read(file: Buffer): Promise<Sheet> {
    // exceljs stops past this many rows: room for blank rows around the data.
    return readStudentSheet((await readFirstSheet(file, STUDENT_IMPORT_MAX_ROWS + 1000)).sheet);
  }

  /**
   * One transaction: the rows are checked again against the database as it is now (with the
   * seat-limited batches locked), then created and updated in slices. Any failure, including
   * one thrown by `onProgress`, leaves the database as it was.
   */
  private async write(
    sheet: Sheet,
    mode: StudentImportMode,
    actor: AuthContext,
    onProgress: ImportProgress = () => undefined,
  ): Promise<StudentImportResult> {
    // Hashed outside the transaction, one per row of the file (the rows that turn out to be
    // updates or invalid inside it leave theirs unused).
    const passwordOf = await this.initialPasswords(sheet, actor);
    try {
      return await inTransaction(this.db, async (trx) => {
        const plan = planRows(sheet, await loadContext(trx, sheet, actor, true));
        if (mode === 'allOrNothing' && plan.invalid > 0) {
          throw conflict('importChangedInvalid', { invalid: plan.invalid });
        }
        const total = plan.creates.length + plan.updates.length;
        if (total === 0) {
          throw conflict('importChangedNoneValid');
        }
        const now = new Date();
        let done = 0;
        await onProgress(done, total);
        const accounts: StudentImportResult['accounts'] = [];
        for (const slice of chunks(plan.creates, STUDENT_CHUNK)) {
          const inputs = slice.map((row) => row.input!);
          const created = await createStudents(
            trx,
            inputs,
            await Promise.all(inputs.map((input) => passwordOf(input.idNumber))),
            now,
          );
          accounts.push(
            ...created.map((student, i) => ({
              ticketNumber: student.ticketNumber,
              name: inputs[i]!.name,
              idNumber: inputs[i]!.idNumber,
              initialPassword: student.initialPassword,
            })),
          );
          done += slice.length;
          await onProgress(done, total);
        }
        for (const slice of chunks(plan.updates, STUDENT_CHUNK)) {
          const changes: StudentChange[] = slice.map((row) => ({
            ...row.input!,
            id: row.existing!.id,
            userId: row.existing!.user_id,
          }));
          await updateStudents(trx, changes, now);
          done += slice.length;
          await onProgress(done, total);
        }
        return {
          created: plan.creates.length,
          updated: plan.updates.length,
          skipped: plan.invalid,
          total: plan.rows.length,
          accounts,
        };
      });
    } catch (error) {
      throw explainUnique(error);
    }
  }

  /**
   * Initial passwords for the rows the file would create as the database is now, hashed ahead;
   * a row that only turns out to be new inside the transaction gets its own there.
   */
  private async initialPasswords(sheet: Sheet, actor: AuthContext) {
    const plan = planRows(sheet, await loadContext(this.db, sheet, actor, false));
    const idNumbers = plan.creates.map((row) => row.input!.idNumber);
    const made = await this.passwords.make(idNumbers);
    const ready = new Map(idNumbers.map((idNumber, i) => [idNumber, made[i]!]));
    return async (idNumber: string): Promise<InitialPassword> =>
      ready.get(idNumber) ?? (await this.passwords.make([idNumber]))[0]!;
  }

  /** The empty template: header row and instructions in `language`, the batches the actor may use. */
  async template(language: StudentImportLanguage, actor: AuthContext) {
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
    const usable = await new StudentRepository(this.db).usableClasses(actor, TEMPLATE_BATCHES_MAX);
    for (const batch of usable) {
      batches.addRow([
        batch.code,
        batch.name,
        batch.subject_name,
        levelWord(language, batch.level),
      ]);
    }
    if (usable.length === 0) batches.addRow([texts.noBatches]);

    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    return {
      buffer,
      fileName: `${texts.fileNames.template}.xlsx`,
      asciiName: `${wordsIn(TEMPLATE_TEXTS, 'en').fileNames.template}.xlsx`,
    };
  }
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
