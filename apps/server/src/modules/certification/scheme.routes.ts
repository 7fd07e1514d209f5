import { Perm, addSchemeBody, idParams, listSchemeQuery, updateSchemeBody } from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { routeTable } from '../../plugins/route-table.js';
import { needs, requireAuth } from '../../plugins/access.js';
import type { SchemeService } from './scheme.service.js';

export const CERTIFICATION_API = '/api/kaoshi-certification';

const BASE = `${CERTIFICATION_API}/scheme`;

export async function schemeRoutes(app: FastifyInstance, opts: { schemes: SchemeService }) {
  const { schemes } = opts;
  const tags = ['certification schemes'];

  const route = routeTable(app, BASE, { access: needs(Perm.SKILLS_MANAGE), tags });

  route.get(
    'listScheme',
    {
      summary:
        'Certification schemes with their components and the exams and assessments counting for them: subjectId, level, page, limit',
      querystring: listSchemeQuery,
    },
    (request) => schemes.list(request.query),
  );

  route.post(
    'addScheme',
    {
      summary:
        'One scheme per job type and level; components: exactly one required theory, no kind twice, pass score within full score (points)',
      body: addSchemeBody,
    },
    (request) => schemes.add(request.body, requireAuth(request)),
  );

  route.get('getSchemeById/:id', { params: idParams }, (request) => schemes.get(request.params.id));

  route.put(
    'updateScheme',
    {
      summary:
        'Replaces the components (a kind kept keeps its id); while exams or assessments use the scheme its job type, level and kinds stay',
      body: updateSchemeBody,
    },
    (request) => schemes.update(request.body),
  );

  route.delete(
    'deleteScheme/:id',
    { summary: 'Refused while exams or assessments use it (10004, naming them)', params: idParams },
    (request) => schemes.delete(request.params.id),
  );
}
