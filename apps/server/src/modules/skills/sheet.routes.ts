import {
  Perm,
  SHEET_IMPORT_MAX_BYTES,
  addSheetBody,
  idParams,
  listKnowledgeTreeQuery,
  listSheetQuery,
  updateSheetBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { readImportUpload, registerImportMultipart } from '../../lib/import-upload.js';
import { requestLanguage } from '../../lib/request-language.js';
import { needs, requireAuth } from '../../plugins/access.js';
import { routeTable } from '../../plugins/route-table.js';
import type { SheetService } from './sheet.service.js';

export const SKILLS_API = '/api/kaoshi-skills';
export const SHEET_BASE = `${SKILLS_API}/sheet`;

/** A sheet names at most 50 tasks of 200 items with 2,000-character texts. */
const SHEET_BODY_LIMIT = 2 * 1024 * 1024;

/** Scoring sheets (评分记录表): docs/features/skills.md. */
export async function sheetRoutes(app: FastifyInstance, opts: { sheets: SheetService }) {
  await registerImportMultipart(app, { maxBytes: SHEET_IMPORT_MAX_BYTES, fields: 2 });
  const { sheets } = opts;
  const route = routeTable(app, SHEET_BASE, {
    access: needs(Perm.SKILLS_MANAGE),
    tags: ['skills'],
  });

  route.get(
    'listSheet',
    {
      summary: 'Scoring sheets with full score and counts: subjectId, level, keyword, page, limit',
      querystring: listSheetQuery,
    },
    (request) => sheets.list(request.query),
  );

  route.get(
    'listSheetPoints',
    {
      summary:
        'The appraisal points a task may sit on: those of the job type (subjectId) and level',
      querystring: listKnowledgeTreeQuery,
    },
    (request) => sheets.points(request.query.subjectId, request.query.level),
  );

  route.post(
    'addSheet',
    {
      bodyLimit: SHEET_BODY_LIMIT,
      summary:
        'Add a sheet: time limit, overtime rule, step; tasks on appraisal points of the job type, each with items (a veto item carries 0 points)',
      body: addSheetBody,
    },
    (request) => sheets.add(request.body, requireAuth(request)),
  );

  route.get('getSheetById/:id', { params: idParams }, (request) => sheets.get(request.params.id));

  route.put(
    'updateSheet',
    {
      bodyLimit: SHEET_BODY_LIMIT,
      summary: 'Replace a sheet’s rules, tasks and items; its frozen versions stay as they were',
      body: updateSheetBody,
    },
    (request) => sheets.update(request.body),
  );

  route.delete(
    'deleteSheet/:id',
    { summary: 'Refused while an assessment uses one of its versions', params: idParams },
    (request) => sheets.delete(request.params.id),
  );

  route.post(
    'copySheet/:id',
    { summary: 'Copy a sheet as a new one without versions', params: idParams },
    (request) => sheets.copy(request.params.id, requireAuth(request), requestLanguage(request)),
  );

  route.post(
    'freezeSheet/:id',
    {
      summary:
        'The sheet’s current frozen version {id, version}: the last one when the sheet is unchanged since, else a new one',
      params: idParams,
    },
    (request) => sheets.freeze(request.params.id, requireAuth(request)),
  );

  route.get(
    'listSheetVersions/:id',
    { summary: 'The frozen versions of a sheet, newest first', params: idParams },
    (request) => sheets.versions(request.params.id),
  );

  route.xlsx(
    'exportSheet/:id',
    { summary: 'The sheet as .xlsx in the layout centres use', params: idParams },
    (request) => sheets.export(request.params.id, requestLanguage(request)),
  );

  route.post(
    'importSheet',
    {
      consumes: ['multipart/form-data'],
      summary:
        'A new sheet from an .xlsx (multipart "file") in exportSheet’s layout; any problem refuses the file naming row and column, and nothing is written',
    },
    async (request) => {
      const { file } = await readImportUpload(request, { maxBytes: SHEET_IMPORT_MAX_BYTES });
      return sheets.import(file, requireAuth(request), requestLanguage(request));
    },
  );
}
