import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { AssessmentPublisher } from './assessment-publish.js';
import { assessmentRoutes } from './assessment.routes.js';
import { AssessmentService } from './assessment.service.js';
import { CandidateNoticeService } from './candidate-notice.service.js';
import { CheckService, type SkillsFinal } from './check.service.js';
import { checkRoutes, scoringRoutes } from './scoring.routes.js';
import { ScoringService } from './scoring.service.js';
import { sheetRoutes } from './sheet.routes.js';
import { SheetService } from './sheet.service.js';
import { skillAnalysisRoutes } from './skill-analysis.routes.js';
import { SkillAnalysisService } from './skill-analysis.service.js';

/**
 * The skills operation assessment (docs/features/skills.md): scoring sheets and their versions,
 * assessments and their candidates, the examiners' sheets, the chief examiner and the checker,
 * and the assessment's analysis.
 * `final` is certification's step in the checker's transaction: the component's result.
 */
export async function skillsModule(app: FastifyInstance, opts: { db: Db; final: SkillsFinal }) {
  const { db } = opts;
  await app.register(sheetRoutes, { sheets: new SheetService(db) });
  await app.register(assessmentRoutes, {
    assessments: new AssessmentService(db),
    publisher: new AssessmentPublisher(db),
    notices: new CandidateNoticeService(db),
  });
  await app.register(scoringRoutes, { scoring: new ScoringService(db) });
  await app.register(checkRoutes, { check: new CheckService(db, opts.final) });
  await app.register(skillAnalysisRoutes, { analysis: new SkillAnalysisService(db) });
}
