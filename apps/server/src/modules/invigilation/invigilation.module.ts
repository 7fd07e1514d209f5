import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { ProctorHub } from '../proctor/proctor-hub.js';
import { AnswerFileService } from './answer-file.service.js';
import { invigilationRoutes } from './invigilation.routes.js';
import { InvigilationService } from './invigilation.service.js';

/** The invigilator's console per room (docs/features/invigilation.md). */
export async function invigilationModule(app: FastifyInstance, opts: { db: Db; hub: ProctorHub }) {
  await app.register(invigilationRoutes, {
    invigilation: new InvigilationService(opts.db, opts.hub),
    answerFiles: new AnswerFileService(opts.db, opts.hub),
  });
}
