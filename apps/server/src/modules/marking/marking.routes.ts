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
import { routeTable } from '../../plugins/route-table.js';
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
  const { marking, progress, audits, releases, keys } = opts;
  const access = { permission: [Perm.MARKING] };
  const tags = ['marking'];

  const route = routeTable(app, MARKING_BASE, { access, tags });

  route.get(
    'listMarkingExam',
    {
      summary: "Opened exams to mark: a chief's all, a marker's own, with the plan",
      querystring: pageQuery,
    },
    (request) => progress.listExams(request.query, requireAuth(request)),
  );

  route.get(
    'getMarkingProgress/:id',
    {
      summary: 'Candidates, submitted, absent, and per question: answers, marked, arbitration',
      params: idParams,
    },
    (request) => progress.progress(request.params.id, requireAuth(request)),
  );

  route.get(
    'listMarkers',
    {
      summary: 'Enabled users who may mark, by nickname or sign-in name (MARKINGPAPERS-ARBITRATE)',
      querystring: listMarkersQuery,
    },
    (request) => progress.markerOptions(request.query.keyword, requireAuth(request)),
  );

  route.post(
    'setMarkingPlan',
    {
      summary: 'Mode, single or double, tolerance, step, audit share and markers per question',
      body: setMarkingPlanBody,
    },
    (request) => marking.setPlan(request.body, requireAuth(request)),
  );

  route.post(
    'nextAnswer',
    {
      summary: 'One answer of the question, leased to this marker (blind), or none left',
      body: nextAnswerBody,
    },
    (request) => marking.next(request.body, requireAuth(request)),
  );

  route.post(
    'scoreAnswer',
    { summary: "Score the leased answer, or revise one's own score", body: scoreAnswerBody },
    (request) => marking.score(request.body, requireAuth(request)),
  );

  route.get(
    'listArbitration',
    {
      summary: 'Answers whose two marks differ beyond the tolerance (MARKINGPAPERS-ARBITRATE)',
      querystring: listArbitrationQuery,
    },
    (request) => marking.listArbitration(request.query, requireAuth(request)),
  );

  route.post(
    'arbitrate',
    {
      summary: 'Set the final score of an answer in arbitration (MARKINGPAPERS-ARBITRATE)',
      body: scoreAnswerBody,
    },
    (request) => marking.arbitrate(request.body, requireAuth(request)),
  );

  route.get(
    'listScoreLog',
    {
      summary: 'Every score set or changed (a marker reads only their own)',
      querystring: listScoreLogQuery,
    },
    (request) => marking.scoreLog(request.query, requireAuth(request)),
  );

  route.xlsx(
    'exportScoreLog',
    {
      summary: "The exam's whole score log as .xlsx (a marker's own entries, a chief's all)",
      querystring: exportScoreLogQuery,
    },
    (request) =>
      marking.exportScoreLog(request.query.examId, requireAuth(request), requestLanguage(request)),
  );

  route.get(
    'getAuditSample',
    {
      summary: "A question's group audit and its sample (MARKINGPAPERS-ARBITRATE)",
      querystring: auditSampleQuery,
    },
    (request) => audits.sample(request.query, requireAuth(request)),
  );

  route.post(
    'auditGroup',
    {
      summary: 'Pass (1) or fail (2, with a reason: back to marking) a question (ARBITRATE)',
      body: auditGroupBody,
    },
    (request) => audits.decide(request.body, requireAuth(request)),
  );

  route.get(
    'getRelease/:id',
    { summary: "The exam's release state and its history (PUBLISHMANAGE)", params: idParams },
    (request) => releases.get(request.params.id, requireAuth(request)),
  );

  route.post(
    'releaseScores/:id',
    {
      summary: 'Release the scores once marking and audit are complete (PUBLISHMANAGE)',
      params: idParams,
    },
    (request) => releases.release(request.params.id, requireAuth(request)),
  );

  route.post(
    'withdrawScores/:id',
    {
      summary: 'Withdraw a release, with a reason (PUBLISHMANAGE)',
      params: idParams,
      body: withdrawScoresBody,
    },
    (request) => releases.withdraw(request.params.id, request.body.reason, requireAuth(request)),
  );

  route.get(
    'listKeyItems/:id',
    {
      summary: "The exam's objective questions with the key in force and its corrections",
      params: idParams,
    },
    (request) => keys.items(request.params.id, requireAuth(request)),
  );

  route.post(
    'correctKey',
    {
      summary: "Correct a key of the exam's version and re-score every attempt (PUBLISHMANAGE)",
      body: correctKeyBody,
    },
    (request) => keys.correct(request.body, requireAuth(request)),
  );
}
