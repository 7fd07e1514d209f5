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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../errors.js';
import { sendXlsx } from '../../lib/import-reply.js';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { exams, candidates, makeUps } = opts;
  // The publishing group needs role SUPER besides the key (docs/spec.md §2). Teachers reach only exams
  // of their batches: the services check that row by row.
  const config = { access: { permission: [Perm.PUBLISH], role: RoleKey.SUPER } };
  const tags = ['exams'];
  const BASE = EXAM_BASE;

  r.get(
    `${BASE}/listExam`,
    {
      config,
      schema: {
        tags,
        summary:
          'Exams by name, job type, level, batch, state (draft, upcoming, open, closed, released) and window (from, to), one page',
        querystring: listExamQuery,
      },
    },
    async (request) => ok(await exams.list(request.query, requireAuth(request))),
  );

  r.get(
    `${BASE}/getExam/:id`,
    {
      config,
      schema: { tags, summary: 'An exam with its policies and figures', params: idParams },
    },
    async (request) => ok(await exams.get(request.params.id, requireAuth(request))),
  );

  r.get(
    `${BASE}/publishOptions`,
    {
      config,
      schema: {
        tags,
        summary: 'What the publish form offers: passed papers, enabled notices, your batches',
      },
    },
    async (request) => ok(await exams.options(requireAuth(request))),
  );

  r.post(
    `${BASE}/addExam`,
    { config, schema: { tags, summary: 'Add an exam as a draft', body: addExamBody } },
    async (request) => ok(await exams.add(request.body, requireAuth(request))),
  );

  r.put(
    `${BASE}/updateExam`,
    {
      config,
      schema: {
        tags,
        summary:
          'Change an exam: everything before it opens; once open only a later closing time and more batches (10004 otherwise)',
        body: updateExamBody,
      },
    },
    async (request) => {
      await exams.update(request.body, requireAuth(request));
      return ok(null);
    },
  );

  r.get(
    `${BASE}/checkExam/:id`,
    {
      config,
      schema: {
        tags,
        summary:
          'Candidates per batch and the students already sitting an overlapping exam (the review step)',
        params: idParams,
      },
    },
    async (request) => ok(await exams.check(request.params.id, requireAuth(request))),
  );

  r.post(
    `${BASE}/publishExam/:id`,
    {
      config,
      schema: {
        tags,
        summary:
          'Freeze the paper as a version and write one candidate per enabled student of the batches; answers the overlap warnings',
        params: idParams,
      },
    },
    async (request) => ok(await exams.publish(request.params.id, requireAuth(request))),
  );

  r.post(
    `${BASE}/unpublishExam/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Back to a draft while no candidate has started (10004 otherwise)',
        params: idParams,
      },
    },
    async (request) => {
      await exams.unpublish(request.params.id, requireAuth(request));
      return ok(null);
    },
  );

  r.delete(
    `${BASE}/deleteExam/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Delete an exam no candidate has started (10004 otherwise)',
        params: idParams,
      },
    },
    async (request) => {
      await exams.delete(request.params.id, requireAuth(request));
      return ok(null);
    },
  );

  r.get(
    `${BASE}/listExamChange/:id`,
    {
      config,
      schema: { tags, summary: 'Who changed what in an exam, newest first', params: idParams },
    },
    async (request) => ok(await exams.changes(request.params.id, requireAuth(request))),
  );

  r.get(
    `${BASE}/listCandidate`,
    {
      config,
      schema: {
        tags,
        summary:
          'Candidates of an exam by status (spec §4 codes), keyword (name, ticket or ID number) and batch, in seat order',
        querystring: listCandidateQuery,
      },
    },
    async (request) => ok(await candidates.list(request.query, requireAuth(request))),
  );

  r.get(
    `${BASE}/exportCandidate`,
    {
      config,
      schema: {
        tags,
        summary: "The candidates matching listCandidate's filters as .xlsx",
        querystring: exportCandidateQuery,
      },
    },
    async (request, reply) =>
      sendXlsx(
        reply,
        await candidates.export(request.query, requireAuth(request), requestLanguage(request)),
      ),
  );

  r.get(
    `${BASE}/listEligibleStudent`,
    {
      config,
      schema: {
        tags,
        summary:
          'Enabled students of the exam’s job type and level in your batches who are not candidates yet (at most 50)',
        querystring: eligibleStudentQuery,
      },
    },
    async (request) =>
      ok(
        await candidates.eligibleStudents(
          request.query.examId,
          request.query.keyword,
          requireAuth(request),
        ),
      ),
  );

  r.post(
    `${BASE}/addCandidate`,
    {
      config,
      schema: {
        tags,
        summary: 'Add students one by one to a published exam that has not closed',
        body: candidateStudentsBody,
      },
    },
    async (request) => ok(await candidates.add(request.body, requireAuth(request))),
  );

  r.post(
    `${BASE}/removeCandidate`,
    {
      config,
      schema: {
        tags,
        summary: 'Remove candidates who have not started',
        body: candidateStudentsBody,
      },
    },
    async (request) => ok(await candidates.remove(request.body, requireAuth(request))),
  );

  r.post(
    `${BASE}/setExtraTime`,
    {
      config,
      schema: {
        tags,
        summary: "A candidate's extra minutes (accommodation), until the exam closes",
        body: setExtraTimeBody,
      },
    },
    async (request) => {
      await candidates.setExtraTime(request.body, requireAuth(request));
      return ok(null);
    },
  );

  r.get(
    `${BASE}/admissionTicket`,
    {
      config,
      schema: {
        tags,
        summary: 'What the admission tickets of an exam (or one batch) print, in seat order',
        querystring: admissionTicketQuery,
      },
    },
    async (request) =>
      ok(
        await candidates.admissionTickets(
          request.query,
          requireAuth(request),
          `${request.protocol}://${request.host}/login`,
        ),
      ),
  );

  r.post(
    `${BASE}/addMakeUpExam`,
    {
      config,
      schema: {
        tags,
        summary:
          'Publish a make-up of a closed exam for its failed, absent or both candidates, with its own window',
        body: addMakeUpExamBody,
      },
    },
    async (request) =>
      ok(await makeUps.add(request.body, requireAuth(request), requestLanguage(request))),
  );
}
