import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { sheetRoutes } from './sheet.routes.js';
import { SheetService } from './sheet.service.js';
import { AssessmentPublisher } from './assessment-publish.js';
import { assessmentRoutes } from './assessment.routes.js';
import { AssessmentService } from './assessment.service.js';
import { CandidateNoticeService } from './candidate-notice.service.js';

/**
 * The skills operation assessment (docs/features/skills.md): scoring sheets and their versions,
 * assessments and their candidates, the examiners' sheets, the chief examiner and the checker.
 */
export async function skillsModule(app: FastifyInstance, opts: { db: Db }) {
  await app.register(sheetRoutes, { sheets: new SheetService(opts.db) });
  await app.register(assessmentRoutes, {
    assessments: new AssessmentService(opts.db),
    publisher: new AssessmentPublisher(opts.db),
    notices: new CandidateNoticeService(opts.db),
  });
}
