import {
  Perm,
  addClassBody,
  bindClassTeachersBody,
  classSelectQuery,
  idParams,
  listClassQuery,
  teacherSelectQuery,
  updateClassBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { routeTable } from '../../plugins/route-table.js';
import { needs, requireAuth } from '../../plugins/access.js';
import type { ClassesService } from './classes.service.js';
import { SCHOOL_API, structureReaders } from './school.routes.js';

const BASE = `${SCHOOL_API}/classes`;

/** Registration batches. A teacher sees only the batches assigned to them (row-level rule). */
export async function classesRoutes(app: FastifyInstance, opts: { classes: ClassesService }) {
  const { classes } = opts;
  const manage = needs(Perm.CLASS_MANAGE);
  const tags = ['registration batches'];

  const route = routeTable(app, BASE, { access: manage, tags });

  route.get(
    'listClasses',
    {
      summary:
        'Batches with names and student counts: schoolId, departmentId, subjectId, level, status (the state by the dates, as listed), keyword, orderBy, order (newest first by default)',
      querystring: listClassQuery,
    },
    (request) => classes.list(request.query, requireAuth(request)),
  );

  route.post(
    'addClasses',
    {
      summary: "level: one of the job type's levels; dates YYYY-MM-DD or ISO-8601",
      body: addClassBody,
    },
    (request) => classes.add(request.body, requireAuth(request)),
  );

  route.get('getClassesById/:id', { params: idParams }, (request) =>
    classes.get(request.params.id, requireAuth(request)),
  );

  route.put(
    'updateClasses',
    {
      summary: 'Optional fields left out keep their value; a null date clears it',
      body: updateClassBody,
    },
    (request) => classes.update(request.body, requireAuth(request)),
  );

  route.delete(
    'deleteClasses/:id',
    { summary: 'Refused while it has students', params: idParams },
    (request) => classes.delete(request.params.id, requireAuth(request)),
  );

  route.get(
    'listClassTeachers/:id',
    { summary: 'Teachers assigned to the batch: id, name, nickName', params: idParams },
    (request) => classes.teachers(request.params.id, requireAuth(request)),
  );

  route.post(
    'bindClassTeachers',
    {
      summary: "Replace the batch's teachers (users of type 2)",
      body: bindClassTeachersBody,
      consumes: ['application/x-www-form-urlencoded', 'application/json'],
    },
    (request) =>
      classes.bindTeachers(request.body.classId, request.body.userIds, requireAuth(request)),
  );

  route.get(
    'listTeachersForSelect',
    {
      summary: 'Active teachers to assign (at most 200): keyword matches username or nickname',
      querystring: teacherSelectQuery,
    },
    (request) => classes.teachersForSelect(request.query),
  );

  route.get(
    'listClassesForSelect',
    {
      access: structureReaders,
      summary: 'Batches the user may see, of one job type (subjectId) and level, newest first',
      querystring: classSelectQuery,
    },
    (request) => classes.listForSelect(request.query, requireAuth(request)),
  );
}
