import {
  IdType,
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_REQUIRED_COLUMNS,
  checkIdNumber,
  normaliseIdNumber,
  studentInput,
  type IdTypeCode,
  type StudentImportColumn,
  type StudentImportErrorCode,
  type StudentImportPreview,
  type StudentImportPreviewRow,
  type StudentImportRowError,
  type StudentInput,
} from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import type { AuthContext } from '../../lib/auth-context.js';
import {
  CODE_MESSAGES,
  emptyValues,
  parseCode,
  type CodedColumn,
  type Sheet,
} from './student-import-read.js';
import { StudentRepository } from './student.repository.js';

// Checking an import's rows against the rules and the database (again inside the write's
// transaction, with the seat-limited batches locked).

type Column = StudentImportColumn;
type RowError = StudentImportRowError;

/** A cell shown back in a preview is cut here; the checks still see all of it. */
const PREVIEW_CELL_MAX = 200;
/** IN lists are sent in slices of this many values. */
const LOOKUP_CHUNK = 500;

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

export const chunks = <T>(items: T[], size: number): T[][] => {
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
export async function loadContext(db: Db, sheet: Sheet, actor: AuthContext, lock: boolean) {
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

export interface Plan {
  rows: PlannedRow[];
  creates: PlannedRow[];
  updates: PlannedRow[];
  invalid: number;
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
export function planRows(sheet: Sheet, context: Context): Plan {
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

export const previewOf = (plan: Plan): StudentImportPreview => ({
  total: plan.rows.length,
  valid: plan.rows.length - plan.invalid,
  invalid: plan.invalid,
  creates: plan.creates.length,
  updates: plan.updates.length,
  rows: plan.rows.map(({ row, values, action, errors }) => ({ row, values, action, errors })),
});
