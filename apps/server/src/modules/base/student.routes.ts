import {
  Perm,
  addStudentBody,
  batchMoveStudentsBody,
  batchResetStudentPasswordBody,
  batchSetStudentStatusBody,
  idParams,
  listStudentQuery,
  updateStudentBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../errors.js';
import { needs, requireAuth } from '../../plugins/access.js';
import type { StudentService } from './student.service.js';

const BASE = '/api/kaoshi-base/student';

export async function studentRoutes(app: FastifyInstance, opts: { students: StudentService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { students } = opts;
  // Teachers reach only the students of their assigned batches; the service applies that.
  const manage = { access: needs(Perm.STUDENT) };
  const tags = ['students'];

  r.get(
    `${BASE}/listStudent`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Students with batch, job type, category and project names',
        querystring: listStudentQuery,
      },
    },
    async (request) => ok(await students.list(request.query, requireAuth(request))),
  );

  r.get(
    `${BASE}/getStudentById/:id`,
    { config: manage, schema: { tags, params: idParams } },
    async (request) => ok(await students.get(request.params.id, requireAuth(request))),
  );

  r.get(
    `${BASE}/getMyStudent`,
    {
      config: { access: 'session' },
      schema: { tags, summary: "The signed-in examinee's own record (userType 3 only)" },
    },
    async (request) => ok(await students.mine(requireAuth(request))),
  );

  r.post(
    `${BASE}/addStudent`,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Add a student and their account (username = the generated ticket number, default password)',
        body: addStudentBody,
      },
    },
    async (request) => ok(await students.add(request.body, requireAuth(request))),
  );

  r.put(
    `${BASE}/updateStudent`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Update a student; the ticket number never changes',
        body: updateStudentBody,
      },
    },
    async (request) => {
      await students.update(request.body, requireAuth(request));
      return ok(null);
    },
  );

  r.delete(
    `${BASE}/deleteStudent/:id`,
    {
      config: manage,
      schema: { tags, summary: 'Delete a student and their account', params: idParams },
    },
    async (request) => {
      await students.delete(request.params.id, requireAuth(request));
      return ok(null);
    },
  );

  r.post(
    `${BASE}/batchMoveStudents`,
    {
      config: manage,
      schema: { tags, summary: 'Move students to another batch', body: batchMoveStudentsBody },
    },
    async (request) =>
      ok(await students.moveMany(request.body.ids, request.body.classId, requireAuth(request))),
  );

  r.post(
    `${BASE}/batchResetStudentPassword`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Reset students to the default password; ends their sessions',
        body: batchResetStudentPasswordBody,
      },
    },
    async (request) => ok(await students.resetPasswords(request.body.ids, requireAuth(request))),
  );

  r.post(
    `${BASE}/batchSetStudentStatus`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Enable (1) or disable (0) students; disabled ones cannot sign in',
        body: batchSetStudentStatusBody,
      },
    },
    async (request) =>
      ok(await students.setStatus(request.body.ids, request.body.status, requireAuth(request))),
  );
}
