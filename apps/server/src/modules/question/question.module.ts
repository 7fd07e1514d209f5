import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { FilesService } from '../files/files.service.js';
import { QuestionExportService } from './question-export.service.js';
import { questionImportRoutes } from './question-import.routes.js';
import type { DraftPapers } from './question-import-paper.js';
import { QuestionImportService } from './question-import.service.js';
import { questionRoutes } from './question.routes.js';
import { QuestionService } from './question.service.js';

/** The question bank with its review, import and export. */
export async function questionModule(
  app: FastifyInstance,
  /** `draftPapers`: the paper module's, for a QTI test imported as a draft paper. */
  opts: { db: Db; config: Config; draftPapers?: DraftPapers },
) {
  const { db, config } = opts;
  // Imported questions' images (Moodle XML) are stored as the editor's uploads.
  const files = new FilesService(db, {
    dataDir: config.dataDir,
    allowPrivateFetch: config.uploadAllowPrivateFetch,
  });
  await app.register(questionRoutes, { questions: new QuestionService(db) });
  await app.register(questionImportRoutes, {
    imports: new QuestionImportService(db, files, opts.draftPapers),
    exports: new QuestionExportService(db, async (storedName) => {
      const found = await files.find(storedName);
      return found ? fs.promises.readFile(found.absolute) : undefined;
    }),
  });
}
