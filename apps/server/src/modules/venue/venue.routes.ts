import {
  Perm,
  RoleKey,
  addRoomBody,
  addVenueBody,
  examIdQuery,
  idParams,
  listInvigilatorQuery,
  listRoomQuery,
  listVenueQuery,
  moveCandidateBody,
  planSeatsBody,
  setRoomInvigilatorsBody,
  setSessionsBody,
  updateRoomBody,
  updateVenueBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/access.js';
import { routeTable } from '../../plugins/route-table.js';
import type { ExamSessionService } from './exam-session.service.js';
import type { SeatPlanService } from './seat-plan.service.js';
import type { VenueService } from './venue.service.js';

export const VENUE_BASE = '/api/kaoshi-exam/venue';

/** Venues, rooms and seat plans (docs/features/venues.md): the exam publishing group's calls. */
export async function venueRoutes(
  app: FastifyInstance,
  opts: { venues: VenueService; seatPlans: SeatPlanService; sessions: ExamSessionService },
) {
  const { venues, seatPlans, sessions } = opts;
  // As the other publishing calls: the key and role SUPER (docs/spec.md §2). Venues belong to no
  // batch; a seat plan is reached through its exam (lib/access examAccess).
  const publishing = { permission: [Perm.PUBLISH], role: RoleKey.SUPER };
  const route = routeTable(app, VENUE_BASE, { access: publishing, tags: ['venues'] });

  route.get(
    'listVenue',
    {
      summary: 'Venues by name or address, with their rooms and seats',
      querystring: listVenueQuery,
    },
    (request) => venues.list(request.query),
  );
  route.post('addVenue', { summary: 'Add a venue (name unique)', body: addVenueBody }, (request) =>
    venues.addVenue(request.body),
  );
  route.put('updateVenue', { body: updateVenueBody }, (request) =>
    venues.updateVenue(request.body),
  );
  route.delete(
    'deleteVenue/:id',
    {
      summary: 'Delete a venue and its rooms; refused (10004) while a room is in a seat plan',
      params: idParams,
    },
    (request) => venues.deleteVenue(request.params.id),
  );

  route.get(
    'listRoom',
    {
      summary: 'The rooms of a venue by name, or of every venue without venueId',
      querystring: listRoomQuery,
    },
    (request) => venues.listRooms(request.query.venueId),
  );
  route.post(
    'addRoom',
    {
      summary: 'Add a room: name unique in the venue, 1–500 seats, an address allow-list',
      body: addRoomBody,
    },
    (request) => venues.addRoom(request.body),
  );
  route.put(
    'updateRoom',
    { summary: 'Change a room (seats not below a seat in use)', body: updateRoomBody },
    (request) => venues.updateRoom(request.body),
  );
  route.delete(
    'deleteRoom/:id',
    { summary: 'Delete a room; refused (10004) while it is in a seat plan', params: idParams },
    (request) => venues.deleteRoom(request.params.id),
  );

  route.get(
    'getSeatPlan',
    {
      summary:
        "An exam's rooms with their candidates by seat, invigilators and unseated candidates",
      querystring: examIdQuery,
    },
    (request) => seatPlans.get(request.query.examId, requireAuth(request)),
  );
  route.post(
    'planSeats',
    {
      summary:
        'Seat every candidate in the rooms given, in order: batches together or mixed, with a gap seat between the same batch if asked; refused once anyone has started',
      body: planSeatsBody,
    },
    (request) => seatPlans.plan(request.body, requireAuth(request)),
  );
  route.put(
    'moveCandidate',
    {
      summary: 'One candidate to a room and seat; refused if the seat is taken or beyond the room',
      body: moveCandidateBody,
    },
    (request) => seatPlans.move(request.body, requireAuth(request)),
  );
  route.get(
    'listInvigilator',
    {
      summary: 'Enabled staff holding EXAM-INVIGILATE, by keyword (at most 100)',
      querystring: listInvigilatorQuery,
    },
    (request) => seatPlans.invigilatorOptions(request.query.keyword),
  );
  route.put(
    'setRoomInvigilators',
    {
      summary: 'The invigilators (one or two holding EXAM-INVIGILATE) of a room of an exam',
      body: setRoomInvigilatorsBody,
    },
    (request) => seatPlans.setInvigilators(request.body, requireAuth(request)),
  );

  route.get(
    'listSession',
    {
      summary: "An exam's sessions (场次) in order, with their candidates",
      querystring: examIdQuery,
    },
    (request) => sessions.list(request.query.examId, requireAuth(request)),
  );
  route.put(
    'setSessions',
    {
      summary:
        "An exam's sessions, the whole list at once: windows inside the exam's; refused once anyone has started",
      body: setSessionsBody,
    },
    (request) => sessions.set(request.body, requireAuth(request)),
  );
}
