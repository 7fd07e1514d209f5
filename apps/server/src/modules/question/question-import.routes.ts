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
import { routeTable } from '../../lib/routes.js';
import { invalid } from '../../errors.js';
import { needs, requireAuth } from '../../plugins/access.js';
import { jobOrigin } from '../../lib/import-reply.js';
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
  const { imports, exports } = opts;
  const manage = needs(Perm.QUESTION);
  const tags = ['questions'];

  const route = routeTable(app, BASE, { access: manage, tags });

  route.xlsx(
    'importTemplate',
    {
      summary:
        'The .xlsx import template: headers and instructions in `lang`, the job type, level, course and point codes',
      querystring: questionImportTemplateQuery,
    },
    (request) => imports.template(request.query.lang),
  );

  route.post(
    'importPreview',
    {
      summary:
        'Start checking an import file without writing (multipart "file": .xlsx, or .txt with subjectId, level, courseId, pointId?). ' +
        'Answers the job at once; importJob/{id} then gives its result: every question with its problems',
      consumes: ['multipart/form-data'],
    },
    async (request) => {
      const { upload } = await readUpload(request);
      return imports.startPreview(upload, requireAuth(request), jobOrigin(request));
    },
  );

  route.post(
    'importApply',
    {
      summary:
        'Start an import (as importPreview, plus "mode": skipInvalid | allOrNothing), written in one transaction. ' +
        'Answers the job at once; importJob/{id} then gives the rows written and the result {created, skipped, total}',
      consumes: ['multipart/form-data'],
    },
    async (request) => {
      const auth = requireAuth(request);
      const { upload, fields } = await readUpload(request);
      const mode = questionImportMode.safeParse(fields.mode);
      if (!mode.success) {
        throw invalid('mode', 'oneOf', { values: QUESTION_IMPORT_MODES.join(', ') });
      }
      return imports.startApply(upload, mode.data, auth, jobOrigin(request));
    },
  );

  route.get(
    'importJob/:id',
    {
      summary:
        'An import job you started: phase (check, write, done, failed), done of total, then the result or the error',
      params: idParams,
    },
    (request) => imports.job(request.params.id, requireAuth(request), requestLanguage(request)),
  );

  route.xlsx(
    'export',
    {
      summary:
        "Every question matching listQuestion's filters (no paging) as .xlsx in the import template's columns",
      querystring: questionExportQuery,
    },
    (request) => exports.export(request.query),
  );
}
