import { Perm, QuestionType, TOKEN_COOKIE, type ListResult, type RoleView } from '@kaoshi/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from './build-app.js';
import { ROLE, USER, expectOk, expectStatus, signedInTeacher } from './factories.js';
import { createStructure } from '../src/modules/question/test-data.js';

/** Issue 10 §1.6, §1.7 and §1.9: input the server could not read or store answers 10002. */
describe('malformed input', () => {
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
  });
  afterAll(() => t.close());

  const inject = (options: InjectOptions) =>
    t.app.inject({ ...options, cookies: { [TOKEN_COOKIE]: admin.token! } });
  /** A JSON body written by hand, so that it can carry a lone surrogate escape. */
  const json = <T = unknown>(method: 'POST' | 'PUT', url: string, body: string) =>
    admin.request<T>({
      method,
      url,
      payload: body,
      headers: { 'content-type': 'application/json' },
    });

  describe('a multipart body without a boundary', () => {
    const imports = [
      '/api/kaoshi-base/student/importPreview',
      '/api/kaoshi-base/student/importApply',
      '/api/kaoshi-question/question/importPreview',
      '/api/kaoshi-question/question/importApply',
    ];
    it.each(imports)('answers 10002 on %s', async (url) => {
      for (const type of ['multipart/form-data', 'multipart/form-data; charset=utf-8']) {
        const response = await inject({
          method: 'POST',
          url,
          payload: 'file=abc',
          headers: { 'content-type': type },
        });
        expect(response.statusCode, `${url} ${type}`).toBe(400);
        expect(response.json()).toMatchObject({
          status: 10002,
          message: expect.stringMatching(/^Body: not a readable multipart form \(.*[Bb]oundary/),
          data: { field: 'body' },
        });
      }
    });
  });

  describe('lone UTF-16 surrogates', () => {
    it('are refused in a JSON body, naming the field, and nothing is stored', async () => {
      expectStatus(
        await json('POST', `${ROLE}/addRole`, '{"name":"half \\ud800 a character","key":"LONE_A"}'),
        10002,
        /^body\.name: .*lone UTF-16 surrogate/,
      );
      expectStatus(
        await json('POST', `${ROLE}/addRole`, '{"name":"trailing half \\udc00","key":"LONE_B"}'),
        10002,
        /^body\.name: /,
      );
      const roles = expectOk(
        await admin.get<ListResult<RoleView>>(`${ROLE}/listRole`, { key: 'LONE' }),
      );
      expect(roles.total).toBe(0);
    });

    it('are refused deep in a body and in a field name', async () => {
      const added = expectOk(
        await admin.post<{ id: number }>(`${USER}/addUser`, {
          name: 'surrogates',
          nickName: 'S',
          userType: 2,
        }),
      );
      expectStatus(
        await json(
          'PUT',
          `${USER}/updateUser`,
          `{"id":${added.id},"name":"surrogates","nickName":"\\ud83d","userType":2}`,
        ),
        10002,
        /^body\.nickName: /,
      );
      expectStatus(
        await json('POST', `${USER}/bindUserWithRole`, `{"userId":${added.id},"\\udfff":[1]}`),
        10002,
        /^body\.\udfff: /,
      );
      const s = await createStructure(t.handle.db);
      const writer = (await signedInTeacher(t.app, admin, [Perm.QUESTION])).client;
      const question = JSON.stringify({
        type: QuestionType.SINGLE,
        content: '<p>stem</p>',
        options: [
          { content: '<p>A</p>', correct: true },
          { content: '<p>B \uFFFF</p>', correct: false },
        ],
        subjectId: s.subjectId,
        level: s.level,
        courseId: s.courseId,
      }).replace('\uFFFF', '\\ud800');
      expectStatus(
        await writer.request({
          method: 'POST',
          url: '/api/kaoshi-question/question/addQuestion',
          payload: question,
          headers: { 'content-type': 'application/json' },
        }),
        10002,
        /^body\.options\.1\.content: /,
      );
    });

    it('leave whole characters alone: a surrogate pair (emoji) is stored as it is', async () => {
      const { roleId } = expectOk(
        await json<{ roleId: number }>(
          'POST',
          `${ROLE}/addRole`,
          '{"name":"smile \\ud83d\\ude00","key":"PAIR_A"}',
        ),
      );
      const role = expectOk(await admin.get<RoleView>(`${ROLE}/getRoleById/${roleId}`));
      expect(role.name).toBe('smile 😀');
    });

    it('are refused inside a list of strings (question tags)', async () => {
      const s = await createStructure(t.handle.db);
      const body = JSON.stringify({
        type: QuestionType.SHORT_ANSWER,
        content: '<p>stem</p>',
        answer: '<p>model</p>',
        tags: ['fine', 'half \uFFFF'],
        subjectId: s.subjectId,
        level: s.level,
        courseId: s.courseId,
      }).replace('\uFFFF', '\\udbff');
      expectStatus(
        await json('POST', '/api/kaoshi-question/question/addQuestion', body),
        10002,
        /^body\.tags\.1: /,
      );
    });
  });

  describe('a URL with broken percent-encoding', () => {
    it.each(['/api/%', '/api/kaoshi-user/%E0%A4%A', '/%zz'])(
      '%s answers the envelope (10002 naming the URL)',
      async (url) => {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(400);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.headers['x-request-id']).toEqual(expect.any(String));
        expect(response.json()).toEqual({
          status: 10002,
          message: 'URL: not a valid URL (broken % encoding)',
          data: { field: 'url' },
        });
      },
    );
  });
});
