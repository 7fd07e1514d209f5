import { PassThrough } from 'node:stream';
import { ApiStatus, renderMessage, type Envelope } from '@kaoshi/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ok } from '../errors.js';
import { requestLanguage } from './request-language.js';
import { XLSX_CONTENT_TYPE, attachmentDisposition } from './spreadsheet.js';

/** A generated workbook (template or export) as a download. */
export function sendXlsx(
  reply: FastifyReply,
  file: { buffer: Buffer; fileName: string; asciiName: string },
) {
  return reply
    .header('content-disposition', attachmentDisposition(file.fileName, file.asciiName))
    .header('cache-control', 'no-store')
    .type(XLSX_CONTENT_TYPE)
    .send(file.buffer);
}

/** importApply's progress line (StudentImportProgressLine, QuestionImportProgressLine). */
interface ProgressLine {
  phase: 'write';
  done: number;
  total: number;
}

/**
 * Runs a prepared import and answers NDJSON: a progress line after each written slice, then the
 * envelope (the result, or the error; `what` names the import in the log).
 */
export function sendImportProgress(
  request: FastifyRequest,
  reply: FastifyReply,
  job: {
    run(onProgress: (done: number, total: number) => Promise<void>): Promise<unknown>;
  },
  what: string,
) {
  const stream = new PassThrough();
  // A client that goes away does not stop the import (one transaction either way): its lines
  // are dropped.
  stream.on('error', () => undefined);
  const line = (value: ProgressLine | Envelope, last = false) => {
    if (stream.destroyed) return;
    if (last) stream.end(`${JSON.stringify(value)}\n`);
    else stream.write(`${JSON.stringify(value)}\n`);
  };
  void job
    .run(async (done, total) => {
      line({ phase: 'write', done, total });
      // Let the line reach the client before the next slice is written.
      await new Promise((resolve) => setImmediate(resolve));
    })
    .then(
      (result): Envelope => ok(result),
      (error: unknown): Envelope => {
        if (error instanceof AppError) {
          return {
            status: error.status,
            message: error.render(requestLanguage(request)),
            data: error.field === undefined ? null : { field: error.field },
          };
        }
        request.log.error({ err: error }, `${what} import failed`);
        return {
          status: ApiStatus.INTERNAL,
          message: renderMessage(
            'importInternalError',
            { requestId: request.id },
            requestLanguage(request),
          ),
          data: null,
        };
      },
    )
    .then((envelope) => line(envelope, true));
  return (
    reply
      .header('cache-control', 'no-store')
      // Proxies (nginx) would otherwise hold the progress lines back.
      .header('x-accel-buffering', 'no')
      .type('application/x-ndjson; charset=utf-8')
      .send(stream)
  );
}
