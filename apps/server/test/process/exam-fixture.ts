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
import { expect } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { addSignableStudents } from '../../src/modules/attempt/test-data.js';
import { addClass } from '../../src/modules/base/test-data.js';
import { EXAM_BASE } from '../../src/modules/exam/exam.routes.js';
import { addPaper } from '../../src/modules/exam/test-data.js';
import { createStructure } from '../../src/modules/question/test-data.js';
import { HttpSession } from './server-process.js';

// What the process tests (crash, shutdown, several processes) share: a paper of judgement
// questions, a batch of students who can sign in, exams opened now, and candidates saving
// answers over real sockets as fast as their acknowledgements come back.

const QUESTIONS = 20;
const PASSWORD = 'process-pass-1';
const MINUTE = 60_000;
export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A candidate signed in on one process, with a started attempt. */
export interface Candidate {
  session: HttpSession;
  view: AttemptView;
}
/** The highest acknowledged save per `attemptId/itemId`. */
export type Acknowledged = Map<string, { seq: number; value: string }>;

export class ExamFixture {
  private nextTicket = 0;

  private constructor(
    readonly db: Db,
    readonly admin: HttpSession,
    private readonly paperId: number,
    private readonly batch: number,
    private readonly tickets: string[],
  ) {}

  /** Writes the fixture into `db` (the server's own database) and signs the admin in at `url`. */
  static async create(db: Db, url: string, students: number) {
    const s = await createStructure(db);
    const paperId = await addPaper(db, {
      subjectId: s.subjectId,
      level: s.level,
      courseId: s.courseId,
      types: Array.from({ length: QUESTIONS }, () => QuestionType.JUDGEMENT),
    });
    const batch = await addClass(db, s.subjectId, {
      level: 5,
      name: `Process batch ${Date.now()}`,
    });
    const tickets = await addSignableStudents(db, batch, students, {
      prefix: `P${Date.now() % 100000}-`,
      password: PASSWORD,
    });
    return new ExamFixture(db, await HttpSession.admin(url), paperId, batch, tickets);
  }

  /** Publishes an exam for the batch and opens its window now. */
  async openExam(fields: Partial<ExamBody> = {}) {
    const { id } = await this.admin.call<{ id: number }>('POST', `${EXAM_BASE}/addExam`, {
      name: `Process exam ${Date.now()}`,
      paperId: this.paperId,
      instructionId: null,
      classIds: [this.batch],
      startAt: inMinutes(60),
      endAt: inMinutes(180),
      durationMinutes: 60,
      ...fields,
    });
    await this.admin.call('POST', `${EXAM_BASE}/publishExam/${id}`);
    await this.db
      .updateTable('exams')
      .set({ start_at: inMinutes(-1), end_at: inMinutes(120) })
      .where('id', '=', id)
      .execute();
    return id;
  }

  /** `count` more candidates signed in at `url`, each with a started attempt of the exam. */
  async startCandidates(url: string, examId: number, count: number): Promise<Candidate[]> {
    const tickets = this.tickets.slice(this.nextTicket, (this.nextTicket += count));
    if (tickets.length < count) throw new Error('The fixture has too few students left');
    return Promise.all(
      tickets.map(async (ticket) => {
        const session = await HttpSession.signIn(url, ticket, PASSWORD, UserType.STUDENT);
        const view = await session.call<AttemptView>('POST', `${ATTEMPT_BASE}/startAttempt`, {
          examId,
        });
        return { session, view };
      }),
    );
  }

  finishedOf(ids: number[]) {
    return this.db
      .selectFrom('attempts')
      .select(['id', 'finished_at', 'finish_reason', 'deadline'])
      .where('id', 'in', ids)
      .execute();
  }

  /** Acknowledged saves the database does not hold (a later save may stand in for one). */
  async lostOf(candidates: Candidate[], acknowledged: Acknowledged) {
    const stored = await this.db
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
}

/** A socket of `session` at `url` (no reconnection: the tests reconnect themselves). */
export function examSocket(url: string, session: HttpSession): Socket {
  return connect(url, {
    path: '/api/socket.io',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie: session.cookie },
  });
}

/**
 * How many of `candidates` have had a save acknowledged, so have joined: a process killed while
 * a join is in flight refuses it, which proves nothing. Kill after every candidate is in.
 */
export function savedBy(acknowledged: Acknowledged, candidates: Candidate[]) {
  const attempts = new Set([...acknowledged.keys()].map((key) => Number(key.split('/')[0])));
  return candidates.filter(({ view }) => attempts.has(view.attemptId)).length;
}

/**
 * Each candidate saves over its own socket at `url`, one answer after another, until `stop` or
 * its connection ends. Saves go on from the sequence numbers in `seqs` (per attempt), so that a
 * candidate reconnecting elsewhere continues where it was; `acknowledged` collects the acks,
 * `reasons` why each socket was disconnected, `sockets` each candidate's socket.
 */
export function saveUntilStopped(
  url: string,
  candidates: Candidate[],
  acknowledged: Acknowledged = new Map(),
  seqs = new Map<number, number>(),
) {
  let stopping = false;
  let acks = 0;
  const sockets = candidates.map(({ session }) => examSocket(url, session));
  const reasons: string[] = [];
  for (const socket of sockets) socket.on('disconnect', (reason) => reasons.push(reason));
  const loops = candidates.map(async ({ view }, i) => {
    const socket = sockets[i]!;
    const joined = await socket.timeout(10_000).emitWithAck(SocketEvent.JOIN, {
      attemptId: view.attemptId,
    });
    expect(joined.ok).toBe(true);
    const items = view.paper.sections.flatMap((section) => section.items);
    while (!stopping && socket.connected) {
      const sent = (seqs.get(view.attemptId) ?? 0) + 1;
      seqs.set(view.attemptId, sent);
      const item = items[sent % items.length]!;
      const value = Math.random() < 0.5 ? 'T' : 'F';
      // Each save acknowledged or lost with the connection; a lost one proves nothing.
      await new Promise<void>((resolve) => {
        socket.once('disconnect', () => resolve());
        socket.emit(
          SocketEvent.SAVE,
          { attemptId: view.attemptId, itemId: item.itemId, seq: sent, value },
          (ack: SaveAckMessage) => {
            if (ack.ok) {
              acks++;
              acknowledged.set(`${view.attemptId}/${item.itemId}`, { seq: sent, value });
            }
            resolve();
          },
        );
      });
    }
  });
  return {
    acknowledged,
    /** How many saves these sockets had acknowledged. */
    get acks() {
      return acks;
    },
    seqs,
    reasons,
    sockets,
    async stop() {
      stopping = true;
      await Promise.all(loops);
      for (const socket of sockets) socket.disconnect();
    },
  };
}
