import {
  PROCTOR_BASE,
  ProctorEvent,
  SocketEvent,
  type LiveExamView,
  type ProctorDelta,
  type SaveAckMessage,
  type TimeMessage,
} from '@kaoshi/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { EXAM_BASE } from '../../src/modules/exam/exam.routes.js';
import {
  ExamFixture,
  examSocket,
  saveUntilStopped,
  savedBy,
  sleep,
  type Acknowledged,
} from './exam-fixture.js';
import { createDatabase, postgresUrl } from './postgres.js';
import { ServerProcess, freePort } from './server-process.js';

// Issue 16 §2: two real server processes on one PostgreSQL database and one Redis, candidates
// split across them. A takeover and extra time reach a page held by the other process; one
// process is killed mid-exam, its candidates go on at the other, nothing acknowledged is lost,
// and each attempt is finalized exactly once although both schedulers run. Runs where the
// machine has PostgreSQL and Redis (`npm test` with TEST_DATABASE_URL and REDIS_URL, as CI has).

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!postgresUrl || !redisUrl)('two processes on PostgreSQL and Redis', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let first: ServerProcess;
  let second: ServerProcess;
  let handle: DatabaseHandle;
  let fixture: ExamFixture;
  const open: Socket[] = [];

  beforeAll(async () => {
    database = await createDatabase('kaoshi_scale');
    const databaseUrl = database.url;
    first = new ServerProcess(await freePort(), { databaseUrl, redisUrl });
    second = new ServerProcess(await freePort(), { databaseUrl, redisUrl });
    // The first migrates and seeds; the second finds it done.
    await first.start();
    await second.start();
    handle = openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 5 });
    fixture = await ExamFixture.create(handle.db, first.url, 40);
  });
  afterAll(async () => {
    for (const socket of open) socket.disconnect();
    await handle?.db.destroy();
    await first?.dispose();
    await second?.dispose();
    await database?.drop();
  });

  it('cuts a socket held by the other process when its session ends (DESIGN rule 15)', async () => {
    const examId = await fixture.openExam();
    const [candidate] = await fixture.startCandidates(first.url, examId, 1);
    const { attemptId } = candidate!.view;
    const onSecond = examSocket(second.url, candidate!.session);
    open.push(onSecond);
    const joined = await onSecond.timeout(10_000).emitWithAck(SocketEvent.JOIN, { attemptId });
    expect(joined.ok).toBe(true);
    const told = new Promise<void>((resolve) =>
      onSecond.once(SocketEvent.SESSION_ENDED, () => resolve()),
    );
    const cut = new Promise<string>((resolve) => onSecond.once('disconnect', resolve));
    // Signed out through the first process: the second hears it and cuts its page.
    await candidate!.session.call('GET', '/api/kaoshi-user/user/logout');
    await told;
    expect(await cut).toBe('io server disconnect');
  });

  it('hands a takeover and extra time to the page on the other process', async () => {
    const examId = await fixture.openExam();
    const [candidate] = await fixture.startCandidates(first.url, examId, 1);
    const { attemptId } = candidate!.view;
    const join = (socket: Socket) =>
      socket.timeout(10_000).emitWithAck(SocketEvent.JOIN, { attemptId });

    const onFirst = examSocket(first.url, candidate!.session);
    open.push(onFirst);
    expect((await join(onFirst)).ok).toBe(true);
    let takenOver = false;
    onFirst.on(SocketEvent.TAKEN_OVER, () => (takenOver = true));

    // The same candidate on another device, whose connection the balancer sent elsewhere.
    const onSecond = examSocket(second.url, candidate!.session);
    open.push(onSecond);
    expect((await join(onSecond)).ok).toBe(true);
    await expect.poll(() => takenOver).toBe(true);
    const item = candidate!.view.paper.sections[0]!.items[0]!.itemId;
    const stale: SaveAckMessage = await onFirst
      .timeout(10_000)
      .emitWithAck(SocketEvent.SAVE, { attemptId, itemId: item, seq: 1, value: 'T' });
    expect(stale.ok).toBe(false);
    const fresh: SaveAckMessage = await onSecond
      .timeout(10_000)
      .emitWithAck(SocketEvent.SAVE, { attemptId, itemId: item, seq: 2, value: 'F' });
    expect(fresh.ok).toBe(true);
    // The first process logged the takeover it carried out.
    await expect
      .poll(async () =>
        (
          await handle.db
            .selectFrom('attempt_events')
            .select('type')
            .where('attempt_id', '=', attemptId)
            .execute()
        ).map((row) => row.type),
      )
      .toContain('takeover');

    // Extra time given through the first process reaches the page held by the second.
    const times: TimeMessage[] = [];
    onSecond.on(SocketEvent.TIME, (message: TimeMessage) => times.push(message));
    const { student_id: studentId } = await handle.db
      .selectFrom('attempts')
      .innerJoin('exam_candidates as c', 'c.id', 'attempts.candidate_id')
      .select('c.student_id')
      .where('attempts.id', '=', attemptId)
      .executeTakeFirstOrThrow();
    const before = Date.parse(candidate!.view.deadline);
    await fixture.admin.call('POST', `${EXAM_BASE}/setExtraTime`, {
      examId,
      studentId,
      minutes: 15,
    });
    await expect.poll(() => times.length).toBe(1);
    expect(Date.parse(times[0]!.deadline) - before).toBe(15 * 60_000);
    // Its acknowledgements count down from the new deadline too.
    const later: SaveAckMessage = await onSecond
      .timeout(10_000)
      .emitWithAck(SocketEvent.SAVE, { attemptId, itemId: item, seq: 3, value: 'T' });
    expect(later.ok && later.remainingMs).toBeGreaterThan(60 * 60_000);
  });

  it('shows the proctor on one process what candidates do on the other', async () => {
    const examId = await fixture.openExam();
    // The proctor's page on the first process; the candidate's on the second.
    const proctor = examSocket(first.url, fixture.admin);
    open.push(proctor);
    const deltas: ProctorDelta[] = [];
    proctor.on(ProctorEvent.DELTA, (delta: ProctorDelta) => deltas.push(delta));
    const watching = await proctor.timeout(10_000).emitWithAck(ProctorEvent.WATCH, { examId });
    expect(watching.ok).toBe(true);

    const [candidate] = await fixture.startCandidates(second.url, examId, 1);
    const { attemptId } = candidate!.view;
    const page = examSocket(second.url, candidate!.session);
    open.push(page);
    expect((await page.timeout(10_000).emitWithAck(SocketEvent.JOIN, { attemptId })).ok).toBe(true);
    const item = candidate!.view.paper.sections[0]!.items[0]!.itemId;
    const ack: SaveAckMessage = await page
      .timeout(10_000)
      .emitWithAck(SocketEvent.SAVE, { attemptId, itemId: item, seq: 1, value: 'T' });
    expect(ack.ok).toBe(true);
    await expect
      .poll(() => deltas.find((delta) => delta.attemptId === attemptId && delta.kind === 'saved'))
      .toMatchObject({ answered: 1 });
    expect(deltas.find((delta) => delta.kind === 'joined')).toMatchObject({ attemptId });
    // The live view, asked of the first process, knows the second holds the page.
    const view = await fixture.admin.call<LiveExamView>(
      'GET',
      `${PROCTOR_BASE}/liveExam/${examId}`,
    );
    expect(view.rows.find((row) => row.attemptId === attemptId)).toMatchObject({
      connected: true,
      state: 'in_progress',
    });
    page.disconnect();
    await expect
      .poll(async () => {
        const again = await fixture.admin.call<LiveExamView>(
          'GET',
          `${PROCTOR_BASE}/liveExam/${examId}`,
        );
        return again.rows.find((row) => row.attemptId === attemptId)?.connected;
      })
      .toBe(false);
  });

  it('loses nothing when one process is killed mid-exam, and finalizes each attempt once', async () => {
    const examId = await fixture.openExam();
    const onFirst = await fixture.startCandidates(first.url, examId, 12);
    const onSecond = await fixture.startCandidates(second.url, examId, 12);
    const acknowledged: Acknowledged = new Map();
    const seqs = new Map<number, number>();
    const savingFirst = saveUntilStopped(first.url, onFirst, acknowledged, seqs);
    const savingSecond = saveUntilStopped(second.url, onSecond, acknowledged, seqs);

    await expect
      .poll(() => savedBy(acknowledged, [...onFirst, ...onSecond]))
      .toBe(onFirst.length + onSecond.length);
    await sleep(Math.random() * 1500);
    await first.stop('SIGKILL');
    await savingFirst.stop();
    // The first process's candidates reconnect: the balancer sends them to the second.
    const moved = saveUntilStopped(second.url, onFirst, acknowledged, seqs);
    await expect.poll(() => moved.acks).toBeGreaterThan(onFirst.length * 5);
    // Back up, so that both schedulers look for attempts past their deadline.
    await first.start();

    const sockets = [...savingSecond.sockets, ...moved.sockets];
    const finalized = new Map<Socket, number>();
    for (const socket of sockets) {
      socket.on(SocketEvent.FINALIZED, () =>
        finalized.set(socket, (finalized.get(socket) ?? 0) + 1),
      );
    }
    const ids = [...onFirst, ...onSecond].map(({ view }) => view.attemptId);
    await handle.db
      .updateTable('attempts')
      .set({ deadline: new Date(Date.now() + 1500).toISOString() })
      .where('id', 'in', ids)
      .execute();
    await expect.poll(() => finalized.size, { timeout: 20_000 }).toBe(sockets.length);
    await savingSecond.stop();
    await moved.stop();

    expect([...finalized.values()].every((count) => count === 1)).toBe(true);
    const rows = await fixture.finishedOf(ids);
    expect(rows.every((row) => row.finish_reason === 'deadline')).toBe(true);
    const lost = await fixture.lostOf([...onFirst, ...onSecond], acknowledged);
    expect({ acknowledged: acknowledged.size, lost: lost.length }).toEqual({
      acknowledged: acknowledged.size,
      lost: 0,
    });
  });
});
