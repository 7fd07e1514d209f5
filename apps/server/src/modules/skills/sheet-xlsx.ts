import ExcelJS from 'exceljs';
import {
  MESSAGE_LANGUAGES,
  SHEET_IMPORT_MAX_ROWS,
  SHEET_XLSX_TEXTS,
  isCertLevel,
  localized,
  scoreToHundredths,
  wordsIn,
  type AddSheetBody,
  type Localized,
  type MessageKey,
  type MessageLanguage,
  type MessageParams,
  type SheetView,
  type SheetXlsxColumn,
  type SheetXlsxField,
} from '@kaoshi/shared';
import { invalid } from '../../errors.js';
import {
  columnLetter,
  headerColumns,
  normaliseHeader,
  readCell,
  readFirstSheet,
  readHeaderRow,
  styleHeader,
  type SheetRow,
} from '../../lib/spreadsheet.js';

/**
 * A scoring sheet as .xlsx in the layout centres use (docs/features/skills.md): a title, a header
 * block (label in column A, value in B: job type code and name, level, name, time limit,
 * overtime rule, rounding step), then the item table 序号 | 考核内容 | 鉴定点代码 | 考核要点 |
 * 配分 | 评分标准 | 否定项 | 方式, a task's first three cells merged down its items, and a total.
 */

const COLUMNS: readonly SheetXlsxColumn[] = [
  'number',
  'task',
  'pointCode',
  'what',
  'points',
  'criteria',
  'veto',
  'mode',
];
const FIELDS: readonly SheetXlsxField[] = [
  'subjectCode',
  'subjectName',
  'level',
  'name',
  'timeLimitMinutes',
  'overtimePointsPerMinute',
  'overtimeStopMinutes',
  'step',
];
const WIDTHS = [8, 24, 16, 36, 8, 48, 10, 10];

export async function sheetWorkbook(
  sheet: SheetView,
  subjectCode: string,
  language: MessageLanguage,
) {
  const texts = wordsIn(SHEET_XLSX_TEXTS, language);
  const book = new ExcelJS.Workbook();
  book.creator = 'Kaoshi';
  const ws = book.addWorksheet(texts.sheetName);
  ws.columns = WIDTHS.map((width) => ({ width }));
  const title = ws.addRow([texts.title]);
  title.font = { bold: true, size: 16 };
  ws.mergeCells(title.number, 1, title.number, COLUMNS.length);
  const values: Record<SheetXlsxField, string | number> = {
    subjectCode,
    subjectName: sheet.subjectName,
    level: sheet.level,
    name: sheet.name,
    timeLimitMinutes: sheet.timeLimitMinutes,
    overtimePointsPerMinute: sheet.overtimePointsPerMinute,
    overtimeStopMinutes: sheet.overtimeStopMinutes,
    step: sheet.step,
  };
  for (const field of FIELDS) {
    const row = ws.addRow([texts.fields[field], values[field]]);
    row.getCell(1).font = { bold: true };
  }
  ws.addRow([]);
  styleHeader(ws.addRow(COLUMNS.map((column) => texts.columns[column])));
  for (const [t, task] of sheet.tasks.entries()) {
    const first = ws.rowCount + 1;
    for (const [i, item] of task.items.entries()) {
      const row = ws.addRow([
        i === 0 ? t + 1 : null,
        i === 0 ? task.title : null,
        i === 0 ? (task.knowCode ?? '') : null,
        item.what,
        item.points,
        item.criteria,
        item.veto ? texts.yes : texts.no,
        item.mode === 'deduct' ? texts.deduct : texts.award,
      ]);
      row.alignment = { vertical: 'top', wrapText: true };
      if (item.veto) row.font = { color: { argb: 'FFCF1322' } };
    }
    const last = ws.rowCount;
    if (last > first) for (const c of [1, 2, 3]) ws.mergeCells(first, c, last, c);
  }
  const total = ws.addRow([texts.fullScore, null, null, null, sheet.fullScore]);
  total.font = { bold: true };
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return {
    buffer: Buffer.from(await book.xlsx.writeBuffer()),
    fileName: `${texts.title}-${sheet.name}-${day}.xlsx`,
    asciiName: `scoring-sheet-${sheet.id}-${day}.xlsx`,
  };
}

/** Every language's labels (and the keys) → what they name. */
const columnHeaders = headerColumns(
  Object.fromEntries(MESSAGE_LANGUAGES.map((l) => [l, SHEET_XLSX_TEXTS[l].columns])),
);
const fieldLabels = headerColumns(
  Object.fromEntries(MESSAGE_LANGUAGES.map((l) => [l, SHEET_XLSX_TEXTS[l].fields])),
);
const wordsOf = (pick: (texts: (typeof SHEET_XLSX_TEXTS)['zh']) => string) =>
  new Set(MESSAGE_LANGUAGES.map((l) => normaliseHeader(pick(SHEET_XLSX_TEXTS[l]))));
const YES = wordsOf((t) => t.yes);
const NO = wordsOf((t) => t.no);
const AWARD = wordsOf((t) => t.award);
const DEDUCT = wordsOf((t) => t.deduct);
const TOTAL = wordsOf((t) => t.fullScore);

/** What the import needs of the database: job types by code, their appraisal points by code. */
export interface SheetImportLookup {
  subject(code: string): Promise<{ id: number; levels: number[] } | undefined>;
  points(subjectId: number, level: number): Promise<{ id: number; code: string }[]>;
}

/** One problem of the file, at a cell. */
interface Problem {
  row: number;
  column: number;
  header: string;
  problem: Localized;
}

const TWO_DECIMALS = /^\d+(\.\d{1,2})?$/;

/**
 * Reads an uploaded sheet into a body for addSheet, or refuses the file naming every problem
 * with its row and column (nothing is written by the caller then).
 */
export async function readSheetWorkbook(
  file: Buffer,
  lookup: SheetImportLookup,
  language: MessageLanguage,
): Promise<AddSheetBody> {
  const { sheet } = await readFirstSheet(file, SHEET_IMPORT_MAX_ROWS + 20);
  if (!sheet) throw invalid('file', 'sheetEmpty');
  const texts = wordsIn(SHEET_XLSX_TEXTS, language);
  const problems: Problem[] = [];
  const problem = (
    row: number,
    column: number,
    header: string,
    key: MessageKey,
    params: MessageParams = {},
  ) => problems.push({ row, column, header, problem: localized(key, params) });
  const text = (row: SheetRow, column: number, header: string) => {
    const read = readCell(row.cells.get(column), false);
    if (read.problem) problem(row.number, column, header, 'sheetImportCellUnreadable');
    return read.problem ? '' : read.text;
  };

  const headerIndex = sheet.rows.findIndex(
    (row) =>
      [...row.cells.values()].filter((cell) =>
        columnHeaders.has(normaliseHeader(readCell(cell, false).text)),
      ).length >= 4,
  );
  if (headerIndex < 0) {
    throw invalid('file', 'headerMismatch', {
      row: 1,
      problems: localized('headerMissing', { columns: COLUMNS.join(', ') }),
    });
  }

  // The header block: a label in A, its value in B.
  const fieldAt = new Map<SheetXlsxField, SheetRow>();
  for (const row of sheet.rows.slice(0, headerIndex)) {
    const field = fieldLabels.get(normaliseHeader(readCell(row.cells.get(1), false).text));
    if (field) fieldAt.set(field, row);
  }
  const field = (name: SheetXlsxField, required: boolean) => {
    const row = fieldAt.get(name);
    const header = texts.fields[name];
    if (!row) {
      if (required) {
        problem(headerIndex, 1, header, 'sheetImportHeaderMissing', { header });
      }
      return undefined;
    }
    const value = text(row, 2, header);
    if (value === '' && required) problem(row.number, 2, header, 'sheetImportRequired');
    return value === '' ? undefined : { value, row: row.number };
  };
  const number = (name: SheetXlsxField, required: boolean, integer: boolean) => {
    const found = field(name, required);
    if (!found) return undefined;
    if (!TWO_DECIMALS.test(found.value) || (integer && !/^\d+$/.test(found.value))) {
      problem(found.row, 2, texts.fields[name], 'sheetImportNotNumber', { value: found.value });
      return undefined;
    }
    return Number(found.value);
  };

  const code = field('subjectCode', true);
  const level = number('level', true, true);
  const name = field('name', true);
  const timeLimitMinutes = number('timeLimitMinutes', true, true);
  const overtimePointsPerMinute = number('overtimePointsPerMinute', false, false) ?? 0;
  const overtimeStopMinutes = number('overtimeStopMinutes', false, true) ?? 0;
  const step = number('step', false, false) ?? 1;
  let subject: { id: number; levels: number[] } | undefined;
  if (code) {
    subject = await lookup.subject(code.value);
    if (!subject) {
      problem(code.row, 2, texts.fields.subjectCode, 'sheetImportUnknownSubject', {
        value: code.value,
      });
    }
  }
  if (
    level !== undefined &&
    (!isCertLevel(level) || (subject && !subject.levels.includes(level)))
  ) {
    problem(fieldAt.get('level')!.number, 2, texts.fields.level, 'sheetImportChoice', {
      value: level,
      choices: (subject?.levels ?? [5, 4, 3, 2, 1]).join(', '),
    });
  }
  const points =
    subject && level !== undefined
      ? new Map((await lookup.points(subject.id, level)).map((p) => [p.code, p.id]))
      : new Map<string, number>();

  // The item table.
  const headerRow = sheet.rows[headerIndex]!;
  const columnAt = readHeaderRow(headerRow, headerRow.number, {
    headers: columnHeaders,
    required: ['task', 'what', 'points'],
    englishHeader: (column) => SHEET_XLSX_TEXTS.en.columns[column],
  });
  const indexOf = new Map([...columnAt].map(([index, column]) => [column, index]));
  const tasks: AddSheetBody['tasks'] = [];
  let current: { title: string; number: string } | undefined;
  for (const row of sheet.rows.slice(headerIndex + 1)) {
    const cell = (column: SheetXlsxColumn) => {
      const index = indexOf.get(column);
      return index === undefined ? '' : text(row, index, texts.columns[column]);
    };
    const at = (column: SheetXlsxColumn) => indexOf.get(column) ?? 0;
    const numberText = cell('number');
    if (TOTAL.has(normaliseHeader(numberText))) break;
    const title = cell('task');
    const sameTask =
      current && title === current.title && (numberText === '' || numberText === current.number);
    if (title !== '' && !sameTask) {
      const pointCode = cell('pointCode');
      let knowId: number | null = null;
      if (pointCode !== '') {
        knowId = points.get(pointCode) ?? null;
        if (knowId === null && subject) {
          problem(row.number, at('pointCode'), texts.columns.pointCode, 'sheetImportUnknownPoint', {
            value: pointCode,
          });
        }
      }
      current = { title, number: numberText };
      tasks.push({ title, knowId, items: [] });
    }
    const what = cell('what');
    const pointsText = cell('points');
    const vetoText = normaliseHeader(cell('veto'));
    const modeText = normaliseHeader(cell('mode'));
    const task = tasks.at(-1);
    if (!task) {
      problem(row.number, at('task'), texts.columns.task, 'sheetImportNoTask');
      continue;
    }
    if (what === '') problem(row.number, at('what'), texts.columns.what, 'sheetImportRequired');
    const veto = YES.has(vetoText);
    if (vetoText !== '' && !veto && !NO.has(vetoText)) {
      problem(row.number, at('veto'), texts.columns.veto, 'sheetImportChoice', {
        value: cell('veto'),
        choices: `${texts.yes}, ${texts.no}`,
      });
    }
    const deduct = DEDUCT.has(modeText);
    if (modeText !== '' && !deduct && !AWARD.has(modeText)) {
      problem(row.number, at('mode'), texts.columns.mode, 'sheetImportChoice', {
        value: cell('mode'),
        choices: `${texts.award}, ${texts.deduct}`,
      });
    }
    const value = pointsText === '' && veto ? '0' : pointsText;
    let itemPoints = 0;
    if (!TWO_DECIMALS.test(value)) {
      problem(row.number, at('points'), texts.columns.points, 'sheetImportNotNumber', {
        value: pointsText,
      });
    } else {
      itemPoints = Number(value);
      const place = { task: tasks.length, item: task.items.length + 1 };
      if (veto && itemPoints !== 0) {
        problem(row.number, at('points'), texts.columns.points, 'sheetVetoNoPoints', place);
      } else if (!veto && scoreToHundredths(itemPoints) <= 0) {
        problem(row.number, at('points'), texts.columns.points, 'sheetItemPointsPositive', place);
      }
    }
    task.items.push({
      what,
      criteria: cell('criteria'),
      points: itemPoints,
      veto,
      mode: deduct ? 'deduct' : 'award',
    });
  }
  if (problems.length === 0 && tasks.every((task) => task.items.length === 0)) {
    problem(headerRow.number + 1, indexOf.get('what') ?? 1, texts.columns.what, 'sheetNoItems');
  }
  if (problems.length > 0) {
    const lines = problems.slice(0, 20).map((p) =>
      localized('sheetImportCell', {
        row: p.row,
        column: columnLetter(p.column),
        header: p.header,
        problem: p.problem,
      }),
    );
    const joined = Object.fromEntries(
      MESSAGE_LANGUAGES.map((l) => [l, lines.map((line) => line[l]).join('; ')]),
    ) as Localized;
    throw invalid('file', 'sheetImportProblems', { problems: joined });
  }
  return {
    subjectId: subject!.id,
    level: level as AddSheetBody['level'],
    name: name!.value,
    timeLimitMinutes: timeLimitMinutes!,
    overtimePointsPerMinute,
    overtimeStopMinutes,
    step,
    tasks,
  };
}
