import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JobOrigin } from './import-job.js';
import { XLSX_CONTENT_TYPE, attachmentDisposition } from './spreadsheet.js';

/** A generated workbook (template or export) as a download. */
export function sendXlsx(
  reply: FastifyReply,
  file: { buffer: Buffer; fileName: string; asciiName: string; contentType?: string },
) {
  return reply
    .header('content-disposition', attachmentDisposition(file.fileName, file.asciiName))
    .header('cache-control', 'no-store')
    .type(file.contentType ?? XLSX_CONTENT_TYPE)
    .send(file.buffer);
}

/** Who started an import job: its request id names an internal error, its log the details. */
export const jobOrigin = (request: FastifyRequest): JobOrigin => ({
  requestId: request.id,
  log: request.log,
});
