import {
  Perm,
  QUESTION_IMPORT_MAX_BYTES,
  idParams,
  QUESTION_IMPORT_MODES,
  questionExportQuery,
  questionImportMode,
  questionImportTemplateQuery,
  questionTextImportFields,
} from '@kaoshi/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { invalid, ok } from '../../errors.js';
import { needs, requireAuth } from '../../plugins/access.js';
import { jobOrigin, sendXlsx } from '../../lib/import-reply.js';
import { requestLanguage } from '../../lib/request-language.js';
import { readImportUpload, registerImportMultipart } from '../../lib/import-upload.js';
import type { QuestionExportService } from './question-export.service.js';
import { zodRefusal } from '../../plugins/envelope.js';
import type { QuestionImportService } from './question-import.service.js';
import { uploadKind, type QuestionUpload } from './question-import-read.js';
import { QUESTION_BASE as BASE } from './question.routes.js';

/** The upload: one file in the field `file`; for .txt the structure fields; mode for apply. */
async function readUpload(request: FastifyRequest) {
  const { file, fileName, fields } = await readImportUpload(request, {
    maxBytes: QUESTION_IMPORT_MAX_BYTES,
  });
  let structure: QuestionUpload['structure'] = null;
  if (uploadKind(fileName) === 'text') {
    const parsed = questionTextImportFields.safeParse(fields, { reportInput: true });
    if (!parsed.success) throw zodRefusal(parsed.error.issues);
    structure = parsed.data;
  }
  return { upload: { file, fileName, structure }, fields };
}

export async function questionImportRoutes(
  app: FastifyInstance,
  opts: { imports: QuestionImportService; exports: QuestionExportService },
) {
  // Only these routes take multipart: the parser lives in this plugin's own context.
  await registerImportMultipart(app, { maxBytes: QUESTION_IMPORT_MAX_BYTES, fields: 5 });
  // preClose: before the root's onClose closes the database the jobs still write to.
  app.addHook('preClose', () => opts.imports.settle());
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { imports, exports } = opts;
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
          'Start checking an import file without writing (multipart "file": .xlsx, or .txt with subjectId, level, courseId, pointId?). ' +
          'Answers the job at once; importJob/{id} then gives its result: every question with its problems',
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const { upload } = await readUpload(request);
      return ok(await imports.startPreview(upload, requireAuth(request), jobOrigin(request)));
    },
  );

  r.post(
    `${BASE}/importApply`,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Start an import (as importPreview, plus "mode": skipInvalid | allOrNothing), written in one transaction. ' +
          'Answers the job at once; importJob/{id} then gives the rows written and the result {created, skipped, total}',
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { upload, fields } = await readUpload(request);
      const mode = questionImportMode.safeParse(fields.mode);
      if (!mode.success) {
        throw invalid('mode', 'oneOf', { values: QUESTION_IMPORT_MODES.join(', ') });
      }
      return ok(await imports.startApply(upload, mode.data, auth, jobOrigin(request)));
    },
  );

  r.get(
    `${BASE}/importJob/:id`,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'An import job you started: phase (check, write, done, failed), done of total, then the result or the error',
        params: idParams,
      },
    },
    async (request) =>
      ok(await imports.job(request.params.id, requireAuth(request), requestLanguage(request))),
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
    async (request, reply) => sendXlsx(reply, await exports.export(request.query)),
  );
}
