import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { FilesService } from '../files/files.service.js';
import { AssessmentPublisher } from './assessment-publish.js';
import { assessmentRoutes } from './assessment.routes.js';
import { AssessmentService } from './assessment.service.js';
import { CandidateNoticeService } from './candidate-notice.service.js';
import { CheckService, type SkillsFinal } from './check.service.js';
import { scoringPhotoRoutes } from './scoring-photo.routes.js';
import { ScoringPhotoService } from './scoring-photo.service.js';
import { checkRoutes, scoringRoutes } from './scoring.routes.js';
import { ScoringService } from './scoring.service.js';
import { sheetRoutes } from './sheet.routes.js';
import { SheetService } from './sheet.service.js';
import { skillAnalysisRoutes } from './skill-analysis.routes.js';
import { SkillAnalysisService } from './skill-analysis.service.js';

/**
 * The skills operation assessment (docs/features/skills.md): scoring sheets and their versions,
 * assessments and their candidates, the examiners' sheets, the chief examiner and the checker,
 * and the assessment's analysis. Photos of the work piece are stored as the files module stores
 * uploads.
 * `final` is certification's step in the checker's transaction: the component's result.
 */
export async function skillsModule(
  app: FastifyInstance,
  opts: { db: Db; config: Config; final: SkillsFinal },
) {
  const { db } = opts;
  await app.register(sheetRoutes, { sheets: new SheetService(db) });
  await app.register(assessmentRoutes, {
    assessments: new AssessmentService(db),
    publisher: new AssessmentPublisher(db),
    notices: new CandidateNoticeService(db),
  });
  await app.register(scoringRoutes, { scoring: new ScoringService(db) });
  const files = new FilesService(db, {
    dataDir: opts.config.dataDir,
    allowPrivateFetch: opts.config.uploadAllowPrivateFetch,
  });
  await app.register(scoringPhotoRoutes, { photos: new ScoringPhotoService(db, files) });
  await app.register(checkRoutes, { check: new CheckService(db, opts.final) });
  await app.register(skillAnalysisRoutes, { analysis: new SkillAnalysisService(db) });
}
