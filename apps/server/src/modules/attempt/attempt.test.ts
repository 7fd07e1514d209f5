import type { AddressInfo } from 'node:net';
import {
  ApiStatus,
  ATTEMPT_BASE as BASE,
  CandidateStatus,
  PROCTOR_BASE,
  QuestionType,
  SocketEvent,
  TOKEN_COOKIE,
  UserType,
  groupReceiptCode,
  type AttemptView,
  type EventAck,
  type ExamBody,
  type JoinAck,
  type LogEventResult,
  type MyExamsView,
  type ProctorReceiptCheck,
  type Receipt,
  type SaveAckMessage,
  type SaveAnswersResult,
  type TimeMessage,
} from '@kaoshi/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type Client, type TestApp } from '../../../test/build-app.js';
import { ME, expectOk, expectStatus } from '../../../test/factories.js';
import { addClass } from '../base/test-data.js';
import { EXAM_BASE } from '../exam/exam.routes.js';
import { addPaper } from '../exam/test-data.js';
import { createStructure, type Structure } from '../question/test-data.js';
import { addSignableStudents, publishOpenExam } from './test-data.js';

const MINUTE = 60_000;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();
const PASSWORD = 'exam-pass-1';
/** The leave grace these tests run with (LEAVE_GRACE_SECONDS). */
const GRACE_MS = 10_000;

/** The server's clock for absences: moved on by the tests, never waited for. */
const clock = {
  at: Date.now(),
  now() {
    return this.at;
  },
  advance(ms: number) {
    this.at += ms;
  },
};

/** Words that only a key, an analysis or a model answer would carry. */
const KEY_MARKERS = [
  '"correct"',
  '"answer"',
  '"blanks"',
  '"analysis"',
  'Model answer',
  'ohm',
  'volt',
  'Why ',
];

describe('taking exams', () => {
  let t: TestApp;
  let admin: Client;
  let s: Structure;
  let paperId: number;
  let batch: number;
  let tickets: string[] = [];
  let next = 0;

  beforeAll(async () => {
    t = await createTestApp({ LEAVE_GRACE_SECONDS: String(GRACE_MS / 1000) }, { clock });
    admin = await login(t.app);
    s = await createStructure(t.handle.db);
    // 2 points each: single (A), multiple (AB), judgement (T), fill-in (ohm|Ω, volt), short answer.
    paperId = await addPaper(t.handle.db, {
      subjectId: s.subjectId,
      level: s.level,
      courseId: s.courseId,
      types: [
        QuestionType.SINGLE,
        QuestionType.MULTIPLE,
        QuestionType.JUDGEMENT,
        QuestionType.FILL_BLANK,
        QuestionType.SHORT_ANSWER,
      ],
      passScore: 6,
    });
    batch = await addClass(t.handle.db, s.subjectId, { level: 5, name: 'Attempt batch' });
    tickets = await addSignableStudents(t.handle.db, batch, 24, {
      prefix: 'AT-',
      password: PASSWORD,
    });
  });
  afterAll(() => t.close());

  /** A student of the batch who has not sat an exam of these tests yet, signed in. */
  const student = async () => {
    const ticket = tickets[next++];
    if (ticket === undefined) throw new Error('Every student of the batch has sat: add more');
    return { ticket, client: await login(t.app, ticket, PASSWORD, UserType.STUDENT) };
  };

  /** Publishes an exam for the batch and opens its window now (the tests cannot wait). */
  const openExam = (fields: Partial<ExamBody> = {}, openedMinutesAgo = 1) =>
    publishOpenExam(
      admin,
      t.handle.db,
      { paperId, classIds: [batch], name: `Attempt exam ${Date.now()}` },
      fields,
      openedMinutesAgo,
    );

  const start = async (client: Client, examId: number, accessCode = '') =>
    expectOk(await client.post<AttemptView>(`${BASE}/startAttempt`, { examId, accessCode }));

  const itemsOf = (view: AttemptView) => view.paper.sections.flatMap((section) => section.items);
  const itemOfType = (view: AttemptView, type: number) =>
    itemsOf(view).find((item) => item.type === type)!;

  const save = (client: Client, attemptId: number, answers: unknown[]) =>
    client.post<SaveAnswersResult>(`${BASE}/saveAnswers`, { attemptId, answers });

  it('lists the exam, refuses to start before the window, then delivers the paper without keys', async () => {
    const examId = await openExam();
    await t.handle.db
      .updateTable('exams')
      .set({ start_at: inMinutes(10) })
      .where('id', '=', examId)
      .execute();
    const { client } = await student();
    const before = expectOk(await client.get<MyExamsView>(`${BASE}/listMyExams`));
    expect(before.exams.find((exam) => exam.examId === examId)?.state).toBe('upcoming');
    const early = await client.post(`${BASE}/startAttempt`, { examId });
    expectStatus(early, ApiStatus.CONFLICT);
    expect(early.body.message).toMatch(/has not opened yet/);

    await t.handle.db
      .updateTable('exams')
      .set({ start_at: inMinutes(-1) })
      .where('id', '=', examId)
      .execute();
    const view = await start(client, examId);
    expect(itemsOf(view)).toHaveLength(5);
    expect(view.paper.total).toBe(10);
    expect(view.remainingMs).toBeGreaterThan(29 * MINUTE);
    expect(view.remainingMs).toBeLessThanOrEqual(30 * MINUTE);
    const text = JSON.stringify(view);
    for (const marker of KEY_MARKERS) expect(text).not.toContain(marker);

    // The session says the realtime connection is wanted while the attempt runs.
    expect(expectOk(await client.get<{ socketOpen: boolean }>(ME)).socketOpen).toBe(true);

    // Starting again continues the same attempt.
    expect((await start(client, examId)).attemptId).toBe(view.attemptId);
    const listed = expectOk(await client.get<MyExamsView>(`${BASE}/listMyExams`));
    const mine = listed.exams.find((exam) => exam.examId === examId)!;
    expect(mine).toMatchObject({ state: 'open', status: CandidateStatus.IN_PROGRESS });
    expect(JSON.stringify(listed)).not.toContain('"correct"');

    // Someone else's attempt is not there for them; staff are not students.
    const other = await student();
    expectStatus(
      await other.client.get(`${BASE}/getAttempt/${view.attemptId}`),
      ApiStatus.NOT_FOUND,
    );
    expectStatus(await admin.get(`${BASE}/listMyExams`), ApiStatus.FORBIDDEN);
  });

  it('saves by seq (a resend or an older save changes nothing), refuses wrong answers, scores at submit', async () => {
    const examId = await openExam({
      multipleScoring: 'partial',
      partialShare: 0.5,
    } as Partial<ExamBody>);
    const { client } = await student();
    const view = await start(client, examId);
    const id = view.attemptId;
    const single = itemOfType(view, QuestionType.SINGLE);
    const multiple = itemOfType(view, QuestionType.MULTIPLE);
    const judgement = itemOfType(view, QuestionType.JUDGEMENT);
    const blanks = itemOfType(view, QuestionType.FILL_BLANK);
    const essay = itemOfType(view, QuestionType.SHORT_ANSWER);

    const first = expectOk(
      await save(client, id, [
        { itemId: single.itemId, seq: 2, value: 'A' },
        { itemId: multiple.itemId, seq: 1, value: 'A' },
        { itemId: judgement.itemId, seq: 1, value: 'F' },
        { itemId: blanks.itemId, seq: 1, value: ['  Ω ', 'ＶＯＬＴ'] },
        { itemId: essay.itemId, seq: 1, value: 'Ohm’s law relates voltage and current.' },
        { itemId: 's9q9', seq: 1, value: 'A' },
        { itemId: single.itemId, seq: 3, value: 'AB' },
        { itemId: judgement.itemId, seq: 2, value: 'maybe' },
      ]),
    );
    expect(first.acks.map((ack) => ack.ok)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(first.acks[5]).toMatchObject({ code: ApiStatus.INVALID_INPUT });
    // An older seq is acknowledged but ignored; a newer one wins.
    expectOk(await save(client, id, [{ itemId: single.itemId, seq: 1, value: 'B' }]));
    expectOk(await save(client, id, [{ itemId: judgement.itemId, seq: 5, value: 'T' }]));
    const resumed = expectOk(await client.get<AttemptView>(`${BASE}/getAttempt/${id}`));
    const answer = (itemId: string) => resumed.answers.find((a) => a.itemId === itemId);
    expect(answer(single.itemId)).toEqual({ itemId: single.itemId, seq: 2, value: 'A' });
    expect(answer(judgement.itemId)).toMatchObject({ seq: 5, value: 'T' });
    expect(answer(blanks.itemId)?.value).toEqual(['  Ω ', 'ＶＯＬＴ']);

    const receipt = expectOk(await client.post<Receipt>(`${BASE}/submitAttempt/${id}`));
    // single 2 + multiple half of 2 + judgement 2 + fill-in: Ω right, ＶＯＬＴ is not "volt" (case counts) → 1.
    expect(receipt).toMatchObject({ finishReason: 'submitted', answeredCount: 5, itemCount: 5 });
    expect(receipt.receiptCode).toMatch(/^[2-9A-HJKMNP-TV-Z]{16}$/);
    // The default policy shows the result only after release.
    expect(receipt.result).toBeNull();
    const stored = await t.handle.db
      .selectFrom('attempts')
      .select(['objective_score', 'pending_marking'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ objective_score: 600, pending_marking: 1 });
    const scores = await t.handle.db
      .selectFrom('attempt_answers')
      .select(['item_id', 'score'])
      .where('attempt_id', '=', id)
      .execute();
    const scoreOf = new Map(scores.map((row) => [row.item_id, row.score]));
    expect(
      [single, multiple, judgement, blanks, essay].map((item) => scoreOf.get(item.itemId)),
    ).toEqual([200, 100, 200, 100, null]);

    expect(expectOk(await client.get<{ socketOpen: boolean }>(ME)).socketOpen).toBe(false);
    // Submitting again answers the same receipt; a save now is refused with its own code.
    expect(expectOk(await client.post<Receipt>(`${BASE}/submitAttempt/${id}`))).toEqual(receipt);
    const late = expectOk(await save(client, id, [{ itemId: single.itemId, seq: 9, value: 'B' }]));
    expect(late.acks[0]).toMatchObject({ ok: false, code: ApiStatus.ATTEMPT_ENDED });
    const listed = expectOk(await client.get<MyExamsView>(`${BASE}/listMyExams`));
    expect(listed.exams.find((exam) => exam.examId === examId)).toMatchObject({
      state: 'finished',
      status: CandidateStatus.SUBMITTED,
    });
  });

  it('shows the objective score at once when the exam says so; the total only when no marker has a say', async () => {
    const examId = await openExam({ showResult: 'objective' } as Partial<ExamBody>);
    const { client } = await student();
    const view = await start(client, examId);
    const judgement = itemOfType(view, QuestionType.JUDGEMENT);
    expectOk(
      await save(client, view.attemptId, [{ itemId: judgement.itemId, seq: 1, value: 'T' }]),
    );
    const receipt = expectOk(await client.post<Receipt>(`${BASE}/submitAttempt/${view.attemptId}`));
    // The paper has a short answer (unanswered here): its score is a marker's, so the total and
    // pass wait for the release.
    expect(receipt.result).toEqual({
      objectiveScore: 2,
      score: null,
      total: 10,
      passScore: 6,
      passed: null,
      pendingMarking: 0,
    });
    const listed = expectOk(await client.get<MyExamsView>(`${BASE}/listMyExams`));
    expect(listed.exams.find((exam) => exam.examId === examId)!.result).toEqual(receipt.result);

    // A paper with no question for markers: the total and pass are known at submission.
    const objectivePaper = await addPaper(t.handle.db, {
      subjectId: s.subjectId,
      level: s.level,
      courseId: s.courseId,
      types: [QuestionType.SINGLE, QuestionType.JUDGEMENT],
      passScore: 2,
    });
    const plainExam = await openExam({
      showResult: 'objective',
      paperId: objectivePaper,
    } as Partial<ExamBody>);
    const plain = await start(client, plainExam);
    expectOk(
      await save(client, plain.attemptId, [
        { itemId: itemOfType(plain, QuestionType.JUDGEMENT).itemId, seq: 1, value: 'T' },
      ]),
    );
    const total = expectOk(await client.post<Receipt>(`${BASE}/submitAttempt/${plain.attemptId}`));
    expect(total.result).toEqual({
      objectiveScore: 2,
      score: 2,
      total: 4,
      passScore: 2,
      passed: true,
      pendingMarking: 0,
    });
    const again = expectOk(await client.get<MyExamsView>(`${BASE}/listMyExams`));
    expect(again.exams.find((exam) => exam.examId === plainExam)!.result).toEqual(total.result);
  });

  it('checks the access code, the address allow-list, late entry and the minimum time', async () => {
    const coded = await openExam({
      accessCode: 'K7Q2',
      ipAllowList: ['10.1.0.0/16'],
      minSubmitMinutes: 10,
    } as Partial<ExamBody>);
    const { client } = await student();
    const outside = await client.request({
      method: 'POST',
      url: `${BASE}/startAttempt`,
      payload: { examId: coded, accessCode: 'K7Q2' },
      remoteAddress: '203.0.113.7',
    });
    expectStatus(outside, ApiStatus.FORBIDDEN);
    expect(outside.body.message).toContain('203.0.113.7');
    const inside = (accessCode: string) =>
      client.request<AttemptView>({
        method: 'POST',
        url: `${BASE}/startAttempt`,
        payload: { examId: coded, accessCode },
        remoteAddress: '10.1.2.3',
      });
    expectStatus(await inside('WRONG'), ApiStatus.INVALID_INPUT);
    const view = expectOk(await inside('K7Q2'));
    const early = await client.request({
      method: 'POST',
      url: `${BASE}/submitAttempt/${view.attemptId}`,
      remoteAddress: '10.1.2.3',
    });
    expectStatus(early, ApiStatus.CONFLICT);
    expect(early.body.message).toMatch(/submitting is allowed in (9|10) min/);

    const late = await openExam({ lateEntryMinutes: 5 } as Partial<ExamBody>, 6);
    const tardy = await student();
    const refused = await tardy.client.post(`${BASE}/startAttempt`, { examId: late });
    expectStatus(refused, ApiStatus.CONFLICT);
    expect(refused.body.message).toMatch(/too late to start/);
  });

  it('finalizes an attempt past its deadline with no client, and refuses saves after it', async () => {
    const examId = await openExam();
    const { client } = await student();
    const view = await start(client, examId);
    const judgement = itemOfType(view, QuestionType.JUDGEMENT);
    expectOk(
      await save(client, view.attemptId, [{ itemId: judgement.itemId, seq: 1, value: 'T' }]),
    );
    // The deadline passed 3 s ago (beyond the 2 s grace): a save is refused as late.
    await t.handle.db
      .updateTable('attempts')
      .set({ deadline: new Date(Date.now() - 3000).toISOString() })
      .where('id', '=', view.attemptId)
      .execute();
    const late = expectOk(
      await save(client, view.attemptId, [{ itemId: judgement.itemId, seq: 2, value: 'F' }]),
    );
    expect(late.acks[0]).toMatchObject({ ok: false, code: ApiStatus.TIME_UP });
    // The scheduler (every second) finalizes it without anyone asking.
    await expect
      .poll(
        async () =>
          await t.handle.db
            .selectFrom('attempts')
            .select(['finish_reason', 'objective_score'])
            .where('id', '=', view.attemptId)
            .executeTakeFirstOrThrow(),
        { timeout: 10_000, interval: 200 },
      )
      .toEqual({ finish_reason: 'deadline', objective_score: 200 });
    const candidate = await t.handle.db
      .selectFrom('exam_candidates')
      .innerJoin('attempts', 'attempts.candidate_id', 'exam_candidates.id')
      .select('exam_candidates.status')
      .where('attempts.id', '=', view.attemptId)
      .executeTakeFirstOrThrow();
    expect(candidate.status).toBe(CandidateStatus.SAVED);
  });

  it('gives every candidate a receipt of their own, which staff can check', async () => {
    const examId = await openExam();
    const sitters = [await student(), await student(), await student(), await student()];
    const views = await Promise.all(sitters.map(({ client }) => start(client, examId)));
    // The first two give the same answer; the last two hand in blank papers.
    for (const [index, view] of views.slice(0, 2).entries()) {
      const judgement = itemOfType(view, QuestionType.JUDGEMENT);
      expectOk(
        await save(sitters[index]!.client, view.attemptId, [
          { itemId: judgement.itemId, seq: 1, value: 'T' },
        ]),
      );
    }
    const receipts = await Promise.all(
      sitters.map(async ({ client }, index) =>
        expectOk(await client.post<Receipt>(`${BASE}/submitAttempt/${views[index]!.attemptId}`)),
      ),
    );
    const codes = receipts.map((receipt) => receipt.receiptCode);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{16}$/);
    expect(new Set(codes).size).toBe(4);
    // The same code on every later look.
    const again = expectOk(
      await sitters[0]!.client.get<AttemptView>(`${BASE}/getAttempt/${views[0]!.attemptId}`),
    );
    expect(again.finished?.receiptCode).toBe(codes[0]);

    // Staff check a code as the candidate shows it (groups of four, lower case typed).
    const check = (code: string) =>
      admin.post<ProctorReceiptCheck>(`${PROCTOR_BASE}/checkReceipt`, { examId, code });
    const grouped = groupReceiptCode(codes[0]!).toLowerCase();
    expect(grouped).toMatch(/^[^-]{4}-[^-]{4}-[^-]{4}-[^-]{4}$/);
    const valid = expectOk(await check(grouped));
    expect(valid).toMatchObject({
      result: 'valid',
      candidate: { ticketNumber: sitters[0]!.ticket, answeredCount: 1, finishReason: 'submitted' },
    });
    // One character changed: no one's receipt.
    const code = codes[0]!;
    const changed = code.slice(0, 5) + (code[5] === 'A' ? 'B' : 'A') + code.slice(6);
    expect(expectOk(await check(changed))).toEqual({ result: 'unknown', candidate: null });
    // The answers altered in the database afterwards: the code no longer matches them.
    await t.handle.db
      .updateTable('attempt_answers')
      .set({ value: '"F"' })
      .where('attempt_id', '=', views[0]!.attemptId)
      .execute();
    expect(expectOk(await check(code))).toMatchObject({ result: 'changed' });
    // Not a code at all: refused, naming the field.
    const bad = await check('0000');
    expectStatus(bad, ApiStatus.INVALID_INPUT);
    expect(bad.body.message).toMatch(/code/i);
  });

  describe('over socket.io', () => {
    let url: string;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    afterAll(() => {
      for (const socket of sockets) socket.disconnect();
    });

    const open = (client: Client) => {
      const socket = connect(url, {
        path: '/api/socket.io',
        transports: ['websocket'],
        extraHeaders: { cookie: `${TOKEN_COOKIE}=${client.token}` },
      });
      sockets.push(socket);
      return socket;
    };
    const call = <T>(socket: Socket, event: string, payload: object) =>
      socket.timeout(10_000).emitWithAck(event, payload) as Promise<T>;

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
      const row = await t.handle.db
        .selectFrom('attempt_answers')
        .select(['seq', 'value'])
        .where('attempt_id', '=', view.attemptId)
        .where('item_id', '=', single.itemId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ seq: 1, value: '"A"' });

      // Extra time given while the page is open: its clock changes at once.
      const studentId = (
        await t.handle.db
          .selectFrom('students')
          .select('id')
          .where('ticket_number', '=', ticket)
          .executeTakeFirstOrThrow()
      ).id;
      const timeChanged = new Promise<TimeMessage>((resolve) =>
        first.once(SocketEvent.TIME, (message: TimeMessage) => resolve(message)),
      );
      expectOk(await admin.post(`${EXAM_BASE}/setExtraTime`, { examId, studentId, minutes: 15 }));
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
      const events = await t.handle.db
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
        t.handle.db
          .selectFrom('attempts')
          .select(['leave_count', 'finish_reason'])
          .where('id', '=', attemptId)
          .executeTakeFirstOrThrow();
      const leftPage = async () =>
        (
          await t.handle.db
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
              await t.handle.db
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
  });
});
