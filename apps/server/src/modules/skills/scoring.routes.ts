import {
  Perm,
  SKILLS_CHECK_BASE,
  SKILLS_SCORING_BASE,
  assessmentIdParams,
  candidateIdBody,
  candidateIdParams,
  decideCandidateBody,
  reopenSheetBody,
  saveItemScoresBody,
  setPresenceBody,
  sheetPdfQuery,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { needs, requireAuth } from '../../plugins/access.js';
import { routeTable } from '../../plugins/route-table.js';
import { requestLanguage } from '../../lib/request-language.js';
import { attachmentDisposition } from '../../lib/spreadsheet.js';
import type { CheckService } from './check.service.js';
import type { ScoringService } from './scoring.service.js';

/** The examiner's desk: their sessions, candidates and own sheets (SKILLS-SCORE). */
export async function scoringRoutes(app: FastifyInstance, opts: { scoring: ScoringService }) {
  const { scoring } = opts;
  const route = routeTable(app, SKILLS_SCORING_BASE, {
    access: needs(Perm.SKILLS_SCORE),
    tags: ['skills scoring'],
  });

  route.get(
    'listMySessions',
    {
      summary:
        "Published assessments' sessions where I examine: my stations' candidates (ticket, name, photo, presence, my sheet signed)",
    },
    (request) => scoring.listMySessions(requireAuth(request)),
  );

  route.post(
    'setPresence',
    {
      summary: 'Identity checked, or absent (refused once a sheet is signed)',
      body: setPresenceBody,
    },
    (request) => scoring.setPresence(request.body, requireAuth(request)),
  );

  route.get(
    'getMySheet/:candidateId',
    {
      summary: 'The frozen sheet, my own scores and stopwatch (never another examiner’s)',
      params: candidateIdParams,
    },
    (request) => scoring.mySheet(request.params.candidateId, requireAuth(request)),
  );

  route.post(
    'saveItemScores',
    {
      summary:
        'Item scores with their seq: a save at or below the stored seq changes nothing; one ack per save, after commit (ok false: refused for that item, drop it)',
      body: saveItemScoresBody,
    },
    async (request) => ({
      acks: await scoring.saveItemScores(
        request.body,
        requireAuth(request),
        requestLanguage(request),
      ),
    }),
  );

  route.post(
    'startTimer',
    {
      summary: 'Start the stopwatch (server clock; a second start changes nothing)',
      body: candidateIdBody,
    },
    (request) => scoring.startTimer(request.body.candidateId, requireAuth(request)),
  );

  route.post(
    'stopTimer',
    {
      summary: 'Stop the stopwatch: overtime minutes over the limit (ceil, capped at the stop)',
      body: candidateIdBody,
    },
    (request) => scoring.stopTimer(request.body.candidateId, requireAuth(request)),
  );

  route.post(
    'signSheet/:candidateId',
    {
      summary:
        'Sign my sheet: it freezes with its total; when every examiner has signed, the candidate is agreed or disputed',
      params: candidateIdParams,
    },
    (request) => scoring.sign(request.params.candidateId, requireAuth(request)),
  );
}

/** The chief examiner and the score checker of an assessment (SKILLS-CHECK). */
export async function checkRoutes(app: FastifyInstance, opts: { check: CheckService }) {
  const { check } = opts;
  const route = routeTable(app, SKILLS_CHECK_BASE, {
    access: needs(Perm.SKILLS_CHECK),
    tags: ['skills scoring'],
  });

  route.get(
    'listMyAssessments',
    {
      summary:
        'Published or closed assessments where I am the chief examiner or the score checker, with candidates by state',
    },
    (request) => check.myAssessments(requireAuth(request)),
  );

  route.get(
    'listCandidates/:assessmentId',
    {
      summary: "The assessment's candidates and their states (chief or checker)",
      params: assessmentIdParams,
    },
    (request) => check.listCandidates(request.params.assessmentId, requireAuth(request)),
  );

  route.get(
    'getCandidateSheets/:candidateId',
    {
      summary: "Every examiner's sheet of the candidate (chief or checker)",
      params: candidateIdParams,
    },
    (request) => check.candidateSheets(request.params.candidateId, requireAuth(request)),
  );

  route.post(
    'reopenSheet',
    { summary: 'The chief examiner reopens a signed sheet, with a reason', body: reopenSheetBody },
    (request) => check.reopenSheet(request.body, requireAuth(request)),
  );

  route.post(
    'decide',
    {
      summary: 'The chief examiner decides a disputed candidate: score, veto, reason',
      body: decideCandidateBody,
    },
    (request) => check.decide(request.body, requireAuth(request)),
  );

  route.post(
    'checkCandidate/:candidateId',
    {
      summary:
        'The score checker rechecks the sums of an agreed or decided candidate and signs: the score is final',
      params: candidateIdParams,
    },
    (request) => check.check(request.params.candidateId, requireAuth(request)),
  );

  // A file, not an envelope: the chief, the checker, and the assessment's managers in scope.
  app.withTypeProvider<ZodTypeProvider>().get(
    `${SKILLS_CHECK_BASE}/getSheetPdf`,
    {
      config: { access: needs(Perm.SKILLS_CHECK, Perm.SKILLS_MANAGE) },
      schema: {
        tags: ['skills scoring'],
        summary:
          "The candidate's filled scoring sheet (评分记录表) as an A4 PDF: every examiner's points, vetoes, overtime, notes, final score, signatures and photos (chief, checker, or the assessment's managers)",
        querystring: sheetPdfQuery,
      },
    },
    async (request, reply) => {
      const file = await check.sheetPdf(
        request.query,
        requireAuth(request),
        requestLanguage(request),
      );
      return reply
        .header('content-disposition', attachmentDisposition(file.fileName, file.asciiName))
        .header('cache-control', 'no-store')
        .type('application/pdf')
        .send(file.buffer);
    },
  );
}
