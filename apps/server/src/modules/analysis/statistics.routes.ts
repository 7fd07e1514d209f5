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
import { routeTable } from '../../plugins/route-table.js';
import type { Db } from '../../db/database.js';
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
  const ranking = new RankingService(opts.db);
  const pass = new PassStatisticsService(opts.db);
  const supplementary = new SupplementaryService(opts.db);
  const exports = new StatisticsExport(opts.db);
  const tags = ['analysis'];
  const rankingAccess = { permission: [Perm.CLASS_RANKING] };
  const passAccess = { permission: [Perm.PASS_STATISTICS] };
  const supplementaryAccess = { permission: [Perm.SUPPLEMENTARY] };

  const access = new StatisticsAccess(opts.db);
  const route = routeTable(app, ANALYSIS_BASE, { access: rankingAccess, tags });

  route.get(
    'listAnalysisExam',
    {
      access: {
        permission: [Perm.ANALYSIS, Perm.CLASS_RANKING, Perm.PASS_STATISTICS, Perm.SUPPLEMENTARY],
      },
      summary:
        'Exams whose scores the user may analyse: window closed or scores released, their batches only',
      querystring: listAnalysisExamQuery,
    },
    (request) => access.analysableExams(request.query, requireAuth(request)),
  );

  route.get(
    'classRanking',
    {
      summary:
        'Ranking with ties per batch or exam, section scores, histogram and box plots (EXAM-CLASSRANKING)',
      querystring: classRankingQuery,
    },
    (request) => ranking.ranking(request.query, requireAuth(request)),
  );

  route.xlsx(
    'exportClassRanking',
    {
      summary: 'The whole ranking as .xlsx, the figures on a second sheet',
      querystring: exportClassRankingQuery,
    },
    (request) =>
      exports.classRanking(request.query, requireAuth(request), requestLanguage(request)),
  );

  route.get(
    'passStatistics',
    {
      access: passAccess,
      summary:
        'Candidates, sat, absent, passed, failed, pass rate, mean, median, the failed and the trend (ISPASS-STATISTICS)',
      querystring: passStatisticsQuery,
    },
    (request) =>
      pass.statistics(request.query, requireAuth(request), {
        page: request.query.page,
        limit: request.query.limit,
      }),
  );

  route.xlsx(
    'exportPassStatistics',
    {
      access: passAccess,
      summary: 'Every failed candidate as .xlsx, the summary and trend on a second sheet',
      querystring: exportPassStatisticsQuery,
    },
    (request) =>
      exports.passStatistics(request.query, requireAuth(request), requestLanguage(request)),
  );

  route.get(
    'supplementaryStatistics',
    {
      access: supplementaryAccess,
      summary:
        "An exam's failed and absent candidates and their make-ups, the final pass rate (EXAM-SUPPLEMENTARY)",
      querystring: supplementaryStatisticsQuery,
    },
    (request) =>
      supplementary.statistics(request.query, requireAuth(request), {
        page: request.query.page,
        limit: request.query.limit,
      }),
  );

  route.xlsx(
    'exportSupplementaryStatistics',
    {
      access: supplementaryAccess,
      summary: 'Every make-up candidate with both results as .xlsx, the summary on a second sheet',
      querystring: exportSupplementaryStatisticsQuery,
    },
    (request) =>
      exports.supplementaryStatistics(
        request.query,
        requireAuth(request),
        requestLanguage(request),
      ),
  );
}
