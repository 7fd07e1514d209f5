import {
  ANALYSIS_BASE,
  Perm,
  itemAnalysisParams,
  itemAnalysisQuery,
  questionFiguresQuery,
  UserType,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { routeTable } from '../../plugins/route-table.js';
import type { Db } from '../../db/database.js';
import type { News } from '../../lib/news.js';
import { forbidden } from '../../errors.js';
import { requireAuth } from '../../plugins/access.js';
import { DashboardService } from './dashboard.service.js';
import { ItemAnalysisService } from './item-analysis.service.js';

/**
 * Item analysis of an exam (EXAM-ANALYSIS), the bank's figures per question (EXAM-QUESTION, the
 * question list's own key, or EXAM-ANALYSIS) and the dashboard (any signed-in user, its content
 * by who asks).
 */
export async function itemRoutes(app: FastifyInstance, opts: { db: Db; released?: News<number> }) {
  const items = new ItemAnalysisService(opts.db);
  // The figures of 10,000 attempts take a second or two: worked out as soon as the scores are
  // released, not when the first user asks.
  opts.released?.subscribe((examId) => {
    setImmediate(() => {
      items
        .warm(examId)
        .catch((error: unknown) =>
          app.log.warn({ err: error, examId }, 'working out the released item analysis failed'),
        );
    });
  });
  const dashboard = new DashboardService(opts.db);
  const tags = ['analysis'];

  const route = routeTable(app, ANALYSIS_BASE, { access: { permission: [Perm.ANALYSIS] }, tags });

  route.get(
    'itemAnalysis/:examId',
    {
      summary:
        'Per question facility, discrimination, item–rest correlation and option shares; alpha, KR-20, SEM; mastery per course and point',
      params: itemAnalysisParams,
      querystring: itemAnalysisQuery,
    },
    (request) =>
      items.itemAnalysis(
        request.params.examId,
        request.query.includeUnreleased,
        requireAuth(request),
      ),
  );

  route.get(
    'questionFigures',
    {
      access: { permission: [Perm.QUESTION, Perm.ANALYSIS] },
      summary:
        'Per bank question: released exams that used it, its facility and discrimination there weighted by candidates',
      querystring: questionFiguresQuery,
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!auth.superAdmin && auth.user.user_type === UserType.STUDENT) throw forbidden();
      return items.questionFigures(request.query.questionIds);
    },
  );

  route.get(
    'dashboard',
    {
      access: 'session',
      summary:
        "The dashboard's figures: an administrator's, a teacher's or a student's, by user type",
    },
    (request) => dashboard.dashboard(requireAuth(request)),
  );
}
