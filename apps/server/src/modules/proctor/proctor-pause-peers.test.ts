import {
  ApiStatus,
  ATTEMPT_BASE,
  PROCTOR_BASE as BASE,
  QuestionType,
  SocketEvent,
  UserType,
  type AttemptView,
  type JoinAck,
  type PauseMessage,
  type ProctorActionResult,
  type ResumeMessage,
  type SaveAckMessage,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { emitAck, listenLocally, socketOf } from '../../../test/sockets.js';
import { appWithAdmin, login, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, storedValue } from '../../../test/factories.js';
import { paperAndBatch } from '../../../test/exams.js';
import { addSignableStudents, publishOpenExam } from '../attempt/test-data.js';

const MINUTE = 60_000;
const PASSWORD = 'pause-peer-1';
const redisUrl = process.env.REDIS_URL;

/** The clock pauses are measured on, shared by both processes as a deployment's clock is. */
const clock = {
  at: Date.now(),
  now() {
    return this.at;
  },
  advance(ms: number) {
    this.at += ms;
  },
};

// Two server apps on one database sharing Redis, as two processes behind a balancer: the
// proctor pauses on one, the candidate's page is held by the other (docs/operations/scaling-out.md).
describe.skipIf(!redisUrl)('pausing with two server processes (Redis)', () => {
  let t: TestApp;
  let admin: Client;
  let other: FastifyInstance;
  let otherUrl: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin({ REDIS_URL: redisUrl! }, { clock }));
    other = await buildApp(t.config, openDatabase(t.config.database), { clock });
    await other.ready();
    otherUrl = await listenLocally(other);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await other?.close();
    await t.close();
  });

  it('tells the page held by the other process at once, and finalizes once at the new deadline', async () => {
    const { paperId, batch } = await paperAndBatch(t.handle.db, {
      types: [QuestionType.SINGLE],
      batchName: 'Peer batch',
    });
    const [ticket] = await addSignableStudents(t.handle.db, batch, 1, {
      prefix: 'PP-',
      password: PASSWORD,
    });
    const examId = await publishOpenExam(admin, t.handle.db, {
      paperId,
      classIds: [batch],
      name: 'Peer paused exam',
    });
    const client = await login(t.app, ticket!, PASSWORD, UserType.STUDENT);
    const view = expectOk(
      await client.post<AttemptView>(`${ATTEMPT_BASE}/startAttempt`, { examId, accessCode: '' }),
    );
    const studentId = await storedValue(t.handle.db, 'students', 'id', ticket!, 'ticket_number');
    const itemId = view.paper.sections[0]!.items[0]!.itemId;

    // The page's connection went to the other process.
    const socket = socketOf(otherUrl, client.token);
    sockets.push(socket);
    expect(
      (await emitAck<JoinAck>(socket, SocketEvent.JOIN, { attemptId: view.attemptId })).ok,
    ).toBe(true);
    let seq = 0;
    const save = () =>
      emitAck<SaveAckMessage>(socket, SocketEvent.SAVE, {
        attemptId: view.attemptId,
        itemId,
        seq: ++seq,
        value: 'A',
      });
    let finalized = 0;
    socket.on(SocketEvent.FINALIZED, () => (finalized += 1));

    const paused = new Promise<PauseMessage>((resolve) => socket.once(SocketEvent.PAUSED, resolve));
    expectOk(
      await admin.post(`${BASE}/pauseAttempt`, { examId, studentId, reason: 'Network fault' }),
    );
    expect((await paused).reason).toBe('Network fault');
    expect(await save()).toMatchObject({ ok: false, code: ApiStatus.ATTEMPT_PAUSED });

    clock.advance(3 * MINUTE);
    const resumed = new Promise<ResumeMessage>((resolve) =>
      socket.once(SocketEvent.RESUMED, resolve),
    );
    const result = expectOk(
      await admin.post<ProctorActionResult>(`${BASE}/resumeAttempt`, {
        examId,
        studentId,
        reason: 'Network back',
      }),
    );
    const deadline = new Date(Date.parse(view.deadline) + 3 * MINUTE).toISOString();
    expect(result.deadline).toBe(deadline);
    expect(await resumed).toMatchObject({ deadline, givenBackMs: 3 * MINUTE });
    // The other process counts its acks down from the new deadline too.
    await expect
      .poll(async () => {
        const ack = await save();
        return ack.ok ? ack.remainingMs : 0;
      })
      .toBeGreaterThan(Date.parse(view.deadline) - Date.now() + 2 * MINUTE);

    // Due now: both processes' schedulers look; it is finalized once, its page told once.
    await t.handle.db
      .updateTable('attempts')
      .set({ deadline: new Date(Date.now() - 3000).toISOString() })
      .where('id', '=', view.attemptId)
      .execute();
    await expect.poll(() => finalized, { timeout: 15_000 }).toBe(1);
    const row = await t.handle.db
      .selectFrom('attempts')
      .select('finish_reason')
      .where('id', '=', view.attemptId)
      .executeTakeFirstOrThrow();
    expect(row.finish_reason).toBe('deadline');
  });
});
