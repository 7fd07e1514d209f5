import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { DeadlineNews } from '../attempt/deadlines.js';
import { accommodationRoutes } from './accommodation.routes.js';
import { AccommodationService } from './accommodation.service.js';

/**
 * Accommodations per batch and per student (docs/features/accommodations.md). Deadline changes
 * of running attempts reach their pages through `deadlineNews`.
 */
export async function accommodationModule(
  app: FastifyInstance,
  opts: { db: Db; deadlineNews: DeadlineNews },
) {
  await app.register(accommodationRoutes, {
    accommodations: new AccommodationService(opts.db, opts.deadlineNews),
  });
}
