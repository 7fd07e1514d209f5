// Reads an uploaded .xlsx off the main thread (spreadsheet.ts starts it): checks the zip archive
// and its caps, loads it with exceljs and answers the first sheet's cells as plain data. A
// workbook whose shared strings unpack to tens of megabytes once held the whole server for
// seconds; here it holds only this thread, and the caps refuse it before exceljs parses it.
// Plain JavaScript: a worker thread loads its file without the test runner's TypeScript step.
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';

/** A refusal spreadsheet.ts turns into a 10002 on `file`, with this message key and values. */
class Refusal extends Error {
  constructor(key, params = {}) {
    super(key);
    this.key = key;
    this.params = params;
  }
}

const damaged = (part) => new Refusal('notXlsxDamaged', { part });

/**
 * Checks that `buffer` is a plain zip archive (no zip64, no encryption, deflate or stored
 * entries) holding an Office Open XML workbook, that it unpacks to at most `caps.unpackedBytes`
 * (each entry is really inflated with that bound, since the sizes an archive declares may lie),
 * and that its shared strings stay within `caps.sharedStringsBytes` and `caps.sharedStrings`.
 */
function checkXlsxArchive(buffer, caps) {
  if (buffer.length === 0) throw new Refusal('fileEmpty');
  if (buffer.length >= 8 && buffer.readUInt32BE(0) === 0xd0cf11e0) throw new Refusal('fileXls');
  if (buffer.length < 22 || buffer.readUInt32LE(0) !== 0x04034b50) throw new Refusal('notXlsx');

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
  if (entries === 0xffff || directoryOffset === 0xffffffff) throw new Refusal('fileZip64');
  if (entries > caps.archiveEntries) {
    throw new Refusal('tooManyArchiveEntries', { count: entries });
  }

  const tooBig = () => new Refusal('unpackedTooLarge', { mb: caps.unpackedBytes / 1024 / 1024 });
  const names = new Set();
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

    if (flags & 1) throw new Refusal('encryptedWorkbook');
    if (method !== 0 && method !== 8) throw damaged(name);
    const shared = name.replace(/^\//, '').toLowerCase() === 'xl/sharedstrings.xml';
    const sharedTooBig = () =>
      new Refusal('sharedStringsTooLarge', { mb: caps.sharedStringsBytes / 1024 / 1024 });
    if (shared && declaredSize > caps.sharedStringsBytes) throw sharedTooBig();
    unpacked += declaredSize;
    if (unpacked > caps.unpackedBytes) throw tooBig();

    if (localOffset + 30 > buffer.length || buffer.readUInt32LE(localOffset) !== 0x04034b50) {
      throw damaged(name);
    }
    const dataStart =
      localOffset +
      30 +
      buffer.readUInt16LE(localOffset + 26) +
      buffer.readUInt16LE(localOffset + 28);
    if (dataStart + compressedSize > buffer.length) throw damaged(name);
    let data = buffer.subarray(dataStart, dataStart + compressedSize);
    if (method === 8) {
      const room = Math.max(1, caps.unpackedBytes - unpacked + declaredSize);
      try {
        data = inflateRawSync(data, {
          maxOutputLength: shared ? Math.min(room, caps.sharedStringsBytes + 1) : room,
        });
      } catch (error) {
        if (error instanceof RangeError)
          throw shared && room > caps.sharedStringsBytes ? sharedTooBig() : tooBig();
        throw damaged(name);
      }
      if (data.length !== declaredSize) throw damaged(name);
    } else if (compressedSize !== declaredSize) {
      throw damaged(name);
    }
    if (shared) {
      // Each shared string is one <si> element: counted without parsing the XML.
      let count = 0;
      for (let found = data.indexOf('<si'); found >= 0; found = data.indexOf('<si', found + 3)) {
        const next = data[found + 3];
        // <si>, <si/> or <si attr…>, not <sit…>.
        if (next === 0x3e || next === 0x2f || next === 0x20) count++;
        if (count > caps.sharedStrings) {
          throw new Refusal('sharedStringsTooMany', { max: caps.sharedStrings });
        }
      }
    }
    names.add(name.replace(/^\//, ''));
  }
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) {
    throw new Refusal(names.has('content.xml') ? 'odsFile' : 'zipNotWorkbook');
  }
}

/**
 * Loads a checked archive. Data validations, hyperlinks and drawings are not read: an import
 * needs only values (a link's text is its value). Past `maxRows` rows or 64 cells in a row exceljs
 * stops at once; that is answered as too many rows.
 */
async function loadWorkbook(buffer, maxRows) {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer, {
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
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/^Max row count/.test(message)) throw new Refusal('sheetTooManyRows', { max: maxRows });
    if (/^Max c count/.test(message)) throw new Refusal('rowTooManyCells');
    throw new Refusal('workbookDamaged');
  }
  return workbook;
}

/** The first sheet's non-empty rows, each with its non-empty cells by column index. */
function firstSheet(workbook) {
  const sheet = workbook.worksheets[0];
  if (!sheet) return null;
  const rows = [];
  sheet.eachRow((row, number) => {
    const cells = new Map();
    row.eachCell({ includeEmpty: false }, (cell, index) => {
      let text = '';
      try {
        text = cell.text;
      } catch {
        // A value exceljs cannot print: readCell refuses its kind anyway.
      }
      cells.set(index, { type: cell.type, value: cell.value, formula: cell.formula, text });
    });
    rows.push({ number, cells });
  });
  return { rows };
}

const { buffer, maxRows, caps } = workerData;
try {
  const file = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  checkXlsxArchive(file, caps);
  const sheet = firstSheet(await loadWorkbook(file, maxRows));
  parentPort.postMessage({ ok: true, sheet, threadId });
} catch (error) {
  if (error instanceof Refusal) {
    parentPort.postMessage({ ok: false, key: error.key, params: error.params });
  } else {
    parentPort.postMessage({ ok: false, key: 'workbookDamaged', params: {} });
  }
}
