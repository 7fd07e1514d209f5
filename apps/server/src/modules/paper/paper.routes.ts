import {
  Perm,
  RoleKey,
  addPaperBody,
  auditPaperBody,
  drawPaperBody,
  exportPaperQuery,
  idParams,
  listPaperQuery,
  printPaperQuery,
  swapPaperQuestionBody,
  updatePaperBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../errors.js';
import { requireAuth } from '../../plugins/access.js';
import { requestLanguage } from '../../lib/request-language.js';
import { attachmentDisposition } from '../../lib/spreadsheet.js';
import type { PaperDrawService } from './paper-draw.service.js';
import type { PaperPrintService } from './paper-print.service.js';
import type { PaperService } from './paper.service.js';

export const PAPER_BASE = '/api/kaoshi-paper/paper';

/** Section titles and descriptions are short, but a paper may name 500 questions and 20 rules a section. */
const PAPER_BODY_LIMIT = 2 * 1024 * 1024;

export async function paperRoutes(
  app: FastifyInstance,
  opts: { papers: PaperService; draws: PaperDrawService; prints: PaperPrintService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { papers, draws, prints } = opts;
  // The publishing group needs role SUPER besides the key (docs/spec.md §2); auditing also needs
  // EXAM-MANAGE-AUDIT, which auditPaper checks.
  const manage = { access: { permission: [Perm.PAPER], role: RoleKey.SUPER } };
  const tags = ['papers'];
  const BASE = PAPER_BASE;

  r.get(
    `${BASE}/listPaper`,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Papers matching keyword, job type, level and audit state (draft, 0, 1, 2), one page',
        querystring: listPaperQuery,
      },
    },
    async (request) => ok(await papers.list(request.query, requireAuth(request))),
  );

  r.get(
    `${BASE}/getPaper/:id`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'A paper with its sections, questions, rules and figures',
        params: idParams,
      },
    },
    async (request) => ok(await papers.get(request.params.id, requireAuth(request))),
  );

  r.post(
    `${BASE}/addPaper`,
    {
      config: manage,
      bodyLimit: PAPER_BODY_LIMIT,
      schema: { tags, summary: 'Add a paper (a draft until submitted)', body: addPaperBody },
    },
    async (request) => ok(await papers.add(request.body, requireAuth(request))),
  );

  r.put(
    `${BASE}/updatePaper`,
    {
      config: manage,
      bodyLimit: PAPER_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Update a paper: a passed one goes back under review',
        body: updatePaperBody,
      },
    },
    async (request) => {
      await papers.update(request.body, requireAuth(request));
      return ok(null);
    },
  );

  r.delete(
    `${BASE}/deletePaper/:id`,
    {
      config: manage,
      schema: { tags, summary: 'Delete a paper no exam sits (10004 otherwise)', params: idParams },
    },
    async (request) => {
      await papers.delete(request.params.id, requireAuth(request));
      return ok(null);
    },
  );

  r.post(
    `${BASE}/copyPaper/:id`,
    { config: manage, schema: { tags, summary: 'Copy a paper as a new draft', params: idParams } },
    async (request) =>
      ok(await papers.copy(request.params.id, requireAuth(request), requestLanguage(request))),
  );

  r.post(
    `${BASE}/drawPaper`,
    {
      config: manage,
      bodyLimit: PAPER_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Draw the questions of a paper body (rules or blueprint; all sections or `section`) without saving: the sections, the seed and the figures, or 10002 naming every shortfall',
        body: drawPaperBody,
      },
    },
    async (request) => ok(await draws.draw(request.body, requestLanguage(request))),
  );

  r.post(
    `${BASE}/swapQuestion`,
    {
      config: manage,
      bodyLimit: PAPER_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Another question for one a rule drew: one meeting the same rule, not in the paper',
        body: swapPaperQuestionBody,
      },
    },
    async (request) => ok(await draws.swap(request.body)),
  );

  r.get(
    `${BASE}/previewPaper/:id`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'The paper as an examinee sees it: no keys, analyses or accepted blanks',
        params: idParams,
      },
    },
    async (request) => ok(await prints.preview(request.params.id, requireAuth(request))),
  );

  r.get(
    `${BASE}/printPaper/:id`,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'The paper to read or print: its header and the questions as the examinee sees them; answers=1 adds each key and explanation',
        params: idParams,
        querystring: printPaperQuery,
      },
    },
    async (request) =>
      ok(await prints.print(request.params.id, request.query.answers === 1, requireAuth(request))),
  );

  r.get(
    `${BASE}/exportPaper/:id`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'The paper as a Word document (.docx); answers=1 adds each answer and explanation',
        params: idParams,
        querystring: exportPaperQuery,
      },
    },
    async (request, reply) => {
      const { name, content } = await prints.exportDocx(
        request.params.id,
        request.query.answers === 1,
        requestLanguage(request),
        requireAuth(request),
      );
      return reply
        .type('application/vnd.openxmlformats-officedocument.wordprocessingml.document')
        .header(
          'content-disposition',
          attachmentDisposition(name, `paper-${request.params.id}.docx`),
        )
        .send(content);
    },
  );

  r.post(
    `${BASE}/submitPaper/:id`,
    {
      config: manage,
      schema: { tags, summary: 'Submit a draft or failed paper for group audit', params: idParams },
    },
    async (request) => {
      await papers.submit(request.params.id, requireAuth(request));
      return ok(null);
    },
  );

  r.post(
    `${BASE}/auditPaper`,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Pass (1) or fail (2, with a reason) a paper under review; needs EXAM-MANAGE-AUDIT, not its author',
        body: auditPaperBody,
      },
    },
    async (request) => {
      await papers.audit(request.body, requireAuth(request));
      return ok(null);
    },
  );
}
