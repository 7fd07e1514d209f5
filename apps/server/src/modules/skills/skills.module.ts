import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { AssessmentPublisher } from './assessment-publish.js';
import { assessmentRoutes } from './assessment.routes.js';
import {
  AssessmentService,
  LatestSheetVersions,
  type SheetVersions,
} from './assessment.service.js';
import { CandidateNoticeService } from './candidate-notice.service.js';

/**
 * The skills operation assessment (docs/features/skills.md): scoring sheets and their versions,
 * assessments and their candidates, the examiners' sheets, the chief examiner and the checker.
 */
export async function skillsModule(
  app: FastifyInstance,
  opts: {
    db: Db;
    /** The sheets part's frozen versions; until wired, the sheet's latest frozen version. */
    sheetVersions?: SheetVersions;
  },
) {
  await app.register(assessmentRoutes, {
    assessments: new AssessmentService(opts.db, opts.sheetVersions ?? new LatestSheetVersions()),
    publisher: new AssessmentPublisher(opts.db),
    notices: new CandidateNoticeService(opts.db),
  });
}
