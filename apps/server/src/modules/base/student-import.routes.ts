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
import { routeTable } from '../../lib/routes.js';
import { forbidden, invalid } from '../../errors.js';
import { needs, requireAuth } from '../../plugins/access.js';
import { hasAnyPermission } from '../../lib/auth-context.js';
import { jobOrigin } from '../../lib/import-reply.js';
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
  const { imports, exports } = opts;
  const importing = needs(Perm.STUDENT_IMPORT);
  const tags = ['students'];

  const route = routeTable(app, BASE, { access: importing, tags });

  route.xlsx(
    'importTemplate',
    {
      preHandler: alsoNeedsStudent,
      summary:
        'The .xlsx import template: headers and instructions in `lang`, the batches you may import into',
      querystring: studentImportTemplateQuery,
    },
    (request) => imports.template(request.query.lang, requireAuth(request)),
  );

  route.post(
    'importPreview',
    {
      preHandler: alsoNeedsStudent,
      summary:
        'Start checking an import file (multipart field "file") without writing. Answers the job at once; ' +
        'importJob/{id} then gives its result: every row with its action or its errors',
      consumes: ['multipart/form-data'],
    },
    async (request) => {
      const { file } = await readUpload(request);
      return imports.startPreview(file, requireAuth(request), jobOrigin(request));
    },
  );

  route.post(
    'importApply',
    {
      preHandler: alsoNeedsStudent,
      summary:
        'Start an import (multipart "file" and "mode": skipInvalid | allOrNothing), written in one transaction. ' +
        'Answers the job at once; importJob/{id} then gives the rows written and the result {created, updated, skipped, total, accounts}',
      consumes: ['multipart/form-data'],
    },
    async (request) => {
      const auth = requireAuth(request);
      const { file, fields } = await readUpload(request);
      const mode = studentImportMode.safeParse(fields.mode);
      if (!mode.success) {
        throw invalid('mode', 'oneOf', { values: STUDENT_IMPORT_MODES.join(', ') });
      }
      return imports.startApply(file, mode.data, auth, jobOrigin(request));
    },
  );

  route.get(
    'importJob/:id',
    {
      preHandler: alsoNeedsStudent,
      summary:
        'An import job you started: phase (check, write, done, failed), done of total, then the result or the error',
      params: idParams,
    },
    (request) => imports.job(request.params.id, requireAuth(request), requestLanguage(request)),
  );

  route.xlsx(
    'export',
    {
      access: needs(Perm.STUDENT),
      summary:
        "Every student matching listStudent's filters (no paging) as .xlsx in the import template's columns",
      querystring: studentExportQuery,
    },
    (request) => exports.export(request.query, requireAuth(request)),
  );
}
