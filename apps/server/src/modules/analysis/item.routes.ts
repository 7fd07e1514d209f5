import {
  ANALYSIS_BASE,
  Perm,
  itemAnalysisParams,
  itemAnalysisQuery,
  questionFiguresQuery,
  UserType,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import type { News } from '../../lib/news.js';
import { forbidden, ok } from '../../errors.js';
import { requireAuth } from '../../plugins/access.js';
import { DashboardService } from './dashboard.service.js';
import { ItemAnalysisService } from './item-analysis.service.js';

/**
 * Item analysis of an exam (EXAM-ANALYSIS), the bank's figures per question (EXAM-QUESTION, the
 * question list's own key, or EXAM-ANALYSIS) and the dashboard (any signed-in user, its content
 * by who asks).
 */
export async function itemRoutes(app: FastifyInstance, opts: { db: Db; released?: News<number> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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

  r.get(
    `${ANALYSIS_BASE}/itemAnalysis/:examId`,
    {
      config: { access: { permission: [Perm.ANALYSIS] } },
      schema: {
        tags,
        summary:
          'Per question facility, discrimination, item–rest correlation and option shares; alpha, KR-20, SEM; mastery per course and point',
        params: itemAnalysisParams,
        querystring: itemAnalysisQuery,
      },
    },
    async (request) =>
      ok(
        await items.itemAnalysis(
          request.params.examId,
          request.query.includeUnreleased,
          requireAuth(request),
        ),
      ),
  );

  r.get(
    `${ANALYSIS_BASE}/questionFigures`,
    {
      config: { access: { permission: [Perm.QUESTION, Perm.ANALYSIS] } },
      schema: {
        tags,
        summary:
          'Per bank question: released exams that used it, its facility and discrimination there weighted by candidates',
        querystring: questionFiguresQuery,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!auth.superAdmin && auth.user.user_type === UserType.STUDENT) throw forbidden();
      return ok(await items.questionFigures(request.query.questionIds));
    },
  );

  r.get(
    `${ANALYSIS_BASE}/dashboard`,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary:
          "The dashboard's figures: an administrator's, a teacher's or a student's, by user type",
      },
    },
    async (request) => ok(await dashboard.dashboard(requireAuth(request))),
  );
}
