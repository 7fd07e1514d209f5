import {
  Perm,
  addSchoolBody,
  idParams,
  listSchoolQuery,
  schoolSelectQuery,
  updateSchoolBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { routeTable } from '../../plugins/route-table.js';
import { needs } from '../../plugins/access.js';
import type { SchoolService } from './school.service.js';

export const SCHOOL_API = '/api/kaoshi-school';

/**
 * Who may read the cascading selects (project → category → job type → batch): the structure
 * screens, every screen that files something under a job type or batch, and score analysis (the
 * certification results are filtered by job type and batch; the batch list is the viewer's own).
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
  Perm.SKILLS_MANAGE,
  Perm.ANALYSIS,
);

const BASE = `${SCHOOL_API}/school`;

export async function schoolRoutes(app: FastifyInstance, opts: { schools: SchoolService }) {
  const { schools } = opts;
  const manage = needs(Perm.SCHOOL_MANAGE);
  const tags = ['exam projects'];

  const route = routeTable(app, BASE, { access: manage, tags });

  route.get(
    'listSchool',
    {
      summary: 'Exam projects: keyword (name or code), status, orderBy, order, page, limit',
      querystring: listSchoolQuery,
    },
    (request) => schools.list(request.query),
  );

  route.post('addSchool', { body: addSchoolBody }, (request) => schools.add(request.body));

  route.get('getSchoolById/:id', { params: idParams }, (request) => schools.get(request.params.id));

  route.put(
    'updateSchool',
    { summary: 'Optional fields left out keep their value', body: updateSchoolBody },
    (request) => schools.update(request.body),
  );

  route.delete(
    'deleteSchool/:id',
    { summary: 'Refused while it has job-type categories', params: idParams },
    (request) => schools.delete(request.params.id),
  );

  route.get(
    'listAllSchoolsForSelect',
    {
      access: structureReaders,
      summary: 'Every exam project: id, name, code, status',
      querystring: schoolSelectQuery,
    },
    (request) => schools.listForSelect(request.query),
  );
}
