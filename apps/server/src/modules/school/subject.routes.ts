import {
  Perm,
  addSubjectBody,
  idParams,
  listSubjectQuery,
  subjectSelectQuery,
  updateSubjectBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { routeTable } from '../../plugins/route-table.js';
import { needs } from '../../plugins/access.js';
import { SCHOOL_API, structureReaders } from './school.routes.js';
import type { SubjectService } from './subject.service.js';

const BASE = `${SCHOOL_API}/subject`;

export async function subjectRoutes(app: FastifyInstance, opts: { subjects: SubjectService }) {
  const { subjects } = opts;
  const manage = needs(Perm.SUBJECT_MANAGE);
  const tags = ['job types'];

  const route = routeTable(app, BASE, { access: manage, tags });

  route.get(
    'listSubject',
    {
      summary:
        'Job types with category and project names: schoolId, departmentId, keyword, status, orderBy, order',
      querystring: listSubjectQuery,
    },
    (request) => subjects.list(request.query),
  );

  route.post(
    'addSubject',
    { summary: 'levels: a non-empty subset of 5, 4, 3, 2, 1', body: addSubjectBody },
    (request) => subjects.add(request.body),
  );

  route.get('getSubjectById/:id', { params: idParams }, (request) =>
    subjects.get(request.params.id),
  );

  route.put(
    'updateSubject',
    {
      summary: 'A level still used by a batch, course or appraisal point cannot be dropped',
      body: updateSubjectBody,
    },
    (request) => subjects.update(request.body),
  );

  route.delete(
    'deleteSubject/:id',
    { summary: 'Refused while it has batches, courses or appraisal points', params: idParams },
    (request) => subjects.delete(request.params.id),
  );

  route.get(
    'listSubjectsForSelect',
    {
      access: structureReaders,
      summary: 'Job types of one category (departmentId) or project (schoolId), with levels',
      querystring: subjectSelectQuery,
    },
    (request) => subjects.listForSelect(request.query),
  );
}
