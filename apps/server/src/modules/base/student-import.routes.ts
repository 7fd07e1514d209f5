import {
  Perm,
  STUDENT_IMPORT_MAX_BYTES,
  STUDENT_IMPORT_MODES,
  studentExportQuery,
  studentImportMode,
  studentImportTemplateQuery,
} from '@kaoshi/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeTable } from '../../plugins/route-table.js';
import { forbidden } from '../../errors.js';
import { needs, requireAuth } from '../../plugins/access.js';
import { hasAnyPermission } from '../../lib/auth-context.js';
import { importJobRoutes, prepareImportContext } from '../../plugins/import-routes.js';
import { readImportUpload } from '../../lib/import-upload.js';
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
  await prepareImportContext(app, opts.imports, { maxBytes: STUDENT_IMPORT_MAX_BYTES, fields: 4 });
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

  importJobRoutes(route, imports, {
    read: async (request) => {
      const { file, fields } = await readUpload(request);
      return { upload: file, fields };
    },
    mode: { schema: studentImportMode, values: STUDENT_IMPORT_MODES },
    preHandler: alsoNeedsStudent,
    summaries: {
      preview:
        'Start checking an import file (multipart field "file") without writing. Answers the job at once; ' +
        'importJob/{id} then gives its result: every row with its action or its errors',
      apply:
        'Start an import (multipart "file" and "mode": skipInvalid | allOrNothing), written in one transaction. ' +
        'Answers the job at once; importJob/{id} then gives the rows written and the result {created, updated, skipped, total, accounts}',
    },
  });

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
