import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { News } from '../../lib/news.js';
import { AuditService } from './audit.service.js';
import { KeyService } from './key.service.js';
import { MarkingEnrolment } from './marking-enrolment.js';
import { MarkingExams } from './marking-exams.js';
import { markingRoutes } from './marking.routes.js';
import { MarkingService } from './marking.service.js';
import { ProgressService } from './progress.service.js';
import { ReleaseService } from './release.service.js';

/** Marking (docs/features/marking.md): plans, the blind desk, double marking and arbitration, group audit, the score log and score release. */
export async function markingModule(
  app: FastifyInstance,
  opts: { db: Db; released?: News<number> },
) {
  const exams = new MarkingExams(opts.db);
  const enrolment = new MarkingEnrolment(opts.db);
  const marking = new MarkingService(opts.db, exams, enrolment);
  const audits = new AuditService(opts.db, marking, exams, enrolment);
  await app.register(markingRoutes, {
    marking,
    audits,
    releases: new ReleaseService(opts.db, marking, exams, enrolment, audits, opts.released),
    keys: new KeyService(opts.db, exams),
    progress: new ProgressService(opts.db, marking, audits, exams, enrolment),
  });
}
