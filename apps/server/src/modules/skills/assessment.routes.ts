import {
  Perm,
  SKILL_ASSESSMENT_BASE,
  SKILL_CANDIDATE_BASE,
  addSkillAssessmentBody,
  idParams,
  listSkillAssessmentQuery,
  staffSelectQuery,
  updateSkillAssessmentBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { needs, requireAuth } from '../../plugins/access.js';
import { routeTable } from '../../plugins/route-table.js';
import type { AssessmentPublisher } from './assessment-publish.js';
import type { AssessmentService } from './assessment.service.js';
import type { CandidateNoticeService } from './candidate-notice.service.js';

/**
 * Skills assessments (SKILLS-MANAGE; a manager reaches only assessments of their batches: the
 * services check row by row), and a student's own admission notices (STUDENT-EXAM).
 */
export async function assessmentRoutes(
  app: FastifyInstance,
  opts: {
    assessments: AssessmentService;
    publisher: AssessmentPublisher;
    notices: CandidateNoticeService;
  },
) {
  const { assessments, publisher, notices } = opts;
  const route = routeTable(app, SKILL_ASSESSMENT_BASE, {
    access: needs(Perm.SKILLS_MANAGE),
    tags: ['skills'],
  });

  route.get(
    'listAssessment',
    {
      summary: 'Skills assessments by job type, level, status and keyword, one page',
      querystring: listSkillAssessmentQuery,
    },
    (request) => assessments.list(request.query, requireAuth(request)),
  );

  route.get(
    'listStaffForSelect',
    {
      summary:
        'Enabled staff holding key (SKILLS-SCORE: examiners; SKILLS-CHECK: chief and checker), by keyword, at most 100',
      querystring: staffSelectQuery,
    },
    (request) => assessments.staff(request.query),
  );

  route.get(
    'getAssessmentById/:id',
    {
      summary:
        'An assessment with its batches, sessions, examiners per station, chief examiner, checker and counts',
      params: idParams,
    },
    (request) => assessments.get(request.params.id, requireAuth(request)),
  );

  route.post(
    'addAssessment',
    {
      summary: 'Add a draft assessment: a frozen sheet version, batches, sessions and examiners',
      body: addSkillAssessmentBody,
    },
    (request) => assessments.add(request.body, requireAuth(request)),
  );

  route.put(
    'updateAssessment',
    {
      summary: 'Change a draft (the sheet is frozen again); 10004 once published',
      body: updateSkillAssessmentBody,
    },
    (request) => assessments.update(request.body, requireAuth(request)),
  );

  route.delete(
    'deleteAssessment/:id',
    { summary: 'Delete a draft; 10004 once published', params: idParams },
    (request) => assessments.delete(request.params.id, requireAuth(request)),
  );

  route.post(
    'publishAssessment/:id',
    {
      summary:
        'Seat one candidate per enabled student of the batches in ticket order (session, turn, station); answers how many',
      params: idParams,
    },
    (request) => publisher.publish(request.params.id, requireAuth(request)),
  );

  route.post(
    'closeAssessment/:id',
    { summary: 'Close a published assessment', params: idParams },
    (request) => assessments.close(request.params.id, requireAuth(request)),
  );

  const mine = routeTable(app, SKILL_CANDIDATE_BASE, {
    access: needs(Perm.STUDENT_EXAM),
    tags: ['skills'],
  });

  mine.get(
    'listMyAssessments',
    {
      summary:
        "The signed-in student's published skills assessments: session, turn start, place, station, ticket",
    },
    (request) => notices.listMine(requireAuth(request)),
  );
}
