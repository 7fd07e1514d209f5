import type ExcelJS from 'exceljs';
import {
  ApiStatus,
  ATTEMPT_BASE,
  CandidateStatus,
  PROCTOR_BASE as BASE,
  Perm,
  ProctorEvent,
  QuestionType,
  RoleKey,
  SocketEvent,
  UserType,
  type AttemptView,
  type ExamBody,
  type JoinAck,
  LIVE_TOKEN_HEADER,
  type LiveExamView,
  type ProctorActionResult,
  type ProctorCandidateEvents,
  type ProctorDelta,
  type ProctorMessage,
  type ProctorMessageResult,
  type Receipt,
  type SaveAckMessage,
  type TimeMessage,
} from '@kaoshi/shared';
import type { Socket } from 'socket.io-client';
import { emitAck, socketOf, listenLocally } from '../../../test/sockets.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD,
  appWithAdmin,
  login,
  type Client,
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
  exportedWorkbook,
} from '../../../test/factories.js';
import { addClass, assignTeacher } from '../base/test-data.js';
import { addSignableStudents, publishOpenExam } from '../attempt/test-data.js';
import { type Structure } from '../question/test-data.js';
import { paperAndBatch } from '../../../test/exams.js';

const MINUTE = 60_000;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();
const PASSWORD = 'proctor-pass-1';
/** A fill-in answer no view may carry: the proctor sees that it was given, never what. */
const SECRET_ANSWER = 'Xylophone-42';

describe('the proctor view', () => {
  let t: TestApp;
  let admin: Client;
  let s: Structure;
  let paperId: number;
  let batch: number;
  let tickets: string[] = [];
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    ({ s, paperId, batch } = await paperAndBatch(t.handle.db, {
      types: [QuestionType.SINGLE, QuestionType.FILL_BLANK, QuestionType.SHORT_ANSWER],
      batchName: 'Proctor batch',
    }));
    // Every exam of these tests has the whole batch as candidates.
    tickets = await addSignableStudents(t.handle.db, batch, 6, {
      prefix: 'PR-',
      password: PASSWORD,
    });
    url = await listenLocally(t.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  const signIn = (ticket: string) => login(t.app, ticket, PASSWORD, UserType.STUDENT);
  const studentIdOf = (ticket: string) =>
    storedValue(t.handle.db, 'students', 'id', ticket, 'ticket_number');

  /** Publishes an exam for the batch with its window open now. */
  const openExam = (fields: Partial<ExamBody> = {}) =>
    publishOpenExam(
      admin,
      t.handle.db,
      { paperId, classIds: [batch], name: `Proctored exam ${Date.now()}` },
      fields,
    );

  const start = async (client: Client, examId: number) =>
    expectOk(
      await client.post<AttemptView>(`${ATTEMPT_BASE}/startAttempt`, { examId, accessCode: '' }),
    );
  const itemOfType = (view: AttemptView, type: number) =>
    view.paper.sections.flatMap((section) => section.items).find((item) => item.type === type)!;
  const live = async (examId: number, client: Client = admin) =>
    expectOk(await client.get<LiveExamView>(`${BASE}/liveExam/${examId}`));

  const open = (client: Client) => {
    const socket = socketOf(url, client.token);
    sockets.push(socket);
    return socket;
  };
  const call = emitAck;
  const next = <T>(socket: Socket, event: string) =>
    new Promise<T>((resolve) => socket.once(event, (message: T) => resolve(message)));

  /** The export as `client` in `language`: a real workbook. */
  const workbook = (url: string, client: Client, language: string) =>
    exportedWorkbook(t.app, url, client, language);

  it('counts candidates by state and shows each row without what they answered', async () => {
    const examId = await openExam();
    const [a, b] = [tickets[0]!, tickets[1]!];
    const answering = await signIn(a);
    const view = await start(answering, examId);
    const fill = itemOfType(view, QuestionType.FILL_BLANK);
    const single = itemOfType(view, QuestionType.SINGLE);
    expectOk(
      await answering.post(`${ATTEMPT_BASE}/saveAnswers`, {
        attemptId: view.attemptId,
        answers: [
          { itemId: fill.itemId, seq: 1, value: [SECRET_ANSWER] },
          { itemId: single.itemId, seq: 1, value: '' },
        ],
      }),
    );
    const submitting = await signIn(b);
    const other = await start(submitting, examId);
    expectOk(await submitting.post(`${ATTEMPT_BASE}/submitAttempt/${other.attemptId}`));

    const before = await live(examId);
    expect(before.counts).toEqual({
      notStarted: tickets.length - 2,
      inProgress: 1,
      submitted: 1,
      absent: 0,
      offline: 1,
    });
    expect(JSON.stringify(before)).not.toContain(SECRET_ANSWER);
    const row = before.rows.find((candidate) => candidate.ticketNumber === a)!;
    expect(row).toMatchObject({
      state: 'in_progress',
      status: CandidateStatus.IN_PROGRESS,
      attemptId: view.attemptId,
      // The cleared single choice holds no answer.
      answered: 1,
      connected: false,
    });
    expect(row.lastSaveAt).not.toBeNull();
    expect(before.rows.find((candidate) => candidate.ticketNumber === b)).toMatchObject({
      state: 'submitted',
      finishReason: 'submitted',
    });

    // The exam page opens: connected, no longer offline; the join is an event with an address.
    const page = open(answering);
    expect(
      await call<JoinAck>(page, SocketEvent.JOIN, { attemptId: view.attemptId }),
    ).toMatchObject({ ok: true });
    await expect.poll(async () => (await live(examId)).counts.offline).toBe(0);
    const after = await live(examId);
    const joined = after.rows.find((candidate) => candidate.ticketNumber === a)!;
    expect(joined.connected).toBe(true);
    expect(joined.eventCounts.joined).toBe(1);
    expect(joined.address).toMatch(/127\.0\.0\.1/);
    page.disconnect();

    // Past the window, who never started is absent.
    await t.handle.db
      .updateTable('exams')
      .set({ end_at: inMinutes(-1) })
      .where('id', '=', examId)
      .execute();
    expect((await live(examId)).counts).toMatchObject({
      notStarted: 0,
      absent: tickets.length - 2,
    });
  });

  it('refuses a teacher without PUBLISHMANAGE, a student, and their sockets', async () => {
    const examId = await openExam();
    const teacher = await signedInTeacher(t.app, admin, [Perm.PUBLISH_GROUP]);
    const student = await signIn(tickets[2]!);
    for (const client of [teacher.client, student]) {
      expectStatus(await client.get(`${BASE}/liveExam/${examId}`), ApiStatus.FORBIDDEN);
      expectStatus(
        await client.post(`${BASE}/sendMessage`, { examId, content: 'hello' }),
        ApiStatus.FORBIDDEN,
      );
      expectStatus(await client.get(`${BASE}/exportEventLog/${examId}`), ApiStatus.FORBIDDEN);
    }
    // A student's socket may connect (to sit exams) but not watch one.
    const refused = await call<{ ok: boolean; code: number }>(open(student), ProctorEvent.WATCH, {
      examId,
    });
    expect(refused).toMatchObject({ ok: false, code: ApiStatus.FORBIDDEN });
    expectStatus(await admin.get(`${BASE}/liveExam/999999`), ApiStatus.NOT_FOUND);
  });

  it('limits a teacher to their batches: their rows only, no live room over others’ candidates', async () => {
    const otherBatch = await addClass(t.handle.db, s.subjectId, { level: 5, name: 'Other batch' });
    const [outsider] = await addSignableStudents(t.handle.db, otherBatch, 1, {
      prefix: 'PO-',
      password: PASSWORD,
    });
    const examId = await openExam({ classIds: [batch, otherBatch] });
    const role = await createRole(admin, { permissionKeys: [Perm.PUBLISH_GROUP, Perm.PUBLISH] });
    const user = await addUser(admin, {
      userType: UserType.TEACHER,
      roleIds: [role.roleId, await roleIdOf(admin, RoleKey.SUPER)],
    });
    await assignTeacher(t.handle.db, batch, user.id);
    const teacher = await login(t.app, user.name, DEFAULT_PASSWORD, UserType.TEACHER);
    const rows = (await live(examId, teacher)).rows.map((row) => row.ticketNumber);
    expect(rows.sort()).toEqual([...tickets].sort());
    expect((await live(examId)).rows.map((row) => row.ticketNumber)).toContain(outsider);
    const outsiderId = await studentIdOf(outsider!);
    expectStatus(
      await teacher.post(`${BASE}/submitAttempt`, { examId, studentId: outsiderId, reason: 'x' }),
      ApiStatus.FORBIDDEN,
    );
    // The event log's actions about another batch's candidate stay out of the teacher's export.
    expectOk(
      await admin.post(`${BASE}/extraTime`, {
        examId,
        studentId: outsiderId,
        minutes: 5,
        reason: 'Outsider reason',
      }),
    );
    const logText = async (client: Client) => {
      const book = await workbook(`${BASE}/exportEventLog/${examId}`, client, 'en');
      return JSON.stringify(book.worksheets.map((sheet) => sheet.getSheetValues()));
    };
    expect(await logText(admin)).toContain('Outsider reason');
    expect(await logText(teacher)).not.toContain('Outsider reason');
    const refused = await call<{ ok: boolean; code: number }>(open(teacher), ProctorEvent.WATCH, {
      examId,
    });
    expect(refused).toMatchObject({ ok: false, code: ApiStatus.FORBIDDEN });
    // Their own exam, all batches theirs: the room is open to them.
    const own = await openExam();
    expect(await call(open(teacher), ProctorEvent.WATCH, { examId: own })).toEqual({
      ok: true,
      examId: own,
    });
  });

  it('requires a reason for every action, naming the field', async () => {
    const examId = await openExam();
    const studentId = await studentIdOf(tickets[0]!);
    const cases: [string, object][] = [
      ['extraTime', { examId, studentId, minutes: 5 }],
      ['submitAttempt', { examId, studentId, reason: '   ' }],
      ['reopenAttempt', { examId, studentId, minutes: 5, reason: '' }],
      ['sendMessage', { examId, content: ' ' }],
    ];
    for (const [action, body] of cases) {
      const result = await admin.post(`${BASE}/${action}`, body);
      expectStatus(result, ApiStatus.INVALID_INPUT);
      expect(result.body.data, action).toEqual({
        field: action === 'sendMessage' ? 'content' : 'reason',
      });
    }
    // A student who has not started has nothing to submit.
    const early = await admin.post(`${BASE}/submitAttempt`, { examId, studentId, reason: 'x' });
    expectStatus(early, ApiStatus.CONFLICT);
    expect(early.body.message).toMatch(/has not started/);
  });

  it('gives extra time, submits once, reopens, and messages the candidate’s page', async () => {
    const examId = await openExam();
    const ticket = tickets[3]!;
    const studentId = await studentIdOf(ticket);
    const client = await signIn(ticket);
    const view = await start(client, examId);
    const page = open(client);
    expect(
      await call<JoinAck>(page, SocketEvent.JOIN, { attemptId: view.attemptId }),
    ).toMatchObject({ ok: true });

    const time = next<TimeMessage>(page, SocketEvent.TIME);
    const extra = expectOk(
      await admin.post<ProctorActionResult>(`${BASE}/extraTime`, {
        examId,
        studentId,
        minutes: 10,
        reason: 'Power cut in room 2',
      }),
    );
    expect(Date.parse((await time).deadline) - Date.parse(view.deadline)).toBe(10 * MINUTE);
    // The page is told by how much, to say so to the candidate.
    expect((await time).changedMinutes).toBe(10);
    expect(extra).toMatchObject({ changed: true, deadline: (await time).deadline });

    const message = next<ProctorMessage>(page, ProctorEvent.MESSAGE);
    const sent = expectOk(
      await admin.post<ProctorMessageResult>(`${BASE}/sendMessage`, {
        examId,
        studentId,
        content: 'Please sit still',
      }),
    );
    expect(sent).toEqual({ delivered: 1, recipients: 1 });
    expect((await message).content).toBe('Please sit still');
    const toAll = next<ProctorMessage>(page, ProctorEvent.MESSAGE);
    expectOk(await admin.post(`${BASE}/sendMessage`, { examId, content: 'Ten minutes left' }));
    expect((await toAll).content).toBe('Ten minutes left');

    const finalized = next<Receipt>(page, SocketEvent.FINALIZED);
    const submitted = expectOk(
      await admin.post<ProctorActionResult>(`${BASE}/submitAttempt`, {
        examId,
        studentId,
        reason: 'Caught with notes',
      }),
    );
    expect(submitted.changed).toBe(true);
    // Collected by the proctor, not handed in by the candidate: the table and the page say so.
    expect((await finalized).finishReason).toBe('proctor_submit');
    const collected = (await live(examId)).rows.find((r) => r.studentId === studentId)!;
    expect(collected).toMatchObject({
      state: 'submitted',
      finishReason: 'proctor_submit',
      status: CandidateStatus.SUBMITTED,
    });
    const again = expectOk(
      await admin.post<ProctorActionResult>(`${BASE}/submitAttempt`, {
        examId,
        studentId,
        reason: 'Twice',
      }),
    );
    expect(again.changed).toBe(false);

    // Reopened after a technical failure: running again, every answer kept, scores cleared.
    const reopened = expectOk(
      await admin.post<ProctorActionResult>(`${BASE}/reopenAttempt`, {
        examId,
        studentId,
        minutes: 15,
        reason: 'Laptop crashed',
      }),
    );
    expect(Date.parse(reopened.deadline!) - Date.now()).toBeGreaterThan(14 * MINUTE);
    const row = (await live(examId)).rows.find((candidate) => candidate.studentId === studentId)!;
    expect(row).toMatchObject({
      state: 'in_progress',
      status: CandidateStatus.REOPENED,
      finishedAt: null,
    });
    const single = itemOfType(view, QuestionType.SINGLE);
    const saved = expectOk(
      await client.post<{ acks: { ok: boolean }[] }>(`${ATTEMPT_BASE}/saveAnswers`, {
        attemptId: view.attemptId,
        answers: [{ itemId: single.itemId, seq: 1, value: 'A' }],
      }),
    );
    expect(JSON.stringify(saved)).toContain('"ok":true');
    const still = await admin.post(`${BASE}/reopenAttempt`, {
      examId,
      studentId,
      minutes: 5,
      reason: 'Again',
    });
    expectStatus(still, ApiStatus.CONFLICT);
    expect(still.body.message).toMatch(/still running/);

    // The record holds each action once, with its reason; the drawer lists them.
    const drawer = expectOk(
      await admin.get<ProctorCandidateEvents>(`${BASE}/candidateEvents`, {
        examId: String(examId),
        studentId: String(studentId),
      }),
    );
    expect(drawer.actions.map((action) => [action.action, action.detail.reason]).reverse()).toEqual(
      [
        ['extraTime', 'Power cut in room 2'],
        ['proctorMessage', undefined],
        ['proctorSubmit', 'Caught with notes'],
        ['proctorReopen', 'Laptop crashed'],
      ],
    );
    expect(drawer.events.map((event) => event.type)).toContain('joined');
  });

  it('sends the proctor room small deltas, throttled, never an answer value', async () => {
    const examId = await openExam();
    const ticket = tickets[4]!;
    const client = await signIn(ticket);
    const view = await start(client, examId);
    const fill = itemOfType(view, QuestionType.FILL_BLANK);

    const proctor = open(admin);
    const deltas: ProctorDelta[] = [];
    const raw: string[] = [];
    proctor.on(ProctorEvent.DELTA, (delta: ProctorDelta) => {
      deltas.push(delta);
      raw.push(JSON.stringify(delta));
    });
    expect(await call(proctor, ProctorEvent.WATCH, { examId })).toEqual({ ok: true, examId });

    const page = open(client);
    const joined = await call<JoinAck>(page, SocketEvent.JOIN, { attemptId: view.attemptId });
    await expect.poll(() => deltas.some((delta) => delta.kind === 'joined')).toBe(true);
    expect(deltas.find((delta) => delta.kind === 'joined')).toMatchObject({
      examId,
      attemptId: view.attemptId,
      connected: true,
      deadline: view.deadline,
    });

    // Five saves at once: one delta at once, one more at the end of the second.
    for (let seq = 1; seq <= 5; seq++) {
      const ack = await call<SaveAckMessage>(page, SocketEvent.SAVE, {
        attemptId: view.attemptId,
        itemId: fill.itemId,
        seq,
        value: [`${SECRET_ANSWER}-${seq}`],
      });
      expect(ack.ok).toBe(true);
    }
    await expect
      .poll(() => deltas.filter((delta) => delta.kind === 'saved').length, { timeout: 5000 })
      .toBeGreaterThanOrEqual(2);
    const saved = deltas.filter((delta) => delta.kind === 'saved');
    // Five saves within the second: the first at once and the latest state at its end (more
    // only if the saves themselves spread over seconds), never two within a second.
    expect(saved.length).toBeLessThan(5);
    for (let i = 1; i < saved.length; i++) {
      expect(Date.parse(saved[i]!.at) - Date.parse(saved[i - 1]!.at)).toBeGreaterThanOrEqual(900);
    }
    expect(saved.at(-1)).toMatchObject({ answered: 1, studentId: await studentIdOf(ticket) });

    const event = await call<{ ok: boolean }>(page, SocketEvent.EVENT, {
      attemptId: view.attemptId,
      type: 'page_hidden',
    });
    expect(event.ok).toBe(true);
    await expect
      .poll(() => deltas.find((delta) => delta.kind === 'event')?.event?.type)
      .toBe('page_hidden');
    // The HTTP calls (the page's fallback when its socket is down, with its live token) are
    // heard alike.
    expectOk(
      await client.request({
        method: 'POST',
        url: `${ATTEMPT_BASE}/logEvent`,
        payload: { attemptId: view.attemptId, type: 'paste' },
        headers: { [LIVE_TOKEN_HEADER]: joined.ok ? (joined.liveToken ?? '') : '' },
      }),
    );
    await expect
      .poll(() => deltas.some((delta) => delta.kind === 'event' && delta.event?.type === 'paste'))
      .toBe(true);

    await call(page, SocketEvent.SUBMIT, { attemptId: view.attemptId });
    await expect
      .poll(() => deltas.find((delta) => delta.kind === 'finalized')?.studentId)
      .toBe(await studentIdOf(ticket));
    page.disconnect();
    await expect.poll(() => deltas.some((delta) => delta.kind === 'left')).toBe(true);
    for (const text of raw) expect(text).not.toContain(SECRET_ANSWER);
  });

  it('exports the event log as a real workbook with headers in the user’s language', async () => {
    const examId = await openExam();
    const ticket = tickets[5]!;
    const client = await signIn(ticket);
    const view = await start(client, examId);
    expectOk(
      await client.post(`${ATTEMPT_BASE}/logEvent`, { attemptId: view.attemptId, type: 'paste' }),
    );
    expectOk(
      await admin.post(`${BASE}/submitAttempt`, {
        examId,
        studentId: await studentIdOf(ticket),
        reason: '作弊',
      }),
    );
    const book = await workbook(`${BASE}/exportEventLog/${examId}`, admin, 'zh');
    const values = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);
    const [events, actions] = book.worksheets;
    expect(values(events!.getRow(1))).toEqual(['时间', '准考证号', '姓名', '事件', '详情', '地址']);
    expect(values(events!.getRow(2)).slice(1, 4)).toEqual([ticket, expect.any(String), '粘贴']);
    expect(values(actions!.getRow(2)).slice(2, 5)).toEqual([
      '监考收卷',
      expect.stringContaining(ticket),
      '作弊',
    ]);
  });
});
