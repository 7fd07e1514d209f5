import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { DeadlineNews } from '../attempt/deadlines.js';
import { CandidateService } from '../exam/candidate.service.js';
import { ExamService } from '../exam/exam.service.js';
import { FilesService } from '../files/files.service.js';
import type { ProctorHub } from '../proctor/proctor-hub.js';
import { ProctorService } from '../proctor/proctor.service.js';
import { irregularityRoutes } from './irregularity.routes.js';
import { IrregularityService } from './irregularity.service.js';
import { RoomDocumentsService } from './room-documents.service.js';

/**
 * Irregularities and room documents (docs/features/irregularities.md). Terminating and reversing
 * go through the proctor's hub (its attempt service) and its reopen.
 */
export async function irregularityModule(
  app: FastifyInstance,
  opts: { db: Db; config: Config; deadlineNews: DeadlineNews; hub: ProctorHub },
) {
  const postgres = opts.config.database.kind === 'postgres';
  const exams = new ExamService(opts.db, postgres, opts.deadlineNews);
  const candidates = new CandidateService(
    opts.db,
    exams,
    opts.config.studentInitialPassword === 'random',
  );
  const proctor = new ProctorService(opts.db, exams, candidates, opts.hub);
  await app.register(irregularityRoutes, {
    irregularities: new IrregularityService(opts.db, proctor, opts.hub),
    documents: new RoomDocumentsService(
      opts.db,
      new FilesService(opts.db, {
        dataDir: opts.config.dataDir,
        allowPrivateFetch: opts.config.uploadAllowPrivateFetch,
      }),
    ),
  });
}
