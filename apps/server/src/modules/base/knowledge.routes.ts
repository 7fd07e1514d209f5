import {
  Perm,
  addKnowledgeBody,
  idParams,
  listKnowledgeTreeQuery,
  updateKnowledgeBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { routeTable } from '../../plugins/route-table.js';
import { needs, requireAuth } from '../../plugins/access.js';
import type { KnowledgeService } from './knowledge.service.js';

const BASE = '/api/kaoshi-base/knowledge';

export async function knowledgeRoutes(app: FastifyInstance, opts: { knowledge: KnowledgeService }) {
  const { knowledge } = opts;
  // Either key opens the routes; the service then asks COURSE for a course, KNOW-CAPTER for a point.
  const manage = needs(Perm.COURSE, Perm.KNOW);
  // Question writers file each question under a course and appraisal point: they read the tree.
  const read = needs(Perm.COURSE, Perm.KNOW, Perm.QUESTION);
  const tags = ['knowledge'];

  const route = routeTable(app, BASE, { access: manage, tags });

  route.get(
    'listKnowledgeTree',
    {
      access: read,
      summary: 'Courses of a job type and level, each with its appraisal points and weightSum',
      querystring: listKnowledgeTreeQuery,
    },
    (request) => knowledge.tree(request.query),
  );

  route.get('getKnowledgeById/:id', { params: idParams }, (request) =>
    knowledge.get(request.params.id),
  );

  route.post(
    'addKnowledge',
    {
      summary: 'Add a course (type cn) or an appraisal point (type kn, weight in percent)',
      body: addKnowledgeBody,
    },
    (request) => knowledge.add(request.body, requireAuth(request)),
  );

  route.put(
    'updateKnowledge',
    {
      summary: 'Update a course or an appraisal point (job type, level and type stay)',
      body: updateKnowledgeBody,
    },
    (request) => knowledge.update(request.body, requireAuth(request)),
  );

  route.delete(
    'deleteKnowledge/:id',
    {
      summary: 'Delete a course without appraisal points, or an appraisal point',
      params: idParams,
    },
    (request) => knowledge.delete(request.params.id, requireAuth(request)),
  );
}
