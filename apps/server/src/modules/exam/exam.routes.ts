import {
  Perm,
  RoleKey,
  addExamBody,
  addMakeUpExamBody,
  admissionTicketQuery,
  candidateStudentsBody,
  eligibleStudentQuery,
  exportCandidateQuery,
  idParams,
  listCandidateQuery,
  listExamQuery,
  setExtraTimeBody,
  updateExamBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { routeTable } from '../../plugins/route-table.js';
import { requireAuth } from '../../plugins/access.js';
import { requestLanguage } from '../../lib/request-language.js';
import type { CandidateService } from './candidate.service.js';
import type { ExamService } from './exam.service.js';
import type { MakeUpService } from './make-up.service.js';

export const EXAM_BASE = '/api/kaoshi-exam/exam';

export async function examRoutes(
  app: FastifyInstance,
  opts: { exams: ExamService; candidates: CandidateService; makeUps: MakeUpService },
) {
  const { exams, candidates, makeUps } = opts;
  // The publishing group needs role SUPER besides the key (docs/spec.md §2). Teachers reach only exams
  // of their batches: the services check that row by row.
  const publishing = { permission: [Perm.PUBLISH], role: RoleKey.SUPER };
  const tags = ['exams'];
  const BASE = EXAM_BASE;

  const route = routeTable(app, BASE, { access: publishing, tags });

  route.get(
    'listExam',
    {
      summary:
        'Exams by name, job type, level, batch, state (draft, upcoming, open, closed, released) and window (from, to), one page',
      querystring: listExamQuery,
    },
    (request) => exams.list(request.query, requireAuth(request)),
  );

  route.get(
    'getExam/:id',
    { summary: 'An exam with its policies and figures', params: idParams },
    (request) => exams.get(request.params.id, requireAuth(request)),
  );

  route.get(
    'publishOptions',
    { summary: 'What the publish form offers: passed papers, enabled notices, your batches' },
    (request) => exams.options(requireAuth(request)),
  );

  route.post('addExam', { summary: 'Add an exam as a draft', body: addExamBody }, (request) =>
    exams.add(request.body, requireAuth(request)),
  );

  route.put(
    'updateExam',
    {
      summary:
        'Change an exam: everything before it opens; once open only a later closing time and more batches (10004 otherwise)',
      body: updateExamBody,
    },
    (request) => exams.update(request.body, requireAuth(request)),
  );

  route.get(
    'checkExam/:id',
    {
      summary:
        'Candidates per batch and the students already sitting an overlapping exam (the review step)',
      params: idParams,
    },
    (request) => exams.check(request.params.id, requireAuth(request)),
  );

  route.post(
    'publishExam/:id',
    {
      summary:
        'Freeze the paper as a version and write one candidate per enabled student of the batches; answers the overlap warnings',
      params: idParams,
    },
    (request) => exams.publish(request.params.id, requireAuth(request)),
  );

  route.post(
    'unpublishExam/:id',
    {
      summary: 'Back to a draft while no candidate has started (10004 otherwise)',
      params: idParams,
    },
    (request) => exams.unpublish(request.params.id, requireAuth(request)),
  );

  route.delete(
    'deleteExam/:id',
    { summary: 'Delete an exam no candidate has started (10004 otherwise)', params: idParams },
    (request) => exams.delete(request.params.id, requireAuth(request)),
  );

  route.get(
    'listExamChange/:id',
    { summary: 'Who changed what in an exam, newest first', params: idParams },
    (request) => exams.changes(request.params.id, requireAuth(request)),
  );

  route.get(
    'listCandidate',
    {
      summary:
        'Candidates of an exam by status (spec §4 codes), keyword (name, ticket or ID number) and batch, in seat order',
      querystring: listCandidateQuery,
    },
    (request) => candidates.list(request.query, requireAuth(request)),
  );

  route.xlsx(
    'exportCandidate',
    {
      summary: "The candidates matching listCandidate's filters as .xlsx",
      querystring: exportCandidateQuery,
    },
    (request) => candidates.export(request.query, requireAuth(request), requestLanguage(request)),
  );

  route.get(
    'listEligibleStudent',
    {
      summary:
        'Enabled students of the exam’s job type and level in your batches who are not candidates yet (at most 50)',
      querystring: eligibleStudentQuery,
    },
    (request) =>
      candidates.eligibleStudents(
        request.query.examId,
        request.query.keyword,
        requireAuth(request),
      ),
  );

  route.post(
    'addCandidate',
    {
      summary: 'Add students one by one to a published exam that has not closed',
      body: candidateStudentsBody,
    },
    (request) => candidates.add(request.body, requireAuth(request)),
  );

  route.post(
    'removeCandidate',
    { summary: 'Remove candidates who have not started', body: candidateStudentsBody },
    (request) => candidates.remove(request.body, requireAuth(request)),
  );

  route.post(
    'setExtraTime',
    {
      summary: "A candidate's extra minutes (accommodation), until the exam closes",
      body: setExtraTimeBody,
    },
    (request) => candidates.setExtraTime(request.body, requireAuth(request)),
  );

  route.get(
    'admissionTicket',
    {
      summary: 'What the admission tickets of an exam (or one batch) print, in seat order',
      querystring: admissionTicketQuery,
    },
    (request) =>
      candidates.admissionTickets(
        request.query,
        requireAuth(request),
        `${request.protocol}://${request.host}/login`,
      ),
  );

  route.post(
    'addMakeUpExam',
    {
      summary:
        'Publish a make-up of a closed exam for its failed, absent or both candidates, with its own window',
      body: addMakeUpExamBody,
    },
    (request) => makeUps.add(request.body, requireAuth(request), requestLanguage(request)),
  );
}
