import {
  ANALYSIS_BASE,
  Perm,
  classRankingQuery,
  exportClassRankingQuery,
  exportPassStatisticsQuery,
  exportSupplementaryStatisticsQuery,
  listAnalysisExamQuery,
  passStatisticsQuery,
  supplementaryStatisticsQuery,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { ok } from '../../errors.js';
import { sendXlsx } from '../../lib/import-reply.js';
import { requireAuth } from '../../plugins/access.js';
import { requestLanguage } from '../../lib/request-language.js';
import { PassStatisticsService } from './pass-statistics.service.js';
import { RankingService } from './ranking.service.js';
import { StatisticsAccess } from './statistics.service.js';
import { StatisticsExport } from './statistics.export.js';
import { SupplementaryService } from './supplementary.service.js';

/**
 * Ranking per batch, failed-score and make-up statistics with their exports (docs/features/analysis.md).
 * Each needs its menu's key; students, other batches and unreleased scores are ruled in
 * StatisticsAccess (statistics.service.ts).
 */
export async function statisticsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ranking = new RankingService(opts.db);
  const pass = new PassStatisticsService(opts.db);
  const supplementary = new SupplementaryService(opts.db);
  const exports = new StatisticsExport(opts.db);
  const tags = ['analysis'];
  const rankingAccess = { access: { permission: [Perm.CLASS_RANKING] } };
  const passAccess = { access: { permission: [Perm.PASS_STATISTICS] } };
  const supplementaryAccess = { access: { permission: [Perm.SUPPLEMENTARY] } };

  const access = new StatisticsAccess(opts.db);
  r.get(
    `${ANALYSIS_BASE}/listAnalysisExam`,
    {
      // The analysis group's key or any of its screens' keys: each chooses its exam from this
      // list (item analysis and certificates too).
      config: {
        access: {
          permission: [Perm.ANALYSIS, Perm.CLASS_RANKING, Perm.PASS_STATISTICS, Perm.SUPPLEMENTARY],
        },
      },
      schema: {
        tags,
        summary:
          'Exams whose scores the user may analyse: window closed or scores released, their batches only',
        querystring: listAnalysisExamQuery,
      },
    },
    async (request) => ok(await access.analysableExams(request.query, requireAuth(request))),
  );

  r.get(
    `${ANALYSIS_BASE}/classRanking`,
    {
      config: rankingAccess,
      schema: {
        tags,
        summary:
          'Ranking with ties per batch or exam, section scores, histogram and box plots (EXAM-CLASSRANKING)',
        querystring: classRankingQuery,
      },
    },
    async (request) => ok(await ranking.ranking(request.query, requireAuth(request))),
  );

  r.get(
    `${ANALYSIS_BASE}/exportClassRanking`,
    {
      config: rankingAccess,
      schema: {
        tags,
        summary: 'The whole ranking as .xlsx, the figures on a second sheet',
        querystring: exportClassRankingQuery,
      },
    },
    async (request, reply) =>
      sendXlsx(
        reply,
        await exports.classRanking(request.query, requireAuth(request), requestLanguage(request)),
      ),
  );

  r.get(
    `${ANALYSIS_BASE}/passStatistics`,
    {
      config: passAccess,
      schema: {
        tags,
        summary:
          'Candidates, sat, absent, passed, failed, pass rate, mean, median, the failed and the trend (ISPASS-STATISTICS)',
        querystring: passStatisticsQuery,
      },
    },
    async (request) =>
      ok(
        await pass.statistics(request.query, requireAuth(request), {
          page: request.query.page,
          limit: request.query.limit,
        }),
      ),
  );

  r.get(
    `${ANALYSIS_BASE}/exportPassStatistics`,
    {
      config: passAccess,
      schema: {
        tags,
        summary: 'Every failed candidate as .xlsx, the summary and trend on a second sheet',
        querystring: exportPassStatisticsQuery,
      },
    },
    async (request, reply) =>
      sendXlsx(
        reply,
        await exports.passStatistics(request.query, requireAuth(request), requestLanguage(request)),
      ),
  );

  r.get(
    `${ANALYSIS_BASE}/supplementaryStatistics`,
    {
      config: supplementaryAccess,
      schema: {
        tags,
        summary:
          "An exam's failed and absent candidates and their make-ups, the final pass rate (EXAM-SUPPLEMENTARY)",
        querystring: supplementaryStatisticsQuery,
      },
    },
    async (request) =>
      ok(
        await supplementary.statistics(request.query, requireAuth(request), {
          page: request.query.page,
          limit: request.query.limit,
        }),
      ),
  );

  r.get(
    `${ANALYSIS_BASE}/exportSupplementaryStatistics`,
    {
      config: supplementaryAccess,
      schema: {
        tags,
        summary:
          'Every make-up candidate with both results as .xlsx, the summary on a second sheet',
        querystring: exportSupplementaryStatisticsQuery,
      },
    },
    async (request, reply) =>
      sendXlsx(
        reply,
        await exports.supplementaryStatistics(
          request.query,
          requireAuth(request),
          requestLanguage(request),
        ),
      ),
  );
}
