import {
  Perm,
  addDepartmentBody,
  departmentSelectQuery,
  idParams,
  listDepartmentQuery,
  updateDepartmentBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { needs } from '../../plugins/access.js';
import { routeTable } from '../../plugins/route-table.js';
import type { DepartmentService } from './department.service.js';
import { SCHOOL_API, structureReaders } from './school.routes.js';

export async function departmentRoutes(
  app: FastifyInstance,
  opts: { departments: DepartmentService },
) {
  const { departments } = opts;
  const route = routeTable(app, `${SCHOOL_API}/department`, {
    access: needs(Perm.DEPARTMENT_MANAGE),
    tags: ['job-type categories'],
  });

  route.get(
    'listDepartment',
    {
      summary:
        'Job-type categories with their project name: schoolId, keyword, status, orderBy, order',
      querystring: listDepartmentQuery,
    },
    (request) => departments.list(request.query),
  );
  route.post('addDepartment', { body: addDepartmentBody }, (request) =>
    departments.add(request.body),
  );
  route.get('getDepartmentById/:id', { params: idParams }, (request) =>
    departments.get(request.params.id),
  );
  route.put(
    'updateDepartment',
    { summary: 'Optional fields left out keep their value', body: updateDepartmentBody },
    (request) => departments.update(request.body),
  );
  route.delete(
    'deleteDepartment/:id',
    { summary: 'Refused while it has job types', params: idParams },
    (request) => departments.delete(request.params.id),
  );
  route.get(
    'listDepartmentsForSelect',
    {
      access: structureReaders,
      summary: 'Categories of one project (schoolId) or all: id, schoolId, name, code, status',
      querystring: departmentSelectQuery,
    },
    (request) => departments.listForSelect(request.query),
  );
}
