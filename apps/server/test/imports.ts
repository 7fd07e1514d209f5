import { deflateRawSync } from 'node:zlib';
import type { Envelope } from '@kaoshi/shared';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** Test helpers of the student and question imports (multipart bodies: files/fixtures.ts). */

/** A zip archive of the given entries, stored or deflated, optionally lying about a size. */
export function zip(
  entries: { name: string; data: Buffer; deflate?: boolean; declaredSize?: number }[],
) {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const body = entry.deflate ? deflateRawSync(entry.data) : entry.data;
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.deflate ? 8 : 0, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    directory.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

/** An importApply answer, read. */
export interface Applied<T> {
  http: number;
  /** The envelope: the whole answer, or the last NDJSON line. */
  body: Envelope<T>;
  progress: { phase: string; done: number; total: number }[];
  type: string;
}

/** Reads an importApply answer: a plain envelope, or NDJSON progress lines then the envelope. */
export function readApplied<T>(response: LightMyRequestResponse): Applied<T> {
  const type = String(response.headers['content-type']);
  if (!type.includes('ndjson')) {
    return { http: response.statusCode, body: response.json(), progress: [], type };
  }
  const lines = response.body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(response.body.endsWith('\n')).toBe(true);
  return {
    http: response.statusCode,
    body: lines.at(-1) as unknown as Envelope<T>,
    progress: lines.slice(0, -1) as unknown as Applied<T>['progress'],
    type,
  };
}

/** A downloaded workbook (template, export), loaded. */
export const readXlsx = async (body: Buffer) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ExcelJS.Buffer);
  return book;
};

/** Row `n`'s cell values from column A on. */
export const rowValues = (sheet: ExcelJS.Worksheet, n: number) =>
  (sheet.getRow(n).values as unknown[]).slice(1);
