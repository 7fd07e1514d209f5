import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { ExamSessionService } from './exam-session.service.js';
import { SeatPlanService } from './seat-plan.service.js';
import { venueRoutes } from './venue.routes.js';
import { VenueService } from './venue.service.js';

/** Venues, rooms and exams' seat plans (docs/features/venues.md). */
export async function venueModule(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const seatPlans = new SeatPlanService(opts.db, opts.config.database.kind === 'postgres');
  await app.register(venueRoutes, {
    venues: new VenueService(opts.db),
    seatPlans,
    sessions: new ExamSessionService(opts.db, seatPlans),
  });
}
