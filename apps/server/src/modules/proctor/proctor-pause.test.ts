import {
  ApiStatus,
  ATTEMPT_BASE,
  PROCTOR_BASE as BASE,
  Perm,
  QuestionType,
  RoleKey,
  SocketEvent,
  UserType,
  type AttemptView,
  type ExamBody,
  type JoinAck,
  LIVE_TOKEN_HEADER,
  type PauseMessage,
  type ProctorActionResult,
  type ProctorCandidateEvents,
  type ProctorPauseExamResult,
  type ProctorPausesView,
  type Receipt,
  type ResumeMessage,
  type SaveAckMessage,
  type SaveAnswersResult,
  type SubmitAck,
} from '@kaoshi/shared';
import type { Socket } from 'socket.io-client';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitAck, listenLocally, socketOf } from '../../../test/sockets.js';
import {
  DEFAULT_PASSWORD,
  appWithAdmin,
  login,
  type Client,
  testDialect,
  type TestApp,
} from '../../../test/build-app.js';
import {
  addUser,
  createRole,
  expectOk,
  expectStatus,
  roleIdOf,
  signedInTeacher,
  storedValue,
} from '../../../test/factories.js';
import { paperAndBatch } from '../../../test/exams.js';
import { addClass, assignTeacher } from '../base/test-data.js';
import { addSignableStudents, publishOpenExam } from '../attempt/test-data.js';

const MINUTE = 60_000;
const PASSWORD = 'pause-pass-1';
/** The compensatory limit these tests run with (COMPENSATORY_MINUTES_LIMIT). */
const LIMIT_MINUTES = 10;
/** The main pool's connections in tests (test/build-app.ts poolSize). */
const MAIN_POOL = 10;

/** The clock pauses are measured on: moved on by the tests, never waited for. */
const clock = {
  at: Date.now(),
  now() {
    return this.at;
  },
  advance(ms: number) {
    this.at += ms;
  },
};

describe('pausing and resuming attempts', () => {
  let t: TestApp;
  let admin: Client;
  let paperId: number;
  let batch: number;
  let subjectId: number;
  let tickets: string[] = [];
  let next = 0;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin(
      { COMPENSATORY_MINUTES_LIMIT: String(LIMIT_MINUTES) },
      { clock },
    ));
    const made = await paperAndBatch(t.handle.db, {
      types: [QuestionType.SINGLE, QuestionType.FILL_BLANK],
      batchName: 'Pause batch',
    });
    ({ paperId, batch } = made);
    subjectId = made.s.subjectId;
    tickets = await addSignableStudents(t.handle.db, batch, 16, {
      prefix: 'PZ-',
      password: PASSWORD,
    });
    url = await listenLocally(t.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  const db = () => t.handle.db;
  const openExam = (fields: Partial<ExamBody> = {}) =>
    publishOpenExam(
      admin,
      db(),
      { paperId, classIds: [batch], name: `Paused exam ${Date.now()}-${next}` },
      fields,
    );
  /** A student who has not sat yet, signed in, with their attempt at `examId` started. */
  const sitting = async (examId: number) => {
    const ticket = tickets[next++]!;
    const client = await login(t.app, ticket, PASSWORD, UserType.STUDENT);
    const view = expectOk(
      await client.post<AttemptView>(`${ATTEMPT_BASE}/startAttempt`, { examId, accessCode: '' }),
    );
    const studentId = await storedValue(db(), 'students', 'id', ticket, 'ticket_number');
    const single = view.paper.sections.flatMap((section) => section.items)[0]!;
    return { ticket, client, view, studentId, itemId: single.itemId };
  };
  const page = async (client: Client, attemptId: number) => {
    const socket = socketOf(url, client.token);
    sockets.push(socket);
    const joined = await emitAck<JoinAck>(socket, SocketEvent.JOIN, { attemptId });
    expect(joined.ok).toBe(true);
    return { socket, joined };
  };
  const heard = <T>(socket: Socket, event: string) =>
    new Promise<T>((resolve) => socket.once(event, (message: T) => resolve(message)));
  const attemptRow = (attemptId: number) =>
    db()
      .selectFrom('attempts')
      .select([
        'deadline',
        'finished_at',
        'finish_reason',
        'paused_at',
        'paused_ms',
        'given_back_ms',
      ])
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow();
  const pause = (examId: number, studentId: number, reason: string, client = admin) =>
    client.post<ProctorActionResult>(`${BASE}/pauseAttempt`, { examId, studentId, reason });
  const resume = (examId: number, studentId: number, reason: string, client = admin) =>
    client.post<ProctorActionResult>(`${BASE}/resumeAttempt`, { examId, studentId, reason });

  it('refuses saves (socket and HTTP) and submit while paused, and gives back exactly the paused time', async () => {
    const examId = await openExam();
    const { client, view, studentId, itemId } = await sitting(examId);
    const { socket, joined } = await page(client, view.attemptId);
    /** The page's HTTP calls carry the live token its join answered. */
    const headers = { [LIVE_TOKEN_HEADER]: joined.ok ? (joined.liveToken ?? '') : '' };
    const save = (seq: number, value: string) =>
      emitAck<SaveAckMessage>(socket, SocketEvent.SAVE, {
        attemptId: view.attemptId,
        itemId,
        seq,
        value,
      });
    expect(await save(1, 'A')).toMatchObject({ ok: true });

    const told = heard<PauseMessage>(socket, SocketEvent.PAUSED);
    const paused = expectOk(await pause(examId, studentId, '  停电 Power cut  '));
    expect(paused).toMatchObject({ changed: true, deadline: view.deadline });
    const message = await told;
    expect(message).toMatchObject({ reason: '停电 Power cut', deadline: view.deadline });
    const before = await attemptRow(view.attemptId);
    expect(before.paused_at).toBe(message.since);

    // No saves over the socket or HTTP, no submit: each says why, and nothing is stored.
    const refused = await save(2, 'B');
    expect(refused).toMatchObject({ ok: false, code: ApiStatus.ATTEMPT_PAUSED });
    expect(!refused.ok && refused.message).toBe('paused by the invigilator: 停电 Power cut');
    const overHttp = expectOk(
      await client.request<SaveAnswersResult>({
        method: 'POST',
        url: `${ATTEMPT_BASE}/saveAnswers`,
        payload: { attemptId: view.attemptId, answers: [{ itemId, seq: 2, value: 'B' }] },
        headers,
      }),
    );
    expect(overHttp.acks[0]).toMatchObject({ ok: false, code: ApiStatus.ATTEMPT_PAUSED });
    // The clock stands: what was left when the pause began.
    expect(overHttp.remainingMs).toBe(Date.parse(view.deadline) - Date.parse(message.since));
    expectStatus(
      await client.request({
        method: 'POST',
        url: `${ATTEMPT_BASE}/submitAttempt/${view.attemptId}`,
        headers,
      }),
      ApiStatus.ATTEMPT_PAUSED,
      /paused by the invigilator: 停电 Power cut/,
    );
    const submitted = await emitAck<SubmitAck>(socket, SocketEvent.SUBMIT, {
      attemptId: view.attemptId,
    });
    expect(submitted).toMatchObject({ ok: false, code: ApiStatus.ATTEMPT_PAUSED });
    const stored = await db()
      .selectFrom('attempt_answers')
      .select(['seq', 'value'])
      .where('attempt_id', '=', view.attemptId)
      .execute();
    expect(stored).toEqual([{ seq: 1, value: '"A"' }]);

    // A page loading (or joining) now shows the pause.
    const reloaded = expectOk(
      await client.post<AttemptView>(`${ATTEMPT_BASE}/startAttempt`, { examId, accessCode: '' }),
    );
    expect(reloaded.paused).toEqual({ since: message.since, reason: '停电 Power cut' });
    expect(reloaded.remainingMs).toBe(Date.parse(view.deadline) - Date.parse(message.since));
    const again = await page(client, view.attemptId);
    expect(again.joined.ok && again.joined.paused).toEqual(reloaded.paused);

    expectStatus(await pause(examId, studentId, 'again'), ApiStatus.CONFLICT, /already paused/);

    // Seven minutes later (on the server's clock) it resumes: the deadline moves by exactly them.
    clock.advance(7 * MINUTE);
    const resumedHeard = heard<ResumeMessage>(again.socket, SocketEvent.RESUMED);
    const resumed = expectOk(await resume(examId, studentId, 'Power back'));
    const deadline = new Date(Date.parse(view.deadline) + 7 * MINUTE).toISOString();
    expect(resumed).toEqual({ changed: true, deadline });
    expect(await resumedHeard).toMatchObject({
      deadline,
      pausedMs: 7 * MINUTE,
      givenBackMs: 7 * MINUTE,
    });
    expect(await attemptRow(view.attemptId)).toMatchObject({
      deadline,
      paused_at: null,
      paused_ms: 7 * MINUTE,
      given_back_ms: 7 * MINUTE,
    });
    // The answer kept on the page during the pause goes now.
    const resent = await emitAck<SaveAckMessage>(again.socket, SocketEvent.SAVE, {
      attemptId: view.attemptId,
      itemId,
      seq: 2,
      value: 'B',
    });
    expect(resent).toMatchObject({ ok: true, seq: 2 });
    expectStatus(await resume(examId, studentId, 'twice'), ApiStatus.CONFLICT, /not paused/);

    // The record: who, when, why and how long.
    const pauses = await db()
      .selectFrom('attempt_pauses')
      .selectAll()
      .where('attempt_id', '=', view.attemptId)
      .execute();
    const adminId = await storedValue(db(), 'users', 'id', 'admin', 'name');
    expect(pauses).toMatchObject([
      {
        started_at: message.since,
        ended_at: new Date(Date.parse(message.since) + 7 * MINUTE).toISOString(),
        reason: '停电 Power cut',
        resume_reason: 'Power back',
        paused_by: adminId,
        resumed_by: adminId,
        given_back_ms: 7 * MINUTE,
      },
    ]);
    const events = expectOk(
      await admin.get<ProctorCandidateEvents>(`${BASE}/candidateEvents`, {
        examId: String(examId),
        studentId: String(studentId),
      }),
    );
    expect(events.actions.map((action) => [action.action, action.detail])).toEqual([
      [
        'proctorResume',
        expect.objectContaining({
          reason: 'Power back',
          pausedSeconds: 420,
          givenBackSeconds: 420,
          deadline,
        }),
      ],
      ['proctorPause', expect.objectContaining({ reason: '停电 Power cut', since: message.since })],
    ]);
  });

  it('caps what is given back at the limit and flags the attempt for rescheduling', async () => {
    const examId = await openExam();
    const { view, studentId } = await sitting(examId);
    expectOk(await pause(examId, studentId, 'Network fault'));
    clock.advance(6 * MINUTE);
    expectOk(await resume(examId, studentId, 'Network back'));
    expectOk(await pause(examId, studentId, 'Network fault again'));
    clock.advance(7 * MINUTE);
    // 13 minutes paused in all, 10 the limit: the proctor is told to reschedule, 3 over.
    const during = expectOk(await admin.get<ProctorPausesView>(`${BASE}/pauses/${examId}`));
    expect(during.limitMinutes).toBe(LIMIT_MINUTES);
    expect(during.rows).toEqual([
      expect.objectContaining({
        attemptId: view.attemptId,
        studentId,
        reason: 'Network fault again',
        pausedMs: 13 * MINUTE,
        givenBackMs: 6 * MINUTE,
        reschedule: true,
        minutesOver: 3,
      }),
    ]);
    expect(during.rows[0]!.pausedSince).not.toBeNull();
    const resumed = expectOk(await resume(examId, studentId, 'Network back again'));
    // Only 4 of the 7 minutes are given back: 10 in all.
    expect(Date.parse(resumed.deadline!) - Date.parse(view.deadline)).toBe(LIMIT_MINUTES * MINUTE);
    const after = expectOk(await admin.get<ProctorPausesView>(`${BASE}/pauses/${examId}`));
    expect(after.rows[0]).toMatchObject({
      pausedSince: null,
      pausedMs: 13 * MINUTE,
      givenBackMs: LIMIT_MINUTES * MINUTE,
      reschedule: true,
      minutesOver: 3,
    });
    // Extra time given later keeps what the pauses got back.
    expectOk(
      await admin.post(`${BASE}/extraTime`, { examId, studentId, minutes: 5, reason: 'Slow PC' }),
    );
    expect((await attemptRow(view.attemptId)).deadline).toBe(
      new Date(Date.parse(view.deadline) + (LIMIT_MINUTES + 5) * MINUTE).toISOString(),
    );
  });

  it('does not finalize a pause across the old deadline; the scheduler ends it once at the new one', async () => {
    const examId = await openExam();
    const paused = await sitting(examId);
    const control = await sitting(examId);
    const { socket } = await page(paused.client, paused.view.attemptId);
    let finalized = 0;
    socket.on(SocketEvent.FINALIZED, () => (finalized += 1));
    expectOk(await pause(examId, paused.studentId, 'Power cut'));
    // Both deadlines passed 3 s ago (beyond the grace): the scheduler ends the running one only.
    const passed = new Date(Date.now() - 3000).toISOString();
    await db()
      .updateTable('attempts')
      .set({ deadline: passed })
      .where('id', 'in', [paused.view.attemptId, control.view.attemptId])
      .execute();
    await expect
      .poll(async () => (await attemptRow(control.view.attemptId)).finish_reason, {
        timeout: 10_000,
        interval: 200,
      })
      .toBe('deadline');
    expect(await attemptRow(paused.view.attemptId)).toMatchObject({ finished_at: null });
    // A save while paused past the old deadline: paused, not "time up" (the page keeps it).
    const late = await emitAck<SaveAckMessage>(socket, SocketEvent.SAVE, {
      attemptId: paused.view.attemptId,
      itemId: paused.itemId,
      seq: 1,
      value: 'A',
    });
    expect(late).toMatchObject({ ok: false, code: ApiStatus.ATTEMPT_PAUSED });

    // Six seconds of pause given back: the new deadline is 3 s after the backdating.
    clock.advance(6000);
    const resumed = expectOk(await resume(examId, paused.studentId, 'Power back'));
    expect(resumed.deadline).toBe(new Date(Date.parse(passed) + 6000).toISOString());
    await expect
      .poll(async () => (await attemptRow(paused.view.attemptId)).finish_reason, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe('deadline');
    const row = await attemptRow(paused.view.attemptId);
    expect(row.finished_at! >= resumed.deadline!).toBe(true);
    await expect.poll(() => finalized).toBe(1);
  });

  it('pauses every running attempt of the exam and resumes every paused one', async () => {
    const examId = await openExam();
    const first = await sitting(examId);
    const second = await sitting(examId);
    const done = await sitting(examId);
    expectOk(await done.client.post(`${ATTEMPT_BASE}/submitAttempt/${done.view.attemptId}`));
    const { socket } = await page(second.client, second.view.attemptId);
    const told = heard<PauseMessage>(socket, SocketEvent.PAUSED);
    const body = { examId, reason: 'Room power cut' };
    expect(expectOk(await admin.post<ProctorPauseExamResult>(`${BASE}/pauseExam`, body))).toEqual({
      count: 2,
    });
    expect((await told).reason).toBe('Room power cut');
    // Nothing more to pause; a single candidate is already paused.
    expect(
      expectOk(await admin.post<ProctorPauseExamResult>(`${BASE}/pauseExam`, body)).count,
    ).toBe(0);
    expectStatus(await pause(examId, first.studentId, 'x'), ApiStatus.CONFLICT);
    clock.advance(2 * MINUTE);
    const back = heard<ResumeMessage>(socket, SocketEvent.RESUMED);
    const resumeBody = { examId, reason: 'Power back' };
    expect(
      expectOk(await admin.post<ProctorPauseExamResult>(`${BASE}/resumeExam`, resumeBody)),
    ).toEqual({ count: 2 });
    expect((await back).givenBackMs).toBe(2 * MINUTE);
    for (const { view } of [first, second]) {
      expect((await attemptRow(view.attemptId)).deadline).toBe(
        new Date(Date.parse(view.deadline) + 2 * MINUTE).toISOString(),
      );
    }
    expect(
      expectOk(await admin.post<ProctorPauseExamResult>(`${BASE}/resumeExam`, resumeBody)).count,
    ).toBe(0);
    const records = await db()
      .selectFrom('exam_changes')
      .select(['action', 'detail'])
      .where('exam_id', '=', examId)
      .where('action', 'in', ['proctorPause', 'proctorResume'])
      .execute();
    expect(records).toHaveLength(4);
    expect(records.every((record) => JSON.parse(record.detail).wholeExam === true)).toBe(true);
  });

  // The control lane (db/control-lane.ts): with every connection of the main pool (10 here) held
  // by transactions, as a storm of saves holds them, the pause and the resume still go through.
  it.runIf(testDialect === 'postgres')(
    'pauses and resumes the exam while every connection of the main pool is busy',
    async () => {
      const examId = await openExam();
      const one = await sitting(examId);
      const { socket } = await page(one.client, one.view.attemptId);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const held: Promise<void>[] = [];
      const holding: Promise<void>[] = [];
      for (let i = 0; i < MAIN_POOL; i++) {
        let acquired!: () => void;
        holding.push(new Promise<void>((resolve) => (acquired = resolve)));
        held.push(
          db()
            .transaction()
            .execute(async (trx) => {
              await sql`select 1`.execute(trx);
              acquired();
              await gate;
            }),
        );
      }
      await Promise.all(holding);
      // A plain query queues for the main pool meanwhile.
      let queuedDone = false;
      const queued = attemptRow(one.view.attemptId).then(() => (queuedDone = true));
      const told = heard<PauseMessage>(socket, SocketEvent.PAUSED);
      const body = { examId, reason: 'Network fault' };
      expect(expectOk(await admin.post<ProctorPauseExamResult>(`${BASE}/pauseExam`, body))).toEqual(
        { count: 1 },
      );
      expect((await told).reason).toBe('Network fault');
      clock.advance(MINUTE);
      const back = heard<ResumeMessage>(socket, SocketEvent.RESUMED);
      expect(
        expectOk(await admin.post<ProctorPauseExamResult>(`${BASE}/resumeExam`, body)),
      ).toEqual({ count: 1 });
      expect((await back).givenBackMs).toBe(MINUTE);
      expect(queuedDone).toBe(false);
      release();
      await Promise.all([...held, queued]);
      expect((await attemptRow(one.view.attemptId)).deadline).toBe(
        new Date(Date.parse(one.view.deadline) + MINUTE).toISOString(),
      );
    },
  );

  it('refuses without a reason, before a start, after the end, in the user’s language', async () => {
    const examId = await openExam();
    const { client, view, studentId } = await sitting(examId);
    for (const reason of ['', '   ', 'x'.repeat(201)]) {
      const refused = await pause(examId, studentId, reason);
      expectStatus(refused, ApiStatus.INVALID_INPUT);
      expect(refused.body.data).toMatchObject({ field: 'reason' });
    }
    expectStatus(
      await admin.post(`${BASE}/pauseExam`, { examId, reason: '' }),
      ApiStatus.INVALID_INPUT,
    );
    const notStarted = await storedValue(db(), 'students', 'id', tickets[next++]!, 'ticket_number');
    expectStatus(await pause(examId, notStarted, 'x'), ApiStatus.CONFLICT, /not started/);
    expectStatus(await resume(examId, studentId, 'x'), ApiStatus.CONFLICT, /not paused/);
    expectOk(await client.post(`${ATTEMPT_BASE}/submitAttempt/${view.attemptId}`));
    expectStatus(await pause(examId, studentId, 'x'), ApiStatus.CONFLICT, /has ended/);
    const inChinese = await admin.request({
      method: 'POST',
      url: `${BASE}/pauseAttempt`,
      payload: { examId, studentId, reason: 'x' },
      headers: { 'accept-language': 'zh' },
    });
    expectStatus(inChinese, ApiStatus.CONFLICT, /已结束，不能暂停/);
  });

  it('keeps pausing to proctors of the exam: permission, batches, another exam’s candidate', async () => {
    const otherBatch = await addClass(db(), subjectId, { level: 5, name: 'Other pause batch' });
    const [outsider] = await addSignableStudents(db(), otherBatch, 1, {
      prefix: 'PQ-',
      password: PASSWORD,
    });
    const examId = await openExam({ classIds: [batch, otherBatch] });
    const mine = await sitting(examId);
    const outsiderClient = await login(t.app, outsider!, PASSWORD, UserType.STUDENT);
    expectOk(await outsiderClient.post(`${ATTEMPT_BASE}/startAttempt`, { examId, accessCode: '' }));
    const outsiderId = await storedValue(db(), 'students', 'id', outsider!, 'ticket_number');

    // A student, and a teacher without the proctor's keys: refused.
    const plain = await signedInTeacher(t.app, admin, [Perm.PUBLISH_GROUP]);
    for (const client of [mine.client, plain.client]) {
      expectStatus(await pause(examId, mine.studentId, 'x', client), ApiStatus.FORBIDDEN);
      expectStatus(
        await client.post(`${BASE}/pauseExam`, { examId, reason: 'x' }),
        ApiStatus.FORBIDDEN,
      );
      expectStatus(await client.get(`${BASE}/pauses/${examId}`), ApiStatus.FORBIDDEN);
    }

    // An invigilator of one batch: their candidates only; the whole exam means their batch.
    const role = await createRole(admin, { permissionKeys: [Perm.PUBLISH_GROUP, Perm.INVIGILATE] });
    const user = await addUser(admin, {
      userType: UserType.TEACHER,
      roleIds: [role.roleId, await roleIdOf(admin, RoleKey.SUPER)],
    });
    await assignTeacher(db(), batch, user.id);
    const invigilator = await login(t.app, user.name, DEFAULT_PASSWORD, UserType.TEACHER);
    expectStatus(await pause(examId, outsiderId, 'x', invigilator), ApiStatus.FORBIDDEN);
    expect(
      expectOk(
        await invigilator.post<ProctorPauseExamResult>(`${BASE}/pauseExam`, {
          examId,
          reason: 'Our room',
        }),
      ).count,
    ).toBe(1);
    expect((await attemptRow(mine.view.attemptId)).paused_at).not.toBeNull();
    const outsiderAttempt = await storedValue(db(), 'attempts', 'id', outsiderId, 'student_id');
    expect((await attemptRow(outsiderAttempt)).paused_at).toBeNull();
    const seen = expectOk(await invigilator.get<ProctorPausesView>(`${BASE}/pauses/${examId}`));
    expect(seen.rows.map((row) => row.studentId)).toEqual([mine.studentId]);

    // Another exam's candidate is none of this exam's; an exam outside one's batches does not exist.
    const elsewhere = await openExam({ classIds: [otherBatch] });
    expectStatus(await pause(elsewhere, mine.studentId, 'x'), ApiStatus.INVALID_INPUT);
    expectStatus(await pause(elsewhere, outsiderId, 'x', invigilator), ApiStatus.NOT_FOUND);
    expectStatus(await admin.get(`${BASE}/pauses/999999`), ApiStatus.NOT_FOUND);
    expectOk(await resume(examId, mine.studentId, 'done', invigilator));
  });

  it('lets the proctor hand in a paused attempt: the pause ends with it', async () => {
    const examId = await openExam();
    const { view, studentId, client } = await sitting(examId);
    const { socket } = await page(client, view.attemptId);
    const ended = heard<Receipt>(socket, SocketEvent.FINALIZED);
    expectOk(await pause(examId, studentId, 'Power cut'));
    expectOk(
      await admin.post(`${BASE}/submitAttempt`, { examId, studentId, reason: 'Reschedule' }),
    );
    expect((await ended).finishReason).toBe('proctor_submit');
    expect(await attemptRow(view.attemptId)).toMatchObject({ paused_at: null, given_back_ms: 0 });
    const open = await db()
      .selectFrom('attempt_pauses')
      .select(['ended_at', 'resumed_by'])
      .where('attempt_id', '=', view.attemptId)
      .executeTakeFirstOrThrow();
    expect(open.ended_at).not.toBeNull();
    expect(open.resumed_by).toBeNull();
  });
});
