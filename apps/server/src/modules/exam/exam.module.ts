import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { DeadlineNews } from '../attempt/deadlines.js';
import { CandidateService } from './candidate.service.js';
import { examRoutes } from './exam.routes.js';
import { ExamService } from './exam.service.js';
import { MakeUpService } from './make-up.service.js';

export { examsUseClass, examsUseStudent } from './exam-usage.js';

/** Publishing exams: drafts, candidates, admission tickets and make-up exams (docs/features/exams.md). */
export async function examModule(
  app: FastifyInstance,
  opts: { db: Db; config: Config; deadlineNews: DeadlineNews },
) {
  const exams = new ExamService(
    opts.db,
    opts.config.database.kind === 'postgres',
    opts.deadlineNews,
  );
  await app.register(examRoutes, {
    exams,
    candidates: new CandidateService(
      opts.db,
      exams,
      opts.config.studentInitialPassword === 'random',
    ),
    makeUps: new MakeUpService(opts.db, exams),
  });
}
