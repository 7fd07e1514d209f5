import {
  ATTEMPT_BASE,
  LIVE_TOKEN_HEADER,
  breakBody,
  Perm,
  idParams,
  logEventBody,
  openNoticeBody,
  saveAnswersBody,
  startAttemptBody,
} from '@kaoshi/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeTable } from '../../plugins/route-table.js';
import { requireAuth } from '../../plugins/access.js';
import { requestLanguage } from '../../lib/request-language.js';
import type { AttemptService } from './attempt.service.js';

/** A student's exams and their attempt, over HTTP (the socket channel carries the same). */
export async function attemptRoutes(app: FastifyInstance, opts: { attempts: AttemptService }) {
  const { attempts } = opts;
  const access = { permission: [Perm.STUDENT_EXAM] };
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

  const route = routeTable(app, ATTEMPT_BASE, { access, tags });

  route.get(
    'listMyExams',
    { summary: "The signed-in student's exams: upcoming, open, finished" },
    (request) => attempts.listMyExams(requireAuth(request)),
  );

  route.post(
    'startAttempt',
    {
      summary: 'Start (or continue) an exam: the paper as this candidate sits it, without keys',
      body: startAttemptBody,
    },
    (request) => attempts.start(request.body, requireAuth(request), request.ip),
  );

  route.post(
    'openNotice',
    {
      summary:
        "The candidate opened the exam's notice: its minimum reading time runs from the first opening (server clock); the seconds still to read",
      body: openNoticeBody,
    },
    (request) => attempts.openNotice(request.body.examId, requireAuth(request)),
  );

  route.get(
    'getAttempt/:id',
    { summary: 'Resume an attempt: paper, saved answers, remaining time', params: idParams },
    (request) => attempts.view(request.params.id, requireAuth(request), request.ip),
  );

  route.post(
    'saveAnswers',
    {
      summary: 'Save answers when the socket cannot connect: one ack per answer, after commit',
      body: saveAnswersBody,
    },
    async (request) => {
      const row = await callerAttempt(request, request.body.attemptId);
      const acks = await attempts.save(row, request.body.answers, requestLanguage(request));
      return { remainingMs: await attempts.remainingMs(row.id), acks };
    },
  );

  route.post(
    'takeBreak',
    {
      summary:
        'Take one of the rest breaks the attempt was given: the paper is hidden and the clock stops until it ends (10004 with the reason when none is left, paused, ended or already on one)',
      body: breakBody,
    },
    async (request) => {
      await callerAttempt(request, request.body.attemptId);
      return attempts.breaks.take(request.body.attemptId, requireAuth(request).user.id);
    },
  );

  route.post(
    'endBreak',
    {
      summary:
        "End the rest break going on: the deadline moves by the break's length (never more than its minutes)",
      body: breakBody,
    },
    async (request) => {
      await callerAttempt(request, request.body.attemptId);
      return attempts.breaks.end(request.body.attemptId, requireAuth(request).user.id);
    },
  );

  route.post(
    'submitAttempt/:id',
    { summary: 'Submit: the receipt (idempotent)', params: idParams },
    async (request) => {
      await callerAttempt(request, request.params.id);
      return attempts.submit(request.params.id, requireAuth(request));
    },
  );

  route.get(
    'getResult/:id',
    {
      summary:
        "The student's own finished attempt: the result as the exam's policy allows; after release the sections and, when allowed, the review with keys",
      params: idParams,
    },
    (request) => attempts.result(request.params.id, requireAuth(request)),
  );

  route.post(
    'logEvent',
    { summary: 'Log an integrity event (left the page, fullscreen, paste)', body: logEventBody },
    async (request) => {
      await callerAttempt(request, request.body.attemptId);
      attempts.limitEvents(request.body.attemptId);
      return attempts.logEvent(
        request.body.attemptId,
        request.body.type,
        requireAuth(request),
        request.ip,
        false,
        request.body.at,
      );
    },
  );
}
