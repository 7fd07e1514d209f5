import { PassThrough } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import {
  ApiStatus,
  Perm,
  STUDENT_IMPORT_MAX_BYTES,
  STUDENT_IMPORT_MODES,
  studentExportQuery,
  studentImportMode,
  studentImportTemplateQuery,
  type Envelope,
  type StudentImportProgressLine,
} from '@kaoshi/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { AppError, forbidden, invalid, ok } from '../../errors.js';
import { needs, requireAuth } from '../../plugins/access.js';
import { hasAnyPermission } from '../auth/auth.service.js';
import { XLSX_CONTENT_TYPE, attachmentDisposition } from './spreadsheet.js';
import { exportStudents } from './student-export.js';
import type { StudentImportService } from './student-import.service.js';

const BASE = '/api/kaoshi-base/student';
const MAX_MB = STUDENT_IMPORT_MAX_BYTES / 1024 / 1024;

/** The upload: one file in the field `file`, and the few text fields given with it. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw invalid('body', 'send multipart/form-data with the workbook in the field "file"');
  }
  let file: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        throw invalid('file', `send the workbook in the field "file", not "${part.fieldname}"`);
      }
      file = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw invalid('file', `larger than ${MAX_MB} MB: split it into smaller files`);
    }
    if (code === 'FST_FILES_LIMIT') throw invalid('file', 'send one file at a time');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw invalid('body', 'too many form fields');
    }
    throw error;
  }
  if (!file) throw invalid('file', 'no file was sent (multipart field "file")');
  return { file, fields };
}

/** Import writes students: besides the STUDENT-IMPORT button it takes the STUDENT menu. */
async function alsoNeedsStudent(request: FastifyRequest) {
  if (!hasAnyPermission(requireAuth(request), [Perm.STUDENT])) {
    throw forbidden(`Permission denied: needs ${Perm.STUDENT}`);
  }
}

function sendXlsx(
  reply: FastifyReply,
  file: { buffer: Buffer; fileName: string; asciiName: string },
) {
  return reply
    .header('content-disposition', attachmentDisposition(file.fileName, file.asciiName))
    .header('cache-control', 'no-store')
    .type(XLSX_CONTENT_TYPE)
    .send(file.buffer);
}

export async function studentImportRoutes(
  app: FastifyInstance,
  opts: { imports: StudentImportService; db: Db },
) {
  // Only these routes take multipart: the parser lives in this plugin's own context.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: STUDENT_IMPORT_MAX_BYTES,
      files: 1,
      fields: 4,
      parts: 5,
      fieldSize: 1024,
      headerPairs: 50,
    },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { imports, db } = opts;
  const importing = { access: needs(Perm.STUDENT_IMPORT) };
  const tags = ['students'];

  r.get(
    `${BASE}/importTemplate`,
    {
      config: importing,
      preHandler: alsoNeedsStudent,
      schema: {
        tags,
        summary:
          'The .xlsx import template: headers and instructions in `lang`, the batches you may import into',
        querystring: studentImportTemplateQuery,
      },
    },
    async (request, reply) =>
      sendXlsx(reply, await imports.template(request.query.lang, requireAuth(request))),
  );

  r.post(
    `${BASE}/importPreview`,
    {
      config: importing,
      preHandler: alsoNeedsStudent,
      schema: {
        tags,
        summary:
          'Check an import file (multipart field "file") without writing: every row with its action or its errors',
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const { file } = await readUpload(request);
      return ok(await imports.preview(file, requireAuth(request)));
    },
  );

  r.post(
    `${BASE}/importApply`,
    {
      config: importing,
      preHandler: alsoNeedsStudent,
      schema: {
        tags,
        summary:
          'Import a file (multipart "file" and "mode": skipInvalid | allOrNothing) in one transaction. ' +
          'Errors found before writing answer the plain envelope; otherwise the answer is NDJSON: ' +
          '{"phase":"write","done","total"} lines, then the envelope with {created, updated, skipped, total}',
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { file, fields } = await readUpload(request);
      const mode = studentImportMode.safeParse(fields.mode);
      if (!mode.success) throw invalid('mode', `must be one of ${STUDENT_IMPORT_MODES.join(', ')}`);
      const job = await imports.prepare(file, mode.data, auth);

      const stream = new PassThrough();
      // A client that goes away does not stop the import (one transaction either way): its lines
      // are dropped.
      stream.on('error', () => undefined);
      const line = (value: StudentImportProgressLine | Envelope, last = false) => {
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
              return { status: error.status, message: error.message, data: null };
            }
            request.log.error({ err: error }, 'student import failed');
            return {
              status: ApiStatus.INTERNAL,
              message: `Internal error (request ${request.id}); nothing was imported`,
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
    },
  );

  r.get(
    `${BASE}/export`,
    {
      config: { access: needs(Perm.STUDENT) },
      schema: {
        tags,
        summary:
          "Every student matching listStudent's filters (no paging) as .xlsx in the import template's columns",
        querystring: studentExportQuery,
      },
    },
    async (request, reply) =>
      sendXlsx(reply, await exportStudents(db, request.query, requireAuth(request))),
  );
}
