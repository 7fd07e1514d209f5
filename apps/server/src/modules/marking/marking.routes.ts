import {
  MARKING_BASE,
  Perm,
  auditGroupBody,
  auditSampleQuery,
  correctKeyBody,
  idParams,
  listMarkersQuery,
  withdrawScoresBody,
  listArbitrationQuery,
  listScoreLogQuery,
  exportScoreLogQuery,
  nextAnswerBody,
  pageQuery,
  scoreAnswerBody,
  setMarkingPlanBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../errors.js';
import { sendXlsx } from '../../lib/import-reply.js';
import { requireAuth } from '../../plugins/access.js';
import { requestLanguage } from '../../lib/request-language.js';
import type { AuditService } from './audit.service.js';
import type { KeyService } from './key.service.js';
import type { MarkingService } from './marking.service.js';
import type { ProgressService } from './progress.service.js';
import type { ReleaseService } from './release.service.js';

/**
 * Marking calls: every one needs MARKINGPAPERS; setting a plan, arbitration and reading others'
 * scores also need MARKINGPAPERS-ARBITRATE, which the service checks.
 */
export async function markingRoutes(
  app: FastifyInstance,
  opts: {
    marking: MarkingService;
    progress: ProgressService;
    audits: AuditService;
    releases: ReleaseService;
    keys: KeyService;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { marking, progress, audits, releases, keys } = opts;
  const config = { access: { permission: [Perm.MARKING] } };
  const tags = ['marking'];

  r.get(
    `${MARKING_BASE}/listMarkingExam`,
    {
      config,
      schema: {
        tags,
        summary: "Opened exams to mark: a chief's all, a marker's own, with the plan",
        querystring: pageQuery,
      },
    },
    async (request) => ok(await progress.listExams(request.query, requireAuth(request))),
  );

  r.get(
    `${MARKING_BASE}/getMarkingProgress/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Candidates, submitted, absent, and per question: answers, marked, arbitration',
        params: idParams,
      },
    },
    async (request) => ok(await progress.progress(request.params.id, requireAuth(request))),
  );

  r.get(
    `${MARKING_BASE}/listMarkers`,
    {
      config,
      schema: {
        tags,
        summary:
          'Enabled users who may mark, by nickname or sign-in name (MARKINGPAPERS-ARBITRATE)',
        querystring: listMarkersQuery,
      },
    },
    async (request) =>
      ok(await progress.markerOptions(request.query.keyword, requireAuth(request))),
  );

  r.post(
    `${MARKING_BASE}/setMarkingPlan`,
    {
      config,
      schema: {
        tags,
        summary: 'Mode, single or double, tolerance, step, audit share and markers per question',
        body: setMarkingPlanBody,
      },
    },
    async (request) => ok(await marking.setPlan(request.body, requireAuth(request))),
  );

  r.post(
    `${MARKING_BASE}/nextAnswer`,
    {
      config,
      schema: {
        tags,
        summary: 'One answer of the question, leased to this marker (blind), or none left',
        body: nextAnswerBody,
      },
    },
    async (request) => ok(await marking.next(request.body, requireAuth(request))),
  );

  r.post(
    `${MARKING_BASE}/scoreAnswer`,
    {
      config,
      schema: {
        tags,
        summary: "Score the leased answer, or revise one's own score",
        body: scoreAnswerBody,
      },
    },
    async (request) => ok(await marking.score(request.body, requireAuth(request))),
  );

  r.get(
    `${MARKING_BASE}/listArbitration`,
    {
      config,
      schema: {
        tags,
        summary: 'Answers whose two marks differ beyond the tolerance (MARKINGPAPERS-ARBITRATE)',
        querystring: listArbitrationQuery,
      },
    },
    async (request) => ok(await marking.listArbitration(request.query, requireAuth(request))),
  );

  r.post(
    `${MARKING_BASE}/arbitrate`,
    {
      config,
      schema: {
        tags,
        summary: 'Set the final score of an answer in arbitration (MARKINGPAPERS-ARBITRATE)',
        body: scoreAnswerBody,
      },
    },
    async (request) => ok(await marking.arbitrate(request.body, requireAuth(request))),
  );

  r.get(
    `${MARKING_BASE}/listScoreLog`,
    {
      config,
      schema: {
        tags,
        summary: 'Every score set or changed (a marker reads only their own)',
        querystring: listScoreLogQuery,
      },
    },
    async (request) => ok(await marking.scoreLog(request.query, requireAuth(request))),
  );

  r.get(
    `${MARKING_BASE}/exportScoreLog`,
    {
      config,
      schema: {
        tags,
        summary: "The exam's whole score log as .xlsx (a marker's own entries, a chief's all)",
        querystring: exportScoreLogQuery,
      },
    },
    async (request, reply) =>
      sendXlsx(
        reply,
        await marking.exportScoreLog(
          request.query.examId,
          requireAuth(request),
          requestLanguage(request),
        ),
      ),
  );

  r.get(
    `${MARKING_BASE}/getAuditSample`,
    {
      config,
      schema: {
        tags,
        summary: "A question's group audit and its sample (MARKINGPAPERS-ARBITRATE)",
        querystring: auditSampleQuery,
      },
    },
    async (request) => ok(await audits.sample(request.query, requireAuth(request))),
  );

  r.post(
    `${MARKING_BASE}/auditGroup`,
    {
      config,
      schema: {
        tags,
        summary: 'Pass (1) or fail (2, with a reason: back to marking) a question (ARBITRATE)',
        body: auditGroupBody,
      },
    },
    async (request) => ok(await audits.decide(request.body, requireAuth(request))),
  );

  r.get(
    `${MARKING_BASE}/getRelease/:id`,
    {
      config,
      schema: {
        tags,
        summary: "The exam's release state and its history (PUBLISHMANAGE)",
        params: idParams,
      },
    },
    async (request) => ok(await releases.get(request.params.id, requireAuth(request))),
  );

  r.post(
    `${MARKING_BASE}/releaseScores/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Release the scores once marking and audit are complete (PUBLISHMANAGE)',
        params: idParams,
      },
    },
    async (request) => ok(await releases.release(request.params.id, requireAuth(request))),
  );

  r.post(
    `${MARKING_BASE}/withdrawScores/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Withdraw a release, with a reason (PUBLISHMANAGE)',
        params: idParams,
        body: withdrawScoresBody,
      },
    },
    async (request) =>
      ok(await releases.withdraw(request.params.id, request.body.reason, requireAuth(request))),
  );

  r.get(
    `${MARKING_BASE}/listKeyItems/:id`,
    {
      config,
      schema: {
        tags,
        summary: "The exam's objective questions with the key in force and its corrections",
        params: idParams,
      },
    },
    async (request) => ok(await keys.items(request.params.id, requireAuth(request))),
  );

  r.post(
    `${MARKING_BASE}/correctKey`,
    {
      config,
      schema: {
        tags,
        summary: "Correct a key of the exam's version and re-score every attempt (PUBLISHMANAGE)",
        body: correctKeyBody,
      },
    },
    async (request) => ok(await keys.correct(request.body, requireAuth(request))),
  );
}
