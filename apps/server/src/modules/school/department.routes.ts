import {
  Perm,
  addDepartmentBody,
  departmentSelectQuery,
  idParams,
  listDepartmentQuery,
  updateDepartmentBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../errors.js';
import { needs } from '../../plugins/access.js';
import type { DepartmentService } from './department.service.js';
import { SCHOOL_API, structureReaders } from './school.routes.js';

const BASE = `${SCHOOL_API}/department`;

export async function departmentRoutes(
  app: FastifyInstance,
  opts: { departments: DepartmentService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { departments } = opts;
  const manage = { access: needs(Perm.DEPARTMENT_MANAGE) };
  const tags = ['job-type categories'];

  r.get(
    `${BASE}/listDepartment`,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Job-type categories with their project name: schoolId, keyword, status, orderBy, order',
        querystring: listDepartmentQuery,
      },
    },
    async (request) => ok(await departments.list(request.query)),
  );

  r.post(
    `${BASE}/addDepartment`,
    { config: manage, schema: { tags, body: addDepartmentBody } },
    async (request) => ok(await departments.add(request.body)),
  );

  r.get(
    `${BASE}/getDepartmentById/:id`,
    { config: manage, schema: { tags, params: idParams } },
    async (request) => ok(await departments.get(request.params.id)),
  );

  r.put(
    `${BASE}/updateDepartment`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Optional fields left out keep their value',
        body: updateDepartmentBody,
      },
    },
    async (request) => {
      await departments.update(request.body);
      return ok(null);
    },
  );

  r.delete(
    `${BASE}/deleteDepartment/:id`,
    {
      config: manage,
      schema: { tags, summary: 'Refused while it has job types', params: idParams },
    },
    async (request) => {
      await departments.delete(request.params.id);
      return ok(null);
    },
  );

  r.get(
    `${BASE}/listDepartmentsForSelect`,
    {
      config: { access: structureReaders },
      schema: {
        tags,
        summary: 'Categories of one project (schoolId) or all: id, schoolId, name, code, status',
        querystring: departmentSelectQuery,
      },
    },
    async (request) => ok(await departments.listForSelect(request.query)),
  );
}
