import {
  PROCTOR_BASE,
  Perm,
  RoleKey,
  proctorCandidateQuery,
  proctorExamParams,
  proctorExtraTimeBody,
  proctorMessageBody,
  proctorPauseBody,
  proctorPauseExamBody,
  proctorReceiptBody,
  proctorReopenBody,
  proctorSubmitBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { routeTable } from '../../plugins/route-table.js';
import type { Db } from '../../db/database.js';
import { requireAuth } from '../../plugins/access.js';
import { requestLanguage } from '../../lib/request-language.js';
import { exportEventLog } from './proctor.export.js';
import type { ProctorPausing } from './proctor-pausing.js';
import type { ProctorService } from './proctor.service.js';

/** The proctor's calls (docs/features/proctoring.md): PUBLISHMANAGE with role SUPER, as the publishing group. */
export async function proctorRoutes(
  app: FastifyInstance,
  opts: { db: Db; proctor: ProctorService; pausing: ProctorPausing },
) {
  const { proctor, pausing } = opts;
  // Invigilators (EXAM-INVIGILATE) watch and act on running exams; publishers too.
  const access = { permission: [Perm.PUBLISH, Perm.INVIGILATE], role: RoleKey.SUPER };
  const tags = ['proctor'];

  const route = routeTable(app, PROCTOR_BASE, { access, tags });

  route.get(
    'liveExam/:examId',
    {
      summary:
        'An exam as it runs: counts and a row per candidate (state, answered, last save, connected, address, integrity events)',
      params: proctorExamParams,
    },
    (request) => proctor.liveExam(request.params.examId, requireAuth(request)),
  );

  route.get(
    'candidateEvents',
    {
      summary: "One candidate's integrity events and the proctors' actions about them",
      querystring: proctorCandidateQuery,
    },
    (request) => proctor.candidateEvents(request.query, requireAuth(request)),
  );

  route.post(
    'extraTime',
    {
      summary: "A candidate's extra minutes with a reason; their page's clock changes at once",
      body: proctorExtraTimeBody,
    },
    (request) => proctor.extraTime(request.body, requireAuth(request)),
  );

  route.post(
    'submitAttempt',
    {
      summary: "Submit one candidate's running attempt, with a reason (idempotent)",
      body: proctorSubmitBody,
    },
    (request) => proctor.submit(request.body, requireAuth(request)),
  );

  route.post(
    'checkReceipt',
    {
      summary:
        'Check a receipt code a candidate shows: whose attempt it is and whether their stored answers still give it',
      body: proctorReceiptBody,
    },
    (request) => proctor.checkReceipt(request.body, requireAuth(request)),
  );

  route.post(
    'reopenAttempt',
    {
      summary:
        'Reopen an ended attempt after a technical failure, for added minutes, with a reason',
      body: proctorReopenBody,
    },
    (request) => proctor.reopen(request.body, requireAuth(request)),
  );

  route.post(
    'sendMessage',
    {
      summary: 'A message on the exam page of one candidate, or of all who are answering',
      body: proctorMessageBody,
    },
    (request) => proctor.message(request.body, requireAuth(request)),
  );

  // Pausing (docs/features/proctoring.md "Pausing"): the lost time is given back on resume.
  route.post(
    'pauseAttempt',
    {
      summary:
        "Pause one candidate's running attempt with a reason: no saves, no submit, the clock stopped",
      body: proctorPauseBody,
      config: { controlLane: true },
    },
    (request) => pausing.pauseOne(request.body, requireAuth(request)),
  );

  route.post(
    'resumeAttempt',
    {
      summary:
        "Resume one candidate's paused attempt with a reason: the deadline moves by the paused time (up to the limit)",
      body: proctorPauseBody,
      config: { controlLane: true },
    },
    (request) => pausing.resumeOne(request.body, requireAuth(request)),
  );

  route.post(
    'pauseExam',
    {
      summary: 'Pause every running attempt of the exam in your batches, with a reason',
      body: proctorPauseExamBody,
      config: { controlLane: true },
    },
    (request) => pausing.pauseAll(request.body, requireAuth(request)),
  );

  route.post(
    'resumeExam',
    {
      summary: 'Resume every paused attempt of the exam in your batches, with a reason',
      body: proctorPauseExamBody,
      config: { controlLane: true },
    },
    (request) => pausing.resumeAll(request.body, requireAuth(request)),
  );

  route.get(
    'pauses/:examId',
    {
      summary:
        'The attempts ever paused: paused since, minutes paused, given back, and whether to reschedule',
      params: proctorExamParams,
    },
    (request) => pausing.pauses(request.params.examId, requireAuth(request)),
  );

  route.xlsx(
    'exportEventLog/:examId',
    {
      summary: "The exam's event log (integrity events, proctors' actions) as .xlsx",
      params: proctorExamParams,
    },
    (request) =>
      exportEventLog(
        opts.db,
        proctor,
        request.params.examId,
        requireAuth(request),
        requestLanguage(request),
      ),
  );
}
