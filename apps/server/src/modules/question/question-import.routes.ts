import { PassThrough } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import {
  ApiStatus,
  Perm,
  QUESTION_IMPORT_MAX_BYTES,
  QUESTION_IMPORT_MODES,
  questionExportQuery,
  questionImportMode,
  questionImportTemplateQuery,
  questionTextImportFields,
  type Envelope,
  type QuestionImportProgressLine,
} from '@kaoshi/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { AppError, invalid, ok } from '../../errors.js';
import { needs, requireAuth } from '../../plugins/access.js';
import { XLSX_CONTENT_TYPE, attachmentDisposition } from '../base/spreadsheet.js';
import { exportQuestions } from './question-export.js';
import {
  uploadKind,
  type QuestionImportService,
  type QuestionUpload,
} from './question-import.service.js';
import { QUESTION_BASE as BASE } from './question.routes.js';

const MAX_MB = QUESTION_IMPORT_MAX_BYTES / 1024 / 1024;

/** The upload: one file in the field `file`; for .txt the structure fields; mode for apply. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw invalid('body', 'send multipart/form-data with the file in the field "file"');
  }
  let file: Buffer | undefined;
  let fileName = '';
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        throw invalid('file', `send the file in the field "file", not "${part.fieldname}"`);
      }
      fileName = part.filename ?? '';
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

  let structure: QuestionUpload['structure'] = null;
  if (uploadKind(fileName) === 'text') {
    const parsed = questionTextImportFields.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw invalid(issue.path.join('.') || 'body', issue.message);
    }
    structure = parsed.data;
  }
  return { upload: { file, fileName, structure }, fields };
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

export async function questionImportRoutes(
  app: FastifyInstance,
  opts: { imports: QuestionImportService; db: Db },
) {
  // Only these routes take multipart: the parser lives in this plugin's own context.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: QUESTION_IMPORT_MAX_BYTES,
      files: 1,
      fields: 5,
      parts: 6,
      fieldSize: 1024,
      headerPairs: 50,
    },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { imports, db } = opts;
  const manage = { access: needs(Perm.QUESTION) };
  const tags = ['questions'];

  r.get(
    `${BASE}/importTemplate`,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'The .xlsx import template: headers and instructions in `lang`, the job type, level, course and point codes',
        querystring: questionImportTemplateQuery,
      },
    },
    async (request, reply) => sendXlsx(reply, await imports.template(request.query.lang)),
  );

  r.post(
    `${BASE}/importPreview`,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Check an import file without writing (multipart "file": .xlsx, or .txt with subjectId, level, courseId, pointId?): every question with its problems',
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const { upload } = await readUpload(request);
      return ok(await imports.preview(upload));
    },
  );

  r.post(
    `${BASE}/importApply`,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Import a file (as importPreview, plus "mode": skipInvalid | allOrNothing) in one transaction. ' +
          'Errors found before writing answer the plain envelope; otherwise the answer is NDJSON: ' +
          '{"phase":"write","done","total"} lines every 500 questions, then the envelope with {created, skipped, total}',
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { upload, fields } = await readUpload(request);
      const mode = questionImportMode.safeParse(fields.mode);
      if (!mode.success) {
        throw invalid('mode', `must be one of ${QUESTION_IMPORT_MODES.join(', ')}`);
      }
      const job = await imports.prepare(upload, mode.data, auth);

      const stream = new PassThrough();
      // A client that goes away does not stop the import (one transaction either way): its lines
      // are dropped.
      stream.on('error', () => undefined);
      const line = (value: QuestionImportProgressLine | Envelope, last = false) => {
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
            request.log.error({ err: error }, 'question import failed');
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
      config: manage,
      schema: {
        tags,
        summary:
          "Every question matching listQuestion's filters (no paging) as .xlsx in the import template's columns",
        querystring: questionExportQuery,
      },
    },
    async (request, reply) => sendXlsx(reply, await exportQuestions(db, request.query)),
  );
}
