import { Perm, SKILL_ANALYSIS_BASE, skillAnalysisQuery } from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { needs, requireAuth } from '../../plugins/access.js';
import { routeTable } from '../../plugins/route-table.js';
import type { SkillAnalysisService } from './skill-analysis.service.js';

/**
 * The analysis of a skills assessment: the failed-score statistics' key (as the exams' analysis)
 * or SKILLS-MANAGE; rows as the assessment's batches allow (skillAssessmentAccess).
 */
export async function skillAnalysisRoutes(
  app: FastifyInstance,
  opts: { analysis: SkillAnalysisService },
) {
  const route = routeTable(app, SKILL_ANALYSIS_BASE, {
    access: needs(Perm.PASS_STATISTICS, Perm.SKILLS_MANAGE),
    tags: ['skills analysis'],
  });

  route.get(
    'getAssessmentAnalysis',
    {
      summary:
        'Pass rate and failed totals, facility and examiner agreement per item, each examiner’s deviation from the others',
      querystring: skillAnalysisQuery,
    },
    (request) => opts.analysis.analysis(request.query.assessmentId, requireAuth(request)),
  );
}
