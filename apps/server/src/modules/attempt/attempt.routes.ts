import {
  ATTEMPT_BASE,
  LIVE_TOKEN_HEADER,
  Perm,
  idParams,
  logEventBody,
  openNoticeBody,
  saveAnswersBody,
  startAttemptBody,
} from '@kaoshi/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../errors.js';
import { requireAuth } from '../../plugins/access.js';
import { requestLanguage } from '../../lib/request-language.js';
import type { AttemptService } from './attempt.service.js';

/** A student's exams and their attempt, over HTTP (the socket channel carries the same). */
export async function attemptRoutes(app: FastifyInstance, opts: { attempts: AttemptService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { attempts } = opts;
  const config = { access: { permission: [Perm.STUDENT_EXAM] } };
  const tags = ['attempts'];
  /** The exam page's live token, when its socket's join gave it one. */
  const liveToken = (request: FastifyRequest) => {
    const value = request.headers[LIVE_TOKEN_HEADER];
    return typeof value === 'string' ? value : '';
  };
  /** The student's own running attempt, called from an allowed address and the holding page. */
  const callerAttempt = async (request: FastifyRequest, attemptId: number) => {
    const row = await attempts.ownAttempt(attemptId, requireAuth(request));
    await attempts.checkCaller(row, request.ip, liveToken(request));
    return row;
  };

  r.get(
    `${ATTEMPT_BASE}/listMyExams`,
    {
      config,
      schema: { tags, summary: "The signed-in student's exams: upcoming, open, finished" },
    },
    async (request) => ok(await attempts.listMyExams(requireAuth(request))),
  );

  r.post(
    `${ATTEMPT_BASE}/startAttempt`,
    {
      config,
      schema: {
        tags,
        summary: 'Start (or continue) an exam: the paper as this candidate sits it, without keys',
        body: startAttemptBody,
      },
    },
    async (request) => ok(await attempts.start(request.body, requireAuth(request), request.ip)),
  );

  r.post(
    `${ATTEMPT_BASE}/openNotice`,
    {
      config,
      schema: {
        tags,
        summary:
          "The candidate opened the exam's notice: its minimum reading time runs from the first opening (server clock); the seconds still to read",
        body: openNoticeBody,
      },
    },
    async (request) => ok(await attempts.openNotice(request.body.examId, requireAuth(request))),
  );

  r.get(
    `${ATTEMPT_BASE}/getAttempt/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Resume an attempt: paper, saved answers, remaining time',
        params: idParams,
      },
    },
    async (request) => ok(await attempts.view(request.params.id, requireAuth(request), request.ip)),
  );

  r.post(
    `${ATTEMPT_BASE}/saveAnswers`,
    {
      config,
      schema: {
        tags,
        summary: 'Save answers when the socket cannot connect: one ack per answer, after commit',
        body: saveAnswersBody,
      },
    },
    async (request) => {
      const row = await callerAttempt(request, request.body.attemptId);
      const acks = await attempts.save(row, request.body.answers, requestLanguage(request));
      return ok({ remainingMs: await attempts.remainingMs(row.id), acks });
    },
  );

  r.post(
    `${ATTEMPT_BASE}/submitAttempt/:id`,
    { config, schema: { tags, summary: 'Submit: the receipt (idempotent)', params: idParams } },
    async (request) => {
      await callerAttempt(request, request.params.id);
      return ok(await attempts.submit(request.params.id, requireAuth(request)));
    },
  );

  r.get(
    `${ATTEMPT_BASE}/getResult/:id`,
    {
      config,
      schema: {
        tags,
        summary:
          "The student's own finished attempt: the result as the exam's policy allows; after release the sections and, when allowed, the review with keys",
        params: idParams,
      },
    },
    async (request) => ok(await attempts.result(request.params.id, requireAuth(request))),
  );

  r.post(
    `${ATTEMPT_BASE}/logEvent`,
    {
      config,
      schema: {
        tags,
        summary: 'Log an integrity event (left the page, fullscreen, paste)',
        body: logEventBody,
      },
    },
    async (request) => {
      await callerAttempt(request, request.body.attemptId);
      attempts.limitEvents(request.body.attemptId);
      return ok(
        await attempts.logEvent(
          request.body.attemptId,
          request.body.type,
          requireAuth(request),
          request.ip,
        ),
      );
    },
  );
}
