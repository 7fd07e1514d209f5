import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { News } from '../../lib/news.js';
import { itemRoutes } from './item.routes.js';
import { statisticsRoutes } from './statistics.routes.js';

/**
 * Score analysis (docs/features/analysis.md): ranking per batch, failed-score and make-up statistics with their
 * exports (statistics.routes.ts), item analysis and the dashboard's figures (item.routes.ts).
 */
export async function analysisModule(
  app: FastifyInstance,
  opts: { db: Db; released?: News<number> },
) {
  await app.register(statisticsRoutes, { db: opts.db });
  await app.register(itemRoutes, { db: opts.db, released: opts.released });
}
