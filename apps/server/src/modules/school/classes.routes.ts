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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../errors.js';
import { needs, requireAuth } from '../../plugins/access.js';
import type { ClassesService } from './classes.service.js';
import { SCHOOL_API, structureReaders } from './school.routes.js';

const BASE = `${SCHOOL_API}/classes`;

/** Registration batches. A teacher sees only the batches assigned to them (row-level rule). */
export async function classesRoutes(app: FastifyInstance, opts: { classes: ClassesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { classes } = opts;
  const manage = { access: needs(Perm.CLASS_MANAGE) };
  const tags = ['registration batches'];

  r.get(
    `${BASE}/listClasses`,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Batches with names and student counts: schoolId, departmentId, subjectId, level, status (the state by the dates, as listed), keyword, orderBy, order (newest first by default)',
        querystring: listClassQuery,
      },
    },
    async (request) => ok(await classes.list(request.query, requireAuth(request))),
  );

  r.post(
    `${BASE}/addClasses`,
    {
      config: manage,
      schema: {
        tags,
        summary: "level: one of the job type's levels; dates YYYY-MM-DD or ISO-8601",
        body: addClassBody,
      },
    },
    async (request) => ok(await classes.add(request.body, requireAuth(request))),
  );

  r.get(
    `${BASE}/getClassesById/:id`,
    { config: manage, schema: { tags, params: idParams } },
    async (request) => ok(await classes.get(request.params.id, requireAuth(request))),
  );

  r.put(
    `${BASE}/updateClasses`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Optional fields left out keep their value; a null date clears it',
        body: updateClassBody,
      },
    },
    async (request) => {
      await classes.update(request.body, requireAuth(request));
      return ok(null);
    },
  );

  r.delete(
    `${BASE}/deleteClasses/:id`,
    {
      config: manage,
      schema: { tags, summary: 'Refused while it has students', params: idParams },
    },
    async (request) => {
      await classes.delete(request.params.id, requireAuth(request));
      return ok(null);
    },
  );

  r.get(
    `${BASE}/listClassTeachers/:id`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Teachers assigned to the batch: id, name, nickName',
        params: idParams,
      },
    },
    async (request) => ok(await classes.teachers(request.params.id, requireAuth(request))),
  );

  r.post(
    `${BASE}/bindClassTeachers`,
    {
      config: manage,
      schema: {
        tags,
        summary: "Replace the batch's teachers (users of type 2)",
        // Also a form post, like the spec's bindRoleWithPermission.
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: bindClassTeachersBody,
      },
    },
    async (request) => {
      await classes.bindTeachers(request.body.classId, request.body.userIds, requireAuth(request));
      return ok(null);
    },
  );

  r.get(
    `${BASE}/listTeachersForSelect`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Active teachers to assign (at most 200): keyword matches username or nickname',
        querystring: teacherSelectQuery,
      },
    },
    async (request) => ok(await classes.teachersForSelect(request.query)),
  );

  r.get(
    `${BASE}/listClassesForSelect`,
    {
      config: { access: structureReaders },
      schema: {
        tags,
        summary: 'Batches the user may see, of one job type (subjectId) and level, newest first',
        querystring: classSelectQuery,
      },
    },
    async (request) => ok(await classes.listForSelect(request.query, requireAuth(request))),
  );
}
