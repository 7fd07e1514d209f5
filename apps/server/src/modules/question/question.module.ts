import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { QuestionExportService } from './question-export.service.js';
import { questionImportRoutes } from './question-import.routes.js';
import { QuestionImportService } from './question-import.service.js';
import { questionRoutes } from './question.routes.js';
import { QuestionService } from './question.service.js';

/** The question bank with its review, import and export. */
export async function questionModule(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  await app.register(questionRoutes, { questions: new QuestionService(db) });
  await app.register(questionImportRoutes, {
    imports: new QuestionImportService(db),
    exports: new QuestionExportService(db),
  });
}
