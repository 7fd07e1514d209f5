import { sendXlsx } from '../../lib/import-reply.js';
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
import { routeTable } from '../../plugins/route-table.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
  const manage = { permission: [Perm.PAPER], role: RoleKey.SUPER };
  const tags = ['papers'];
  const BASE = PAPER_BASE;

  const route = routeTable(app, BASE, { access: manage, tags });

  route.get(
    'listPaper',
    {
      summary:
        'Papers matching keyword, job type, level and audit state (draft, 0, 1, 2), one page',
      querystring: listPaperQuery,
    },
    (request) => papers.list(request.query, requireAuth(request)),
  );

  route.get(
    'getPaper/:id',
    { summary: 'A paper with its sections, questions, rules and figures', params: idParams },
    (request) => papers.get(request.params.id, requireAuth(request)),
  );

  route.post(
    'addPaper',
    {
      bodyLimit: PAPER_BODY_LIMIT,
      summary: 'Add a paper (a draft until submitted)',
      body: addPaperBody,
    },
    (request) => papers.add(request.body, requireAuth(request)),
  );

  route.put(
    'updatePaper',
    {
      bodyLimit: PAPER_BODY_LIMIT,
      summary: 'Update a paper: a passed one goes back under review',
      body: updatePaperBody,
    },
    (request) => papers.update(request.body, requireAuth(request)),
  );

  route.delete(
    'deletePaper/:id',
    { summary: 'Delete a paper no exam sits (10004 otherwise)', params: idParams },
    (request) => papers.delete(request.params.id, requireAuth(request)),
  );

  route.post(
    'copyPaper/:id',
    { summary: 'Copy a paper as a new draft', params: idParams },
    (request) => papers.copy(request.params.id, requireAuth(request), requestLanguage(request)),
  );

  route.post(
    'drawPaper',
    {
      bodyLimit: PAPER_BODY_LIMIT,
      summary:
        'Draw the questions of a paper body (rules or blueprint; all sections or `section`) without saving: the sections, the seed and the figures, or 10002 naming every shortfall',
      body: drawPaperBody,
    },
    (request) => draws.draw(request.body, requestLanguage(request)),
  );

  route.post(
    'swapQuestion',
    {
      bodyLimit: PAPER_BODY_LIMIT,
      summary: 'Another question for one a rule drew: one meeting the same rule, not in the paper',
      body: swapPaperQuestionBody,
    },
    (request) => draws.swap(request.body),
  );

  route.get(
    'previewPaper/:id',
    {
      summary: 'The paper as an examinee sees it: no keys, analyses or accepted blanks',
      params: idParams,
    },
    (request) => prints.preview(request.params.id, requireAuth(request)),
  );

  route.get(
    'printPaper/:id',
    {
      summary:
        'The paper to read or print: its header and the questions as the examinee sees them; answers=1 adds each key and explanation',
      params: idParams,
      querystring: printPaperQuery,
    },
    (request) => prints.print(request.params.id, request.query.answers === 1, requireAuth(request)),
  );

  r.get(
    `${BASE}/exportPaper/:id`,
    {
      config: { access: manage },
      schema: {
        tags,
        summary:
          'The paper as a Word document (format=docx, default; answers=1 adds each answer and explanation), or with its keys as a QTI 3.0 / 2.2 content package (format=qti3 / qti22: items, an assessment test, images) or Moodle XML (format=moodleXml)',
        params: idParams,
        querystring: exportPaperQuery,
      },
    },
    async (request, reply) => {
      if (request.query.format !== 'docx') {
        return sendXlsx(
          reply,
          await prints.exportPackage(
            request.params.id,
            request.query.format,
            requestLanguage(request),
            requireAuth(request),
          ),
        );
      }
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

  route.post(
    'submitPaper/:id',
    { summary: 'Submit a draft or failed paper for group audit', params: idParams },
    (request) => papers.submit(request.params.id, requireAuth(request)),
  );

  route.post(
    'auditPaper',
    {
      summary:
        'Pass (1) or fail (2, with a reason) a paper under review; needs EXAM-MANAGE-AUDIT, not its author',
      body: auditPaperBody,
    },
    (request) => papers.audit(request.body, requireAuth(request)),
  );
}
