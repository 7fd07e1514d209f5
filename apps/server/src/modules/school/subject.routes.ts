import {
  Perm,
  addSubjectBody,
  idParams,
  listSubjectQuery,
  subjectSelectQuery,
  updateSubjectBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../errors.js';
import { needs } from '../../plugins/access.js';
import { SCHOOL_API, structureReaders } from './school.routes.js';
import type { SubjectService } from './subject.service.js';

const BASE = `${SCHOOL_API}/subject`;

export async function subjectRoutes(app: FastifyInstance, opts: { subjects: SubjectService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { subjects } = opts;
  const manage = { access: needs(Perm.SUBJECT_MANAGE) };
  const tags = ['job types'];

  r.get(
    `${BASE}/listSubject`,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Job types with category and project names: schoolId, departmentId, keyword, status, orderBy, order',
        querystring: listSubjectQuery,
      },
    },
    async (request) => ok(await subjects.list(request.query)),
  );

  r.post(
    `${BASE}/addSubject`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'levels: a non-empty subset of 5, 4, 3, 2, 1',
        body: addSubjectBody,
      },
    },
    async (request) => ok(await subjects.add(request.body)),
  );

  r.get(
    `${BASE}/getSubjectById/:id`,
    { config: manage, schema: { tags, params: idParams } },
    async (request) => ok(await subjects.get(request.params.id)),
  );

  r.put(
    `${BASE}/updateSubject`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'A level still used by a batch, course or appraisal point cannot be dropped',
        body: updateSubjectBody,
      },
    },
    async (request) => {
      await subjects.update(request.body);
      return ok(null);
    },
  );

  r.delete(
    `${BASE}/deleteSubject/:id`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Refused while it has batches, courses or appraisal points',
        params: idParams,
      },
    },
    async (request) => {
      await subjects.delete(request.params.id);
      return ok(null);
    },
  );

  r.get(
    `${BASE}/listSubjectsForSelect`,
    {
      config: { access: structureReaders },
      schema: {
        tags,
        summary: 'Job types of one category (departmentId) or project (schoolId), with levels',
        querystring: subjectSelectQuery,
      },
    },
    async (request) => ok(await subjects.listForSelect(request.query)),
  );
}
