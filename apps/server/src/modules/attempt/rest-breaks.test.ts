import {
  ApiStatus,
  ATTEMPT_BASE as BASE,
  PROCTOR_BASE,
  QuestionType,
  SocketEvent,
  type AttemptView,
  type BreakEnded,
  type BreakTaken,
  type JoinAck,
  LIVE_TOKEN_HEADER,
  type PauseMessage,
  type ResumeMessage,
  type SaveAckMessage,
  type SaveAnswersResult,
} from '@kaoshi/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Client } from '../../../test/build-app.js';
import { expectOk, expectStatus } from '../../../test/factories.js';
import { emitAck, listenLocally, socketOf } from '../../../test/sockets.js';
import { ACCOMMODATION_BASE } from '../accommodation/accommodation.routes.js';
import { AttemptService } from './attempt.service.js';
import { GRACE_MS, MINUTE, clock, itemOfType, takingExamsKit } from './taking-exams-test-data.js';

// Rest breaks (docs/features/accommodations.md "Rest breaks"), on the clock the pause tests use.
describe('rest breaks', () => {
  const kit = takingExamsKit();
  const { db, student, openExam, start } = kit;
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  /** A student given `count` breaks of `minutes`, signed in, sitting a new exam. */
  const sittingWithBreaks = async (count: number, minutes: number) => {
    const { ticket, client } = await student();
    const { id: studentId } = await db()
      .selectFrom('students')
      .select('id')
      .where('ticket_number', '=', ticket)
      .executeTakeFirstOrThrow();
    if (count > 0) {
      expectOk(
        await kit.admin.put(`${ACCOMMODATION_BASE}/setStudentAccommodation`, {
          studentId,
          breakCount: count,
          breakMinutes: minutes,
        }),
      );
    }
    const examId = await openExam();
    const view = await start(client, examId);
    return { client, examId, studentId, view };
  };
  /** A page that joined over the socket sends its live token with its HTTP calls. */
  const take = (client: Client, attemptId: number, token = '') =>
    client.request<BreakTaken>({
      method: 'POST',
      url: `${BASE}/takeBreak`,
      payload: { attemptId },
      headers: token ? { [LIVE_TOKEN_HEADER]: token } : {},
    });
  const end = (client: Client, attemptId: number, token = '') =>
    client.request<BreakEnded>({
      method: 'POST',
      url: `${BASE}/endBreak`,
      payload: { attemptId },
      headers: token ? { [LIVE_TOKEN_HEADER]: token } : {},
    });
  const attemptRow = (attemptId: number) =>
    db()
      .selectFrom('attempts')
      .select([
        'deadline',
        'paused_at',
        'pause_reason',
        'breaks_taken',
        'break_ms',
        'paused_ms',
        'given_back_ms',
      ])
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow();
  const breakRecords = (attemptId: number) =>
    db()
      .selectFrom('attempt_pauses')
      .select(['kind', 'started_at', 'ended_at', 'given_back_ms'])
      .where('attempt_id', '=', attemptId)
      .execute();
  const heard = <T>(socket: Socket, event: string) =>
    new Promise<T>((resolve) => socket.once(event, (message: T) => resolve(message)));
  const later = (at: string, ms: number) => new Date(Date.parse(at) + ms).toISOString();

  it('hides the paper, refuses saves and submit during the break, and ends it moving the deadline by its length', async () => {
    const { client, view } = await sittingWithBreaks(2, 5);
    expect(view.breaks).toEqual({ allowed: 2, taken: 0, minutes: 5 });
    const itemId = itemOfType(view, QuestionType.SINGLE).itemId;
    const socket = socketOf(await listenLocally(kit.t.app), client.token);
    sockets.push(socket);
    const joined = await emitAck<JoinAck>(socket, SocketEvent.JOIN, { attemptId: view.attemptId });
    expect(joined.ok && joined.breaks).toEqual(view.breaks);
    const token = joined.ok ? (joined.liveToken ?? '') : '';
    const headers = { [LIVE_TOKEN_HEADER]: token };

    const paused = heard<PauseMessage>(socket, SocketEvent.PAUSED);
    const taken = expectOk(await take(client, view.attemptId, token));
    expect(taken.breaks).toEqual({ allowed: 2, taken: 1, minutes: 5 });
    expect(taken.breakUntil).toBe(later(taken.since, 5 * MINUTE));
    expect(taken.remainingMs).toBe(Date.parse(view.deadline) - Date.parse(taken.since));
    expect(await paused).toMatchObject({ since: taken.since, breakUntil: taken.breakUntil });

    // A page loading now shows the break, not the paper's clock running.
    const reloaded = expectOk(
      await client.get<AttemptView>(`${BASE}/getAttempt/${view.attemptId}`),
    );
    expect(reloaded.paused).toEqual({
      since: taken.since,
      reason: '',
      breakUntil: taken.breakUntil,
    });
    expect(reloaded.breaks.taken).toBe(1);

    const refusedSave = await emitAck<SaveAckMessage>(socket, SocketEvent.SAVE, {
      attemptId: view.attemptId,
      itemId,
      seq: 1,
      value: 'A',
    });
    expect(refusedSave).toMatchObject({ ok: false, code: ApiStatus.ATTEMPT_PAUSED });
    expect(!refusedSave.ok && refusedSave.message).toBe(
      'you are on a rest break: end it to go on answering',
    );
    const overHttp = expectOk(
      await client.request<SaveAnswersResult>({
        method: 'POST',
        url: `${BASE}/saveAnswers`,
        payload: { attemptId: view.attemptId, answers: [{ itemId, seq: 1, value: 'A' }] },
        headers,
      }),
    );
    expect(overHttp.acks[0]).toMatchObject({ ok: false, code: ApiStatus.ATTEMPT_PAUSED });
    expectStatus(
      await client.request({
        method: 'POST',
        url: `${BASE}/submitAttempt/${view.attemptId}`,
        headers,
      }),
      ApiStatus.ATTEMPT_PAUSED,
      /rest break/,
    );
    expectStatus(
      await take(client, view.attemptId, token),
      ApiStatus.CONFLICT,
      /already on a rest break/,
    );

    // Three minutes on the server's clock: the deadline moves by exactly them.
    clock.advance(3 * MINUTE);
    const resumed = heard<ResumeMessage>(socket, SocketEvent.RESUMED);
    const ended = expectOk(await end(client, view.attemptId, token));
    const deadline = later(view.deadline, 3 * MINUTE);
    expect(ended).toMatchObject({ deadline, givenBackMs: 3 * MINUTE, breaks: { taken: 1 } });
    expect(await resumed).toMatchObject({
      deadline,
      pausedMs: 3 * MINUTE,
      givenBackMs: 3 * MINUTE,
    });
    // Counted as break time, not in the pauses' compensatory total.
    expect(await attemptRow(view.attemptId)).toMatchObject({
      deadline,
      paused_at: null,
      pause_reason: null,
      breaks_taken: 1,
      break_ms: 3 * MINUTE,
      paused_ms: 0,
      given_back_ms: 0,
    });
    expect(await breakRecords(view.attemptId)).toEqual([
      {
        kind: 'break',
        started_at: taken.since,
        ended_at: later(taken.since, 3 * MINUTE),
        given_back_ms: 3 * MINUTE,
      },
    ]);
    expectStatus(
      await end(client, view.attemptId, token),
      ApiStatus.CONFLICT,
      /not on a rest break/,
    );
    // Answering goes on.
    const saved = await emitAck<SaveAckMessage>(socket, SocketEvent.SAVE, {
      attemptId: view.attemptId,
      itemId,
      seq: 1,
      value: 'A',
    });
    expect(saved).toMatchObject({ ok: true, seq: 1 });
  });

  it('gives back no more than the break minutes when the candidate ends it late', async () => {
    const { client, view } = await sittingWithBreaks(1, 5);
    expectOk(await take(client, view.attemptId));
    clock.advance(8 * MINUTE);
    // Ended by the candidate or the scheduler first: either way 5 minutes, once.
    await end(client, view.attemptId);
    const row = await attemptRow(view.attemptId);
    expect(row).toMatchObject({
      deadline: later(view.deadline, 5 * MINUTE),
      paused_at: null,
      break_ms: 5 * MINUTE,
    });
  });

  it('refuses a break when none is left, during a proctor pause, and after the end, naming why', async () => {
    const none = await sittingWithBreaks(0, 0);
    expect(none.view.breaks).toEqual({ allowed: 0, taken: 0, minutes: 0 });
    expectStatus(
      await take(none.client, none.view.attemptId),
      ApiStatus.CONFLICT,
      /no rest break left/,
    );

    const one = await sittingWithBreaks(1, 5);
    expectOk(await take(one.client, one.view.attemptId));
    expectOk(await end(one.client, one.view.attemptId));
    expectStatus(
      await take(one.client, one.view.attemptId),
      ApiStatus.CONFLICT,
      /no rest break left \(you had 1\)/,
    );
    expect((await attemptRow(one.view.attemptId)).breaks_taken).toBe(1);

    const pausedOne = await sittingWithBreaks(1, 5);
    expectOk(
      await kit.admin.post(`${PROCTOR_BASE}/pauseAttempt`, {
        examId: pausedOne.examId,
        studentId: pausedOne.studentId,
        reason: 'Power cut',
      }),
    );
    expectStatus(
      await take(pausedOne.client, pausedOne.view.attemptId),
      ApiStatus.CONFLICT,
      /paused the exam/,
    );
    // Nothing half-written: no break taken, the proctor's pause as it was.
    expect(await attemptRow(pausedOne.view.attemptId)).toMatchObject({
      breaks_taken: 0,
      pause_reason: 'Power cut',
    });
    expectStatus(
      await end(pausedOne.client, pausedOne.view.attemptId),
      ApiStatus.CONFLICT,
      /not on a rest break/,
    );

    const ended = await sittingWithBreaks(1, 5);
    expectOk(await ended.client.post(`${BASE}/submitAttempt/${ended.view.attemptId}`));
    expectStatus(
      await take(ended.client, ended.view.attemptId),
      ApiStatus.CONFLICT,
      /attempt has ended|finished|ended/,
    );
  });

  it('has the scheduler end a break that ran out at its minutes, once, whichever process sweeps', async () => {
    const { client, view } = await sittingWithBreaks(1, 5);
    const taken = expectOk(await take(client, view.attemptId));
    // Not yet run out: nothing ends.
    clock.advance(4 * MINUTE);
    const postgres = kit.t.config.database.kind === 'postgres';
    const processes = [1, 2].map(
      () => new AttemptService(db(), postgres, { graceMs: GRACE_MS, clock }),
    );
    expect(await processes[0]!.breaks.endOverrun()).toBe(0);
    expect((await attemptRow(view.attemptId)).paused_at).toBe(taken.since);

    // Past it: two sweeps at once (and the app's own scheduler) end it once, at 5 minutes.
    clock.advance(3 * MINUTE);
    await Promise.all(processes.map((other) => other.breaks.endOverrun()));
    await vi.waitFor(async () => expect((await attemptRow(view.attemptId)).paused_at).toBeNull());
    expect(await attemptRow(view.attemptId)).toMatchObject({
      deadline: later(view.deadline, 5 * MINUTE),
      break_ms: 5 * MINUTE,
      breaks_taken: 1,
    });
    expect(await breakRecords(view.attemptId)).toEqual([
      {
        kind: 'break',
        started_at: taken.since,
        ended_at: later(taken.since, 5 * MINUTE),
        given_back_ms: 5 * MINUTE,
      },
    ]);
    // The page's clock after it: the moved deadline.
    const after = expectOk(await client.get<AttemptView>(`${BASE}/getAttempt/${view.attemptId}`));
    expect(after).toMatchObject({ paused: null, deadline: later(view.deadline, 5 * MINUTE) });
  });
});
