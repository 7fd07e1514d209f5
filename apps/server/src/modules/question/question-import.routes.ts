import {
  Perm,
  QUESTION_IMPORT_MAX_BYTES,
  QUESTION_IMPORT_MODES,
  questionExportQuery,
  QUESTION_IMPORT_FORMATS_WITH_STRUCTURE,
  questionImportFormat,
  questionImportMakePaper,
  questionImportMode,
  questionImportTemplateQuery,
  questionTextImportFields,
} from '@kaoshi/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeTable } from '../../plugins/route-table.js';
import { needs } from '../../plugins/access.js';
import { importJobRoutes, prepareImportContext } from '../../plugins/import-routes.js';
import { readImportUpload } from '../../lib/import-upload.js';
import type { QuestionExportService } from './question-export.service.js';
import { zodRefusal } from '../../plugins/envelope.js';
import { invalid } from '../../errors.js';
import type { QuestionImportService } from './question-import.service.js';
import { importFormatOf, type QuestionUpload } from './question-import-read.js';
import { questionDocxTemplate } from './question-import-docx-template.js';
import { QUESTION_BASE as BASE } from './question.routes.js';

/**
 * The upload: one file in the field `file`; `format` (else the extension decides); for text,
 * Moodle XML and GIFT the structure fields; mode for apply.
 */
async function readUpload(request: FastifyRequest) {
  const { file, fileName, fields } = await readImportUpload(request, {
    maxBytes: QUESTION_IMPORT_MAX_BYTES,
  });
  const chosen = questionImportFormat.safeParse(fields, { reportInput: true });
  if (!chosen.success) throw zodRefusal(chosen.error.issues);
  const format = importFormatOf(fileName, chosen.data.format);
  let structure: QuestionUpload['structure'] = null;
  if (QUESTION_IMPORT_FORMATS_WITH_STRUCTURE.includes(format)) {
    const parsed = questionTextImportFields.safeParse(fields, { reportInput: true });
    if (!parsed.success) throw zodRefusal(parsed.error.issues);
    structure = parsed.data;
  }
  const makePaper = questionImportMakePaper.safeParse(fields.makePaper);
  if (!makePaper.success) throw invalid('makePaper', 'oneOf', { values: 'true, false' });
  return { upload: { file, fileName, format, structure, makePaper: makePaper.data }, fields };
}

export async function questionImportRoutes(
  app: FastifyInstance,
  opts: { imports: QuestionImportService; exports: QuestionExportService },
) {
  await prepareImportContext(app, opts.imports, { maxBytes: QUESTION_IMPORT_MAX_BYTES, fields: 7 });
  const { imports, exports } = opts;
  const manage = needs(Perm.QUESTION);
  const tags = ['questions'];

  const route = routeTable(app, BASE, { access: manage, tags });

  route.xlsx(
    'importTemplate',
    {
      summary:
        'The import template in `lang`: format=xlsx (default) the workbook with its instructions and the job type, level, course and point codes; format=docx a Word document showing the typed layout with an example of each type',
      querystring: questionImportTemplateQuery,
    },
    (request) =>
      request.query.format === 'docx'
        ? questionDocxTemplate(request.query.lang)
        : imports.template(request.query.lang),
  );

  importJobRoutes(route, imports, {
    read: readUpload,
    mode: { schema: questionImportMode, values: QUESTION_IMPORT_MODES },
    summaries: {
      preview:
        'Start checking an import file without writing (multipart "format"?: xlsx | text | moodleXml | gift | qti | docx, else by extension; "file": .xlsx, or .txt / .xml / .gift / .zip (QTI content package) / .docx with subjectId, level, courseId, pointId?). ' +
        'Answers the job at once; importJob/{id} then gives its result: every question with its problems',
      apply:
        'Start an import (as importPreview, plus "mode": skipInvalid | allOrNothing; QTI: "makePaper": true makes a draft paper of the package\'s test, needing EXAM-MANAGE), written in one transaction. ' +
        'Answers the job at once; importJob/{id} then gives the rows written and the result {created, skipped, total}',
    },
  });

  route.xlsx(
    'export',
    {
      summary:
        "Every question matching listQuestion's filters (no paging): format=xlsx (default) in the import template's columns; qti3 / qti22 a QTI 3.0 / 2.2 content package (.zip: imsmanifest.xml, one item per question, its images); moodleXml one Moodle XML file (images in base64, categories from job type, level and course)",
      querystring: questionExportQuery,
    },
    (request) => exports.export(request.query),
  );
}
