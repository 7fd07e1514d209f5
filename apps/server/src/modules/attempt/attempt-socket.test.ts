import {
  ApiStatus,
  ATTEMPT_BASE as BASE,
  LIVE_TOKEN_HEADER,
  QuestionType,
  SocketEvent,
  TOKEN_COOKIE,
  type EventAck,
  type ExamBody,
  type JoinAck,
  type LogEventResult,
  type Receipt,
  type SaveAckMessage,
  type TimeMessage,
} from '@kaoshi/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { emitAck, socketOf, listenLocally } from '../../../test/sockets.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../../test/build-app.js';
import { expectOk } from '../../../test/factories.js';
import { EXAM_BASE } from '../../../test/exams.js';
import { GRACE_MS, MINUTE, clock, itemOfType, takingExamsKit } from './taking-exams-test-data.js';

describe('taking exams over socket.io', () => {
  const kit = takingExamsKit();
  const { db, student, openExam, start } = kit;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    url = await listenLocally(kit.t.app);
  });
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  const open = (client: Client) => {
    const socket = socketOf(url, client.token);
    sockets.push(socket);
    return socket;
  };
  const call = emitAck;

  it('joins, acknowledges saves after they are stored, hands the attempt to a second tab', async () => {
    const examId = await openExam();
    const { client, ticket } = await student();
    const view = await start(client, examId);
    const single = itemOfType(view, QuestionType.SINGLE);

    const first = open(client);
    const joined = await call<JoinAck>(first, SocketEvent.JOIN, { attemptId: view.attemptId });
    expect(joined).toMatchObject({ ok: true, attemptId: view.attemptId });
    const ack = await call<SaveAckMessage>(first, SocketEvent.SAVE, {
      attemptId: view.attemptId,
      itemId: single.itemId,
      seq: 1,
      value: 'A',
    });
    expect(ack).toMatchObject({ ok: true, seq: 1 });
    const row = await db()
      .selectFrom('attempt_answers')
      .select(['seq', 'value'])
      .where('attempt_id', '=', view.attemptId)
      .where('item_id', '=', single.itemId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ seq: 1, value: '"A"' });

    // Extra time given while the page is open: its clock changes at once.
    const studentId = (
      await db()
        .selectFrom('students')
        .select('id')
        .where('ticket_number', '=', ticket)
        .executeTakeFirstOrThrow()
    ).id;
    const timeChanged = new Promise<TimeMessage>((resolve) =>
      first.once(SocketEvent.TIME, (message: TimeMessage) => resolve(message)),
    );
    expectOk(await kit.admin.post(`${EXAM_BASE}/setExtraTime`, { examId, studentId, minutes: 15 }));
    const time = await timeChanged;
    expect(Date.parse(time.deadline) - Date.parse(view.deadline)).toBe(15 * MINUTE);
    expect(time.changedMinutes).toBe(15);
    expect(time.remainingMs).toBeGreaterThan(44 * MINUTE);

    // A second tab takes over: the first is told and may no longer save.
    const told = new Promise<void>((resolve) =>
      first.once(SocketEvent.TAKEN_OVER, () => resolve()),
    );
    const second = open(client);
    const again = await call<JoinAck>(second, SocketEvent.JOIN, { attemptId: view.attemptId });
    expect(again.ok && again.answers).toEqual([{ itemId: single.itemId, seq: 1, value: 'A' }]);
    await told;
    const stale = await call<SaveAckMessage>(first, SocketEvent.SAVE, {
      attemptId: view.attemptId,
      itemId: single.itemId,
      seq: 2,
      value: 'B',
    });
    expect(stale).toMatchObject({ ok: false, code: ApiStatus.TAKEN_OVER });

    // Submitting tells every page of the attempt.
    const finalized = new Promise<Receipt>((resolve) =>
      second.once(SocketEvent.FINALIZED, (receipt: Receipt) => resolve(receipt)),
    );
    const submitted = await call<{ ok: true; receipt: Receipt }>(second, SocketEvent.SUBMIT, {
      attemptId: view.attemptId,
    });
    expect(submitted.receipt.answeredCount).toBe(1);
    expect((await finalized).receiptCode).toBe(submitted.receipt.receiptCode);
    const events = await db()
      .selectFrom('attempt_events')
      .select('type')
      .where('attempt_id', '=', view.attemptId)
      .orderBy('id')
      .execute();
    expect(events.map((event) => event.type)).toEqual(['joined', 'takeover', 'joined']);
  });

  it('refuses a connection without a session, and a join of another student’s attempt', async () => {
    const anonymous = connect(url, { path: '/api/socket.io', transports: ['websocket'] });
    sockets.push(anonymous);
    const error = await new Promise<Error>((resolve) => anonymous.once('connect_error', resolve));
    expect(error.message).toMatch(/Not signed in/);

    const examId = await openExam();
    const owner = await student();
    const view = await start(owner.client, examId);
    const intruder = await student();
    const refused = await call<JoinAck>(open(intruder.client), SocketEvent.JOIN, {
      attemptId: view.attemptId,
    });
    expect(refused).toMatchObject({ ok: false, code: ApiStatus.NOT_FOUND });
  });

  it('words refusals in the language the page chose in its handshake', async () => {
    const examId = await openExam();
    const owner = await student();
    const view = await start(owner.client, examId);
    const intruder = await student();
    const socket = connect(url, {
      path: '/api/socket.io',
      transports: ['websocket'],
      extraHeaders: {
        cookie: `${TOKEN_COOKIE}=${intruder.client.token}`,
        'accept-language': 'en',
      },
      auth: { language: 'zh' },
    });
    sockets.push(socket);
    const refused = await call<JoinAck>(socket, SocketEvent.JOIN, { attemptId: view.attemptId });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('counts a leave only when the page stays away past the grace, on the server clock', async () => {
    const examId = await openExam({ leaveLimit: 2 } as Partial<ExamBody>);
    const { client } = await student();
    const { attemptId } = await start(client, examId);
    const event = (socket: Socket, type: string) =>
      call<EventAck>(socket, SocketEvent.EVENT, { attemptId, type });
    const stored = () =>
      db()
        .selectFrom('attempts')
        .select(['leave_count', 'finish_reason'])
        .where('id', '=', attemptId)
        .executeTakeFirstOrThrow();
    const leftPage = async () =>
      (
        await db()
          .selectFrom('attempt_events')
          .select('id')
          .where('attempt_id', '=', attemptId)
          .where('type', '=', 'left_page')
          .execute()
      ).length;

    let page = open(client);
    expect(await call<JoinAck>(page, SocketEvent.JOIN, { attemptId })).toMatchObject({
      ok: true,
      leaveCount: 0,
    });
    // Five reloads: the page hides as it unloads, its connection goes, the new one joins in view.
    for (let i = 0; i < 5; i++) {
      expect(await event(page, 'page_hidden')).toMatchObject({ ok: true, leaveCount: 0 });
      page.disconnect();
      clock.advance(2000);
      page = open(client);
      expect(await call<JoinAck>(page, SocketEvent.JOIN, { attemptId })).toMatchObject({
        ok: true,
        leaveCount: 0,
      });
    }
    // A hidden page whose network drops for a minute: no telling it from a reload, no leave.
    await event(page, 'page_hidden');
    page.disconnect();
    await expect
      .poll(
        async () =>
          (
            await db()
              .selectFrom('attempts')
              .select('away_kind')
              .where('id', '=', attemptId)
              .executeTakeFirstOrThrow()
          ).away_kind,
        { timeout: 10_000, interval: 50 },
      )
      .toBe('offline');
    clock.advance(60_000);
    page = open(client);
    expect(await call<JoinAck>(page, SocketEvent.JOIN, { attemptId })).toMatchObject({
      leaveCount: 0,
    });
    // The link task's own tab hides the page for minutes: the candidate's work, no leave
    // (whichever of the two messages comes first).
    await event(page, 'link_task_opened');
    await event(page, 'page_hidden');
    clock.advance(5 * MINUTE);
    expect(await event(page, 'page_back')).toMatchObject({ ok: true, leaveCount: 0 });
    await event(page, 'page_hidden');
    await event(page, 'link_task_opened');
    clock.advance(5 * MINUTE);
    expect(await event(page, 'page_back')).toMatchObject({ ok: true, leaveCount: 0 });
    // Back within the grace: no leave.
    await event(page, 'page_hidden');
    clock.advance(GRACE_MS - 1000);
    expect(await event(page, 'page_back')).toMatchObject({ ok: true, leaveCount: 0 });
    expect(await stored()).toMatchObject({ leave_count: 0 });
    expect(await leftPage()).toBe(0);

    // Away past the grace, still away: the server counts one leave on its own…
    await event(page, 'page_hidden');
    clock.advance(GRACE_MS + 1000);
    await expect
      .poll(async () => (await stored()).leave_count, { timeout: 10_000, interval: 100 })
      .toBe(1);
    // …and the return does not count it again.
    clock.advance(MINUTE);
    expect(await event(page, 'page_back')).toMatchObject({ ok: true, leaveCount: 1 });
    expect(await leftPage()).toBe(1);
    // An old link task does not excuse a later hide; back past the grace counts at once.
    await event(page, 'page_hidden');
    clock.advance(GRACE_MS + 1000);
    expect(await event(page, 'page_back')).toMatchObject({ ok: true, leaveCount: 2 });
    // Past the exam's limit (2): the attempt is handed in with no page asking.
    await event(page, 'page_hidden');
    clock.advance(GRACE_MS + 1000);
    await expect
      .poll(async () => (await stored()).finish_reason, { timeout: 10_000, interval: 100 })
      .toBe('leave_limit');
    expect(await stored()).toMatchObject({ leave_count: 3 });
  });

  it('never counts an absence only the HTTP fallback reported', async () => {
    const examId = await openExam({ leaveLimit: 1 } as Partial<ExamBody>);
    const { client } = await student();
    const { attemptId } = await start(client, examId);
    const report = (type: string) =>
      client.post<LogEventResult>(`${BASE}/logEvent`, { attemptId, type });
    expect(expectOk(await report('page_hidden'))).toMatchObject({ leaveCount: 0 });
    clock.advance(5 * MINUTE);
    expect(expectOk(await report('page_back'))).toMatchObject({ leaveCount: 0, finished: null });
  });

  it('logs an event raised offline at its own time, and never counts it as leaving', async () => {
    const examId = await openExam({ leaveLimit: 1 } as Partial<ExamBody>);
    const { client } = await student();
    const { attemptId } = await start(client, examId);
    const page = open(client);
    const joined = await call<JoinAck>(page, SocketEvent.JOIN, { attemptId });
    const liveToken = (joined.ok && joined.liveToken) || '';
    const { started_at: startedAt } = await db()
      .selectFrom('attempts')
      .select('started_at')
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow();
    // The page comes back online with what it raised meanwhile: hidden, back, a paste, each
    // with the time the page counted for it (one before the start: held at the start).
    const queued = (type: string, at: string) =>
      call<EventAck>(page, SocketEvent.EVENT, { attemptId, type, at });
    expect(await queued('page_hidden', startedAt)).toMatchObject({ ok: true, leaveCount: 0 });
    clock.advance(GRACE_MS + MINUTE);
    expect(await queued('page_back', '2000-01-01T00:00:00.000Z')).toMatchObject({
      ok: true,
      leaveCount: 0,
      finished: null,
    });
    expect(
      expectOk(
        await client.request<LogEventResult>({
          method: 'POST',
          url: `${BASE}/logEvent`,
          headers: { [LIVE_TOKEN_HEADER]: liveToken },
          payload: { attemptId, type: 'paste', at: startedAt },
        }),
      ),
    ).toMatchObject({ leaveCount: 0 });
    const events = await db()
      .selectFrom('attempt_events')
      .select(['type', 'detail', 'created_at'])
      .where('attempt_id', '=', attemptId)
      .where('type', '!=', 'joined')
      .orderBy('id')
      .execute();
    expect(events).toEqual(
      ['page_hidden', 'page_back', 'paste'].map((type) => ({
        type,
        detail: JSON.stringify({ offline: true }),
        created_at: startedAt,
      })),
    );
    // No absence began: the sweep counts none, the attempt goes on.
    clock.advance(GRACE_MS + MINUTE);
    const row = await db()
      .selectFrom('attempts')
      .select(['leave_count', 'away_since', 'finished_at'])
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ leave_count: 0, away_since: null, finished_at: null });
    // A time the page cannot have counted yet is refused as malformed.
    const bad = await call<EventAck>(page, SocketEvent.EVENT, {
      attemptId,
      type: 'paste',
      at: 'soon',
    });
    expect(bad.ok).toBe(false);
  });
});
