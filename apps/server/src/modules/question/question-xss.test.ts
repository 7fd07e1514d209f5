import { Perm, QuestionType, type ListResult, type QuestionView } from '@kaoshi/shared';
import { XSS_VECTORS } from '@kaoshi/shared/xss-vectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../../test/build-app.js';
import { createTestApp, login, type TestApp } from '../../../test/build-app.js';
import { expectOk, signedInTeacher } from '../../../test/factories.js';
import { allowListBreaches } from '../../../test/html-breaches.js';
import { sanitizeHtml } from '../../html.js';
import { QUESTION_BASE as BASE } from './question.routes.js';
import { sanitizeQuestionHtml } from './question.service.js';
import { createStructure, type Structure } from './test-data.js';

/** Every HTML field of a question as the API answers it. */
const htmlFields = (question: QuestionView) => [
  question.content,
  question.analysis,
  question.answer,
  ...question.options.map((option) => option.content),
];

describe('sanitizeQuestionHtml', () => {
  it.each([
    '<p>a "b" \'c\' &amp; &lt; &gt; x</p><p>2</p>',
    'a<br />b &amp; c',
    '<p>x<br />y</p>',
    '',
    '<p></p>',
    ' <p>padded</p> ',
    '<p>a</p>b',
    '<p onclick="x">a</p>',
    '<p>&nbsp;&quot;</p>',
    '<br>',
    '<P>upper</P>',
    '<p>a<p>b</p></p>',
    '<script>alert(1)</script>',
  ])('answers what the sanitizer answers for %j', (html) => {
    expect(sanitizeQuestionHtml(html)).toBe(sanitizeHtml(html));
  });
});

describe(
  `question HTML through the API: ${XSS_VECTORS.length} known XSS vectors`,
  { timeout: 90_000 },
  () => {
    let t: TestApp;
    let writer: Client;
    let s: Structure;
    const ids: number[] = [];
    let refused = 0;

    beforeAll(async () => {
      t = await createTestApp();
      const admin = await login(t.app);
      s = await createStructure(t.handle.db);
      writer = (await signedInTeacher(t.app, admin, [Perm.QUESTION])).client;
    });
    afterAll(() => t.close());

    const structure = () => ({
      score: 2,
      difficulty: 3,
      subjectId: s.subjectId,
      level: s.level,
      courseId: s.courseId,
      tags: [],
    });

    /**
     * Adds a question; a vector that swallows the rest of its field (an unclosed <textarea>, say)
     * leaves the field empty, which the API refuses as it would any empty field: nothing is stored.
     */
    async function addOrRefuse(body: Record<string, unknown>, vector: string) {
      const result = await writer.post<QuestionView>(`${BASE}/addQuestion`, body);
      if (result.body.status !== 200) {
        expect(result.body, vector).toMatchObject({ status: 10002 });
        expect(result.body.message, vector).toMatch(/empty|required/);
        refused += 1;
        return;
      }
      const question = expectOk(result);
      for (const html of htmlFields(question)) {
        expect(allowListBreaches(html), `${vector} → ${html}`).toEqual([]);
      }
      ids.push(question.id);
    }
    it('stores every vector sanitized, in the stem, the options, the model answer and the analysis', async () => {
      for (const [index, vector] of XSS_VECTORS.entries()) {
        // A visible word keeps each field non-empty when the sanitizer removes the whole vector.
        await addOrRefuse(
          {
            type: QuestionType.SHORT_ANSWER,
            content: `<p>stem ${index}</p>${vector}`,
            answer: `<p>model</p>${vector}`,
            analysis: `${vector}<p>why</p>`,
            ...structure(),
          },
          vector,
        );
        await addOrRefuse(
          {
            type: QuestionType.SINGLE,
            content: `<p>choice ${index}</p>`,
            options: [
              { content: `<p>first ${index}</p>${vector}`, correct: true },
              { content: `<p>second ${index}</p>${vector}`, correct: false },
            ],
            analysis: vector,
            ...structure(),
          },
          vector,
        );
      }
      // Only the few vectors that swallow what follows them may be refused.
      expect(refused).toBeLessThan(XSS_VECTORS.length / 10);
    });

    it('answers them sanitized when read back one by one and in the list', async () => {
      for (const id of ids) {
        const question = expectOk(await writer.get<QuestionView>(`${BASE}/getQuestion/${id}`));
        for (const html of htmlFields(question)) expect(allowListBreaches(html), html).toEqual([]);
      }
      const page = expectOk(
        await writer.get<ListResult<QuestionView>>(`${BASE}/listQuestion`, { limit: '500' }),
      );
      expect(page.total).toBe(ids.length);
      for (const question of page.list) {
        for (const html of htmlFields(question)) expect(allowListBreaches(html), html).toEqual([]);
      }
    });

    it('sanitizes an edit the same way', async () => {
      const [id] = ids;
      for (const vector of XSS_VECTORS.slice(0, 20)) {
        const question = expectOk(
          await writer.put<QuestionView>(`${BASE}/updateQuestion`, {
            id,
            type: QuestionType.SHORT_ANSWER,
            content: `<p>edited</p>${vector}`,
            answer: `<p>model</p>${vector}`,
            analysis: vector,
            ...structure(),
          }),
        );
        for (const html of htmlFields(question)) expect(allowListBreaches(html), html).toEqual([]);
      }
    });
  },
);
