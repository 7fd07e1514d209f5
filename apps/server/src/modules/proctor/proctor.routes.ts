import {
  PROCTOR_BASE,
  Perm,
  RoleKey,
  proctorCandidateQuery,
  proctorExamParams,
  proctorExtraTimeBody,
  proctorMessageBody,
  proctorReceiptBody,
  proctorReopenBody,
  proctorSubmitBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { ok } from '../../errors.js';
import { sendXlsx } from '../../lib/import-reply.js';
import { requireAuth } from '../../plugins/access.js';
import { requestLanguage } from '../../lib/request-language.js';
import { exportEventLog } from './proctor.export.js';
import type { ProctorService } from './proctor.service.js';

/** The proctor's calls (docs/features/proctoring.md): PUBLISHMANAGE with role SUPER, as the publishing group. */
export async function proctorRoutes(
  app: FastifyInstance,
  opts: { db: Db; proctor: ProctorService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { proctor } = opts;
  // Invigilators (EXAM-INVIGILATE) watch and act on running exams; publishers too.
  const config = {
    access: { permission: [Perm.PUBLISH, Perm.INVIGILATE], role: RoleKey.SUPER },
  };
  const tags = ['proctor'];

  r.get(
    `${PROCTOR_BASE}/liveExam/:examId`,
    {
      config,
      schema: {
        tags,
        summary:
          'An exam as it runs: counts and a row per candidate (state, answered, last save, connected, address, integrity events)',
        params: proctorExamParams,
      },
    },
    async (request) => ok(await proctor.liveExam(request.params.examId, requireAuth(request))),
  );

  r.get(
    `${PROCTOR_BASE}/candidateEvents`,
    {
      config,
      schema: {
        tags,
        summary: "One candidate's integrity events and the proctors' actions about them",
        querystring: proctorCandidateQuery,
      },
    },
    async (request) => ok(await proctor.candidateEvents(request.query, requireAuth(request))),
  );

  r.post(
    `${PROCTOR_BASE}/extraTime`,
    {
      config,
      schema: {
        tags,
        summary: "A candidate's extra minutes with a reason; their page's clock changes at once",
        body: proctorExtraTimeBody,
      },
    },
    async (request) => ok(await proctor.extraTime(request.body, requireAuth(request))),
  );

  r.post(
    `${PROCTOR_BASE}/submitAttempt`,
    {
      config,
      schema: {
        tags,
        summary: "Submit one candidate's running attempt, with a reason (idempotent)",
        body: proctorSubmitBody,
      },
    },
    async (request) => ok(await proctor.submit(request.body, requireAuth(request))),
  );

  r.post(
    `${PROCTOR_BASE}/checkReceipt`,
    {
      config,
      schema: {
        tags,
        summary:
          'Check a receipt code a candidate shows: whose attempt it is and whether their stored answers still give it',
        body: proctorReceiptBody,
      },
    },
    async (request) => ok(await proctor.checkReceipt(request.body, requireAuth(request))),
  );

  r.post(
    `${PROCTOR_BASE}/reopenAttempt`,
    {
      config,
      schema: {
        tags,
        summary:
          'Reopen an ended attempt after a technical failure, for added minutes, with a reason',
        body: proctorReopenBody,
      },
    },
    async (request) => ok(await proctor.reopen(request.body, requireAuth(request))),
  );

  r.post(
    `${PROCTOR_BASE}/sendMessage`,
    {
      config,
      schema: {
        tags,
        summary: 'A message on the exam page of one candidate, or of all who are answering',
        body: proctorMessageBody,
      },
    },
    async (request) => ok(await proctor.message(request.body, requireAuth(request))),
  );

  r.get(
    `${PROCTOR_BASE}/exportEventLog/:examId`,
    {
      config,
      schema: {
        tags,
        summary: "The exam's event log (integrity events, proctors' actions) as .xlsx",
        params: proctorExamParams,
      },
    },
    async (request, reply) =>
      sendXlsx(
        reply,
        await exportEventLog(
          opts.db,
          proctor,
          request.params.examId,
          requireAuth(request),
          requestLanguage(request),
        ),
      ),
  );
}
