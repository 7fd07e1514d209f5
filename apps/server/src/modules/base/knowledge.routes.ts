import {
  Perm,
  addKnowledgeBody,
  idParams,
  listKnowledgeTreeQuery,
  updateKnowledgeBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../errors.js';
import { needs, requireAuth } from '../../plugins/access.js';
import type { KnowledgeService } from './knowledge.service.js';

const BASE = '/api/kaoshi-base/knowledge';

export async function knowledgeRoutes(app: FastifyInstance, opts: { knowledge: KnowledgeService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { knowledge } = opts;
  // Either key opens the routes; the service then asks COURSE for a course, KNOW-CAPTER for a point.
  const manage = { access: needs(Perm.COURSE, Perm.KNOW) };
  // Question writers file each question under a course and appraisal point: they read the tree.
  const read = { access: needs(Perm.COURSE, Perm.KNOW, Perm.QUESTION) };
  const tags = ['knowledge'];

  r.get(
    `${BASE}/listKnowledgeTree`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Courses of a job type and level, each with its appraisal points and weightSum',
        querystring: listKnowledgeTreeQuery,
      },
    },
    async (request) => ok(await knowledge.tree(request.query)),
  );

  r.get(
    `${BASE}/getKnowledgeById/:id`,
    { config: manage, schema: { tags, params: idParams } },
    async (request) => ok(await knowledge.get(request.params.id)),
  );

  r.post(
    `${BASE}/addKnowledge`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add a course (type cn) or an appraisal point (type kn, weight in percent)',
        body: addKnowledgeBody,
      },
    },
    async (request) => ok(await knowledge.add(request.body, requireAuth(request))),
  );

  r.put(
    `${BASE}/updateKnowledge`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Update a course or an appraisal point (job type, level and type stay)',
        body: updateKnowledgeBody,
      },
    },
    async (request) => {
      await knowledge.update(request.body, requireAuth(request));
      return ok(null);
    },
  );

  r.delete(
    `${BASE}/deleteKnowledge/:id`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a course without appraisal points, or an appraisal point',
        params: idParams,
      },
    },
    async (request) => {
      await knowledge.delete(request.params.id, requireAuth(request));
      return ok(null);
    },
  );
}
