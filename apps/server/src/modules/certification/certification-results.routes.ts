import {
  Perm,
  certificationAnalysisQuery,
  examCertificationQuery,
  listCertificationQuery,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/request-language.js';
import { requireAuth } from '../../plugins/access.js';
import { routeTable } from '../../plugins/route-table.js';
import type { CertificationAnalysisService } from './certification-analysis.service.js';
import type { CertificationResultsService } from './certification-results.service.js';
import { CERTIFICATION_API } from './scheme.routes.js';

const BASE = `${CERTIFICATION_API}/result`;

/** Certification results: SKILLS-MANAGE, or EXAM-ANALYSIS (who reads scores and certificates). */
export async function certificationResultRoutes(
  app: FastifyInstance,
  opts: { results: CertificationResultsService; analysis: CertificationAnalysisService },
) {
  const { results, analysis } = opts;
  const route = routeTable(app, BASE, {
    access: { permission: [Perm.SKILLS_MANAGE, Perm.ANALYSIS] },
    tags: ['certification results'],
  });

  route.get(
    'listCertification',
    {
      summary:
        'Per candidate and scheme: each component’s best valid result and the status (certified, failed, pending): subjectId, level, classId, page, limit; a teacher only their batches',
      querystring: listCertificationQuery,
    },
    (request) => results.list(request.query, requireAuth(request)),
  );

  route.xlsx(
    'exportCertification',
    {
      summary: "listCertification's rows for its filters, every page, as .xlsx",
      querystring: listCertificationQuery,
    },
    (request) => results.export(request.query, requireAuth(request), requestLanguage(request)),
  );

  route.get(
    'getCertificationAnalysis',
    {
      summary:
        'listCertification’s rows counted per scheme: certified, failed, pending; per component the candidates with a valid result, the pass rate and the failed best scores (count, mean, min, max, bands of 10 % of the full score)',
      querystring: certificationAnalysisQuery,
    },
    (request) => analysis.analysis(request.query, requireAuth(request)),
  );

  route.get(
    'getExamCertificationAnalysis',
    {
      // Also the failed-score statistics' key: the card on that screen of a theory exam.
      access: { permission: [Perm.SKILLS_MANAGE, Perm.ANALYSIS, Perm.PASS_STATISTICS] },
      summary:
        'The scheme a theory exam counts for, over its candidates of the batches the user reads (classId: one): each component’s pass rate as getCertificationAnalysis counts it; scheme null without one',
      querystring: examCertificationQuery,
    },
    (request) => analysis.examAnalysis(request.query, requireAuth(request)),
  );
}
