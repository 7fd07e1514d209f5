import {
  Perm,
  dbId,
  examAccommodationQuery,
  setClassAccommodationBody,
  setStudentAccommodationBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { needs, requireAuth } from '../../plugins/access.js';
import { routeTable } from '../../plugins/route-table.js';
import type { AccommodationService } from './accommodation.service.js';

export const ACCOMMODATION_BASE = '/api/kaoshi-accommodation/accommodation';

/**
 * Accommodations (docs/features/accommodations.md): a student's under the student key and the
 * student's row scope, a batch's under the batch key and the batch's, an exam's list for the
 * proctor and the candidate list.
 */
export async function accommodationRoutes(
  app: FastifyInstance,
  opts: { accommodations: AccommodationService },
) {
  const { accommodations } = opts;
  const tags = ['accommodations'];
  const route = routeTable(app, ACCOMMODATION_BASE, { access: needs(Perm.STUDENT), tags });

  route.get(
    'getStudentAccommodation',
    {
      summary: "A student's own accommodation, their batch's, and what applies (own over batch)",
      querystring: z.object({ studentId: dbId }),
    },
    (request) => accommodations.getStudent(request.query.studentId, requireAuth(request)),
  );

  route.put(
    'setStudentAccommodation',
    {
      summary:
        "Set a student's accommodation (null fields: as the batch); running attempts only gain",
      body: setStudentAccommodationBody,
    },
    (request) => accommodations.setStudent(request.body, requireAuth(request)),
  );

  route.get(
    'getClassAccommodation',
    {
      access: needs(Perm.CLASS_MANAGE),
      summary: "A batch's accommodation",
      querystring: z.object({ classId: dbId }),
    },
    (request) => accommodations.getBatch(request.query.classId, requireAuth(request)),
  );

  route.put(
    'setClassAccommodation',
    {
      access: needs(Perm.CLASS_MANAGE),
      summary: "Set a batch's accommodation for its students; running attempts only gain",
      body: setClassAccommodationBody,
    },
    (request) => accommodations.setBatch(request.body, requireAuth(request)),
  );

  route.get(
    'listExamAccommodations',
    {
      access: needs(Perm.INVIGILATE, Perm.PUBLISH),
      summary: "An exam's candidates with an accommodation (the viewer's batches)",
      querystring: examAccommodationQuery,
    },
    (request) => accommodations.examRows(request.query.examId, requireAuth(request)),
  );
}
