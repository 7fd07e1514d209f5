import { Perm, RoleKey } from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { forbidden } from '../../errors.js';
import type { DeadlineNews } from '../attempt/deadlines.js';
import { hasAnyPermission } from '../../lib/auth-context.js';
import { CandidateService } from '../exam/candidate.service.js';
import { ExamService } from '../exam/exam.service.js';
import type { ProctorHub } from './proctor-hub.js';
import { ProctorPausing } from './proctor-pausing.js';
import { proctorRoutes } from './proctor.routes.js';
import { ProctorService } from './proctor.service.js';

/**
 * The proctor's live view (docs/features/proctoring.md). `hub` was handed to the attempt module first, which
 * tells it what candidates do; here come the calls and the check of who may watch an exam.
 */
export async function proctorModule(
  app: FastifyInstance,
  opts: { db: Db; config: Config; deadlineNews: DeadlineNews; hub: ProctorHub },
) {
  const exams = new ExamService(
    opts.db,
    opts.config.database.kind === 'postgres',
    opts.deadlineNews,
  );
  const candidates = new CandidateService(
    opts.db,
    exams,
    opts.config.studentInitialPassword === 'random',
  );
  const proctor = new ProctorService(opts.db, exams, candidates, opts.hub);
  // The socket room checks what the routes check: the key, role SUPER, the exam in scope.
  opts.hub.canWatch = async (auth, examId) => {
    const allowed =
      hasAnyPermission(auth, [Perm.PUBLISH, Perm.INVIGILATE]) &&
      (auth.superAdmin || auth.roleKeys.includes(RoleKey.SUPER));
    if (!allowed) throw forbidden('permissionDenied');
    await proctor.access(auth, examId);
    // The room hears every candidate of the exam: a teacher needs all its batches to be theirs
    // (the table over HTTP shows a teacher their own batches' candidates of any exam).
    await exams.checkOwnExam(auth, examId);
  };
  const pausing = new ProctorPausing(opts.db, proctor, opts.hub);
  await app.register(proctorRoutes, { db: opts.db, proctor, pausing });
}
