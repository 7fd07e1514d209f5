import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { sheetRoutes } from './sheet.routes.js';
import { SheetService } from './sheet.service.js';

/**
 * The skills operation assessment (docs/features/skills.md): scoring sheets and their versions,
 * assessments and their candidates, the examiners' sheets, the chief examiner and the checker.
 */
export async function skillsModule(app: FastifyInstance, opts: { db: Db }) {
  await app.register(sheetRoutes, { sheets: new SheetService(opts.db) });
}
