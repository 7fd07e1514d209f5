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
import { routeTable } from '../../plugins/route-table.js';
import { needs, requireAuth } from '../../plugins/access.js';
import type { StudentService } from './student.service.js';

const BASE = '/api/kaoshi-base/student';

export async function studentRoutes(app: FastifyInstance, opts: { students: StudentService }) {
  const { students } = opts;
  // Teachers reach only the students of their assigned batches; the service applies that.
  const manage = needs(Perm.STUDENT);
  const tags = ['students'];

  const route = routeTable(app, BASE, { access: manage, tags });

  route.get(
    'listStudent',
    {
      summary: 'Students with batch, job type, category and project names',
      querystring: listStudentQuery,
    },
    (request) => students.list(request.query, requireAuth(request)),
  );

  route.get('getStudentById/:id', { params: idParams }, (request) =>
    students.get(request.params.id, requireAuth(request)),
  );

  route.get(
    'getMyStudent',
    { access: 'session', summary: "The signed-in examinee's own record (userType 3 only)" },
    (request) => students.mine(requireAuth(request)),
  );

  route.post(
    'addStudent',
    {
      summary:
        'Add a student and their account (username = the generated ticket number, default password)',
      body: addStudentBody,
    },
    (request) => students.add(request.body, requireAuth(request)),
  );

  route.put(
    'updateStudent',
    { summary: 'Update a student; the ticket number never changes', body: updateStudentBody },
    (request) => students.update(request.body, requireAuth(request)),
  );

  route.delete(
    'deleteStudent/:id',
    { summary: 'Delete a student and their account', params: idParams },
    (request) => students.delete(request.params.id, requireAuth(request)),
  );

  route.post(
    'batchMoveStudents',
    { summary: 'Move students to another batch', body: batchMoveStudentsBody },
    (request) => students.moveMany(request.body.ids, request.body.classId, requireAuth(request)),
  );

  route.post(
    'batchResetStudentPassword',
    {
      summary: 'Reset students to the default password; ends their sessions',
      body: batchResetStudentPasswordBody,
    },
    (request) => students.resetPasswords(request.body.ids, requireAuth(request)),
  );

  route.post(
    'batchSetStudentStatus',
    {
      summary: 'Enable (1) or disable (0) students; disabled ones cannot sign in',
      body: batchSetStudentStatusBody,
    },
    (request) => students.setStatus(request.body.ids, request.body.status, requireAuth(request)),
  );
}
