import { PassThrough } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
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
 * Reading and writing .xlsx files safely: an uploaded workbook is checked as a zip archive
 * (entries, sizes, what it unpacks to) before exceljs sees it, formulas are never evaluated,
 * and every failure becomes a 10002 that says what is wrong with the file.
 */

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What an upload may unpack to in all: a zip bomb is refused before anything inflates it fully. */
const UNPACKED_MAX_BYTES = 64 * 1024 * 1024;
const ZIP_ENTRIES_MAX = 2000;

const fileProblem = (key: MessageKey, params: MessageParams = {}) => invalid('file', key, params);
/** A zip archive that is cut short or damaged, naming where. */
const damaged = (part: string) => fileProblem('notXlsxDamaged', { part });

/**
 * Checks that `buffer` is a plain zip archive (no zip64, no encryption, deflate or stored
 * entries) holding an Office Open XML workbook, and that it unpacks to at most
 * UNPACKED_MAX_BYTES: each entry is really inflated with that bound, since the sizes an
 * archive declares may lie.
 */
export function checkXlsxArchive(buffer: Buffer) {
  if (buffer.length === 0) throw fileProblem('fileEmpty');
  if (buffer.length >= 8 && buffer.readUInt32BE(0) === 0xd0cf11e0) {
    throw fileProblem('fileXls');
  }
  if (buffer.length < 22 || buffer.readUInt32LE(0) !== 0x04034b50) throw fileProblem('notXlsx');

  // End of central directory: the last 22 bytes plus a comment of up to 65,535.
  let end = -1;
  for (let at = buffer.length - 22; at >= Math.max(0, buffer.length - 22 - 0xffff); at--) {
    if (buffer.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw damaged('end of central directory');
  const entries = buffer.readUInt16LE(end + 10);
  const directoryOffset = buffer.readUInt32LE(end + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff) {
    throw fileProblem('fileZip64');
  }
  if (entries > ZIP_ENTRIES_MAX) throw fileProblem('tooManyArchiveEntries', { count: entries });

  const names = new Set<string>();
  let unpacked = 0;
  let at = directoryOffset;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== 0x02014b50) {
      throw damaged('central directory');
    }
    const flags = buffer.readUInt16LE(at + 8);
    const method = buffer.readUInt16LE(at + 10);
    const compressedSize = buffer.readUInt32LE(at + 20);
    const declaredSize = buffer.readUInt32LE(at + 24);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const localOffset = buffer.readUInt32LE(at + 42);
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    if (flags & 1) throw fileProblem('encryptedWorkbook');
    if (method !== 0 && method !== 8) {
      throw damaged(name);
    }
    unpacked += declaredSize;
    if (unpacked > UNPACKED_MAX_BYTES) throw tooBigUnpacked();

    if (localOffset + 30 > buffer.length || buffer.readUInt32LE(localOffset) !== 0x04034b50) {
      throw damaged(name);
    }
    const dataStart =
      localOffset +
      30 +
      buffer.readUInt16LE(localOffset + 26) +
      buffer.readUInt16LE(localOffset + 28);
    if (dataStart + compressedSize > buffer.length) {
      throw damaged(name);
    }
    if (method === 8) {
      try {
        const data = inflateRawSync(buffer.subarray(dataStart, dataStart + compressedSize), {
          maxOutputLength: Math.max(1, UNPACKED_MAX_BYTES - unpacked + declaredSize),
        });
        if (data.length !== declaredSize) throw new Error('size mismatch');
      } catch (error) {
        if (error instanceof RangeError) throw tooBigUnpacked();
        throw damaged(name);
      }
    } else if (compressedSize !== declaredSize) {
      throw damaged(name);
    }
    names.add(name.replace(/^\//, ''));
  }
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) {
    throw fileProblem(names.has('content.xml') ? 'odsFile' : 'zipNotWorkbook');
  }
}

const tooBigUnpacked = () =>
  fileProblem('unpackedTooLarge', { mb: UNPACKED_MAX_BYTES / 1024 / 1024 });

/**
 * Loads a checked archive. Data validations, hyperlinks and drawings are not read: an import
 * needs only values (a link's text is its value). Past `maxRows` rows or 64 cells in a row exceljs
 * stops at once; that is answered as too many rows.
 */
export async function loadWorkbook(buffer: Buffer, maxRows: number): Promise<ExcelJS.Workbook> {
  checkXlsxArchive(buffer);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(
      buffer as unknown as ExcelJS.Buffer,
      {
        maxRows,
        maxCols: 64,
        ignoreNodes: [
          'dataValidations',
          'hyperlinks',
          'drawing',
          'legacyDrawing',
          'picture',
          'conditionalFormatting',
          'extLst',
        ],
      } as Partial<ExcelJS.XlsxReadOptions>,
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/^Max row count/.test(message)) {
      throw fileProblem('sheetTooManyRows', { max: maxRows });
    }
    if (/^Max c count/.test(message)) throw fileProblem('rowTooManyCells');
    throw fileProblem('workbookDamaged');
  }
  return workbook;
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
export function readCell(cell: ExcelJS.Cell | undefined, digits: boolean): CellText {
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
  row: ExcelJS.Row,
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
  row.eachCell({ includeEmpty: false }, (cell, index) => {
    const { text } = readCell(cell, false);
    if (text === '') return;
    const column = headers.get(normaliseHeader(text));
    if (!column) {
      unknown.push(`"${text.slice(0, 40)}" (${columnLetter(index)})`);
      return;
    }
    const earlier = seen.get(column);
    if (earlier !== undefined) {
      twice.push(`${englishHeader(column)} (${columnLetter(earlier)}, ${columnLetter(index)})`);
      return;
    }
    seen.set(column, index);
    columnAt.set(index, column);
  });
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
