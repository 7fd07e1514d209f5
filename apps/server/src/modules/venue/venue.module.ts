import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { ExamSessionService } from './exam-session.service.js';
import { SeatPlanService } from './seat-plan.service.js';
import { seatPlanTransferRoutes } from './seat-plan-xlsx.routes.js';
import { SeatPlanTransferService } from './seat-plan-xlsx.service.js';
import { venueRoutes } from './venue.routes.js';
import { VenueService } from './venue.service.js';

/** Venues, rooms and exams' seat plans (docs/features/venues.md). */
export async function venueModule(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const postgres = opts.config.database.kind === 'postgres';
  const seatPlans = new SeatPlanService(opts.db, postgres);
  await app.register(venueRoutes, {
    venues: new VenueService(opts.db),
    seatPlans,
    sessions: new ExamSessionService(opts.db, seatPlans),
  });
  await app.register(seatPlanTransferRoutes, {
    transfers: new SeatPlanTransferService(opts.db, postgres, seatPlans),
  });
}
