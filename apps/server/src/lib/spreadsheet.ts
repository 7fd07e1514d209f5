import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import {
  MESSAGE_LANGUAGES,
  localized,
  type Localized,
  type MessageKey,
  type MessageParams,
} from '@kaoshi/shared';
import { invalid } from '../errors.js';

/**
 * Reading and writing .xlsx files safely: an uploaded workbook is read in a worker thread
 * (workbook-worker.mjs), checked as a zip archive (entries, sizes, what it unpacks to, shared
 * strings) before exceljs sees it, formulas are never evaluated, and every failure becomes a
 * 10002 that says what is wrong with the file.
 */

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What an upload may unpack to in all: a zip bomb is refused before anything inflates it fully. */
const UNPACKED_MAX_BYTES = 64 * 1024 * 1024;
const ZIP_ENTRIES_MAX = 2000;
/**
 * The shared strings (every distinct text of the workbook, in one XML part) exceljs holds at
 * once: 20,000 student rows of 15 text columns are 300,000 at most, a question bank's stems and
 * options a few megabytes. A 189 KB file whose shared strings inflated to 63 MB held the
 * server for 10 s.
 */
export const SHARED_STRINGS_MAX = 500_000;
export const SHARED_STRINGS_MAX_BYTES = 24 * 1024 * 1024;
/** Heap of one parsing thread: a workbook past it is refused, the server goes on. */
const WORKER_HEAP_MB = 512;

const fileProblem = (key: MessageKey, params: MessageParams = {}) => invalid('file', key, params);

/** One cell as the parsing thread answers it: what readCell reads of an exceljs cell. */
export interface SheetCell {
  type: ExcelJS.ValueType;
  value: ExcelJS.CellValue;
  formula?: string;
  text: string;
}
/** A non-empty row of the first sheet: its number and its non-empty cells by column index. */
export interface SheetRow {
  number: number;
  cells: Map<number, SheetCell>;
}
/** The first sheet of an uploaded workbook; null when the workbook has none. */
export type SheetData = { rows: SheetRow[] } | null;

// The bundle (dist/main.js) has the worker beside it as workbook-worker.js (build.mjs); the
// sources (tests) have it beside this file.
const WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './workbook-worker.mjs' : './workbook-worker.js',
  import.meta.url,
);

type WorkerAnswer =
  | { ok: true; sheet: SheetData; threadId: number }
  | { ok: false; key: MessageKey; params: MessageParams };

/**
 * Reads the first sheet of an uploaded .xlsx in a worker thread, so that no workbook holds the
 * server: the zip archive is checked (entries, sizes, what it unpacks to, the shared strings'
 * size and count) before exceljs parses it there, formulas are never evaluated, and every
 * failure becomes a 10002 on `file` that says what is wrong with the file. Past `maxRows` rows
 * or 64 cells in a row exceljs stops at once. `parsedOn`: the thread that parsed it.
 */
export async function readFirstSheet(
  buffer: Buffer,
  maxRows: number,
): Promise<{ sheet: SheetData; parsedOn: number }> {
  const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: {
        buffer,
        maxRows,
        caps: {
          unpackedBytes: UNPACKED_MAX_BYTES,
          archiveEntries: ZIP_ENTRIES_MAX,
          sharedStrings: SHARED_STRINGS_MAX,
          sharedStringsBytes: SHARED_STRINGS_MAX_BYTES,
        },
      },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let settled = false;
    worker.once('message', (message: WorkerAnswer) => {
      settled = true;
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', (error: Error & { code?: string }) => {
      if (settled) return;
      settled = true;
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        resolve({ ok: false, key: 'workbookTooHeavy', params: { mb: WORKER_HEAP_MB } });
      } else {
        reject(error);
      }
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the workbook worker stopped with code ${code}`));
    });
  });
  if (!answer.ok) throw fileProblem(answer.key, answer.params);
  return { sheet: answer.sheet, parsedOn: answer.threadId };
}

export type CellProblemCode = 'formula' | 'html' | 'cellType' | 'lostDigits';

export interface CellText {
  /** The cell as text, trimmed; what the user sees for a formula or a refused kind. */
  text: string;
  problem?: { code: CellProblemCode; message: string };
}

/** Tags (<b>, </p>, <!--, <?xml) and character references (&lt; &#60; &#x3c;). */
const MARKUP = /<\s*[a-z!/?]|&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;

const richText = (value: unknown): string =>
  typeof value === 'object' && value !== null && 'richText' in value
    ? (value as ExcelJS.CellRichTextValue).richText.map((run) => run.text).join('')
    : String(value ?? '');

/**
 * A cell as text. `digits`: a column of long digit strings (identity and phone numbers), where a
 * number cell has lost digits when Excel stored it as a floating-point value.
 */
export function readCell(cell: SheetCell | undefined, digits: boolean): CellText {
  if (!cell) return { text: '' };
  const value = cell.value;
  let text: string;
  switch (cell.type) {
    case ExcelJS.ValueType.Null:
    case ExcelJS.ValueType.Merge:
      return { text: '' };
    case ExcelJS.ValueType.Formula:
      return {
        text: `=${cell.formula ?? ''}`.slice(0, 200),
        problem: {
          code: 'formula',
          message: 'a formula: formulas are never calculated on import; paste the values instead',
        },
      };
    case ExcelJS.ValueType.Number: {
      const number = value as number;
      if (digits && !(Number.isSafeInteger(number) && number >= 0)) {
        return {
          text: String(number),
          problem: {
            code: 'lostDigits',
            message:
              'a number too long for Excel to keep every digit: format the column as Text and type the number again',
          },
        };
      }
      text = String(number);
      break;
    }
    case ExcelJS.ValueType.String:
    case ExcelJS.ValueType.SharedString:
    case ExcelJS.ValueType.RichText:
      text = richText(value);
      break;
    case ExcelJS.ValueType.Hyperlink:
      text = richText((value as ExcelJS.CellHyperlinkValue).text);
      break;
    case ExcelJS.ValueType.Date:
      return cellType(
        cell.text,
        'a date: Excel turned the text into a date; format the column as Text',
      );
    case ExcelJS.ValueType.Boolean:
      return cellType(String(value), 'a TRUE/FALSE value');
    case ExcelJS.ValueType.Error:
      return cellType(cell.text, 'an error value such as #N/A');
    default:
      return cellType('', 'a kind of cell that cannot be imported');
  }
  text = text.trim();
  if (text.startsWith('=')) {
    return {
      text,
      problem: { code: 'formula', message: 'text starting with "=" reads as a formula' },
    };
  }
  if (MARKUP.test(text)) {
    return {
      text,
      problem: { code: 'html', message: 'markup (HTML tags or entities) is not allowed' },
    };
  }
  return { text };
}

const cellType = (text: string, what: string): CellText => ({
  text: text.trim(),
  problem: { code: 'cellType', message: `${what} cannot be imported here` },
});

/** Header text as compared: NFKC (full-width → ASCII), no spaces, * or :, lower case. */
export const normaliseHeader = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/[\s*:]/g, '')
    // Japanese templates once said 受検 where they now say 受験: both read the same column.
    .replaceAll('受検', '受験')
    .toLowerCase();

/** Every header of every language (and the column keys themselves) → its column. */
export function headerColumns<C extends string>(
  headers: Readonly<Record<string, Readonly<Record<C, string>>>>,
): Map<string, C> {
  const columns = new Map<string, C>();
  for (const language of Object.values(headers)) {
    for (const [column, header] of Object.entries(language) as [C, string][]) {
      columns.set(normaliseHeader(header), column);
      columns.set(normaliseHeader(column), column);
    }
  }
  return columns;
}

/** A sheet column's letters (1 → A, 27 → AA). */
export const columnLetter = (index: number) => {
  let letters = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
};

/**
 * The header row of an import sheet: cell index → column, in order. Any unknown, repeated or
 * missing required header refuses the file, naming them all.
 */
export function readHeaderRow<C extends string>(
  row: SheetRow,
  rowNumber: number,
  {
    headers,
    required,
    englishHeader,
  }: {
    headers: Map<string, C>;
    required: readonly C[];
    englishHeader: (column: C) => string;
  },
): Map<number, C> {
  const seen = new Map<C, number>();
  const columnAt = new Map<number, C>();
  const unknown: string[] = [];
  const twice: string[] = [];
  for (const [index, cell] of row.cells) {
    const { text } = readCell(cell, false);
    if (text === '') continue;
    const column = headers.get(normaliseHeader(text));
    if (!column) {
      unknown.push(`"${text.slice(0, 40)}" (${columnLetter(index)})`);
      continue;
    }
    const earlier = seen.get(column);
    if (earlier !== undefined) {
      twice.push(`${englishHeader(column)} (${columnLetter(earlier)}, ${columnLetter(index)})`);
      continue;
    }
    seen.set(column, index);
    columnAt.set(index, column);
  }
  const missing = required.filter((column) => !seen.has(column));
  if (missing.length === 0 && unknown.length === 0 && twice.length === 0) return columnAt;
  const problems = [
    missing.length > 0 &&
      localized('headerMissing', { columns: missing.map(englishHeader).join(', ') }),
    unknown.length > 0 && localized('headerUnknown', { columns: unknown.slice(0, 10).join(', ') }),
    twice.length > 0 && localized('headerRepeated', { columns: twice.join(', ') }),
  ].filter((problem) => problem !== false);
  const joined = Object.fromEntries(
    MESSAGE_LANGUAGES.map((language) => [
      language,
      problems.map((problem) => problem[language]).join('; '),
    ]),
  ) as Localized;
  throw fileProblem('headerMismatch', { row: rowNumber, problems: joined });
}

/**
 * After reading a sheet: refuses one with no header (`headerRow` undefined), no data row, or
 * more than `max` of them.
 */
export function checkSheetRows(
  headerRow: number | undefined,
  rows: number,
  { max }: { max: number },
) {
  if (headerRow === undefined) throw fileProblem('sheetEmpty');
  if (rows === 0) {
    throw fileProblem('sheetNoRows', { row: headerRow });
  }
  if (rows > max) {
    throw fileProblem('sheetTooManyDataRows', { rows, max });
  }
}

/**
 * `attachment` with the real name in UTF-8 (RFC 6266 / 5987), so that a Chinese file name
 * survives every browser, and an ASCII name for clients that read only `filename`.
 */
export function attachmentDisposition(fileName: string, asciiFallback: string) {
  const ascii = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The header row of a generated sheet: bold on a light fill. */
export function styleHeader(row: ExcelJS.Row) {
  row.font = { bold: true };
  row.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } };
  });
}

/** exceljs keeps a sheet's data validations here, but its types do not say so. */
interface DataValidations {
  add(range: string, validation: ExcelJS.DataValidation): void;
}

/** A drop-down list of `words` in sheet column `column` (1 = A), rows 2 to `lastRow`. */
export function addDropDown(
  sheet: ExcelJS.Worksheet,
  column: number,
  lastRow: number,
  words: readonly string[],
) {
  const letter = columnLetter(column);
  (sheet as unknown as { dataValidations: DataValidations }).dataValidations.add(
    `${letter}2:${letter}${lastRow}`,
    { type: 'list', allowBlank: true, formulae: [`"${words.join(',')}"`] },
  );
}

/**
 * A template's instructions sheet: the title, the notes as bullets, a blank row, then the table
 * header and its `rows` (one per column: header, required or optional, what, example).
 */
export function addInstructionsSheet(
  workbook: ExcelJS.Workbook,
  texts: { sheetName: string; title: string; notes: readonly string[]; tableHeader: string[] },
  widths: readonly number[],
  rows: readonly string[][],
) {
  const help = workbook.addWorksheet(texts.sheetName);
  help.columns = widths.map((width) => ({ width }));
  help.addRow([texts.title]).font = { bold: true, size: 14 };
  for (const note of texts.notes) help.addRow([`• ${note}`]);
  help.addRow([]);
  styleHeader(help.addRow(texts.tableHeader));
  for (const row of rows) help.addRow(row);
}

/**
 * An export written with exceljs's streaming writer, which `fill` commits row by row; the zipped
 * result is collected and returned whole, so that a failure is still answered with the envelope.
 * `names`: the file's base name in the export's language and in English (the ASCII fallback);
 * both get the day's date.
 */
export async function writeExport(
  names: { local: string; english: string },
  fill: (workbook: ExcelJS.stream.xlsx.WorkbookWriter) => Promise<void>,
) {
  const output = new PassThrough();
  const parts: Buffer[] = [];
  output.on('data', (chunk: Buffer) => parts.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Kaoshi';
  await fill(workbook);
  await workbook.commit();
  await finished;
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return {
    buffer: Buffer.concat(parts),
    fileName: `${names.local}-${day}.xlsx`,
    asciiName: `${names.english}-${day}.xlsx`,
  };
}
