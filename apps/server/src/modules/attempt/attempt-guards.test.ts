import {
  ACCESS_CODE_TRIES,
  ApiStatus,
  ATTEMPT_BASE as BASE,
  EVENT_BURST,
  EVENT_REFILL_MS,
  LIVE_TOKEN_HEADER,
  PROCTOR_BASE,
  QuestionType,
  SocketEvent,
  UserType,
  type AttemptView,
  type EventAck,
  type ExamBody,
  type JoinAck,
  type LiveExamView,
  type NoticeOpened,
  type SaveAckMessage,
  type SaveAnswersResult,
} from '@kaoshi/shared';
import type { Socket } from 'socket.io-client';
import { emitAck, socketOf, listenLocally } from '../../../test/sockets.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, login, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus } from '../../../test/factories.js';
import { INSTRUCTION_BASE } from '../paper/instruction.routes.js';
import { EventLimiter } from './event-limiter.js';
import { addSignableStudents, publishOpenExam } from './test-data.js';
import { paperAndBatch } from '../../../test/exams.js';

const PASSWORD = 'guard-pass-1';
const INSIDE = '10.1.2.3';
const OUTSIDE = '203.0.113.7';

/** Security issue findings 6, 7, 8, 10 and 12: what the server checks on every call of a page. */
describe('attempt guards (security issue)', () => {
  let t: TestApp;
  let admin: Client;
  let paperId: number;
  let batch: number;
  let tickets: string[] = [];
  let next = 0;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    ({ paperId, batch } = await paperAndBatch(t.handle.db, {
      types: [QuestionType.SINGLE, QuestionType.JUDGEMENT],
      passScore: 2,
      batchName: 'Guard batch',
    }));
    tickets = await addSignableStudents(t.handle.db, batch, 16, {
      prefix: 'GD-',
      password: PASSWORD,
    });
    url = await listenLocally(t.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  const student = async () => {
    const ticket = tickets[next++];
    if (ticket === undefined) throw new Error('Every student of the batch has sat: add more');
    return { ticket, client: await login(t.app, ticket, PASSWORD, UserType.STUDENT) };
  };
  const openExam = (fields: Partial<ExamBody> = {}) =>
    publishOpenExam(
      admin,
      t.handle.db,
      { paperId, classIds: [batch], name: `Guard exam ${Date.now()}` },
      fields,
    );
  const start = async (client: Client, examId: number, remoteAddress = '127.0.0.1') =>
    expectOk(
      await client.request<AttemptView>({
        method: 'POST',
        url: `${BASE}/startAttempt`,
        payload: { examId, accessCode: '' },
        remoteAddress,
      }),
    );
  const firstItem = (view: AttemptView) => view.paper.sections[0]!.items[0]!;
  const open = (client: Client) => {
    const socket = socketOf(url, client.token);
    sockets.push(socket);
    return socket;
  };
  const call = emitAck;
  const eventsOf = (attemptId: number) =>
    t.handle.db
      .selectFrom('attempt_events')
      .select(['type', 'detail', 'ip'])
      .where('attempt_id', '=', attemptId)
      .orderBy('id')
      .execute();

  it('refuses HTTP saves, submits and events from an address outside the allow-list, and logs them', async () => {
    const examId = await openExam({ ipAllowList: ['10.1.0.0/16'] } as Partial<ExamBody>);
    const { client } = await student();
    const view = await start(client, examId, INSIDE);
    const item = firstItem(view);
    const from = (remoteAddress: string, method: 'POST', path: string, payload?: object) =>
      client.request<SaveAnswersResult>({ method, url: `${BASE}/${path}`, payload, remoteAddress });
    const answers = [{ itemId: item.itemId, seq: 1, value: 'A' }];

    const save = await from(OUTSIDE, 'POST', 'saveAnswers', { attemptId: view.attemptId, answers });
    expectStatus(save, ApiStatus.FORBIDDEN);
    expect(save.body.message).toContain(OUTSIDE);
    const submit = await from(OUTSIDE, 'POST', `submitAttempt/${view.attemptId}`);
    expectStatus(submit, ApiStatus.FORBIDDEN);
    const event = await from(OUTSIDE, 'POST', 'logEvent', {
      attemptId: view.attemptId,
      type: 'paste',
    });
    expectStatus(event, ApiStatus.FORBIDDEN);
    const stored = await t.handle.db
      .selectFrom('attempt_answers')
      .select('item_id')
      .where('attempt_id', '=', view.attemptId)
      .execute();
    expect(stored).toEqual([]);
    const attempt = await t.handle.db
      .selectFrom('attempts')
      .select('finished_at')
      .where('id', '=', view.attemptId)
      .executeTakeFirstOrThrow();
    expect(attempt.finished_at).toBeNull();

    // From inside the list the same save goes through.
    const inside = await from(INSIDE, 'POST', 'saveAnswers', {
      attemptId: view.attemptId,
      answers,
    });
    expect(expectOk(inside).acks).toEqual([{ itemId: item.itemId, seq: 1, ok: true }]);
    // The proctor's record holds each refusal, with the address.
    const refused = (await eventsOf(view.attemptId)).filter((e) => e.type === 'address_refused');
    expect(refused.map((e) => e.ip)).toEqual([OUTSIDE, OUTSIDE, OUTSIDE]);
  });

  it('refuses the HTTP save of a second device the exam refuses, and the first never sees it', async () => {
    const examId = await openExam({ takeover: 'refuse' } as Partial<ExamBody>);
    const { client, ticket } = await student();
    const view = await start(client, examId);
    const item = firstItem(view);
    const first = open(client);
    const joined = await call<JoinAck>(first, SocketEvent.JOIN, { attemptId: view.attemptId });
    expect(joined.ok).toBe(true);
    const liveToken = joined.ok ? joined.liveToken : undefined;
    expect(liveToken).toMatch(/^[\w-]{16,}$/);

    // The same candidate signs in on a second device: its socket is refused, and so is HTTP.
    const second = await login(t.app, ticket, PASSWORD, UserType.STUDENT);
    const refusedJoin = await call<JoinAck>(open(second), SocketEvent.JOIN, {
      attemptId: view.attemptId,
    });
    expect(refusedJoin).toMatchObject({ ok: false, code: ApiStatus.TAKEN_OVER });
    const save = (who: Client, value: string, seq: number, token?: string) =>
      who.request<SaveAnswersResult>({
        method: 'POST',
        url: `${BASE}/saveAnswers`,
        payload: { attemptId: view.attemptId, answers: [{ itemId: item.itemId, seq, value }] },
        headers: token ? { [LIVE_TOKEN_HEADER]: token } : {},
      });
    const intruder = await save(second, 'B', 5);
    expectStatus(intruder, ApiStatus.TAKEN_OVER);
    expect(intruder.body.message).toMatch(/does not allow a second one/);
    const intruderSubmit = await second.post(`${BASE}/submitAttempt/${view.attemptId}`);
    expectStatus(intruderSubmit, ApiStatus.TAKEN_OVER);

    // The holder's own HTTP call (its token) goes through; its answer is the one stored.
    expect(expectOk(await save(client, 'A', 1, liveToken)).acks[0]).toMatchObject({ ok: true });
    const rejoined = await call<JoinAck>(first, SocketEvent.JOIN, { attemptId: view.attemptId });
    expect(rejoined.ok && rejoined.answers).toEqual([{ itemId: item.itemId, seq: 1, value: 'A' }]);
    // A reconnect of the holding page presents its token and keeps it: an HTTP call sent with it
    // meanwhile is still the holder's.
    const held = rejoined.ok ? rejoined.liveToken : undefined;
    const reconnected = await call<JoinAck>(first, SocketEvent.JOIN, {
      attemptId: view.attemptId,
      liveToken: held,
    });
    expect(reconnected.ok && reconnected.liveToken).toBe(held);
    expect(expectOk(await save(client, 'A', 2, held)).acks[0]).toMatchObject({ ok: true });
    const refusals = (await eventsOf(view.attemptId)).filter((e) => e.type === 'takeover');
    expect(refusals.map((e) => JSON.parse(e.detail) as object)).toEqual([
      { refused: true },
      { refused: true, via: 'http' },
      { refused: true, via: 'http' },
    ]);
  });

  describe('a session that ends cuts its exam socket at once', () => {
    /** A candidate on the exam page: their socket joined to a running attempt. */
    const onExamPage = async () => {
      const examId = await openExam();
      const { client, ticket } = await student();
      const view = await start(client, examId);
      const socket = open(client);
      const joined = await call<JoinAck>(socket, SocketEvent.JOIN, { attemptId: view.attemptId });
      expect(joined.ok).toBe(true);
      const told = new Promise<void>((resolve) =>
        socket.once(SocketEvent.SESSION_ENDED, () => resolve()),
      );
      const cut = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      const studentRow = await t.handle.db
        .selectFrom('students')
        .select(['id', 'user_id'])
        .where('ticket_number', '=', ticket)
        .executeTakeFirstOrThrow();
      return { client, view, socket, told, cut, studentRow };
    };
    /** The page was told and cut by the server, and cannot come back with the old session. */
    const expectCut = async (page: Awaited<ReturnType<typeof onExamPage>>) => {
      await page.told;
      expect(await page.cut).toBe('io server disconnect');
      const refused = new Promise<Error>((resolve) => page.socket.once('connect_error', resolve));
      page.socket.connect();
      expect((await refused).message).toMatch(/Not signed in/);
      const save = await page.client.post(`${BASE}/saveAnswers`, {
        attemptId: page.view.attemptId,
        answers: [{ itemId: firstItem(page.view).itemId, seq: 9, value: 'A' }],
      });
      expectStatus(save, ApiStatus.NO_SESSION);
    };

    it('on logout', async () => {
      const page = await onExamPage();
      expectOk(await page.client.get('/api/kaoshi-user/user/logout'));
      await expectCut(page);
    });

    it('when the student is disabled', async () => {
      const page = await onExamPage();
      expectOk(
        await admin.post('/api/kaoshi-base/student/batchSetStudentStatus', {
          ids: [page.studentRow.id],
          status: 0,
        }),
      );
      await expectCut(page);
    });

    it('when the password is reset', async () => {
      const page = await onExamPage();
      expectOk(await admin.get(`/api/kaoshi-user/user/reSetPass/${page.studentRow.user_id}`));
      await expectCut(page);
    });
  });

  it(`locks the start after ${ACCESS_CODE_TRIES} wrong access codes, in the database, and tells the proctor`, async () => {
    const examId = await openExam({ accessCode: 'K7Q2' } as Partial<ExamBody>);
    const { client, ticket } = await student();
    const tryCode = (accessCode: string) =>
      client.post<AttemptView>(`${BASE}/startAttempt`, { examId, accessCode });
    // Sent all at once, as a guessing script would: exactly the allowed tries are counted.
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => tryCode(`G${String(i).padStart(3, '0')}`)),
    );
    const wrong = guesses.filter((r) => r.body.status === ApiStatus.INVALID_INPUT);
    const locked = guesses.filter((r) => r.body.status === ApiStatus.TOO_MANY_REQUESTS);
    expect(wrong).toHaveLength(ACCESS_CODE_TRIES - 1);
    expect(locked).toHaveLength(12 - ACCESS_CODE_TRIES + 1);
    expect(wrong.map((r) => r.body.message).sort()).toEqual(
      [1, 2, 3, 4].map(
        (left) => `Access code: the access code is not right; tries left before a lock: ${left}`,
      ),
    );
    expect(locked[0]!.body.message).toMatch(
      /too many wrong access codes: this exam cannot be started before .+; the proctor has been told/,
    );
    // The right code is refused too while locked.
    expectStatus(await tryCode('K7Q2'), ApiStatus.TOO_MANY_REQUESTS);

    // The lock is the candidate row's (a restarted server reads it back), and the proctor sees it.
    const row = await t.handle.db
      .selectFrom('exam_candidates')
      .innerJoin('students', 'students.id', 'exam_candidates.student_id')
      .select(['exam_candidates.id', 'access_locked_until'])
      .where('exam_candidates.exam_id', '=', examId)
      .where('students.ticket_number', '=', ticket)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.access_locked_until!)).toBeGreaterThan(Date.now());
    const live = expectOk(await admin.get<LiveExamView>(`${PROCTOR_BASE}/liveExam/${examId}`));
    const shown = live.rows.find((r) => r.ticketNumber === ticket)!;
    expect(shown.accessLockedUntil).toBe(row.access_locked_until);

    // Once the lock has passed, the right code starts the exam.
    await t.handle.db
      .updateTable('exam_candidates')
      .set({ access_locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', row.id)
      .execute();
    expect(expectOk(await tryCode('K7Q2')).examId).toBe(examId);
  });

  it('limits page events per connection: past the burst they are refused, before any write', async () => {
    const examId = await openExam();
    const { client } = await student();
    const view = await start(client, examId);
    const socket = open(client);
    expect((await call<JoinAck>(socket, SocketEvent.JOIN, { attemptId: view.attemptId })).ok).toBe(
      true,
    );
    const began = Date.now();
    const acks = await Promise.all(
      Array.from({ length: 2000 }, () =>
        call<EventAck>(socket, SocketEvent.EVENT, { attemptId: view.attemptId, type: 'paste' }),
      ),
    );
    const elapsed = Date.now() - began;
    const accepted = acks.filter((ack) => ack.ok).length;
    const refused = acks.filter((ack) => !ack.ok);
    expect(accepted).toBeGreaterThanOrEqual(EVENT_BURST);
    // The refills the run's own duration allowed, whatever it was.
    expect(accepted).toBeLessThanOrEqual(EVENT_BURST + Math.ceil(elapsed / EVENT_REFILL_MS));
    expect(refused[0]).toMatchObject({ ok: false, code: ApiStatus.TOO_MANY_REQUESTS });
    expect(!refused[0]!.ok && refused[0]!.message).toMatch(/reported events too fast/);
    const pastes = (await eventsOf(view.attemptId)).filter((e) => e.type === 'paste');
    expect(pastes).toHaveLength(accepted);
    // Saves go on: the limit is on events only.
    const ack = await call<SaveAckMessage>(socket, SocketEvent.SAVE, {
      attemptId: view.attemptId,
      itemId: firstItem(view).itemId,
      seq: 1,
      value: 'A',
    });
    expect(ack.ok).toBe(true);
  });

  it('refuses the start before the notice has been open its minimum reading time', async () => {
    const { id: instructionId } = expectOk(
      await admin.post<{ id: number }>(`${INSTRUCTION_BASE}/addInstruction`, {
        title: 'Read me',
        body: '<p>Phones off.</p>',
        minReadSeconds: 30,
      }),
    );
    const examId = await openExam({ instructionId });
    const { client } = await student();
    const startNow = () => client.post<AttemptView>(`${BASE}/startAttempt`, { examId });

    const unread = await startNow();
    expectStatus(unread, ApiStatus.CONFLICT);
    expect(unread.body.message).toBe('open and read the exam notice before starting');
    const opened = expectOk(await client.post<NoticeOpened>(`${BASE}/openNotice`, { examId }));
    expect(opened.remainingSeconds).toBeGreaterThanOrEqual(29);
    expect(opened.remainingSeconds).toBeLessThanOrEqual(30);
    const early = await startNow();
    expectStatus(early, ApiStatus.CONFLICT);
    expect(early.body.message).toMatch(/the exam can be started in (29|30) s$/);
    // Opening it again does not restart the reading time: the first opening counts.
    const again = expectOk(await client.post<NoticeOpened>(`${BASE}/openNotice`, { examId }));
    expect(again.openedAt).toBe(opened.openedAt);

    // The server's record of the opening is what counts: 31 s before now, the start goes.
    await t.handle.db
      .updateTable('exam_candidates')
      .set({ notice_opened_at: new Date(Date.now() - 31_000).toISOString() })
      .where('exam_id', '=', examId)
      .execute();
    expect(expectOk(await startNow()).examId).toBe(examId);
  });
});

describe('EventLimiter', () => {
  it('lets a burst through, then one per refill interval, per key', () => {
    let now = 1_000_000;
    const limiter = new EventLimiter(3, 1000, () => now);
    expect([1, 2, 3, 4].map(() => limiter.take(7))).toEqual([0, 0, 0, 1000]);
    expect(limiter.take(8)).toBe(0);
    now += 400;
    expect(limiter.take(7)).toBe(600);
    now += 600;
    expect(limiter.take(7)).toBe(0);
    expect(limiter.take(7)).toBe(1000);
    now += 10_000;
    expect([1, 2, 3, 4].map(() => limiter.take(7))).toEqual([0, 0, 0, 1000]);
  });
});
