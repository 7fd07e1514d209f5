import type { AddressInfo } from 'node:net';
import {
  ATTEMPT_BASE as BASE,
  LIVE_TOKEN_HEADER,
  Perm,
  QuestionType,
  PROCTOR_BASE,
  ProctorEvent,
  SocketEvent,
  TOKEN_COOKIE,
  type AttemptResultView,
  type AttemptView,
  type ExamBody,
  type JoinAck,
} from '@kaoshi/shared';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Client, type TestApp, appWithAdmin } from '../../../test/build-app.js';
import { expectOk } from '../../../test/factories.js';
import { EXAM_BASE, paperAndBatch } from '../../../test/exams.js';
import { addSignableStudents, keyLeaksIn, type KeySigns } from './test-data.js';

// DESIGN.md "Keys stay on the server": a candidate walks every call and socket event a student
// can reach before the attempt is finalized and after it until the scores are released (getResult),
// good and bad inputs alike, and nothing they receive may carry an option's correctness, a key,
// accepted blanks, a model answer or an analysis.

const KEY_SIGNS: KeySigns = {
  properties: new Set(['correct', 'answer', 'blanks', 'analysis', 'modelAnswer']),
  // This fixture's keys: accepted blanks (ohm, Ω, volt), model answer, analyses (Why n).
  texts: ['ohm', 'Ω', 'volt', 'Model answer', 'Why '],
};
const PASSWORD = 'walk-pass-1';

const leaksIn = (value: unknown, where: string, found: string[]) =>
  keyLeaksIn(value, KEY_SIGNS, where, found);

describe('keys stay on the server', () => {
  let t: TestApp;
  let student: Client;
  let other: Client;
  /** The same paper with options in the paper's order, and shuffled per candidate. */
  const examIds: Record<'inOrder' | 'shuffled', number> = { inOrder: 0, shuffled: 0 };

  beforeAll(async () => {
    let admin: Client;
    ({ t, admin } = await appWithAdmin());
    const { paperId, batch } = await paperAndBatch(t.handle.db, {
      types: [
        QuestionType.SINGLE,
        QuestionType.MULTIPLE,
        QuestionType.JUDGEMENT,
        QuestionType.EXTERNAL_LINK,
        QuestionType.FILL_BLANK,
        QuestionType.SHORT_ANSWER,
      ],
      batchName: 'Walk batch',
    });
    const [mine, theirs] = await addSignableStudents(t.handle.db, batch, 2, {
      prefix: 'KW-',
      password: PASSWORD,
    });
    for (const order of ['inOrder', 'shuffled'] as const) {
      const body = {
        name: `Walk exam ${order}`,
        paperId,
        instructionId: null,
        classIds: [batch],
        startAt: new Date(Date.now() + 3_600_000).toISOString(),
        endAt: new Date(Date.now() + 7_200_000).toISOString(),
        durationMinutes: 30,
        shuffleQuestions: order === 'shuffled',
        shuffleOptions: order === 'shuffled',
        showResult: 'objective',
        accessCode: 'OPEN1',
      } as ExamBody;
      const examId = expectOk(await admin.post<{ id: number }>(`${EXAM_BASE}/addExam`, body)).id;
      expectOk(await admin.post(`${EXAM_BASE}/publishExam/${examId}`));
      await t.handle.db
        .updateTable('exams')
        .set({ start_at: new Date(Date.now() - 60_000).toISOString() })
        .where('id', '=', examId)
        .execute();
      examIds[order] = examId;
    }
    student = await login(t.app, mine!, PASSWORD, 3);
    other = await login(t.app, theirs!, PASSWORD, 3);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it.each(['inOrder', 'shuffled'] as const)(
    'walks every call and event a student can reach, and finds no key in any answer (options %s)',
    async (order) => {
      const examId = examIds[order];
      const received: { where: string; body: unknown }[] = [];
      /** The page's HTTP calls carry the live token its socket's join answered. */
      let liveToken = '';
      const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
        const result = await student.request({
          method,
          url,
          payload: payload as string,
          headers: { [LIVE_TOKEN_HEADER]: liveToken },
        });
        received.push({ where: `${method} ${url}`, body: result.body });
        return result.body.data;
      };

      // Every route a student may call must be walked below: a new one fails here until it is.
      const walked = new Set([
        'GET /api/health',
        'GET /api/health/live',
        'GET /api/kaoshi-user/security/captcha',
        'GET /api/kaoshi-user/security/loginOptions',
        'POST /api/kaoshi-user/security/doLogin',
        'GET /api/kaoshi-user/auth/authWebUser',
        'GET /api/kaoshi-user/user/logout',
        'POST /api/kaoshi-user/user/updatePass',
        'POST /api/kaoshi-user/role/listPermissionKeysByRoles',
        'GET /api/kaoshi-base/student/getMyStudent',
        'GET /api/kaoshi-files/file/:name',
        `GET ${BASE}/listMyExams`,
        `POST ${BASE}/openNotice`,
        `POST ${BASE}/startAttempt`,
        `GET ${BASE}/getAttempt/:id`,
        `POST ${BASE}/saveAnswers`,
        `POST ${BASE}/submitAttempt/:id`,
        `POST ${BASE}/logEvent`,
        `POST ${BASE}/takeBreak`,
        `POST ${BASE}/endBreak`,
        `GET ${BASE}/getResult/:id`,
        'GET /api/kaoshi-analysis/analysis/dashboard',
        'GET /api/kaoshi-analysis/certificate/myCertificates',
        'GET /api/kaoshi-analysis/certificate/getCertificatePdf/:id',
        'GET /api/public/verify/:code',
        'GET /api/kaoshi-skills/candidate/listMyAssessments',
      ]);
      const reachable = t.app
        .listRouteAccess()
        .filter(
          ({ url, access }) =>
            // The API's own description: schemas, no data.
            !url.startsWith('/api/docs') &&
            (access === 'public' ||
              access === 'session' ||
              (typeof access === 'object' &&
                access.permission.includes(Perm.STUDENT_EXAM) &&
                access.role === undefined)),
        )
        .map(({ method, url }) => `${method} ${url}`);
      expect(reachable.filter((route) => !walked.has(route))).toEqual([]);

      await call('GET', '/api/health');
      await call('GET', '/api/health/live');
      await call('GET', '/api/kaoshi-user/security/loginOptions');
      await call('GET', '/api/kaoshi-user/auth/authWebUser');
      await call('POST', '/api/kaoshi-user/role/listPermissionKeysByRoles', { roles: 'STUDENT' });
      await call('GET', '/api/kaoshi-base/student/getMyStudent');
      await call('GET', '/api/kaoshi-files/file/nothing.png');
      await call('POST', '/api/kaoshi-user/user/updatePass', { oldPass: 'x', newPass: 'y' });
      await call('GET', `${BASE}/listMyExams`);
      await call('POST', `${BASE}/openNotice`, { examId });
      await call('POST', `${BASE}/startAttempt`, { examId, accessCode: 'WRONG' });
      await call('POST', `${BASE}/startAttempt`, { examId: 999_999 });
      const view = (await call('POST', `${BASE}/startAttempt`, {
        examId,
        accessCode: 'OPEN1',
      })) as AttemptView;
      const id = view.attemptId;
      await call('GET', `${BASE}/listMyExams`);
      await call('GET', `${BASE}/getAttempt/${id}`);
      await call('GET', `${BASE}/getAttempt/${id + 1000}`);
      await call('GET', `${BASE}/getResult/${id}`);
      const items = view.paper.sections.flatMap((section) => section.items);
      const answerOf = (type: number, blankCount: number) =>
        type === QuestionType.SINGLE
          ? 'A'
          : type === QuestionType.MULTIPLE
            ? 'AB'
            : type === QuestionType.JUDGEMENT
              ? 'F'
              : type === QuestionType.FILL_BLANK
                ? Array.from({ length: blankCount }, () => 'ampere')
                : 'my answer';
      await call('POST', `${BASE}/saveAnswers`, {
        attemptId: id,
        answers: items.map((item, i) => ({
          itemId: item.itemId,
          seq: i + 1,
          value: answerOf(item.type, item.blankCount),
        })),
      });
      await call('POST', `${BASE}/saveAnswers`, {
        attemptId: id,
        answers: items.map((item) => ({ itemId: item.itemId, seq: 100, value: 'ZZ' })),
      });
      await call('POST', `${BASE}/logEvent`, { attemptId: id, type: 'paste' });
      // Rest breaks (refused here: the exam gives none) answer no paper either.
      await call('POST', `${BASE}/takeBreak`, { attemptId: id });
      await call('POST', `${BASE}/endBreak`, { attemptId: id });
      const othersView = expectOk(
        await other.post<AttemptView>(`${BASE}/startAttempt`, { examId, accessCode: 'OPEN1' }),
      );
      await call('POST', `${BASE}/saveAnswers`, {
        attemptId: othersView.attemptId,
        answers: [{ itemId: items[0]!.itemId, seq: 1, value: 'A' }],
      });

      // The socket channel: join, saves acknowledged and refused, an event, a foreign attempt.
      const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const socket = connect(url, {
        path: '/api/socket.io',
        transports: ['websocket'],
        extraHeaders: { cookie: `${TOKEN_COOKIE}=${student.token}` },
      });
      const events: unknown[] = [];
      socket.onAny((event: string, ...args: unknown[]) => events.push({ event, args }));
      const emit = async (event: string, payload: object) => {
        const ack: unknown = await socket.timeout(10_000).emitWithAck(event, payload);
        received.push({ where: `socket ${event}`, body: ack });
        return ack as JoinAck;
      };
      const joined = await emit(SocketEvent.JOIN, { attemptId: id });
      liveToken = (joined.ok && joined.liveToken) || '';
      await emit(SocketEvent.JOIN, { attemptId: othersView.attemptId });
      for (const [i, item] of items.entries()) {
        await emit(SocketEvent.SAVE, {
          attemptId: id,
          itemId: item.itemId,
          seq: 200 + i,
          value: answerOf(item.type, item.blankCount),
        });
      }
      await emit(SocketEvent.SAVE, { attemptId: id, itemId: 's9q9', seq: 1, value: 'A' });
      await emit(SocketEvent.EVENT, { attemptId: id, type: 'page_hidden' });
      // The proctor's room is refused to a student; a proctor's message reaches the page.
      await emit(ProctorEvent.WATCH, { examId });
      const message = new Promise((resolve) => socket.once(ProctorEvent.MESSAGE, resolve));
      const proctor = await login(t.app);
      expectOk(await proctor.post(`${PROCTOR_BASE}/sendMessage`, { examId, content: 'Sit still' }));
      await message;
      socket.disconnect();
      received.push({ where: 'socket events', body: events });

      // Finished but not released: the result as the policy shows it, never a key.
      await call('POST', `${BASE}/submitAttempt/${id}`);
      const result = (await call('GET', `${BASE}/getResult/${id}`)) as AttemptResultView;
      expect(result).toMatchObject({ released: false, sections: null, review: null });
      expect(result.result).not.toBeNull();
      await call('GET', `${BASE}/getResult/${othersView.attemptId}`);
      await call('GET', `${BASE}/getResult/${id + 1000}`);
      await call('GET', `${BASE}/listMyExams`);
      // The dashboard and certificates (docs/features/analysis.md): unreleased, so no result and no certificate.
      await call('GET', '/api/kaoshi-analysis/analysis/dashboard');
      await call('GET', '/api/kaoshi-analysis/certificate/myCertificates');
      await call('GET', '/api/kaoshi-analysis/certificate/getCertificatePdf/1');
      await call('GET', '/api/public/verify/AAAAAAAAAAAAAAAAAAAAAAAA');
      // The skills assessments' admission notices (docs/features/skills.md): no keys to carry.
      await call('GET', '/api/kaoshi-skills/candidate/listMyAssessments');

      const found: string[] = [];
      for (const { where, body } of received) leaksIn(body, where, found);
      expect(found).toEqual([]);
      // The walk reached real answers, not only refusals.
      expect(JSON.stringify(received)).toContain(items[0]!.itemId);
    },
  );
});
