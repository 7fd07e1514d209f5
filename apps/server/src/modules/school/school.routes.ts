import {
  Perm,
  addSchoolBody,
  idParams,
  listSchoolQuery,
  schoolSelectQuery,
  updateSchoolBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../errors.js';
import { needs } from '../../plugins/access.js';
import type { SchoolService } from './school.service.js';

export const SCHOOL_API = '/api/kaoshi-school';

/**
 * Who may read the cascading selects (project → category → job type → batch): the structure
 * screens and every screen that files something under a job type or batch.
 */
export const structureReaders = needs(
  Perm.SCHOOL_MANAGE,
  Perm.DEPARTMENT_MANAGE,
  Perm.SUBJECT_MANAGE,
  Perm.CLASS_MANAGE,
  Perm.STUDENT,
  Perm.COURSE,
  Perm.KNOW,
  Perm.QUESTION,
);

const BASE = `${SCHOOL_API}/school`;

export async function schoolRoutes(app: FastifyInstance, opts: { schools: SchoolService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { schools } = opts;
  const manage = { access: needs(Perm.SCHOOL_MANAGE) };
  const tags = ['exam projects'];

  r.get(
    `${BASE}/listSchool`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Exam projects: keyword (name or code), status, orderBy, order, page, limit',
        querystring: listSchoolQuery,
      },
    },
    async (request) => ok(await schools.list(request.query)),
  );

  r.post(
    `${BASE}/addSchool`,
    { config: manage, schema: { tags, body: addSchoolBody } },
    async (request) => ok(await schools.add(request.body)),
  );

  r.get(
    `${BASE}/getSchoolById/:id`,
    { config: manage, schema: { tags, params: idParams } },
    async (request) => ok(await schools.get(request.params.id)),
  );

  r.put(
    `${BASE}/updateSchool`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Optional fields left out keep their value',
        body: updateSchoolBody,
      },
    },
    async (request) => {
      await schools.update(request.body);
      return ok(null);
    },
  );

  r.delete(
    `${BASE}/deleteSchool/:id`,
    {
      config: manage,
      schema: { tags, summary: 'Refused while it has job-type categories', params: idParams },
    },
    async (request) => {
      await schools.delete(request.params.id);
      return ok(null);
    },
  );

  r.get(
    `${BASE}/listAllSchoolsForSelect`,
    {
      config: { access: structureReaders },
      schema: {
        tags,
        summary: 'Every exam project: id, name, code, status',
        querystring: schoolSelectQuery,
      },
    },
    async (request) => ok(await schools.listForSelect(request.query)),
  );
}
