import {
  Perm,
  STUDENT_IMPORT_MAX_BYTES,
  STUDENT_IMPORT_MODES,
  idParams,
  studentExportQuery,
  studentImportMode,
  studentImportTemplateQuery,
} from '@kaoshi/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden, invalid, ok } from '../../errors.js';
import { needs, requireAuth } from '../../plugins/access.js';
import { hasAnyPermission } from '../../lib/auth-context.js';
import { jobOrigin, sendXlsx } from '../../lib/import-reply.js';
import { requestLanguage } from '../../lib/request-language.js';
import { readImportUpload, registerImportMultipart } from '../../lib/import-upload.js';
import type { StudentExportService } from './student-export.service.js';
import type { StudentImportService } from './student-import.service.js';

const BASE = '/api/kaoshi-base/student';
const readUpload = (request: FastifyRequest) =>
  readImportUpload(request, { maxBytes: STUDENT_IMPORT_MAX_BYTES });

/** Import writes students: besides the STUDENT-IMPORT button it takes the STUDENT menu. */
async function alsoNeedsStudent(request: FastifyRequest) {
  if (!hasAnyPermission(requireAuth(request), [Perm.STUDENT])) {
    throw forbidden('permissionDeniedNeeds', { keys: Perm.STUDENT });
  }
}

export async function studentImportRoutes(
  app: FastifyInstance,
  opts: { imports: StudentImportService; exports: StudentExportService },
) {
  // Only these routes take multipart: the parser lives in this plugin's own context.
  await registerImportMultipart(app, { maxBytes: STUDENT_IMPORT_MAX_BYTES, fields: 4 });
  // preClose: before the root's onClose closes the database the jobs still write to.
  app.addHook('preClose', () => opts.imports.settle());
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { imports, exports } = opts;
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
          'Start checking an import file (multipart field "file") without writing. Answers the job at once; ' +
          'importJob/{id} then gives its result: every row with its action or its errors',
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const { file } = await readUpload(request);
      return ok(await imports.startPreview(file, requireAuth(request), jobOrigin(request)));
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
          'Start an import (multipart "file" and "mode": skipInvalid | allOrNothing), written in one transaction. ' +
          'Answers the job at once; importJob/{id} then gives the rows written and the result {created, updated, skipped, total, accounts}',
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { file, fields } = await readUpload(request);
      const mode = studentImportMode.safeParse(fields.mode);
      if (!mode.success) {
        throw invalid('mode', 'oneOf', { values: STUDENT_IMPORT_MODES.join(', ') });
      }
      return ok(await imports.startApply(file, mode.data, auth, jobOrigin(request)));
    },
  );

  r.get(
    `${BASE}/importJob/:id`,
    {
      config: importing,
      preHandler: alsoNeedsStudent,
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
      config: { access: needs(Perm.STUDENT) },
      schema: {
        tags,
        summary:
          "Every student matching listStudent's filters (no paging) as .xlsx in the import template's columns",
        querystring: studentExportQuery,
      },
    },
    async (request, reply) =>
      sendXlsx(reply, await exports.export(request.query, requireAuth(request))),
  );
}
