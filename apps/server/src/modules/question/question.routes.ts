import {
  Perm,
  addQuestionBody,
  batchQuestionBody,
  idParams,
  listQuestionQuery,
  updateQuestionBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../errors.js';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { questions } = opts;
  // Reviewing also needs EXAM-QUESTION-AUDIT: batchQuestion asks for it when the action reviews.
  const manage = { access: needs(Perm.QUESTION) };
  const tags = ['questions'];
  const BASE = QUESTION_BASE;

  r.get(
    `${BASE}/listQuestion`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Questions matching the filters (retired=0 by default), one page',
        querystring: listQuestionQuery,
      },
    },
    async (request) => ok(await questions.list(request.query)),
  );

  r.get(
    `${BASE}/getQuestion/:id`,
    { config: manage, schema: { tags, params: idParams } },
    async (request) => ok(await questions.get(request.params.id)),
  );

  r.post(
    `${BASE}/addQuestion`,
    {
      config: manage,
      bodyLimit: QUESTION_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Add a question (HTML sanitized on save); it starts as audit status 0',
        body: addQuestionBody,
      },
    },
    async (request) => ok(await questions.add(request.body, requireAuth(request))),
  );

  r.put(
    `${BASE}/updateQuestion`,
    {
      config: manage,
      bodyLimit: QUESTION_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Update a question: under review goes back to 0, passed becomes 4 expired',
        body: updateQuestionBody,
      },
    },
    async (request) => ok(await questions.update(request.body)),
  );

  r.delete(
    `${BASE}/deleteQuestion/:id`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a question; 10004 when a paper uses it (retire it instead)',
        params: idParams,
      },
    },
    async (request) => {
      await questions.delete(request.params.id);
      return ok(null);
    },
  );

  r.post(
    `${BASE}/batchQuestion`,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'submit | approve | reject (reason) | retire | restore | delete on up to 500 ids, each on its own: { succeeded, failed }',
        body: batchQuestionBody,
      },
    },
    async (request) =>
      ok(await questions.batch(request.body, requireAuth(request), requestLanguage(request))),
  );
}
