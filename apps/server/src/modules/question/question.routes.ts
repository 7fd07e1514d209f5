import {
  Perm,
  addQuestionBody,
  batchQuestionBody,
  idParams,
  listQuestionQuery,
  updateQuestionBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { routeTable } from '../../plugins/route-table.js';
import { needs, requireAuth } from '../../plugins/access.js';
import { requestLanguage } from '../../lib/request-language.js';
import type { QuestionService } from './question.service.js';

export const QUESTION_BASE = '/api/kaoshi-question/question';

/**
 * A question may hold several HTML fields of up to a million characters each (three bytes a
 * Chinese character): far above Fastify's 1 MiB default, which would refuse a long stem.
 */
const QUESTION_BODY_LIMIT = 16 * 1024 * 1024;

export async function questionRoutes(app: FastifyInstance, opts: { questions: QuestionService }) {
  const { questions } = opts;
  // Reviewing also needs EXAM-QUESTION-AUDIT: batchQuestion asks for it when the action reviews.
  const manage = needs(Perm.QUESTION);
  const tags = ['questions'];
  const BASE = QUESTION_BASE;

  const route = routeTable(app, BASE, { access: manage, tags });

  route.get(
    'listQuestion',
    {
      summary: 'Questions matching the filters (retired=0 by default), one page',
      querystring: listQuestionQuery,
    },
    (request) => questions.list(request.query),
  );

  route.get('getQuestion/:id', { params: idParams }, (request) => questions.get(request.params.id));

  route.post(
    'addQuestion',
    {
      bodyLimit: QUESTION_BODY_LIMIT,
      summary: 'Add a question (HTML sanitized on save); it starts as audit status 0',
      body: addQuestionBody,
    },
    (request) => questions.add(request.body, requireAuth(request)),
  );

  route.put(
    'updateQuestion',
    {
      bodyLimit: QUESTION_BODY_LIMIT,
      summary: 'Update a question: under review goes back to 0, passed becomes 4 expired',
      body: updateQuestionBody,
    },
    (request) => questions.update(request.body),
  );

  route.delete(
    'deleteQuestion/:id',
    {
      summary: 'Delete a question; 10004 when a paper uses it (retire it instead)',
      params: idParams,
    },
    (request) => questions.delete(request.params.id),
  );

  route.post(
    'batchQuestion',
    {
      summary:
        'submit | approve | reject (reason) | retire | restore | delete on up to 500 ids, each on its own: { succeeded, failed }',
      body: batchQuestionBody,
    },
    (request) => questions.batch(request.body, requireAuth(request), requestLanguage(request)),
  );
}
