import {
  ATTEMPT_BASE,
  QuestionType,
  SocketEvent,
  UserType,
  type AttemptView,
  type ExamBody,
  type SaveAckMessage,
} from '@kaoshi/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { addClass } from '../../src/modules/base/test-data.js';
import { addSignableStudents } from '../../src/modules/attempt/test-data.js';
import { EXAM_BASE } from '../../src/modules/exam/exam.routes.js';
import { addPaper } from '../../src/modules/exam/test-data.js';
import { createStructure } from '../../src/modules/question/test-data.js';
import { HttpSession, ServerProcess, freePort } from './server-process.js';

// DESIGN.md "An acknowledged answer is never lost" and "Finalization needs no client", tested on
// the built server as a real process: killed with SIGKILL while 50 candidates save, restarted.

const CANDIDATES = 50;
const QUESTIONS = 20;
const PASSWORD = 'crash-pass-1';
const MINUTE = 60_000;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the server process', () => {
  let server: ServerProcess;
  let handle: DatabaseHandle;
  let admin: HttpSession;
  let batch: number;
  let paperId: number;
  let nextTicket = 0;
  let tickets: string[] = [];

  beforeAll(async () => {
    server = new ServerProcess(await freePort());
    await server.start();
    // The tests write their fixtures into the same SQLite file the server uses (WAL: both may).
    handle = openDatabase({ kind: 'sqlite', file: server.databaseFile });
    const s = await createStructure(handle.db);
    paperId = await addPaper(handle.db, {
      subjectId: s.subjectId,
      level: s.level,
      courseId: s.courseId,
      types: Array.from({ length: QUESTIONS }, () => QuestionType.JUDGEMENT),
    });
    batch = await addClass(handle.db, s.subjectId, { level: 5, name: 'Crash batch' });
    tickets = await addSignableStudents(handle.db, batch, CANDIDATES * 2 + 20, {
      prefix: 'CR-',
      password: PASSWORD,
    });
    admin = await HttpSession.admin(server.url);
  });
  afterAll(async () => {
    await handle?.db.destroy();
    await server?.dispose();
  });

  /** Publishes an exam for the batch and opens its window now. */
  async function openExam(fields: Partial<ExamBody> = {}) {
    const { id } = await admin.call<{ id: number }>('POST', `${EXAM_BASE}/addExam`, {
      name: `Process exam ${Date.now()}`,
      paperId,
      instructionId: null,
      classIds: [batch],
      startAt: inMinutes(60),
      endAt: inMinutes(180),
      durationMinutes: 60,
      ...fields,
    });
    await admin.call('POST', `${EXAM_BASE}/publishExam/${id}`);
    await handle.db
      .updateTable('exams')
      .set({ start_at: inMinutes(-1), end_at: inMinutes(120) })
      .where('id', '=', id)
      .execute();
    return id;
  }

  /** `count` candidates signed in, each with a started attempt of the exam. */
  async function startCandidates(examId: number, count: number) {
    return Promise.all(
      tickets.slice(nextTicket, (nextTicket += count)).map(async (ticket) => {
        const session = await HttpSession.signIn(server.url, ticket, PASSWORD, UserType.STUDENT);
        const view = await session.call<AttemptView>('POST', `${ATTEMPT_BASE}/startAttempt`, {
          examId,
        });
        return { session, view };
      }),
    );
  }

  const finishedOf = async (ids: number[]) =>
    handle.db
      .selectFrom('attempts')
      .select(['id', 'finished_at', 'finish_reason', 'deadline'])
      .where('id', 'in', ids)
      .execute();

  type Candidate = Awaited<ReturnType<typeof startCandidates>>[number];

  /**
   * Each candidate saves over its own socket, one answer after another, until `stop` or its
   * connection ends; `acknowledged` holds the highest acknowledged save per attempt and item,
   * `reasons` why each socket was disconnected.
   */
  function saveUntilStopped(candidates: Candidate[]) {
    const acknowledged = new Map<string, { seq: number; value: string }>();
    let stopping = false;
    const sockets: Socket[] = [];
    const loops = candidates.map(async ({ session, view }) => {
      const socket = connect(server.url, {
        path: '/api/socket.io',
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: { cookie: session.cookie },
      });
      sockets.push(socket);
      const joined = await socket.timeout(10_000).emitWithAck(SocketEvent.JOIN, {
        attemptId: view.attemptId,
      });
      expect(joined.ok).toBe(true);
      const items = view.paper.sections.flatMap((section) => section.items);
      let seq = 0;
      while (!stopping && socket.connected) {
        seq += 1;
        const item = items[seq % items.length]!;
        const value = Math.random() < 0.5 ? 'T' : 'F';
        const sent = seq;
        // Each save acknowledged or lost with the connection; a lost one proves nothing.
        await new Promise<void>((resolve) => {
          socket.once('disconnect', () => resolve());
          socket.emit(
            SocketEvent.SAVE,
            { attemptId: view.attemptId, itemId: item.itemId, seq: sent, value },
            (ack: SaveAckMessage) => {
              if (ack.ok)
                acknowledged.set(`${view.attemptId}/${item.itemId}`, { seq: sent, value });
              resolve();
            },
          );
        });
      }
    });

    const reasons: string[] = [];
    for (const socket of sockets) socket.on('disconnect', (reason) => reasons.push(reason));
    return {
      acknowledged,
      reasons,
      async stop() {
        stopping = true;
        await Promise.all(loops);
        for (const socket of sockets) socket.disconnect();
      },
    };
  }

  /** Acknowledged saves the database does not hold (a later save may stand in for one). */
  async function lostOf(
    candidates: Candidate[],
    acknowledged: Map<string, { seq: number; value: string }>,
  ) {
    const stored = await handle.db
      .selectFrom('attempt_answers')
      .select(['attempt_id', 'item_id', 'seq', 'value'])
      .where(
        'attempt_id',
        'in',
        candidates.map(({ view }) => view.attemptId),
      )
      .execute();
    const storedOf = new Map(stored.map((row) => [`${row.attempt_id}/${row.item_id}`, row]));
    return [...acknowledged].filter(([key, ack]) => {
      const row = storedOf.get(key);
      return (
        !row ||
        row.seq < ack.seq ||
        (row.seq === ack.seq && row.value !== JSON.stringify(ack.value))
      );
    });
  }

  it('keeps every acknowledged answer through SIGKILL, and finalizes at start-up what fell due', async () => {
    const examId = await openExam();
    const candidates = await startCandidates(examId, CANDIDATES);
    const saving = saveUntilStopped(candidates);

    // Kill it at a random moment while the saves flow.
    await sleep(1500 + Math.random() * 2000);
    const before = saving.acknowledged.size;
    await server.stop('SIGKILL');
    await saving.stop();
    expect(before).toBeGreaterThan(0);

    // While it was down, ten attempts fell due.
    const overdue = candidates.slice(0, 10).map(({ view }) => view.attemptId);
    await handle.db
      .updateTable('attempts')
      .set({ deadline: new Date(Date.now() - 5000).toISOString() })
      .where('id', 'in', overdue)
      .execute();
    await server.start();
    const lost = await lostOf(candidates, saving.acknowledged);
    expect({ acknowledged: saving.acknowledged.size, lost: lost.length }).toEqual({
      acknowledged: saving.acknowledged.size,
      lost: 0,
    });

    // The scheduler finalizes at start-up what fell due while the server was down.
    await expect
      .poll(
        async () => (await finishedOf(overdue)).filter((row) => row.finished_at !== null).length,
        {
          timeout: 10_000,
          interval: 200,
        },
      )
      .toBe(overdue.length);
    for (const row of await finishedOf(overdue)) expect(row.finish_reason).toBe('deadline');
    const others = await finishedOf(candidates.slice(10).map(({ view }) => view.attemptId));
    expect(others.every((row) => row.finished_at === null)).toBe(true);
  });

  it('on SIGTERM commits what it acknowledged, leaves the pages to reconnect, and exits within its bound', async () => {
    const examId = await openExam();
    const candidates = await startCandidates(examId, 20);
    const saving = saveUntilStopped(candidates);
    await sleep(1000 + Math.random() * 1000);
    const asked = Date.now();
    const exit = await server.stop('SIGTERM');
    const took = Date.now() - asked;
    // The last packets may be read after the exit is: wait for every socket's news.
    await expect.poll(() => saving.reasons.length).toBe(candidates.length);
    await saving.stop();
    console.log(`SIGTERM while 20 candidates saved: exited ${exit} after ${took} ms`);
    expect(exit).toBe(0);
    // main.ts's bound; a clean close takes well under it.
    expect(took).toBeLessThan(10_000);
    expect(saving.acknowledged.size).toBeGreaterThan(0);
    // socket.io's close ends each transport without a "disconnect" packet: the page's client
    // takes it as a lost connection and reconnects by itself (to another process behind a load
    // balancer). "io server disconnect" would leave the page disconnected for good.
    expect(new Set(saving.reasons)).toEqual(new Set(['transport close']));
    await server.start();
    expect((await lostOf(candidates, saving.acknowledged)).length).toBe(0);
  });

  it('finalizes attempts with no client connected within seconds of their deadline', async () => {
    const examId = await openExam();
    const candidates = await startCandidates(examId, CANDIDATES);
    const ids = candidates.map(({ view }) => view.attemptId);
    const deadline = Date.now() + 3000;
    await handle.db
      .updateTable('attempts')
      .set({ deadline: new Date(deadline).toISOString() })
      .where('id', 'in', ids)
      .execute();
    await expect
      .poll(async () => (await finishedOf(ids)).filter((row) => row.finished_at !== null).length, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(ids.length);
    const latest = Math.max(...(await finishedOf(ids)).map((row) => Date.parse(row.finished_at!)));
    // Deadline, the 2 s grace for messages in flight, then the next pass of the scheduler.
    console.log(`${ids.length} attempts finalized ${latest - deadline} ms after their deadline`);
    expect(latest - deadline).toBeLessThan(6000);
  });
});
