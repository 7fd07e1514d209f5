import {
  ATTEMPT_BASE,
  LIVE_TOKEN_HEADER,
  PROCTOR_BASE as BASE,
  ProctorEvent,
  QuestionType,
  SocketEvent,
  UserType,
  type AttemptView,
  type JoinAck,
  type LiveExamView,
  type ProctorDelta,
  type ProctorMessage,
  type ProctorMessagesAck,
  type Receipt,
  type ReopenedMessage,
  type SaveAckMessage,
} from '@kaoshi/shared';
import { Migrator } from 'kysely';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, login, type Client, type TestApp } from '../../../test/build-app.js';
import { paperAndBatch } from '../../../test/exams.js';
import { expectOk, storedValue } from '../../../test/factories.js';
import { emitAck, listenLocally, socketOf } from '../../../test/sockets.js';
import { migrations } from '../../db/migrations/index.js';
import { addSignableStudents, publishOpenExam } from '../attempt/test-data.js';

const MINUTE = 60_000;
const PASSWORD = 'proctor-pages-1';

/**
 * What the proctor's view counts without reading answers, the kept messages a page receives when
 * it joins, and a reopen reaching a page that shows its receipt (docs/features/proctoring.md).
 */
describe('the proctor and the candidate’s page', () => {
  let t: TestApp;
  let admin: Client;
  let paperId: number;
  let batch: number;
  let tickets: string[] = [];
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    ({ paperId, batch } = await paperAndBatch(t.handle.db, {
      types: [QuestionType.SINGLE, QuestionType.FILL_BLANK, QuestionType.SHORT_ANSWER],
      batchName: 'Pages batch',
    }));
    tickets = await addSignableStudents(t.handle.db, batch, 4, {
      prefix: 'PP-',
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
  const openExam = () =>
    publishOpenExam(admin, t.handle.db, {
      paperId,
      classIds: [batch],
      name: `Pages exam ${Date.now()}`,
    });
  const start = async (client: Client, examId: number) =>
    expectOk(
      await client.post<AttemptView>(`${ATTEMPT_BASE}/startAttempt`, { examId, accessCode: '' }),
    );
  const itemOfType = (view: AttemptView, type: number) =>
    view.paper.sections.flatMap((section) => section.items).find((item) => item.type === type)!;
  const rowOf = async (examId: number, studentId: number) =>
    expectOk(await admin.get<LiveExamView>(`${BASE}/liveExam/${examId}`)).rows.find(
      (row) => row.studentId === studentId,
    )!;
  const open = (client: Client) => {
    const socket = socketOf(url, client.token);
    sockets.push(socket);
    return socket;
  };
  const next = <T>(socket: Socket, event: string) =>
    new Promise<T>((resolve) => socket.once(event, (message: T) => resolve(message)));
  const join = async (page: Socket, attemptId: number) => {
    const ack = await emitAck<JoinAck>(page, SocketEvent.JOIN, { attemptId });
    expect(ack).toMatchObject({ ok: true });
    return ack.ok ? (ack.liveToken ?? '') : '';
  };
  const unseen = async (page: Socket, attemptId: number) => {
    const ack = await emitAck<ProctorMessagesAck>(page, ProctorEvent.MESSAGES, { attemptId });
    expect(ack.ok).toBe(true);
    return ack.messages;
  };

  it('counts answered items as the writer keeps them: cleared, older resends, reopened', async () => {
    const examId = await openExam();
    const ticket = tickets[0]!;
    const studentId = await studentIdOf(ticket);
    const client = await signIn(ticket);
    const view = await start(client, examId);
    const single = itemOfType(view, QuestionType.SINGLE);
    const fill = itemOfType(view, QuestionType.FILL_BLANK);
    const short = itemOfType(view, QuestionType.SHORT_ANSWER);
    expect(await rowOf(examId, studentId)).toMatchObject({ answered: 0, lastSaveAt: null });

    // The proctor watches: each save's delta carries the attempt's count as the writer left it.
    const proctor = open(admin);
    expect(await emitAck(proctor, ProctorEvent.WATCH, { examId })).toMatchObject({ ok: true });
    const deltas: ProctorDelta[] = [];
    proctor.on(ProctorEvent.DELTA, (delta: ProctorDelta) => deltas.push(delta));

    const page = open(client);
    const liveToken = await join(page, view.attemptId);
    const save = (itemId: string, seq: number, value: unknown) =>
      emitAck<SaveAckMessage>(page, SocketEvent.SAVE, {
        attemptId: view.attemptId,
        itemId,
        seq,
        value,
      });
    expect(await save(single.itemId, 1, 'A')).toMatchObject({ ok: true });
    expect(await save(fill.itemId, 1, ['word'])).toMatchObject({ ok: true });
    expect(await save(short.itemId, 1, '<p>text</p>')).toMatchObject({ ok: true });
    expect((await rowOf(examId, studentId)).answered).toBe(3);
    // Cleared: no longer counted; a blank left empty is no answer either.
    expect(await save(single.itemId, 2, '')).toMatchObject({ ok: true });
    expect(await save(fill.itemId, 2, [' '])).toMatchObject({ ok: true });
    expect((await rowOf(examId, studentId)).answered).toBe(1);
    // An older seq resent changes nothing.
    expect(await save(single.itemId, 1, 'A')).toMatchObject({ ok: true });
    expect((await rowOf(examId, studentId)).answered).toBe(1);
    // Over HTTP alike (the page's fallback, with its live token).
    expectOk(
      await client.request({
        method: 'POST',
        url: `${ATTEMPT_BASE}/saveAnswers`,
        payload: {
          attemptId: view.attemptId,
          answers: [{ itemId: single.itemId, seq: 3, value: 'B' }],
        },
        headers: { [LIVE_TOKEN_HEADER]: liveToken },
      }),
    );
    const row = await rowOf(examId, studentId);
    expect(row.answered).toBe(2);
    expect(row.lastSaveAt).not.toBeNull();
    await expect.poll(() => deltas.filter((d) => d.kind === 'saved').at(-1)?.answered).toBe(2);

    // Submitted, then reopened: the count stays with the answers.
    expect(await emitAck(page, SocketEvent.SUBMIT, { attemptId: view.attemptId })).toMatchObject({
      ok: true,
    });
    expect((await rowOf(examId, studentId)).answered).toBe(2);
    expectOk(
      await admin.post(`${BASE}/reopenAttempt`, {
        examId,
        studentId,
        minutes: 10,
        reason: 'Network failure',
      }),
    );
    expect(await rowOf(examId, studentId)).toMatchObject({ state: 'in_progress', answered: 2 });
  });

  it('keeps messages: a page that joins later receives those it has not seen, once, in order', async () => {
    const examId = await openExam();
    const [ticket, other] = [tickets[1]!, tickets[2]!];
    const studentId = await studentIdOf(ticket);
    const client = await signIn(ticket);
    const view = await start(client, examId);
    const otherView = await start(await signIn(other), examId);

    // Sent while no page is open.
    expect(
      expectOk(
        await admin.post(`${BASE}/sendMessage`, { examId, studentId, content: 'To you first' }),
      ),
    ).toEqual({ delivered: 0, recipients: 1 });
    expect(
      expectOk(await admin.post(`${BASE}/sendMessage`, { examId, content: 'To everyone' })),
    ).toEqual({ delivered: 0, recipients: 2 });

    // The page opens: both, oldest first, each with its time.
    const page = open(client);
    await join(page, view.attemptId);
    const first = await unseen(page, view.attemptId);
    expect(first.map((m) => m.content)).toEqual(['To you first', 'To everyone']);
    expect(first[0]!.id).toBeLessThan(first[1]!.id);
    for (const message of first) expect(Number.isNaN(Date.parse(message.at))).toBe(false);
    // Not yet acknowledged: a reload brings them again.
    const reload = open(client);
    await join(reload, view.attemptId);
    expect((await unseen(reload, view.attemptId)).map((m) => m.id)).toEqual(first.map((m) => m.id));
    expect(
      await emitAck(reload, ProctorEvent.MESSAGE_SEEN, {
        attemptId: view.attemptId,
        id: first[1]!.id,
      }),
    ).toEqual({ ok: true });
    // Seen: the next join brings none; an older id said later moves nothing back.
    await emitAck(reload, ProctorEvent.MESSAGE_SEEN, {
      attemptId: view.attemptId,
      id: first[0]!.id,
    });
    const third = open(client);
    await join(third, view.attemptId);
    expect(await unseen(third, view.attemptId)).toEqual([]);

    // A message while the page is open comes live with its id; unseen, the next join has it.
    const live = next<ProctorMessage>(third, ProctorEvent.MESSAGE);
    expectOk(await admin.post(`${BASE}/sendMessage`, { examId, studentId, content: 'Live one' }));
    const message = await live;
    expect(message).toMatchObject({ content: 'Live one' });
    expect(message.id).toBeGreaterThan(first[1]!.id);
    third.disconnect();
    const fourth = open(client);
    await join(fourth, view.attemptId);
    expect(await unseen(fourth, view.attemptId)).toEqual([message]);

    // The other candidate has only the message to all; no page may read another's messages.
    const otherPage = open(await signIn(other));
    await join(otherPage, otherView.attemptId);
    expect((await unseen(otherPage, otherView.attemptId)).map((m) => m.content)).toEqual([
      'To everyone',
    ]);
    const refused = await emitAck<{ ok: boolean }>(otherPage, ProctorEvent.MESSAGES, {
      attemptId: view.attemptId,
    });
    expect(refused.ok).toBe(false);
  });

  it('tells a page showing its receipt that the proctor reopened the attempt', async () => {
    const examId = await openExam();
    const ticket = tickets[3]!;
    const studentId = await studentIdOf(ticket);
    const client = await signIn(ticket);
    const view = await start(client, examId);
    const page = open(client);
    await join(page, view.attemptId);
    const single = itemOfType(view, QuestionType.SINGLE);
    expect(
      await emitAck(page, SocketEvent.SAVE, {
        attemptId: view.attemptId,
        itemId: single.itemId,
        seq: 1,
        value: 'A',
      }),
    ).toMatchObject({ ok: true });
    const submitted = await emitAck<{ ok: boolean; receipt: Receipt }>(page, SocketEvent.SUBMIT, {
      attemptId: view.attemptId,
    });
    expect(submitted.ok).toBe(true);

    // The page shows the receipt and stays in its attempt's room (a reload joins it finished).
    const receiptPage = open(client);
    const finished = await emitAck<JoinAck>(receiptPage, SocketEvent.JOIN, {
      attemptId: view.attemptId,
    });
    expect(finished).toMatchObject({ ok: true });
    expect(finished.ok && finished.finished).toBeTruthy();
    const told = next<ReopenedMessage>(receiptPage, ProctorEvent.REOPENED);
    const reopened = expectOk(
      await admin.post<{ deadline: string }>(`${BASE}/reopenAttempt`, {
        examId,
        studentId,
        minutes: 20,
        reason: 'Power cut',
      }),
    );
    const message = await told;
    expect(message.deadline).toBe(reopened.deadline);
    expect(message.remainingMs).toBeGreaterThan(19 * MINUTE);
    // Joining again: running, the answer kept.
    const again = await emitAck<JoinAck>(receiptPage, SocketEvent.JOIN, {
      attemptId: view.attemptId,
    });
    expect(again).toMatchObject({ ok: true, finished: null });
    expect(again.ok && again.answers.find((a) => a.itemId === single.itemId)?.seq).toBe(1);
  });

  it('migration 0020 counts the answers stored before it, and goes down again', async () => {
    const db = t.handle.db;
    const counts = async () =>
      (
        await db
          .selectFrom('attempts')
          .select(['id', 'answered_count', 'last_saved_at'])
          .orderBy('id')
          .execute()
      ).map((row) => ({ ...row, answered_count: Number(row.answered_count) }));
    const flags = () =>
      db
        .selectFrom('attempt_answers')
        .select(['attempt_id', 'item_id', 'answered'])
        .orderBy('attempt_id')
        .orderBy('item_id')
        .execute();
    const kept = { counts: await counts(), flags: await flags() };
    // The earlier tests left attempts with given, cleared and blank answers.
    expect(kept.counts.some((row) => row.answered_count > 0)).toBe(true);
    expect(kept.flags.some((row) => row.answered === 0)).toBe(true);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    // Down to the one before it (later migrations go down first), then up again.
    const down = await migrator.migrateTo('0019_attempt_pauses');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((result) => result.migrationName).at(-1)).toBe('0020_proctor_indexes');
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await counts()).toEqual(kept.counts);
    expect(await flags()).toEqual(kept.flags);
  });
});
