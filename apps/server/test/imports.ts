import { deflateRawSync } from 'node:zlib';
import {
  ApiStatus,
  httpStatusOf,
  type ApiStatusCode,
  type Envelope,
  type ImportJobPhase,
  type ImportJobView,
} from '@kaoshi/shared';
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { ApiResult, Client } from './build-app.js';

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

/** An import job's phase and counts as one poll saw them. */
export interface JobStep {
  phase: ImportJobPhase;
  done: number;
  total: number;
}

/**
 * An import run as a job, read as one answer: the start's own refusal, or the job's end as the
 * envelope it stands for (its result, or its error with the HTTP status that status mirrors).
 */
export interface JobRun<T> extends ApiResult<T> {
  /** What the polls saw, in order (the same step once). */
  steps: JobStep[];
  /** The job's id, when one was started. */
  jobId?: number;
}

/** The job route beside an import's start route (…/importPreview → …/importJob/{id}). */
export const jobUrlOf = (startUrl: string, id: number) =>
  startUrl.replace(/\/import(Preview|Apply)$/, `/importJob/${id}`);

/**
 * Starts an import (`start`: the multipart POST) and polls its job until it ends, asking in the
 * start's language.
 */
export async function runImportJob<T>(client: Client, start: InjectOptions): Promise<JobRun<T>> {
  const started = await client.request<ImportJobView<T>>(start);
  if (started.body.status !== ApiStatus.OK) {
    return { ...started, body: started.body as unknown as Envelope<T>, steps: [] };
  }
  const id = started.body.data.id;
  const language = (start.headers as Record<string, string> | undefined)?.['accept-language'];
  const steps: JobStep[] = [];
  for (;;) {
    const poll = await client.request<ImportJobView<T>>({
      method: 'GET',
      url: jobUrlOf(String(start.url), id),
      ...(language && { headers: { 'accept-language': language } }),
    });
    expect(poll.body.status, JSON.stringify(poll.body)).toBe(ApiStatus.OK);
    const job = poll.body.data;
    const step = { phase: job.phase, done: job.done, total: job.total };
    if (JSON.stringify(steps.at(-1)) !== JSON.stringify(step)) steps.push(step);
    if (job.phase === 'done') {
      return {
        ...poll,
        body: { status: ApiStatus.OK, message: 'ok', data: job.result! },
        steps,
        jobId: id,
      };
    }
    if (job.phase === 'failed') {
      const error = job.error!;
      return {
        ...poll,
        http: httpStatusOf[error.status as ApiStatusCode],
        body: {
          status: error.status as ApiStatusCode,
          message: error.message,
          data: (error.field === null ? null : { field: error.field }) as T,
        },
        steps,
        jobId: id,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
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
